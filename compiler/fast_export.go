package compiler

import (
	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"
)

// exportTree converts the evaluated value of a unit's CUE files (ld.user, the author's value
// alone) to a data tree, when unifying it with the schema can only accept or refuse its values,
// never change them: ok is false otherwise, and the unit takes the CUE path. That is so when
//
//   - every regular field, recursively, is concrete, free of errors, without a default of its
//     own (no disjunction left), and a null, bool, 64-bit integer, string, struct or list;
//   - no struct is closed (an author's definition or close(): the schema's fields, defaults
//     included, would not be allowed in it);
//   - the files declare no constraint that would apply to a field only the schema gives (an
//     optional or required field, a pattern [x]: y, an open list or struct ...), and import
//     nothing (imports are L007 anyway).
//
// The positions are the ones the decoder reads from the same values (nm.valuePos, nm.labelPos),
// in the same order (Fields), so the model decoded from the tree is the one decoded from CUE.
func exportTree(ld *loaded, nm *namer) (*dnode, bool) {
	for _, f := range ld.cue {
		if !plainCUE(f) {
			return nil, false
		}
	}
	e := exporter{nm: nm}
	root := e.value(ld.user, 0)
	if root == nil || root.kind != dObject {
		return nil, false
	}
	return root, true
}

// plainCUE reports whether a CUE file declares only regular fields and values: see exportTree.
func plainCUE(f *ast.File) bool {
	ok := true
	ast.Walk(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ImportDecl, *ast.ImportSpec, *ast.Ellipsis:
			ok = false
		case *ast.Field:
			if x.Constraint != token.ILLEGAL {
				ok = false
			}
			switch x.Label.(type) {
			case *ast.Ident, *ast.BasicLit:
			default:
				ok = false // a pattern [x]: y, a dynamic (x): y, an interpolated label
			}
		}
		return ok
	}, nil)
	return ok
}

type exporter struct {
	nm *namer
}

func (e *exporter) value(v cue.Value, depth int) *dnode {
	if depth > maxDepth || v.Err() != nil || !v.IsConcrete() {
		return nil
	}
	if _, has := v.Default(); has {
		return nil
	}
	d := &dnode{value: e.nm.valuePos(v), label: e.nm.labelPos(v)}
	switch v.Kind() {
	case cue.NullKind:
		d.kind = dNull
	case cue.BoolKind:
		d.kind = dBool
		d.b, _ = v.Bool()
	case cue.IntKind:
		n, err := v.Int64()
		if err != nil {
			return nil
		}
		d.kind, d.num = dInt, n
	case cue.StringKind:
		d.kind = dString
		d.str, _ = v.String()
	case cue.StructKind:
		if v.IsClosed() {
			return nil
		}
		d.kind = dObject
		it, err := v.Fields()
		if err != nil {
			return nil
		}
		for it.Next() {
			sel := it.Selector()
			if sel.Type() != cue.StringLabel {
				return nil
			}
			kid := e.value(it.Value(), depth+1)
			if kid == nil {
				return nil
			}
			d.keys = append(d.keys, sel.Unquoted())
			d.kids = append(d.kids, kid)
		}
		if d.indexFields() {
			return nil
		}
	case cue.ListKind:
		d.kind = dList
		it, err := v.List()
		if err != nil {
			return nil
		}
		for it.Next() {
			kid := e.value(it.Value(), depth+1)
			if kid == nil {
				return nil
			}
			d.kids = append(d.kids, kid)
		}
	default:
		return nil // floats, bytes
	}
	return d
}
