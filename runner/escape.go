package runner

import (
	"reflect"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// A transcript shows strangers' strings (titles, names, says, terrain, encounter names, campaign
// titles, PC names, shop items: everything an event carries from the scenario) under one rule,
// esc.Text: each is one line with its control characters escaped, so that a newline inside a
// name never starts a line of the transcript (a title "x\n::error file=forged.cue::FORGED" forged
// a GitHub annotation in `sortie run`'s log, issue 28) and no escape drives the terminal. The text
// sink applies it to every string field of the event, by reflection, before the event writes its
// text: every event, of every engine, present and future, without a call at each field.

// escapedEvent returns e itself when none of its strings holds a control character, else a copy
// of e whose exported string fields (in nested structs, slices, arrays, maps, pointers and
// interfaces) are esc.Text of the originals. The original is never changed: the engine owns it.
func escapedEvent(e Event) Event {
	v := reflect.ValueOf(e)
	if !hasControl(v, 0) {
		return e
	}
	c := escapedCopy(v, 0)
	if out, ok := c.Interface().(Event); ok {
		return out
	}
	return e
}

// maxEscapeDepth bounds the walk (an event's data is shallow; a cycle of pointers ends here).
const maxEscapeDepth = 12

func hasControl(v reflect.Value, depth int) bool {
	if depth > maxEscapeDepth || !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.String:
		return esc.Text(v.String()) != v.String()
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasControl(v.Elem(), depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && hasControl(v.Field(i), depth+1) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return false // bytes, not text
		}
		for i := range v.Len() {
			if hasControl(v.Index(i), depth+1) {
				return true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if hasControl(it.Key(), depth+1) || hasControl(it.Value(), depth+1) {
				return true
			}
		}
	}
	return false
}

// escapedCopy returns a copy of v with its strings escaped (v itself where nothing needs it).
func escapedCopy(v reflect.Value, depth int) reflect.Value {
	if depth > maxEscapeDepth || !v.IsValid() || !hasControl(v, depth) {
		return v
	}
	switch v.Kind() {
	case reflect.String:
		out := reflect.New(v.Type()).Elem()
		out.SetString(esc.Text(v.String()))
		return out
	case reflect.Pointer:
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(escapedCopy(v.Elem(), depth+1))
		return out
	case reflect.Interface:
		out := reflect.New(v.Type()).Elem()
		out.Set(escapedCopy(v.Elem(), depth+1))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v) // unexported fields as they are
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out.Field(i).Set(escapedCopy(v.Field(i), depth+1))
			}
		}
		return out
	case reflect.Slice:
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(escapedCopy(v.Index(i), depth+1))
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := range v.Len() {
			out.Index(i).Set(escapedCopy(v.Index(i), depth+1))
		}
		return out
	case reflect.Map:
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			out.SetMapIndex(escapedCopy(it.Key(), depth+1), escapedCopy(it.Value(), depth+1))
		}
		return out
	}
	return v
}

// escapeLines is the last guard of the text sink: the composed text's control characters but
// newline and tab written as escapes (esc.Lines).
func escapeLines(b []byte) []byte {
	if s := string(b); esc.Lines(s) != s {
		return []byte(esc.Lines(s))
	}
	return b
}
