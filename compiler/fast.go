package compiler

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The fast path. Most scenarios a corpus holds are valid, and for a valid file CUE's unification
// with the schema only confirms it: sortie then spends its time evaluating to learn nothing. So
// a scenario is first read as a data tree (fast_tree.go) and validated against the schema
// compiled to plain Go (fast_schema.go); only when that finds a fault, or the file is not plain
// data, does the scenario take the CUE path, which then reports every fault as precisely as
// ever. Both paths decode the same model (node.go reads either), run the same checks and lower
// the same plan:
//
//   - A YAML or JSON scenario of one file is read without CUE, in sortie's own process: the file
//     is parsed (JSON directly, fast_json.go; YAML as the loader does), validated and checked
//     there. Nothing is evaluated, so there is nothing for the evaluation budget to bound: the
//     work is linear in the file, which is at most MaxFileSize. A fault sends the unit to an
//     evaluator as before.
//   - CUE files keep the CUE path: they are loaded and evaluated in an evaluator, but the author's
//     value, once evaluated, is exported to a data tree (fast_export.go) and validated there,
//     which spares the unification with the schema and the decoding through CUE lookups, the
//     most costly parts. A value the export cannot prove unaffected by the schema is unified as
//     before.
//
// The schema is compiled once per process; TestFastPathAgrees and FuzzFastPath hold the two paths
// to the same findings and the same plan, and the package's vet tests run on both.

// treePath enables the fast path. SORTIE_VET_PATH=cue turns it off, to compare or to rule it out:
// CI runs the vet tests both ways.
var treePath = os.Getenv("SORTIE_VET_PATH") != "cue"

// treeHits counts the units this process vetted on the fast path (for tests).
var treeHits atomic.Int64

// errNotFast is returned by a rule system's vet on the fast path when the unit must take the CUE
// path after all.
var errNotFast = errors.New("not for the fast path")

// fastUnit is a unit read as a data tree.
type fastUnit struct {
	root *dnode
	top  diag.Pos // the top of the scenario (what ld.user.Pos() gives on the CUE path)
	// export: the tree is the evaluated value of CUE files (the CUE context and the loaded value
	// are at hand: a fault is reported there); else a data file read in sortie's process.
	export bool
	json   bool // a JSON file: there is no syntax tree, the declarations come from the tree
}

// fastJob vets (and with compile, lowers) a unit of one YAML or JSON file on the fast path, in
// this process; preread holds the file's contents when they are read already (unitKey). ok is
// false when the unit must go to an evaluator: it is not such a unit, it does not read as plain
// data, the schema finds a fault in it, or anything went wrong.
func fastJob(u unit, wd string, compile bool, preread map[string][]byte) (resp evalResponse, ok bool) {
	if !treePath || len(u.files) != 1 {
		return resp, false
	}
	abs := u.files[0]
	kind := fileKind(abs)
	if kind != "json" && kind != "yaml" {
		return resp, false
	}
	defer func() {
		if r := recover(); r != nil {
			ok = false // the evaluator does it again and reports the panic (L003)
		}
	}()
	data, read := preread[abs]
	if !read {
		var refused string
		var err error
		if data, refused, err = readBounded(abs, u.dir); err != nil || refused != "" {
			return resp, false
		}
	}
	if _, _, deep := TooDeep(kind, data); deep || utf16BOM(data) {
		return resp, false // the CUE path reports it (L005, L001: a YAML file in UTF-16 too)
	}
	nm := newNamer(wd)
	rel, err := filepath.Rel(u.dir, abs)
	if err != nil {
		rel = filepath.Base(abs)
	}
	ld := loaded{sources: []source{{abs: abs, rel: filepath.ToSlash(rel), data: data, kind: kind}}, ok: true}
	fu := &fastUnit{json: kind == "json"}
	if kind == "json" {
		if fu.root, fu.top, ok = parseJSON(data, nm.display(abs)); !ok {
			return resp, false
		}
	} else {
		f, problems := extractYAML(abs, data)
		if f == nil || len(problems) > 0 {
			return resp, false
		}
		if fu.root, ok = fromAST(f, nm); !ok {
			return resp, false
		}
		fu.top = nm.pos(f.Pos())
		ld.data = []*ast.File{f}
	}
	var list diag.List
	out := &outputs{}
	uc := &unitCtx{ld: ld, nm: nm, list: &list, fallback: abs, compile: compile, out: out, fast: fu}
	p, err := dispatchFast(uc)
	if err != nil {
		return resp, false // errNotFast, or an error the evaluator reports as it always has
	}
	resp = respond(list, p, out, nil)
	resp.Done = true
	return resp, true
}

// dispatchFast is dispatch for a unit on the fast path: the clean cases only (a kind and a rule
// system that are built, given as strings); every other goes to the CUE path, which reports it.
func dispatchFast(uc *unitCtx) (*plan.Plan, error) {
	root := uc.fast.root
	kind, rules := root.field("kind"), root.field("rules")
	if kind == nil || kind.kind != dString || rules != nil && rules.kind != dString {
		return nil, errNotFast
	}
	if rules == nil {
		return nil, errNotFast // no rules: the CUE path reports it (S003)
	}
	r := rules.str
	sys, built := ruleSystems[r]
	switch {
	case !built:
		return nil, errNotFast
	case kind.str == "battle" && sys.Battle != nil:
		return sys.Battle(uc)
	case kind.str == "scenario" && rules != nil && sys.Scenario != nil:
		return sys.Scenario(uc)
	}
	return nil, errNotFast
}

// schemaRoot applies the schema definition name to the unit: it returns the decoder's root node,
// the position of the top of the scenario and whether the schema found errors (the decoder reads
// strictly then). A unit on the fast path whose tree the schema refuses takes the CUE path here
// (in an evaluator), or errNotFast (in sortie's process).
func (uc *unitCtx) schemaRoot(name string) (n node, root diag.Pos, strict bool, err error) {
	if fu := uc.fast; fu != nil {
		s, err := fastSchemaOf(name)
		if err != nil {
			return node{}, diag.Pos{}, false, err
		}
		if s.accepts(fu.root) {
			treeHits.Add(1)
			return treeRoot(fu.root, s), uc.topOr(fu.top), false, nil
		}
		if !fu.export {
			return node{}, diag.Pos{}, false, errNotFast
		}
		uc.fast = nil
	}
	def, err := uc.defs(name)
	if err != nil {
		return node{}, diag.Pos{}, false, err
	}
	sc := newSchemaChecker(uc.ctx, def, &uc.ld, uc.nm, uc.list)
	sc.run()
	return sc.decodeRoot(), uc.topOr(uc.nm.pos(uc.ld.user.Pos())), sc.errors, nil
}

// topOr is the position of the top of the scenario: p, or the top of the unit's first file.
func (uc *unitCtx) topOr(p diag.Pos) diag.Pos {
	if !p.IsValid() || p.Line == 0 {
		return diag.Pos{File: uc.nm.display(uc.fallback), Line: 1, Column: 1}
	}
	return p
}

// syntax is the unit's syntax trees, for suppressions and declarations (none for a JSON file on
// the fast path, which can hold no attribute).
func (uc *unitCtx) syntax() []*ast.File {
	return append(append([]*ast.File(nil), uc.ld.cue...), uc.ld.data...)
}

// declarations lists the entity declarations of the unit (see Declared): the fields whose path
// of labels isEntity reports.
func (uc *unitCtx) declarations(isEntity func(path []string) bool) []Declared {
	if uc.fast != nil && uc.fast.json {
		return treeDeclarations(uc.fast.root, isEntity)
	}
	return declarations(uc.syntax(), uc.nm, isEntity)
}

// treeDeclarations is declarations for a JSON file read as a tree: the label positions are the
// label tokens' (inside the quotes), as the CUE syntax of the file has them.
func treeDeclarations(root *dnode, isEntity func(path []string) bool) []Declared {
	var out []Declared
	var visit func(d *dnode, path []string)
	visit = func(d *dnode, path []string) {
		for i, name := range d.keys {
			if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
				continue
			}
			kid := d.kids[i]
			p := append(append([]string(nil), path...), name)
			if isEntity(p) {
				pos := kid.label
				pos.Column++
				var fields []string
				if kid.kind == dObject {
					fields = append(fields, kid.keys...)
				}
				out = append(out, Declared{Key: pathOf(toAny(p)...), Pos: pos, Fields: fields})
				continue
			}
			if len(p) < 3 && kid.kind == dObject {
				visit(kid, p)
			}
		}
	}
	visit(root, nil)
	return out
}
