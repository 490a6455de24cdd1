package compiler

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// plainOf is the value of a data tree as encoding/json decodes it (integers as int64, ints).
func plainOf(d *dnode) any {
	switch d.kind {
	case dObject:
		m := make(map[string]any, len(d.keys))
		for i, k := range d.keys {
			m[k] = plainOf(d.kids[i])
		}
		return m
	case dList:
		l := make([]any, len(d.kids))
		for i, k := range d.kids {
			l[i] = plainOf(k)
		}
		return l
	case dString:
		return d.str
	case dInt:
		return d.num
	case dBool:
		return d.b
	}
	return nil
}

// ints turns encoding/json's numbers into int64s (all parseJSON reads are integers).
func ints(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = ints(e)
		}
	case []any:
		for i, e := range x {
			x[i] = ints(e)
		}
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
	}
	return v
}

// FuzzParseJSON holds parseJSON (slabs of nodes, one stack of children for every object and
// list, integers read in place: issue 29, item 3) to encoding/json: a document it reads gives
// the same keys, lists, strings and integers, and a field's keys stay with their values however
// objects and lists nest.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": 1, "b": [1, -2, {"c": [true, null, "x"]}, []], "d": {}}`,
		`{"k": [[1, 2], [3, [4, {"z": -9223372036854775808}]]], "e": "\u00e9"}`,
		`{"n": 123456789012345678, "m": 1234567890123456789, "o": -0}`,
		`{"a": {"b": {"c": [{"d": 1}, {"e": [2, {"f": 3}]}]}}, "g": 4}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, _, ok := parseJSON(data, "f.json")
		if !ok {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("parseJSON read %q, encoding/json refuses it: %v", data, err)
		}
		if got := plainOf(root); !reflect.DeepEqual(got, ints(want)) {
			t.Fatalf("%q:\nparseJSON     %#v\nencoding/json %#v", data, got, want)
		}
	})
}
