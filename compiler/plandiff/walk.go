package plandiff

import (
	"fmt"
	"reflect"
	"strings"
)

// walkFields lists v's fields as name, value pairs for an entity (Field): a struct is walked field
// by field by their JSON names, prefix first ("commander.level"), a pointer through what it
// points to, a list of words joined by ", " and a list of structs item by item
// ("abilities[1].value"). An empty string, false, a nil pointer and an empty list are "" (absent),
// so that a field is "(none)" on the side that lacks it; nothing is printed with %+v (issue 20 review: the diff showed Go structs).
func walkFields(prefix string, v any) []string {
	var out []string
	walkValue(prefix, reflect.ValueOf(v), &out)
	return out
}

func walkValue(name string, v reflect.Value, out *[]string) {
	switch v.Kind() {
	case reflect.Invalid:
		*out = append(*out, name, "")
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			*out = append(*out, name, "")
			return
		}
		walkValue(name, v.Elem(), out)
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			n := strings.Split(f.Tag.Get("json"), ",")[0]
			if n == "-" {
				continue
			}
			if n == "" {
				n = strings.ToLower(f.Name[:1]) + f.Name[1:]
			}
			if name != "" {
				n = name + "." + n
			}
			walkValue(n, v.Field(i), out)
		}
	case reflect.Slice, reflect.Array:
		e := v.Type().Elem()
		for e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		if e.Kind() == reflect.Struct {
			for i := 0; i < v.Len(); i++ {
				walkValue(fmt.Sprintf("%s[%d]", name, i), v.Index(i), out)
			}
			return
		}
		var items []string
		for i := 0; i < v.Len(); i++ {
			items = append(items, fmt.Sprint(v.Index(i).Interface()))
		}
		*out = append(*out, name, strings.Join(items, ", "))
	case reflect.Bool:
		*out = append(*out, name, boolText(v.Bool()))
	case reflect.String:
		*out = append(*out, name, v.String())
	default: // a number says 0: charisma 1 -> 0, not 1 -> (none)
		*out = append(*out, name, fmt.Sprint(v.Interface()))
	}
}

// walkText is v in words, its fields that are set (walkFields) as "name: value", joined by "; "
// ("level: 3; hp: 20"): a whole struct as one value, never %+v.
func walkText(v any) string {
	f := walkFields("", v)
	var out []string
	for i := 0; i+1 < len(f); i += 2 {
		if f[i+1] != "" {
			out = append(out, f[i]+": "+f[i+1])
		}
	}
	return strings.Join(out, "; ")
}
