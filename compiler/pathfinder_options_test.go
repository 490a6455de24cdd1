package compiler

import (
	"fmt"
	"slices"
	"sort"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// B4 (issue 20): the schema's #PFOptions are the engine's (pfarmy.OptionNames): every option a
// Pathfinder scenario or battle may set, P-10's tacticsLimit included, with the same choices in
// the same order (the Default first). maxPhases is a number, not a choice.
func TestPathfinderOptionsMatchEngine(t *testing.T) {
	ctx := cuecontext.New()
	def, err := compileDef(ctx, "#PFOptions")
	if err != nil {
		t.Fatal(err)
	}
	schema := map[string][]string{}
	it, err := def.Fields(cue.Optional(true))
	if err != nil {
		t.Fatal(err)
	}
	for it.Next() {
		var s []string
		if vals, ok := enumValues(it.Value()); ok {
			for _, x := range vals {
				str, _ := x.String()
				s = append(s, str)
			}
		}
		schema[it.Selector().Unquoted()] = s
	}
	engine := pfarmy.OptionNames()
	var names []string
	for n := range engine {
		names = append(names, n)
	}
	for n := range schema {
		if _, ok := engine[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		s, inSchema := schema[n]
		e, inEngine := engine[n]
		switch {
		case !inSchema:
			t.Errorf("option %s: the engine takes it, schema/pathfinder.cue's #PFOptions lacks it (S001 for a file that sets it)", n)
		case !inEngine:
			t.Errorf("option %s: in #PFOptions, unknown to the engine", n)
		case !slices.Equal(s, e):
			t.Errorf("option %s: schema %v, engine %v", n, s, e)
		}
	}
	// P-10 by hand: tacticsLimit is "roundUp" (the Default) or "floor".
	if got := fmt.Sprint(schema["tacticsLimit"]); got != "[roundUp floor]" {
		t.Errorf("tacticsLimit in the schema: %s, want [roundUp floor]", got)
	}
}
