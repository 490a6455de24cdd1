package runner

import "github.com/sortie-rpg/sortie/compiler/diag"

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
