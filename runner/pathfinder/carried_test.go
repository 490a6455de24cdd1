package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Carried into a battle from the days before (a hex run, hexdisease.go): energy drain ("it reduces
// the enemy's OM and DV by 1 for 24 hours") and disease ("a cumulative -1 penalty to its OM and DV
// each day after the battle"), both on B (Medium CR 10: OM 10, DV 20, hp 65). Both roll 15 in the
// one Melee Phase (MaxPhases 2). With 2 carried: A's 15 + 10 = 25 against DV 20 - 2 = 18 deals 7
// (B 58); B's 15 + 10 - 2 = 23 against DV 20 deals 3 (A 62). Nothing carried: 5 each (60, 60). The
// rows itemise "energy drain -2" or "disease -2"; a diseased mark with no penalty yet changes no
// figure and is kept (State.Diseased).
func TestCarriedDrainAndDisease(t *testing.T) {
	for _, c := range []struct {
		name           string
		drain, disease int
		diseased       bool
		wantA, wantB   int
	}{
		{"drain 2", 2, 0, false, 62, 58},
		{"disease 2", 0, 2, true, 62, 58},
		{"marked, no penalty yet", 0, 0, true, 60, 60},
		{"nothing", 0, 0, false, 60, 60},
	} {
		s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[1].Drain, s.Armies[1].Disease, s.Armies[1].Diseased = c.drain, c.disease, c.diseased
		ha, hb, b, log := playHP(t, s, &chooser{}, 15, 15)
		if ha != c.wantA || hb != c.wantB || b.State(1).Diseased != c.diseased || b.State(1).Drain != c.drain {
			dumpLog(t, log)
			t.Errorf("%s: hp A %d B %d, diseased %t, drain %d; want %d %d, %t, %d", c.name, ha, hb,
				b.State(1).Diseased, b.State(1).Drain, c.wantA, c.wantB, c.diseased, c.drain)
		}
	}
}
