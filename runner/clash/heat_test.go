package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
)

type mapSink struct{ maps []*MapEvent }

func (m *mapSink) Write(e runner.Event) error {
	if x, ok := e.(*MapEvent); ok {
		m.maps = append(m.maps, x)
	}
	return nil
}

// The simulation's heat map of a clash battle is the maps the transcript prints: for each unit
// and square, the rounds whose end-of-round map (U-59 (1)) shows the unit's letter there, counted
// here from the printed rows (two characters a square after a 4-character row label), and one
// tick a round (HeatDays: the maps printed). The same seed fights the same battle in sortie battle
// and in run 0 of a simulation seeded so (RunSeed(S, 0) = S).
func TestHeatMapIsTheMap(t *testing.T) {
	c := newClash([]string{"......", "......", "..**..", "......"}, []plan.Creature{soldier(), archer()},
		[]ub{{id: "spears", typ: "regiment", cfg: "march", side: 0, cr: 0, at: [][2]int{{0, 1}, {0, 2}}},
			{id: "bows", typ: "skirmisher", side: 1, cr: 1, at: [][2]int{{5, 0}, {5, 3}}}}, nil)
	c.Units[0].Mark, c.Units[1].Mark = "S", "b"
	c.Objectives = []plan.ClashObjective{
		{ID: "w", Side: 0, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 1, VP: 10}}},
		{ID: "e", Side: 1, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 0, VP: 10}}},
	}
	s := mustSetup(t, c, clashrules.Options{})
	for _, seed := range []uint64{3, 8} {
		sink := &mapSink{}
		if _, err := s.Fight(BattleOptions{Seed: seed, Policy: PolicyTactical, Sink: sink}); err != nil {
			t.Fatal(err)
		}
		if len(sink.maps) == 0 {
			t.Fatal("no map printed")
		}
		want := map[runner.Key]int{}
		marks := map[byte]string{'S': "spears", 'b': "bows"}
		for _, m := range sink.maps {
			grid := m.Rows[len(m.Rows)-c.Grid.Height:]
			for y, row := range grid {
				for x := 0; 4+2*x < len(row); x++ {
					if u, ok := marks[row[4+2*x]]; ok {
						want[runner.Key{Kind: u, ID: squareID(x, y)}]++
					}
				}
			}
		}
		if len(want) < 4 {
			t.Fatalf("seed %d: the maps show %d unit squares, want at least the 4 stands", seed, len(want))
		}
		tl, err := runner.Simulate(BattleSubject(s, PolicyTactical, true), runner.SimOptions{Runs: 1, Seed: seed, Workers: 1, Policy: PolicyMaker(PolicyTactical)})
		if err != nil {
			t.Fatal(err)
		}
		if tl.HeatDays[""] != len(sink.maps) {
			t.Errorf("seed %d: %d ticks, %d maps printed", seed, tl.HeatDays[""], len(sink.maps))
		}
		for k, n := range want {
			if tl.Heat[k] != n {
				t.Errorf("seed %d: %s on %s: heat %d, the maps show it %d times", seed, k.Kind, k.ID, tl.Heat[k], n)
			}
		}
		for k, n := range tl.Heat {
			if want[k] != n {
				t.Errorf("seed %d: %s on %s: heat %d, the maps show it %d times", seed, k.Kind, k.ID, n, want[k])
			}
		}
	}
}
