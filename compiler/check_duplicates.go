package compiler

import (
	"strings"

	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

var duplicatesCheck = &Check{
	Name: "duplicates",
	Doc: `entities declared more than once
An id declared twice in one section (field.blocks, armies, encounters, events, objectives), in
one file or in two files of the scenario, is merged by CUE into one entity without a word. When a
later declaration gives a field an earlier one already gives (two blocks "03" both with at), it
is most likely a second entity under a copied id: reported (R006) with the earlier as the
related position. Declarations that add different fields (CUE's way of extending) are fine.`,
	Codes: []string{codeDuplicateID},
	Run:   runDuplicates,
}

// Declared is one declaration of an entity in the author's files: its section path and id
// ("armies.scouts") and the position of its label.
type Declared struct {
	Key    string
	Pos    diag.Pos
	Fields []string // the labels the declaration gives (of its struct value)
}

func runDuplicates(p *Pass) error {
	earlier := map[string][]Declared{}
	for _, d := range p.Scenario.Declared {
	search:
		for _, e := range earlier[d.Key] {
			for _, f := range d.Fields {
				for _, g := range e.Fields {
					if f != g {
						continue
					}
					dd := p.Diag(d.Pos, codeDuplicateID, "%s is declared again with %s (first at %s): CUE merges the two into one", d.Key, f, e.Pos).
						WithHint("rename one of them, or keep one declaration")
					dd.Related = []diag.Pos{e.Pos}
					p.Report(dd)
					break search
				}
			}
		}
		earlier[d.Key] = append(earlier[d.Key], d)
	}
	return nil
}

// entitySections are the sections whose fields are entities with ids.
var entitySections = map[string]bool{"armies": true, "encounters": true, "events": true, "objectives": true}

// declarations lists the entity declarations of the files in source order (files in load order).
func declarations(files []*ast.File, nm *namer) []Declared {
	var out []Declared
	var visit func(decls []ast.Decl, path []string)
	visit = func(decls []ast.Decl, path []string) {
		for _, decl := range decls {
			switch x := decl.(type) {
			case *ast.EmbedDecl:
				if st, ok := x.Expr.(*ast.StructLit); ok {
					visit(st.Elts, path)
				}
			case *ast.Field:
				name, _, err := ast.LabelName(x.Label)
				if err != nil || strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
					continue
				}
				p := append(append([]string(nil), path...), name)
				if len(p) == 2 && entitySections[p[0]] || len(p) == 3 && p[0] == "field" && p[1] == "blocks" {
					out = append(out, Declared{Key: pathOf(toAny(p)...), Pos: nm.pos(x.Label.Pos()), Fields: labels(x.Value)})
					continue
				}
				if len(p) < 3 {
					if st, ok := x.Value.(*ast.StructLit); ok {
						visit(st.Elts, p)
					}
				}
			}
		}
	}
	for _, f := range files {
		visit(f.Decls, nil)
	}
	return out
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// labels returns the regular labels of a struct literal (nil for other values).
func labels(x ast.Expr) []string {
	st, ok := x.(*ast.StructLit)
	if !ok {
		return nil
	}
	var out []string
	for _, d := range st.Elts {
		if f, ok := d.(*ast.Field); ok {
			if name, _, err := ast.LabelName(f.Label); err == nil {
				out = append(out, name)
			}
		}
	}
	return out
}
