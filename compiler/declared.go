package compiler

import (
	"strings"

	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Declared is one declaration of an entity in the author's files: its section path and id
// ("armies.scouts") and the position of its label.
type Declared struct {
	Key    string
	Pos    diag.Pos
	Fields []string // the labels the declaration gives (of its struct value)
}

// declarations lists the entity declarations of the files in source order (files in load order):
// the fields, at most three labels deep, whose path isEntity reports.
func declarations(files []*ast.File, nm *namer, isEntity func(path []string) bool) []Declared {
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
				if isEntity(p) {
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
