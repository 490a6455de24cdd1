package plandiff

import (
	"path/filepath"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	cueyaml "cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Declarations returns where each entity and setting of a scenario is first declared in its
// source files (paths; CUE, YAML or JSON): keys as Entities uses them ("armies.mercenaries",
// "field.blocks.05", "days.limit", "party.rations"), positions of the label, the file named by
// display(path). A file that does not parse is skipped (the compiler has reported it).
func Declarations(files []string, display func(string) string) map[string]diag.Pos {
	out := map[string]diag.Pos{}
	for _, path := range files {
		f, ok := parseSource(path)
		if !ok {
			continue
		}
		name := display(path)
		var visit func(decls []ast.Decl, prefix string, depth int)
		visit = func(decls []ast.Decl, prefix string, depth int) {
			for _, d := range decls {
				switch x := d.(type) {
				case *ast.EmbedDecl:
					if st, ok := x.Expr.(*ast.StructLit); ok {
						visit(st.Elts, prefix, depth)
					}
				case *ast.Field:
					label, _, err := ast.LabelName(x.Label)
					if err != nil || strings.HasPrefix(label, "#") || strings.HasPrefix(label, "_") {
						continue
					}
					key := prefix + label
					if _, seen := out[key]; !seen {
						p := x.Label.Pos()
						out[key] = diag.Pos{File: name, Line: p.Line(), Column: p.Column()}
					}
					if st, ok := x.Value.(*ast.StructLit); ok && depth < 3 {
						visit(st.Elts, key+".", depth+1)
					}
				}
			}
		}
		visit(f.Decls, "", 1)
	}
	return out
}

// BattleDeclarations returns where the entities of a battle file are declared in its source files
// (as Declarations): "battlefield", "conditions", "sides", "options", and each army of a
// Pathfinder battle as "armies.ID" (written under a side, sides: [{armies: ID: ...}]).
func BattleDeclarations(files []string, display func(string) string) map[string]diag.Pos {
	out := map[string]diag.Pos{}
	for _, path := range files {
		f, ok := parseSource(path)
		if !ok {
			continue
		}
		name := display(path)
		at := func(key string, l ast.Label) {
			if _, seen := out[key]; !seen {
				p := l.Pos()
				out[key] = diag.Pos{File: name, Line: p.Line(), Column: p.Column()}
			}
		}
		var fields func(decls []ast.Decl, each func(label string, x *ast.Field))
		fields = func(decls []ast.Decl, each func(label string, x *ast.Field)) {
			for _, d := range decls {
				switch x := d.(type) {
				case *ast.EmbedDecl:
					if st, ok := x.Expr.(*ast.StructLit); ok {
						fields(st.Elts, each)
					}
				case *ast.Field:
					if label, _, err := ast.LabelName(x.Label); err == nil {
						each(label, x)
					}
				}
			}
		}
		fields(f.Decls, func(label string, x *ast.Field) {
			at(label, x.Label)
			list, ok := x.Value.(*ast.ListLit)
			if label != "sides" || !ok {
				return
			}
			for _, side := range list.Elts {
				st, ok := side.(*ast.StructLit)
				if !ok {
					continue
				}
				fields(st.Elts, func(label string, x *ast.Field) {
					if label != "armies" {
						return
					}
					// armies: ID: {...} is one field whose value is a struct of one field.
					if st, ok := x.Value.(*ast.StructLit); ok {
						fields(st.Elts, func(id string, a *ast.Field) { at("armies."+id, a.Label) })
					}
				})
			}
		})
	}
	return out
}

// parseSource reads and parses one source file (CUE, or YAML and JSON through CUE's reader) for
// its declarations; false when it cannot be read or parsed (the compiler has reported it).
func parseSource(path string) (*ast.File, bool) {
	src, err := safeio.ReadFile(path, 4<<20) // a scenario file's bound (compiler.MaxFileSize)
	if err != nil {
		return nil, false
	}
	var f *ast.File
	if strings.EqualFold(filepath.Ext(path), ".cue") {
		f, err = parser.ParseFile(path, src)
	} else {
		f, err = cueyaml.Extract(path, src)
	}
	return f, err == nil
}
