package compiler

import (
	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
)

// Evaluation in pieces. CUE's evaluator keeps a struct's fields in a list that it searches
// linearly, so evaluating an entity map of n entities (field.blocks of a 160x160 field holds
// 25,600) costs O(n²) time. A scenario made of one YAML or JSON file and nothing else holds only
// literals: no references, no comprehensions, and no duplicate keys (refused when loading, L011).
// In such a file an entity of a map is constrained by the map's pattern ([#ID]: #Block) alone, so
// evaluating the map in chunks of chunkSize entities, each unified with the map's schema, is the
// same evaluation, in O(n·chunkSize). The top level is evaluated with each chunked map replaced by
// an empty struct; the schema checker (schema.go) validates every piece and the decoder (node.go)
// reads a chunked map's fields from its chunks.
//
// Only maps whose schema is an entity map (a pattern constraint and no declared fields) are
// chunked; a large struct of any other kind is evaluated in place.

// chunkSize is the number of entities evaluated together; larger maps are chunked.
const chunkSize = 128

// chunking enables evaluation in pieces (tests switch it off to compare).
var chunking = true

// piece is one independently evaluated part of a scenario: the top level, or a chunk of an
// entity map.
type piece struct {
	prefix []cue.Selector // the path of the chunk's map (nil for the top level)
	user   cue.Value      // the author's value of the piece
	u      cue.Value      // user & the schema at prefix
}

// splitTree indexes the chunked maps by path, for the decoder.
type splitTree struct {
	kids   map[string]*splitTree
	chunks []*piece // non-nil at a chunked map
}

func splitKey(sel cue.Selector) string {
	if sel.Type() == cue.IndexLabel {
		return "[" + sel.String() + "]"
	}
	return sel.Unquoted()
}

// kid returns the subtree of a field or element, or nil.
func (t *splitTree) kid(sel cue.Selector) *splitTree {
	if t == nil || t.kids == nil {
		return nil
	}
	return t.kids[splitKey(sel)]
}

func (t *splitTree) insert(sels []cue.Selector, chunks []*piece) {
	for _, sel := range sels {
		if t.kids == nil {
			t.kids = map[string]*splitTree{}
		}
		k := splitKey(sel)
		if t.kids[k] == nil {
			t.kids[k] = &splitTree{}
		}
		t = t.kids[k]
	}
	t.chunks = chunks
}

// bigMap is a struct literal of a data file with more than chunkSize fields, at a path of regular
// fields and list elements; the outermost only (one inside another is evaluated with it).
type bigMap struct {
	sels []cue.Selector
	lit  *ast.StructLit
}

// findBigMaps lists the struct literals of a data file with more than chunkSize fields.
func findBigMaps(f *ast.File) []bigMap {
	var out []bigMap
	var visit func(x ast.Expr, sels []cue.Selector)
	visitDecls := func(decls []ast.Decl, sels []cue.Selector) {
		for _, d := range decls {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			name, _, err := ast.LabelName(fd.Label)
			if err != nil {
				continue
			}
			visit(fd.Value, append(sels[:len(sels):len(sels)], cue.Str(name)))
		}
	}
	visit = func(x ast.Expr, sels []cue.Selector) {
		switch x := x.(type) {
		case *ast.StructLit:
			if len(x.Elts) > chunkSize {
				out = append(out, bigMap{sels: sels, lit: x})
				return
			}
			visitDecls(x.Elts, sels)
		case *ast.ListLit:
			for i, e := range x.Elts {
				visit(e, append(sels[:len(sels):len(sels)], cue.Index(i)))
			}
		}
	}
	visitDecls(f.Decls, nil)
	return out
}

// withoutMaps returns a copy of f in which each of the struct literals in omit is an empty struct
// at the same place; nodes off the paths to them are shared, f is not changed.
func withoutMaps(f *ast.File, omit []bigMap) *ast.File {
	set := map[*ast.StructLit]bool{}
	for _, b := range omit {
		set[b.lit] = true
	}
	var expr func(x ast.Expr) (ast.Expr, bool)
	decls := func(ds []ast.Decl) ([]ast.Decl, bool) {
		var out []ast.Decl
		for i, d := range ds {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			v, changed := expr(fd.Value)
			if !changed {
				continue
			}
			if out == nil {
				out = append([]ast.Decl(nil), ds...)
			}
			c := *fd
			c.Value = v
			out[i] = &c
		}
		return out, out != nil
	}
	expr = func(x ast.Expr) (ast.Expr, bool) {
		switch x := x.(type) {
		case *ast.StructLit:
			if set[x] {
				return &ast.StructLit{Lbrace: x.Lbrace, Rbrace: x.Rbrace}, true
			}
			if elts, changed := decls(x.Elts); changed {
				c := *x
				c.Elts = elts
				return &c, true
			}
		case *ast.ListLit:
			var out []ast.Expr
			for i, e := range x.Elts {
				if v, changed := expr(e); changed {
					if out == nil {
						out = append([]ast.Expr(nil), x.Elts...)
					}
					out[i] = v
				}
			}
			if out != nil {
				c := *x
				c.Elts = out
				return &c, true
			}
		}
		return x, false
	}
	c := *f
	if ds, changed := decls(f.Decls); changed {
		c.Decls = ds
	}
	return &c
}

// isEntityMap reports whether a schema node is a map of entities keyed by id: a struct with a
// pattern constraint and no declared fields.
func (sc *schemaChecker) isEntityMap(n *snode) bool {
	if n == sc.missing || !n.v.Exists() || n.v.IncompleteKind()&cue.StructKind == 0 {
		return false
	}
	if len(n.fieldNames()) > 0 {
		return false
	}
	sc.pattern(n, "") // reads the patterns
	return len(n.pats) > 0
}

// split evaluates the large entity maps of a data unit in chunks (see the top of the file). It
// returns the top level's author value: ld.user when every large struct is an entity map, else
// the top level built again with only the entity maps left out.
func (sc *schemaChecker) split(ld *loaded) cue.Value {
	var maps []bigMap
	for _, b := range ld.bigs {
		if sc.isEntityMap(sc.nodeAt(b.sels)) {
			maps = append(maps, b)
		}
	}
	user := ld.user
	if len(maps) < len(ld.bigs) {
		user = sc.ctx.BuildFile(withoutMaps(ld.data[0], maps))
	}
	if len(maps) == 0 {
		return user
	}
	sc.splits = &splitTree{}
	for _, b := range maps {
		s := sc.nodeAt(b.sels).v
		var chunks []*piece
		for i := 0; i < len(b.lit.Elts); i += chunkSize {
			lit := &ast.StructLit{Lbrace: b.lit.Lbrace, Elts: b.lit.Elts[i:min(i+chunkSize, len(b.lit.Elts))], Rbrace: b.lit.Rbrace}
			v := sc.ctx.BuildExpr(lit)
			p := &piece{prefix: b.sels, user: v, u: v.Unify(s)}
			chunks = append(chunks, p)
			sc.pieces = append(sc.pieces, p)
		}
		sc.splits.insert(b.sels, chunks)
	}
	return user
}
