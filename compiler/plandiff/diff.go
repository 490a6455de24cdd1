package plandiff

import (
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Change kinds of an EntityChange.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// EntityChange is one entity added, removed or changed between two plans.
type EntityChange struct {
	Key    string      `json:"key"`          // "armies.mercenaries", "field.blocks.05", "settings"
	Change string      `json:"change"`       // Added | Removed | Changed
	Old    diag.Pos    `json:"old,omitzero"` // where it is declared in the old version
	New    diag.Pos    `json:"new,omitzero"`
	Fields []FieldDiff `json:"fields,omitempty"` // Changed: the properties that differ
}

// FieldDiff is one property that differs; "" stands for absent.
type FieldDiff struct {
	Field string `json:"field"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new,omitempty"`
}

// Entities compares the entities of two plans of the same rules (a Karzoral and a Pathfinder
// plan share only their settings). Removed entities come first in old order, then added and
// changed ones in new order; within a change, properties in a fixed order. oldPos and newPos map
// keys to declaration positions (Declarations); a key without one gets none.
func Entities(old, new *plan.Plan, oldPos, newPos map[string]diag.Pos) []EntityChange {
	return compare(entities(old), entities(new), oldPos, newPos)
}

// compare lists what differs between the entities a (old) and b (new), as Entities.
func compare(a, b []entity, oldPos, newPos map[string]diag.Pos) []EntityChange {
	inB := map[string]entity{}
	for _, e := range b {
		inB[e.Key] = e
	}
	inA := map[string]entity{}
	var out []EntityChange
	for _, e := range a {
		inA[e.Key] = e
		if _, ok := inB[e.Key]; !ok {
			out = append(out, EntityChange{Key: e.Key, Change: Removed, Old: oldPos[e.Key]})
		}
	}
	for _, e := range b {
		o, ok := inA[e.Key]
		if !ok {
			out = append(out, EntityChange{Key: e.Key, Change: Added, New: newPos[e.Key]})
			continue
		}
		fs := fieldDiffs(o.Fields, e.Fields)
		if e.Key == "settings" {
			// Each setting is its own entry, at its own declaration ("days.limit").
			for _, f := range fs {
				out = append(out, EntityChange{Key: f.Field, Change: Changed, Old: settingPos(oldPos, f.Field), New: settingPos(newPos, f.Field),
					Fields: []FieldDiff{{Field: "value", Old: f.Old, New: f.New}}})
			}
			continue
		}
		if len(fs) > 0 {
			out = append(out, EntityChange{Key: e.Key, Change: Changed, Old: oldPos[e.Key], New: newPos[e.Key], Fields: fs})
		}
	}
	return out
}

// fieldDiffs lists the properties whose values differ, in the order of a then those only in b.
func fieldDiffs(a, b []Field) []FieldDiff {
	bv := map[string]string{}
	for _, f := range b {
		bv[f.Name] = f.Value
	}
	av := map[string]bool{}
	var out []FieldDiff
	for _, f := range a {
		av[f.Name] = true
		if v := bv[f.Name]; v != f.Value {
			out = append(out, FieldDiff{Field: f.Name, Old: f.Value, New: v})
		}
	}
	for _, f := range b {
		if !av[f.Name] {
			out = append(out, FieldDiff{Field: f.Name, New: f.Value})
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// settingPos finds a setting's declaration: the key itself, or the nearest enclosing one
// ("party.pcs.Aria" -> "party.pcs" -> "party"; "episodes[2]" -> "episodes").
func settingPos(m map[string]diag.Pos, key string) diag.Pos {
	if i := strings.IndexByte(key, '['); i >= 0 {
		key = key[:i]
	}
	for key != "" {
		if p, ok := m[key]; ok {
			return p
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return diag.Pos{}
}
