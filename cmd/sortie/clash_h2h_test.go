package main

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/clash"
)

// TestTacticalHeadToHead (issue 29, item 4): the tactical policy plays today's version of
// itself, tactical-v1 (every option listed and scored, none of the speed work's shortcuts), on
// each bundled clash battle: 1,000 seeds with tactical as the first side and the same 1,000 with
// the sides swapped, 2,000 battles a battle file. The new policy must win at least as often as
// tactical-v1. The log gives each battle's counts and the 95% Wilson interval of the new policy's
// share of the decided battles (a draw is neither's).
func TestTacticalHeadToHead(t *testing.T) {
	if testing.Short() {
		t.Skip("8,000 battles")
	}
	const seeds = 1000
	for _, name := range []string{"bridge", "field", "hill", "picket"} {
		t.Run(name, func(t *testing.T) {
			cl, list, err := compiler.CompileClash([]string{repo(t, "scenarios", "clash", name)}, compiler.Options{})
			if err != nil || list.HasErrors() {
				t.Fatal(err, list)
			}
			s, err := clash.NewSetup(cl, clashrules.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var newWins, oldWins, draws int
			for seed := uint64(0); seed < seeds; seed++ {
				for newSide := range 2 {
					sides := [2]clash.Policy{clash.PolicyTacticalV1, clash.PolicyTacticalV1}
					sides[newSide] = clash.PolicyTactical
					r, err := s.Fight(clash.BattleOptions{Seed: seed, Sides: &sides})
					if err != nil {
						t.Fatalf("seed %d, tactical as side %d: %v", seed, newSide, err)
					}
					switch r.Winner {
					case -1:
						draws++
					case newSide:
						newWins++
					default:
						oldWins++
					}
				}
			}
			lo, hi := runner.Wilson(newWins, newWins+oldWins)
			t.Logf("%s: %d battles: tactical won %d, tactical-v1 %d, %d draws; tactical's share of the decided %.3f (95%% interval %.3f-%.3f)",
				name, 2*seeds, newWins, oldWins, draws, float64(newWins)/float64(max(1, newWins+oldWins)), lo, hi)
			if newWins < oldWins {
				t.Errorf("tactical won %d battles, tactical-v1 %d: the new policy plays worse", newWins, oldWins)
			}
		})
	}
}
