package compiler

import "cuelang.org/go/cue"

// node is a value of the author's (v) with the same path in the unified value (the author's value
// & the schema), which is needed only for the defaults of fields the author left out and so is
// resolved lazily (see uref). A node of an entity map evaluated in chunks (pieces.go) has split
// set: its fields are the chunks' fields.
type node struct {
	v     cue.Value
	u     *uref
	kids  *kidIndex // the author's fields of v
	split *splitTree
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

func (n node) exists() bool { return n.v.Exists() }

// fields calls f for each regular field of the author's struct, in source order (for an entity
// map evaluated in chunks: the chunks' fields, chunk by chunk).
func (n node) fields(f func(label string, c node)) {
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
	for i, e := range listElems(n.v) {
		f(i, n.child(e, cue.Index(i)))
	}
}

// value returns the concrete value to read: the author's, or the schema default when absent.
func (n node) value() (cue.Value, bool) {
	if n.v.Exists() {
		d, _ := n.v.Default()
		return d, d.IsConcrete()
	}
	if u := n.unified(); u.Exists() {
		d, _ := u.Default()
		if d.Err() == nil && d.IsConcrete() {
			return d, true
		}
	}
	return cue.Value{}, false
}
