package compiler

import (
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The data tree of the fast path (fast.go): a scenario as plain values, each with the two
// positions the decoder reads (node.go): where its value is written and where the field that
// holds it is (its label; an element's own position). It is built from a JSON file directly
// (fast_json.go), from a YAML file's syntax (fromAST), or from the evaluated value of CUE files
// (fast_export.go), and always with the positions CUE would give the same value, so that a
// finding from the fast path reads exactly like one from the CUE path.

// dkind is the kind of a data value.
type dkind uint8

const (
	dNull dkind = iota
	dBool
	dInt
	dString
	dObject
	dList
)

// dnode is one value of the data tree.
type dnode struct {
	kind  dkind
	str   string // dString
	num   int64  // dInt
	b     bool   // dBool
	value diag.Pos
	label diag.Pos
	keys  []string       // dObject: the labels, in source order (no duplicates)
	kids  []*dnode       // dObject: the values of keys; dList: the elements
	index map[string]int // dObject with many fields: key -> position in keys
}

// field returns the value of the field name of an object, or nil.
func (d *dnode) field(name string) *dnode {
	if d == nil || d.kind != dObject {
		return nil
	}
	if d.index != nil {
		if i, ok := d.index[name]; ok {
			return d.kids[i]
		}
		return nil
	}
	for i, k := range d.keys {
		if k == name {
			return d.kids[i]
		}
	}
	return nil
}

// indexFields is called once an object is complete: a large object gets a map from key to
// field, so that looking its fields up stays linear in its size. It reports a duplicate key.
func (d *dnode) indexFields() (dup bool) {
	if len(d.keys) <= lookupsBeforeIndex {
		for i := 1; i < len(d.keys); i++ {
			for j := 0; j < i; j++ {
				if d.keys[i] == d.keys[j] {
					return true
				}
			}
		}
		return false
	}
	d.index = make(map[string]int, len(d.keys))
	for i, k := range d.keys {
		if _, ok := d.index[k]; ok {
			return true
		}
		d.index[k] = i
	}
	return false
}

// fromAST converts the syntax of a data file (a YAML file as extractYAML gives it) to a data
// tree. ok is false for anything but plain data: a construct a data file cannot hold, a number
// that is not a decimal integer (floats, hexadecimal), a label given twice. Positions are those
// CUE gives the values built from the same syntax (nm.valuePos and nm.labelPos of them).
func fromAST(f *ast.File, nm *namer) (root *dnode, ok bool) {
	c := astConv{nm: nm}
	root = &dnode{kind: dObject}
	if !c.decls(root, f.Decls) {
		return nil, false
	}
	return root, true
}

type astConv struct {
	nm    *namer
	depth int
}

func (c *astConv) decls(obj *dnode, decls []ast.Decl) bool {
	for _, d := range decls {
		fd, ok := d.(*ast.Field)
		if !ok || fd.Constraint != token.ILLEGAL || fd.Value == nil || fd.Alias != nil {
			return false
		}
		lit, ok := fd.Label.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			if _, ident := fd.Label.(*ast.Ident); !ident {
				return false
			}
		}
		name, isIdent, err := ast.LabelName(fd.Label)
		if err != nil || isIdent && (strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
			return false
		}
		v := c.expr(fd.Value)
		if v == nil {
			return false
		}
		v.label = c.nm.pos(fd.Pos())
		if vp := c.nm.pos(fd.Value.Pos()); vp.IsValid() {
			v.value = vp
		} else {
			v.value = v.label
		}
		obj.keys = append(obj.keys, name)
		obj.kids = append(obj.kids, v)
	}
	return !obj.indexFields()
}

// expr converts a value; nil when it is not plain data. Element positions are set here, field
// positions by decls.
func (c *astConv) expr(x ast.Expr) *dnode {
	if c.depth++; c.depth > maxDepth+2 {
		return nil
	}
	defer func() { c.depth-- }()
	p := c.nm.pos(x.Pos())
	switch x := x.(type) {
	case *ast.StructLit:
		obj := &dnode{kind: dObject, value: p, label: p}
		if !c.decls(obj, x.Elts) {
			return nil
		}
		return obj
	case *ast.ListLit:
		l := &dnode{kind: dList, value: p, label: p}
		for _, e := range x.Elts {
			if _, ok := e.(*ast.Ellipsis); ok {
				return nil
			}
			v := c.expr(e)
			if v == nil {
				return nil
			}
			l.kids = append(l.kids, v)
		}
		return l
	case *ast.BasicLit:
		return basicLit(x, p)
	case *ast.UnaryExpr:
		if b, ok := x.X.(*ast.BasicLit); ok && x.Op == token.SUB && b.Kind == token.INT {
			n, err := strconv.ParseInt("-"+b.Value, 10, 64)
			if err != nil {
				return nil
			}
			return &dnode{kind: dInt, num: n, value: p, label: p}
		}
	}
	return nil
}

// basicLit converts a literal: strings, decimal integers, true, false and null.
func basicLit(x *ast.BasicLit, p diag.Pos) *dnode {
	d := &dnode{value: p, label: p}
	switch x.Kind {
	case token.STRING:
		if strings.HasPrefix(x.Value, "#") || strings.HasPrefix(x.Value, "'") {
			return nil // raw strings and bytes
		}
		s, err := literal.Unquote(x.Value)
		if err != nil {
			return nil
		}
		d.kind, d.str = dString, s
	case token.INT:
		n, err := strconv.ParseInt(x.Value, 10, 64)
		if err != nil {
			return nil // hexadecimal, octal, underscores, multipliers or too large: CUE's to read
		}
		d.kind, d.num = dInt, n
	case token.TRUE, token.FALSE:
		d.kind, d.b = dBool, x.Kind == token.TRUE
	case token.NULL:
		d.kind = dNull
	default:
		return nil
	}
	return d
}
