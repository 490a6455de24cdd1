package runner

import (
	"fmt"
	"os"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/nesting"
)

// LoadScriptFor is LoadScript for a script of the battles of rules kind ("clash" or
// "pathfinder"; "" a scenario's or a campaign's), whose entries a refusal gives as its example.
func LoadScriptFor(path, kind string) (*Script, diag.List, error) {
	src, err := ReadScript(path)
	if err != nil {
		return nil, nil, err
	}
	s, list := parseScript(path, src, kind)
	return s, list, nil
}

// ScriptExamples is a short script of each kind (LoadScriptFor), as X002 gives it when a file is
// not a list of entries: a clash test's script is told of a clash battle's entries, not of a
// Karzoral day's (the reviewer's item 8).
var ScriptExamples = map[string]string{
	"":           "[{move: east}, {night: rest}]",
	"pathfinder": "[{tactic: standard}, {strategy: standard}]",
	"clash":      "[{unit: guards, action: attack}, {target: kobolds}]",
}

// ParseScript parses a script from src; filename names it in positions and chooses the syntax:
// ".cue" is CUE, anything else YAML (JSON included). On any X002 error the Script is nil.
func ParseScript(filename string, src []byte) (*Script, diag.List) {
	return parseScript(filename, src, "")
}

// scriptTooDeep is the X005 refusal of a script nesting deeper than nesting.MaxDepth levels, found
// before a recursive parser sees it (a 100 KB script of `- ` took gigabytes), at the place too
// deep. isCUE is for a .cue script; any other is read as YAML (JSON being YAML).
func scriptTooDeep(filename string, src []byte, isCUE bool) (diag.Diagnostic, bool) {
	kind := "yaml"
	if isCUE {
		kind = "cue"
	}
	line, col, msg := nesting.Find(kind, src)
	if msg == "" {
		return diag.Diagnostic{}, false
	}
	return diag.Errorf(diag.Pos{File: filename, Line: line, Column: col}, CodeScriptRefused,
		"%s: refused", msg).WithHint("a script is a flat list of answers"), true
}

// refusal is the RefusedError for a file that is not a regular one or too large, or nil.
func refusal(path string, st os.FileInfo) error {
	switch t := st.Mode().Type(); {
	case st.IsDir():
		return refused(path, "a folder, not a file")
	case t&os.ModeNamedPipe != 0:
		return refused(path, "a named pipe, not a file")
	case t&os.ModeSocket != 0:
		return refused(path, "a socket, not a file")
	case t&os.ModeDevice != 0:
		return refused(path, "a device, not a file")
	case !st.Mode().IsRegular():
		return refused(path, "not a regular file")
	case st.Size() > MaxScriptSize:
		return refused(path, fmt.Sprintf("larger than %d bytes (4 MiB)", MaxScriptSize))
	}
	return nil
}

func refused(path, what string) *RefusedError {
	return &RefusedError{Diag: diag.Errorf(diag.Pos{File: path}, CodeScriptRefused, "%s: refused", what).
		WithHint("a script is a regular file of at most 4 MiB")}
}
