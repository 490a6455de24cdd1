package pathfinder_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

func orcHorde(t *testing.T) *plan.Battle {
	t.Helper()
	b, list, err := compiler.CompileBattle([]string{"../../scenarios/pathfinder/orc-horde"}, compiler.Options{})
	if err != nil || b == nil || list.HasErrors() {
		t.Fatalf("orc-horde: %v %v", err, list)
	}
	return b
}

func tacticShare(r *pathfinder.Rates, army, tactic string) int {
	for _, a := range r.Armies {
		if a.ID != army {
			continue
		}
		for _, u := range a.Tactics {
			if u.Tactic == tactic {
				return u.Battles
			}
		}
	}
	return 0
}

// sortie battle --runs plays the tactics the armies know (the militia Defensive Wall, the orcs
// Relentless Brutality, in every battle), and says so; --policy first is the default Policy (the
// first choices are its own), the same rates to the battle; standard keeps every army on Standard.
func TestBattleRatesPolicies(t *testing.T) {
	b := orcHorde(t)
	const n = 2000
	def, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Seed: 7, Runs: n})
	if err != nil {
		t.Fatal(err)
	}
	if tacticShare(def, "militia", "Defensive Wall") != n || tacticShare(def, "orcs", "Relentless Brutality") != n {
		t.Errorf("the default policy does not use the listed tactics: %+v", def.Armies)
	}
	// --policy first takes the engine's fast path with its Policy: the same rates as runner.First
	// answering every request of the engine's slow path.
	sub, err := pathfinder.BattleSubject(b, pfarmy.Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := runner.Simulate(sub, runner.SimOptions{Runs: n, Seed: 7, Workers: 1, Policy: runner.NamedPolicy("first")})
	if err != nil {
		t.Fatal(err)
	}
	if first := pathfinder.RatesOf(b, 7, tl); !reflect.DeepEqual(def, first) {
		t.Errorf("runner.First differs from the default Policy:\n%+v\n%+v", def, first)
	}
	if first, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Seed: 7, Runs: n, Policy: "first", Workers: 1}); err != nil || !reflect.DeepEqual(def, first) {
		t.Errorf("--policy first differs from the default: %v", err)
	}
	std, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Seed: 7, Runs: n, Policy: "standard"})
	if err != nil {
		t.Fatal(err)
	}
	if tacticShare(std, "militia", "Standard") != n || tacticShare(std, "militia", "Defensive Wall") != 0 {
		t.Errorf("standard: %+v", std.Armies)
	}
	if old, err := pathfinder.RunBattleRates(b, 7, n, pfarmy.Options{}); err != nil || !reflect.DeepEqual(old, def) {
		t.Errorf("RunBattleRates is RunBattleRatesWith's default: %v", err)
	}
	if _, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Runs: 1, Policy: "bold"}); err == nil {
		t.Error("an unknown policy is an error")
	}
}

// A script makes every battle's choices from its first entry: the militia's Tactics Phase choice
// is Standard in all of them; the rest is the default policy's (the orcs keep their tactic). A
// script that does not fit stops the runs with its X001.
func TestBattleRatesScript(t *testing.T) {
	b := orcHorde(t)
	s, list := runner.ParseScript("s.yaml", []byte("- {tactic: standard}\n"))
	if s == nil || list.HasErrors() {
		t.Fatal(list)
	}
	r, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Seed: 3, Runs: 500, Script: s})
	if err != nil {
		t.Fatal(err)
	}
	if tacticShare(r, "militia", "Standard") != 500 || tacticShare(r, "militia", "Defensive Wall") != 0 ||
		tacticShare(r, "orcs", "Relentless Brutality") != 500 {
		t.Errorf("scripted rates: %+v", r.Armies)
	}
	// Each battle has its own copy of the script (the driver's workers play battles at once): the
	// rates are the same on one worker and on three, with the random policy after the script too.
	for _, pol := range []string{"", "random"} {
		one, err1 := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Seed: 3, Runs: 300, Script: s, Policy: pol, Workers: 1})
		three, err3 := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Seed: 3, Runs: 300, Script: s, Policy: pol, Workers: 3})
		if err1 != nil || err3 != nil || !reflect.DeepEqual(one, three) {
			t.Errorf("policy %q: 1 and 3 workers differ (%v, %v):\n%+v\n%+v", pol, err1, err3, one, three)
		}
		if tacticShare(one, "militia", "Standard") != 300 {
			t.Errorf("policy %q: the script's tactic in every battle: %+v", pol, one.Armies)
		}
	}
	bad, _ := runner.ParseScript("bad.yaml", []byte("- {tactic: taunt}\n"))
	var de *runner.DecisionError
	if _, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Runs: 5, Script: bad}); !errors.As(err, &de) {
		t.Errorf("a script that does not fit: %v", err)
	}
	if _, err := pathfinder.RunBattleRatesWith(b, pathfinder.RatesOptions{Runs: 5, Script: s, Policy: "standard"}); err == nil {
		t.Error("standard with a script is an error")
	}
}
