package compiler

import (
	"path/filepath"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// VetFast vets one scenario or battle file from its contents, on the fast path only (fast.go):
// in this process, without an evaluator, in time linear in the file. It is what an editor shows
// first of an unsaved buffer (issue 27): list is what Vet would report of the same text
// (TestFastPathAgrees and TestVetFastCUEAgrees hold the two paths to the same findings), sorted,
// with file names relative to wd. A YAML or JSON file is read as the fast path reads it; a CUE
// file that is a package of its own and plain data (fastCUE) is read from its syntax, as a YAML
// file is. ok is false when the text must take the CUE path (a CUE file that is not plain data,
// a campaign, a schema fault, a file over MaxFileSize or too deep, anything not plain data): then
// nothing is reported and the caller vets it as usual (Analyze). path is absolute; data is not
// kept.
func VetFast(path string, data []byte, wd string) (list diag.List, ok bool) {
	path = filepath.Clean(path)
	if len(data) > MaxFileSize || IsCampaignSource(path, data) {
		return nil, false
	}
	u := unit{dir: filepath.Dir(path), files: []string{path}}
	var resp evalResponse
	if fileKind(path) == "cue" {
		resp, ok = fastCUE(u, wd, data)
	} else {
		resp, ok = fastJob(u, wd, false, map[string][]byte{path: data})
	}
	if !ok {
		return nil, false
	}
	var out outputs
	if _, err := takeResponse(resp, &list, &out); err != nil {
		return nil, false
	}
	list.Sort()
	return list, true
}

// fastCUE vets a unit of one CUE file on the fast path, in this process, when the file is plain
// data: a package clause, comments and regular fields whose values are literals, structs and
// lists (no reference, expression, definition, constraint, import or attribute on the file):
// CUE's evaluation of such a file only gathers it into a value, which the syntax says as well
// (fromAST reads it as the YAML path does; a label given twice, which CUE would unify, is
// refused). The editor's caller knows the file is its package's only one (compiler.UnitOf).
// ok is false otherwise, or when the schema finds a fault: the unit then takes the CUE path.
func fastCUE(u unit, wd string, data []byte) (resp evalResponse, ok bool) {
	if !treePath {
		return resp, false
	}
	defer func() {
		if r := recover(); r != nil {
			ok = false // the evaluator does it again and reports the panic (L003)
		}
	}()
	abs := u.files[0]
	if _, _, deep := TooDeep("cue", data); deep {
		return resp, false
	}
	f, err := parser.ParseFile(abs, data, parser.ParseComments)
	if err != nil || !plainCUE(f) {
		return resp, false
	}
	var decls []ast.Decl
	for _, d := range f.Decls {
		switch d.(type) {
		case *ast.Package, *ast.CommentGroup:
		case *ast.Field:
			decls = append(decls, d)
		default:
			return resp, false // an embedding, an attribute on the file, ...
		}
	}
	nm := newNamer(wd)
	rel, err := filepath.Rel(u.dir, abs)
	if err != nil {
		rel = filepath.Base(abs)
	}
	ld := loaded{sources: []source{{abs: abs, rel: filepath.ToSlash(rel), data: data, kind: "cue"}}, ok: true, data: []*ast.File{f}}
	root, ok := fromAST(&ast.File{Filename: abs, Decls: decls}, nm)
	if !ok {
		return resp, false
	}
	var list diag.List
	out := &outputs{}
	uc := &unitCtx{ld: ld, nm: nm, list: &list, fallback: abs, out: out, fast: &fastUnit{root: root, top: nm.pos(f.Pos())}}
	p, err := dispatchFast(uc)
	if err != nil {
		return resp, false
	}
	resp = respond(list, p, out, nil)
	resp.Done = true
	return resp, true
}
