package pathfinder_test

import (
	"reflect"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// battle --runs through the simulation driver: the rates add up (every battle has one winner or
// none; an army's fates are at most its battles) and do not depend on the workers; with detail
// the tally sees each army's tactic in every battle.
func TestBattleSubject(t *testing.T) {
	b, list, err := compiler.CompileBattle([]string{"scenarios/pathfinder/orc-horde"}, compiler.Options{WorkDir: "../.."})
	if err != nil || b == nil {
		t.Fatal(err, list)
	}
	r, err := pathfinder.RunBattleRates(b, 7, 2000, pfarmy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Wins[0]+r.Wins[1]+r.NoWinner != 2000 || r.Phases < 3*2000 {
		t.Errorf("rates %+v", r)
	}
	for _, a := range r.Armies {
		if a.Routed+a.Destroyed+a.Withdrawn > 2000 {
			t.Errorf("army %+v", a)
		}
	}
	s, err := pathfinder.BattleSubject(b, pfarmy.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	var tallies []*runner.Tally
	for _, w := range []int{1, 4} {
		tl, err := runner.Simulate(s, runner.SimOptions{Runs: 500, Seed: 7, Workers: w, Policy: pathfinder.DefaultPolicy})
		if err != nil {
			t.Fatal(err)
		}
		tallies = append(tallies, tl)
	}
	if !reflect.DeepEqual(tallies[0], tallies[1]) {
		t.Error("1 and 4 workers differ")
	}
	tl := tallies[0]
	// The first 500 battles of the rates are the same battles (seeds 7..506).
	r500, _ := pathfinder.RunBattleRates(b, 7, 500, pfarmy.Options{})
	if got := pathfinder.RatesOf(b, 7, tl); !reflect.DeepEqual(got, r500) {
		t.Errorf("detail changes the battles:\n%+v\n%+v", got, r500)
	}
	// Every army picks a tactic in each battle's Tactics Phase (P-22): each is seen using one.
	for _, a := range b.Armies {
		used := 0
		for k, c := range tl.Covered {
			if k.Kind == pathfinder.CoverTactic && len(k.ID) > len(a.ID) && k.ID[:len(a.ID)+2] == a.ID+": " {
				used += c.Runs
			}
		}
		if used < 500 {
			t.Errorf("army %s: tactics seen in %d battle-runs, want at least 500", a.ID, used)
		}
	}
}
