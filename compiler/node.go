package compiler

import (
	"errors"
	"strconv"

	"cuelang.org/go/cue"
)

// node is a value of the author's (v) with the same path in the unified value (the author's value
// & the schema), which is needed only for the defaults of fields the author left out and so is
// resolved lazily (see uref). A node of an entity map evaluated in chunks (pieces.go) has split
// set: its fields are the chunks' fields.
//
// A node of the fast path (fast.go) reads a data tree instead (tree set): d is the author's value
// (nil when absent) and s the schema's at the same path, for the defaults.
type node struct {
	v     cue.Value
	u     *uref
	kids  *kidIndex // the author's fields of v
	split *splitTree

	tree bool
	d    *dnode
	s    *vnode
	sf   *vfield // the schema's field that holds the node (its default), or nil
}

// treeRoot is the node of the top level of a data tree validated against s.
func treeRoot(d *dnode, s *vnode) node { return node{tree: true, d: d, s: s} }

// treeChild is the node of field name of a tree node.
func (n node) treeChild(name string, d *dnode) node {
	s, f := n.s.child(name)
	return node{tree: true, d: d, s: s, sf: f}
}

// lookupsBeforeIndex is how many fields of a struct are looked up one by one before its fields are
// indexed in one pass: a lookup searches the fields linearly, an index sorts them (CUE's Fields
// orders them), which costs more for the few fields of an entity but keeps a large struct linear.
const lookupsBeforeIndex = 8

// kidIndex finds the fields of one struct: by lookup at first, then from an index.
type kidIndex struct {
	lookups int
	fields  map[string]cue.Value // nil until indexed
}

// get returns the regular field name of v (which does not exist when v has none).
func (k *kidIndex) get(v cue.Value, sel cue.Selector) cue.Value {
	if k.fields == nil && k.lookups < lookupsBeforeIndex {
		k.lookups++
		return v.LookupPath(cue.MakePath(sel))
	}
	if k.fields == nil {
		k.fields = map[string]cue.Value{}
		if it, ok := structIter(v); ok {
			for it.Next() {
				if s := it.Selector(); s.Type() == cue.StringLabel {
					k.fields[s.Unquoted()] = it.Value()
				}
			}
		}
	}
	return k.fields[sel.Unquoted()]
}

// uref is the unified value at one path, resolved on first use from its parent's, one selector
// down. A parent indexes its fields (or elements) once, in one pass: LookupPath searches a
// struct's fields linearly, so resolving every entity of a large map by lookup would be
// quadratic in its size.
type uref struct {
	parent *uref
	sel    cue.Selector
	done   bool
	v      cue.Value
	kids   kidIndex
	read   bool        // elems is read
	elems  []cue.Value // elements of v when it is a list
}

func resolved(v cue.Value) *uref { return &uref{done: true, v: v} }

// value returns the unified value (it does not exist when the unified value has nothing there).
func (r *uref) value() cue.Value {
	if r == nil {
		return cue.Value{}
	}
	if !r.done {
		r.done = true
		r.v = r.parent.child(r.sel)
	}
	return r.v
}

// child returns the field or element sel of the unified value.
func (r *uref) child(sel cue.Selector) cue.Value {
	v := r.value()
	if !v.Exists() {
		return v
	}
	switch sel.Type() {
	case cue.IndexLabel:
		if !r.read {
			r.read = true
			r.elems = listElems(v)
		}
		if i := sel.Index(); i >= 0 && i < len(r.elems) {
			return r.elems[i]
		}
		return cue.Value{}
	case cue.StringLabel:
		return r.kids.get(v, sel)
	}
	return v.LookupPath(cue.MakePath(sel))
}

// rootNode is the node of a scenario's top level: the author's value, the unified value and the
// entity maps evaluated in chunks (nil when none).
func rootNode(v, u cue.Value, split *splitTree) node {
	return node{v: v, u: resolved(u), kids: new(kidIndex), split: split}
}

// child returns the node one selector below n.
func (n node) child(v cue.Value, sel cue.Selector) node {
	c := node{v: v, u: &uref{parent: n.u, sel: sel}, kids: new(kidIndex)}
	if n.split != nil {
		c.split = n.split.kid(sel)
	}
	return c
}

// unified resolves the unified value at n.
func (n node) unified() cue.Value { return n.u.value() }

// get returns the field name of n.
func (n node) get(name string) node {
	if n.tree {
		return n.treeChild(name, n.d.field(name))
	}
	sel := cue.Str(name)
	if n.kids == nil {
		return n.child(n.v.LookupPath(cue.MakePath(sel)), sel)
	}
	if n.split != nil && n.split.chunks != nil {
		var found node
		n.fields(func(label string, c node) {
			if label == name {
				found = c
			}
		})
		if found.kids != nil {
			return found
		}
		return n.child(cue.Value{}, sel)
	}
	if !n.v.Exists() {
		return n.child(n.v, sel)
	}
	return n.child(n.kids.get(n.v, sel), sel)
}

func (n node) exists() bool {
	if n.tree {
		return n.d != nil
	}
	return n.v.Exists()
}

// isStruct reports whether the author's value is a struct (possibly holding errors).
func (n node) isStruct() bool {
	if n.tree {
		return n.d != nil && n.d.kind == dObject
	}
	return isStruct(n.v)
}

// isList reports whether the author's value is a list (possibly holding errors).
func (n node) isList() bool {
	if n.tree {
		return n.d != nil && n.d.kind == dList
	}
	return isList(n.v)
}

// fields calls f for each regular field of the author's struct, in source order (for an entity
// map evaluated in chunks: the chunks' fields, chunk by chunk).
func (n node) fields(f func(label string, c node)) {
	if n.tree {
		if n.d != nil && n.d.kind == dObject {
			for i, k := range n.d.keys {
				f(k, n.treeChild(k, n.d.kids[i]))
			}
		}
		return
	}
	if n.split != nil && n.split.chunks != nil {
		for _, p := range n.split.chunks {
			it, ok := structIter(p.user)
			if !ok {
				continue
			}
			parent := resolved(p.u)
			for it.Next() {
				sel := it.Selector()
				f(sel.Unquoted(), node{v: it.Value(), u: &uref{parent: parent, sel: sel}, kids: new(kidIndex)})
			}
		}
		return
	}
	it, ok := structIter(n.v)
	if !ok {
		return
	}
	for it.Next() {
		sel := it.Selector()
		f(sel.Unquoted(), n.child(it.Value(), sel))
	}
}

// hasOther reports whether the author's struct has a regular field not named in known.
func (n node) hasOther(known ...string) bool {
	other := false
	n.fields(func(label string, _ node) {
		for _, k := range known {
			if k == label {
				return
			}
		}
		other = true
	})
	return other
}

// elems calls f for each element of the author's list.
func (n node) elems(f func(i int, c node)) {
	if n.tree {
		if n.d != nil && n.d.kind == dList {
			for i, e := range n.d.kids {
				f(i, node{tree: true, d: e, s: n.s.elemAt(i)})
			}
		}
		return
	}
	for i, e := range listElems(n.v) {
		f(i, n.child(e, cue.Index(i)))
	}
}

// value returns the concrete value to read: the author's, or the schema default when absent.
func (n node) value() (scalar, bool) {
	if n.tree {
		if n.d != nil {
			return scalar{d: n.d, tree: true}, true
		}
		if n.sf != nil && n.sf.dflt != nil {
			return scalar{d: n.sf.dflt, tree: true}, true
		}
		return scalar{}, false
	}
	if n.v.Exists() {
		d, _ := n.v.Default()
		return scalar{v: d}, d.IsConcrete()
	}
	if u := n.unified(); u.Exists() {
		d, _ := u.Default()
		if d.Err() == nil && d.IsConcrete() {
			return scalar{v: d}, true
		}
	}
	return scalar{}, false
}

// lookup returns the node at a path below n written as CUE writes it ("commander.boons[1]"),
// or an absent node.
func (n node) lookup(path string) node {
	if !n.tree {
		return node{v: n.v.LookupPath(cue.ParsePath(path))}
	}
	p := cue.ParsePath(path)
	if p.Err() != nil {
		return node{tree: true}
	}
	c := n
	for _, sel := range p.Selectors() {
		switch {
		case sel.Type() == cue.IndexLabel:
			i := sel.Index()
			var e *dnode
			if c.d != nil && c.d.kind == dList && i < len(c.d.kids) {
				e = c.d.kids[i]
			}
			c = node{tree: true, d: e, s: c.s.elemAt(i)}
		case sel.IsString():
			c = c.get(sel.Unquoted())
		default:
			return node{tree: true}
		}
	}
	return c
}

// scalar is a value the decoder reads: a CUE value, or a value of a data tree (tree set).
type scalar struct {
	v    cue.Value
	d    *dnode
	tree bool
}

var errNotKind = errors.New("not a value of this kind")

func (x scalar) String() (string, error) {
	if !x.tree {
		return x.v.String()
	}
	if x.d.kind != dString {
		return "", errNotKind
	}
	return x.d.str, nil
}

func (x scalar) Int64() (int64, error) {
	if !x.tree {
		return x.v.Int64()
	}
	if x.d.kind != dInt {
		return 0, errNotKind
	}
	return x.d.num, nil
}

// intText is the decimal text of an integer value, and whether x is one.
func (x scalar) intText() (string, bool) {
	if x.tree {
		return strconv.FormatInt(x.d.num, 10), x.d.kind == dInt
	}
	if x.v.Kind() != cue.IntKind {
		return "", false
	}
	b, err := x.v.Int(nil)
	if err != nil {
		return "", false
	}
	return b.String(), true
}

func (x scalar) Bool() (bool, error) {
	if !x.tree {
		return x.v.Bool()
	}
	if x.d.kind != dBool {
		return false, errNotKind
	}
	return x.d.b, nil
}
