package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

// TestOneRegistry: the commands' table (offers) is the compiler's registry (compiler.Kinds), entry
// for entry and in its order, with nothing declared beside it; and what the compiler cannot hold
// is here for every entry: each policy an entry offers is one every engine plays (first, random,
// explore) or its engine's own (ownPolicies), a battle entry's engine has its commands' code
// (battleEngines), and its example is a bundled file. Issue 20: "one
// registry entry per rule system and file kind declares what it offers".
func TestOneRegistry(t *testing.T) {
	kinds := compiler.Kinds()
	if len(kinds) < 5 {
		t.Fatalf("compiler.Kinds: %d entries (%v), want Karzoral's scenario and campaign, Pathfinder's scenario and battle and clash's battle at least", len(kinds), kinds)
	}
	if len(offers) != len(kinds) {
		t.Fatalf("offers: %d entries, compiler.Kinds %d", len(offers), len(kinds))
	}
	for i, k := range kinds {
		o := offerOf(k.Rules, k.Kind)
		if o == nil || o != &offers[i] {
			t.Errorf("offerOf(%s, %s) is not the registry's entry %d", k.Rules, k.Kind, i)
			continue
		}
		for _, p := range o.Policies {
			if !slices.Contains(everyEnginePolicies, p) && ownPolicies[o.Engine][p] == nil {
				t.Errorf("%s %s offers policy %s: not one every engine plays (%v), and engine %q has no such policy of its own", o.Rules, o.Kind, p, everyEnginePolicies, o.Engine)
			}
		}
		if _, ok := battleEngines[o.Engine]; o.Kind == "battle" && !ok {
			t.Errorf("%s battle files: engine %q has no entry in battleEngines (what simulate, graph, test, diff and replay do with its battles)", o.Rules, o.Engine)
		}
		for _, f := range []string{o.Example, o.TestsIn} {
			if f == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(f))); err != nil {
				t.Errorf("%s %s: bundled file %s: %v", o.Rules, o.Kind, f, err)
			}
		}
	}
	for engine, ps := range ownPolicies {
		for name := range ps {
			used := false
			for _, o := range offers {
				used = used || o.Engine == engine && o.hasPolicy(name)
			}
			if !used {
				t.Errorf("ownPolicies[%s][%s]: no entry of engine %s offers it", engine, name, engine)
			}
		}
	}
	if got, want := ruleSystems(), []string{"karzoral", "pathfinder", "clash"}; !slices.Equal(got, want) {
		t.Errorf("ruleSystems() = %v, want %v (the compiler's registry order)", got, want)
	}
}

// TestPolicyOfDispatch: a policy is made through the entry (offer.policyOf): refused with the
// entry's own words when it does not offer it, an engine's own for goal and default, and the same
// refusal for a battle's default asked of a scenario as sortie run gives (issue 20: "the policies
// of simulate available to run, campaign run and battle").
func TestPolicyOfDispatch(t *testing.T) {
	pfScenario, clashBattle := offerOf("pathfinder", "scenario"), offerOf("clash", "battle")
	if _, err := pfScenario.policyOf("goal", &simSubject{}); err == nil || err.Error() != "policy goal is not for a pathfinder scenario: goal walks a Karzoral field toward its open objectives; explore tries every choice in turn (want first, random, explore)" {
		t.Errorf("pathfinder scenario, goal: %v", err)
	}
	if _, err := pfScenario.policyOf("default", &simSubject{}); err == nil || err.Error() != "policy default is not for a pathfinder scenario: default is a battle's own commanders; first takes the engine's own choice at every battle question (want first, random, explore)" {
		t.Errorf("pathfinder scenario, default: %v", err)
	}
	if _, err := offerOf("karzoral", "scenario").policyOf("default", &simSubject{}); err == nil || err.Error() != "policy default is not for a karzoral scenario: default is a battle's own commanders; goal plays toward the open objectives (want first, random, explore, goal)" {
		t.Errorf("karzoral scenario, default: %v", err)
	}
	if _, err := clashBattle.policyOf("goal", &simSubject{}); err == nil || err.Error() != "policy goal is not for a clash battle: goal walks a Karzoral field toward its open objectives; for the battle's own commanders use default (want default, first, random, explore)" {
		t.Errorf("clash battle, goal: %v", err)
	}
	if pm, err := clashBattle.policyOf("default", &simSubject{}); err != nil || pm == nil {
		t.Errorf("clash battle, default: %v, %v", pm, err)
	}
}
