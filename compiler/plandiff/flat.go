package plandiff

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// flatFields lists the fields of v (a struct, or a pointer to one) as name, value pairs in the
// words a battle file uses: each field by its JSON name under prefix ("commander.level", "3"), a
// nested struct's fields under theirs, a list or map as JSON; the zero values left out (a field
// the author did not set). What changed then reads "commander.level: 3 -> 5", never a Go struct
// dump (issue 20 review).
func flatFields(prefix string, v any) []string {
	var out []string
	var walk func(prefix string, rv reflect.Value)
	walk = func(prefix string, rv reflect.Value) {
		for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
			if rv.IsNil() {
				return
			}
			rv = rv.Elem()
		}
		if rv.Kind() != reflect.Struct {
			if !rv.IsValid() || rv.IsZero() {
				return
			}
			out = append(out, prefix, valueText(rv))
			return
		}
		rt := rv.Type()
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			if !f.IsExported() {
				continue
			}
			name := jsonName(f)
			if name == "-" || name == "pos" {
				continue
			}
			if prefix != "" {
				name = prefix + "." + name
			}
			walk(name, rv.Field(i))
		}
	}
	walk(prefix, reflect.ValueOf(v))
	return out
}

// jsonName is a struct field's JSON name (its tag's), else its Go name.
func jsonName(f reflect.StructField) string {
	if tag, ok := f.Tag.Lookup("json"); ok {
		if n, _, _ := strings.Cut(tag, ","); n != "" {
			return n
		}
	}
	return f.Name
}

// valueText is a leaf value in words: a string as it is, a bool yes, a number, a list or map as
// JSON (keys sorted).
func valueText(rv reflect.Value) string {
	switch rv.Kind() {
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		return boolText(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprint(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprint(rv.Uint())
	case reflect.Float32, reflect.Float64:
		return fmt.Sprint(rv.Float())
	}
	data, err := json.Marshal(rv.Interface())
	if err != nil {
		return fmt.Sprint(rv.Interface())
	}
	return string(data)
}

// flatText is flatFields of v joined into one line ("op all, args ...").
func flatText(v any) string {
	f := flatFields("", v)
	parts := make([]string, 0, len(f)/2)
	for i := 0; i+1 < len(f); i += 2 {
		parts = append(parts, f[i]+" "+f[i+1])
	}
	return strings.Join(parts, ", ")
}

// terrainWord names a clash terrain letter (plan.TerrClear ...).
func terrainWord(t rune) string {
	if w, ok := terrainWords[t]; ok {
		return w
	}
	return string(t)
}

var terrainWords = map[rune]string{plan.TerrClear: "clear", plan.TerrRough: "rough", plan.TerrRoad: "road",
	plan.TerrForest: "forest", plan.TerrShallow: "shallow water", plan.TerrDeep: "deep water"}
