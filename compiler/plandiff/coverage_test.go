package plandiff_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
)

// derived are the plan fields no author writes: the compiler computes them from others (or they
// name the plan itself), so a change to them alone is no change of the scenario. Paths are the
// struct field names from the plan down, slice indices left out.
var derived = map[string]bool{
	"Format": true, "Version": true, "SourceHash": true, "Sources": true,
	"Field.MinX": true, "Field.MinY": true, "Field.MaxX": true, "Field.MaxY": true,
	"Field.Blocks.Exits": true, "Field.Blocks.Exits.To": true, "Field.Blocks.Exits.Open": true,
	"Field.Boxes": true, "Field.Boxes.Blocks": true, // the boxes' members come from the blocks
	"Flags":                           true, // interned names; conditions and actions show them
	"Pathfinder.Hexes.Neighbours":     true, // from the coordinates
	"Pathfinder.Armies.Stats":         true, // the whole block is derived from the army's input ...
	"Pathfinder.Armies.Stats.Tactics": true, // ... and its list
}

// relevant says whether a field of a Cond, Trigger or Action means anything for the value's
// operation (a flag index on an "at" condition is zero and ignored by every reader).
func relevant(parent reflect.Value, field string) bool {
	switch x := parent.Interface().(type) {
	case plan.Cond:
		want := map[plan.CondOp]string{plan.CondFlag: "Flag", plan.CondAt: "Block", plan.CondDay: "Day", plan.CondArmyGone: "Army",
			plan.CondNot: "Args", plan.CondAll: "Args", plan.CondAny: "Args"}
		return field == "Op" || want[x.Op] == field
	case plan.Trigger:
		want := map[plan.TriggerKind]string{plan.OnEnter: "Block", plan.OnDay: "Day"}
		return field == "Kind" || want[x.Kind] == field
	case plan.Action:
		want := map[plan.ActionOp][]string{plan.ActSay: {"Text"}, plan.ActSet: {"Flag"}, plan.ActClear: {"Flag"},
			plan.ActBattle: {"Encounter"}, plan.ActStrength: {"Army", "Delta"}, plan.ActSpawn: {"Army"},
			plan.ActRemove: {"Army"}, plan.ActEnd: {"Outcome"}}
		return field == "Op" || strings.Contains(" "+strings.Join(want[x.Op], " ")+" ", " "+field+" ")
	}
	return true
}

// mutateNth makes the n-th change (in walk order) to p: an int plus one, a string with "x"
// appended, a bool flipped, a nil pointer given a zero value, a zero element appended to a
// slice, a map given one more key. It returns the field's path and whether there was an n-th.
func mutateNth(p *plan.Plan, n int) (string, bool) {
	count := 0
	var path string
	var walk func(v reflect.Value, at string) bool
	hit := func(at string) bool {
		if count == n {
			path = at
			return true
		}
		count++
		return false
	}
	walk = func(v reflect.Value, at string) bool {
		if derived[at] {
			return false
		}
		switch v.Kind() {
		case reflect.Int:
			if hit(at) {
				v.SetInt(v.Int() + 1)
				return true
			}
		case reflect.String:
			if hit(at) {
				v.SetString(v.String() + "x")
				return true
			}
		case reflect.Bool:
			if hit(at) {
				v.SetBool(!v.Bool())
				return true
			}
		case reflect.Pointer:
			if v.IsNil() {
				if hit(at + " (nil)") {
					v.Set(reflect.New(v.Type().Elem()))
					return true
				}
				return false
			}
			return walk(v.Elem(), at)
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if !f.IsExported() || !relevant(v, f.Name) {
					continue
				}
				sub := f.Name
				if at != "" {
					sub = at + "." + f.Name
				}
				if walk(v.Field(i), sub) {
					return true
				}
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				if walk(v.Index(i), at) {
					return true
				}
			}
			if v.Kind() == reflect.Slice && hit(at+" (append)") {
				v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
				return true
			}
		case reflect.Map:
			if hit(at + " (new key)") {
				if v.IsNil() {
					v.Set(reflect.MakeMap(v.Type()))
				}
				elem := reflect.New(v.Type().Elem()).Elem() // "x", or a list holding one zero element
				switch elem.Kind() {
				case reflect.String:
					elem.SetString("x")
				case reflect.Slice:
					elem = reflect.MakeSlice(elem.Type(), 1, 1)
				}
				v.SetMapIndex(reflect.ValueOf("zz").Convert(v.Type().Key()), elem)
				return true
			}
		}
		return false
	}
	// A Pathfinder plan is its scenario's name, its day limit and its Pathfinder part; the
	// Karzoral fields beside them are empty and read by nobody (and the other way round).
	root := reflect.ValueOf(p).Elem()
	for i := 0; i < root.NumField(); i++ {
		name := root.Type().Field(i).Name
		if name != "Scenario" && name != "DayLimit" && (name == "Pathfinder") != (p.Pathfinder != nil) {
			continue
		}
		if walk(root.Field(i), name) {
			return path, true
		}
	}
	return "", false
}

func clonePlan(t *testing.T, p *plan.Plan) *plan.Plan {
	t.Helper()
	data, err := plan.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := plan.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestEveryFieldIsCompared: any change an author can make to a compiled plan (every field the
// compiler does not derive, one at a time) shows among the entity changes: sortie diff never
// says "no change" of two versions that play differently. On the bundled scenarios richest in
// fields: field02 (PCs, a burden, a traversal area, pursuit, options), field01 (boxes, one-way
// blocks, day events) and stolen-lands (hexes, kingdoms, Pathfinder armies).
func TestEveryFieldIsCompared(t *testing.T) {
	for _, dir := range []string{"karzoral/field02", "karzoral/field01", "pathfinder/stolen-lands"} {
		abs, _ := filepath.Abs(filepath.Join("..", "..", "scenarios", dir))
		orig, list, err := compiler.Compile([]string{abs}, compiler.Options{WorkDir: abs})
		if err != nil || orig == nil {
			t.Fatalf("%s: %v %v", dir, err, list)
		}
		missed := map[string]bool{}
		n := 0
		for ; n < 100000; n++ {
			p := clonePlan(t, orig)
			path, ok := mutateNth(p, n)
			if !ok {
				break
			}
			if len(plandiff.Entities(orig, p, nil, nil)) == 0 && !missed[path] {
				missed[path] = true
				t.Errorf("%s: a change to %s is not among the entity changes", dir, path)
			}
		}
		if n < 50 {
			t.Errorf("%s: only %d changes tried", dir, n)
		}
	}
}
