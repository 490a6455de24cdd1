package esc

import "reflect"

// Strings returns v itself when none of its strings holds a character Text escapes, else a copy
// of v whose exported string fields, in nested structs, slices, arrays, maps, pointers and
// interfaces, are Text of the originals (keys of maps too). The original is never changed. It is
// how a writer applies the rule to a whole value it shows (a run's event, a report): every field,
// present and future, without a call at each. Unexported fields are copied as they are; []byte
// is not text.
func Strings[T any](v T) T {
	rv := reflect.ValueOf(&v).Elem()
	if !hasControl(rv, 0) {
		return v
	}
	out, ok := escapedCopy(rv, 0).Interface().(T)
	if !ok {
		return v
	}
	return out
}

// maxEscapeDepth bounds the walk (an event's data is shallow; a cycle of pointers ends here).
const maxEscapeDepth = 12

func hasControl(v reflect.Value, depth int) bool {
	if depth > maxEscapeDepth || !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.String:
		return Text(v.String()) != v.String()
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
		out.SetString(Text(v.String()))
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
