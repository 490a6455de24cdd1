package compiler

import "cuelang.org/go/cue"

// CUE v0.17 gives a struct or list that holds an erroneous field the kind bottom as a whole (a
// conflict in one block makes field.blocks and the top level bottom too), yet its fields can
// still be read. These helpers look at the shape instead of the kind, so that one error does not
// hide the rest of the scenario.

// structIter returns an iterator over v's regular fields, or false when v is not a struct.
func structIter(v cue.Value) (*cue.Iterator, bool) {
	if !v.Exists() {
		return nil, false
	}
	it, err := v.Fields()
	if err != nil {
		return nil, false
	}
	return it, true
}

// isStruct reports whether v is a struct (possibly holding errors).
func isStruct(v cue.Value) bool {
	_, ok := structIter(v)
	return ok
}

// maxListLen bounds the element lookups of a list that holds an error.
const maxListLen = 1 << 20

// listElems returns the elements of v (its default when it has one), or nil when v is not a list.
func listElems(v cue.Value) []cue.Value {
	if !v.Exists() {
		return nil
	}
	d, _ := v.Default()
	if it, err := d.List(); err == nil {
		var out []cue.Value
		for it.Next() {
			out = append(out, it.Value())
		}
		return out
	}
	if isStruct(d) {
		return nil
	}
	var out []cue.Value
	for i := 0; i < maxListLen; i++ {
		e := d.LookupPath(cue.MakePath(cue.Index(i)))
		if !e.Exists() {
			break
		}
		out = append(out, e)
	}
	return out
}

// isList reports whether v is a list (possibly holding errors).
func isList(v cue.Value) bool {
	if !v.Exists() {
		return false
	}
	if v.IncompleteKind() == cue.ListKind {
		return true
	}
	// A list that holds an error reads as a struct too (Fields succeeds on it), so its first
	// element decides; a struct has no element 0.
	return v.LookupPath(cue.MakePath(cue.Index(0))).Exists()
}

// keyed is one regular field of a struct: its label and value (fieldsOf).
type keyed struct {
	id string
	v  cue.Value
}

// fieldsOf lists the regular fields of v in order; nil when v is not a struct.
func fieldsOf(v cue.Value) []keyed {
	it, ok := structIter(v)
	if !ok {
		return nil
	}
	var out []keyed
	for it.Next() {
		out = append(out, keyed{it.Selector().Unquoted(), it.Value()})
	}
	return out
}
