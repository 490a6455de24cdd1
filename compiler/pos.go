package compiler

import (
	"path/filepath"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/token"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// schemaPrefix starts the file names of the embedded schema: positions there are never reported.
const schemaPrefix = "embedded:/schema/"

// namer turns the file names CUE reports (absolute paths) into the names diagnostics print.
type namer struct {
	workDir string            // absolute, cleaned
	cache   map[string]string // absolute name -> display name
	json    map[string][]byte // JSON sources by absolute name (see labelPos)
	yaml    map[string][]byte // YAML sources by display name (see plainYAML)
}

func newNamer(workDir string) *namer {
	return &namer{workDir: filepath.Clean(workDir), cache: map[string]string{}, json: map[string][]byte{}, yaml: map[string][]byte{}}
}

// display returns "./rel/path" for a file or folder inside the working directory
// (slash-separated), "." for the working directory itself (a scenario vetted from inside its
// folder) and the absolute path otherwise.
func (n *namer) display(abs string) string {
	if s, ok := n.cache[abs]; ok {
		return s
	}
	s := abs
	if filepath.IsAbs(abs) {
		if rel, err := filepath.Rel(n.workDir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			s = "./" + filepath.ToSlash(rel)
			if rel == "." {
				s = "."
			}
		}
	}
	n.cache[abs] = s
	return s
}

// pos converts a CUE position; schema positions and unknown ones give the zero Pos.
func (n *namer) pos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	f := p.Filename()
	if f == "" || strings.HasPrefix(f, schemaPrefix) {
		return diag.Pos{}
	}
	return diag.Pos{File: n.display(f), Line: p.Line(), Column: p.Column()}
}

// valuePos is the position of v's value in the user's source: for a field `a: 1` the `1`, for a
// list element the element. It falls back to v.Pos() (a field's label).
func (n *namer) valuePos(v cue.Value) diag.Pos {
	if f, ok := v.Source().(*ast.Field); ok && f.Value != nil {
		if p := n.pos(f.Value.Pos()); p.IsValid() {
			return p
		}
	}
	return n.pos(v.Pos())
}

// inLibrary reports whether a displayed file name is one of the libraries sortie serves from its
// binary (under a folder's cue.mod/pkg/, see addLibraries).
func inLibrary(file string) bool {
	return strings.Contains(file, "cue.mod/pkg/")
}

// authorPos is the first position among errs' positions that is in the author's files (not the
// schema, not a library), or def.
func (n *namer) authorPos(errs []errors.Error, def diag.Pos) diag.Pos {
	for _, e := range errs {
		for _, tp := range errors.Positions(e) {
			if p := n.pos(tp); p.IsValid() && !inLibrary(p.File) {
				return p
			}
		}
	}
	return def
}

// labelPos is the position of the field that holds v (its label), or of v itself. CUE's JSON
// decoder places a label after its opening quote; the quote is where the label starts.
func (n *namer) labelPos(v cue.Value) diag.Pos {
	tp := v.Pos()
	p := n.pos(tp)
	if data, ok := n.json[tp.Filename()]; ok && p.Column > 1 {
		if off := tp.Offset(); off > 0 && off <= len(data) && data[off-1] == '"' {
			p.Column--
		}
	}
	return p
}

// plainYAML returns the plain (unquoted) YAML scalar that starts at p, when p is in a YAML file
// and the text there is one: what a hint suggests to quote.
func (n *namer) plainYAML(p diag.Pos) (string, bool) {
	data, ok := n.yaml[p.File]
	if !ok || p.Line < 1 || p.Column < 1 {
		return "", false
	}
	line := 1
	off := 0
	for off < len(data) && line < p.Line {
		if data[off] == '\n' {
			line++
		}
		off++
	}
	off += p.Column - 1
	if off >= len(data) || strings.ContainsRune("\"'[{|>&*!", rune(data[off])) {
		return "", false
	}
	end := off
	for end < len(data) && !strings.ContainsRune(",]}\n#", rune(data[end])) {
		end++
	}
	text := strings.TrimSpace(string(data[off:end]))
	return text, text != ""
}
