package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

func fieldBattle() *plan.Clash {
	rows := []string{
		"............",
		"......**....",
		"............",
		"............",
		"....::......",
		"............",
	}
	c := newClash(rows, []plan.Creature{soldier(), archer(), ogre(), hero(), mage()}, []ub{
		{id: "pikes", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 1}, {1, 2}, {1, 3}, {1, 4}}, cmd: 1},
		{id: "bows", side: 0, typ: "skirmisher", cr: 1, at: [][2]int{{0, 1}, {0, 3}}},
		{id: "orcs", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{10, 1}, {10, 2}, {10, 3}, {10, 4}}},
		{id: "ogres", side: 1, typ: "regiment", cr: 2, at: [][2]int{{8, 0}, {8, 4}}},
	}, []plan.ClashSolo{
		{ID: "aldo", Side: 0, Creature: 3, Unit: 0, Stand: 1, PC: true},
		{ID: "zara", Side: 1, Creature: 4, Unit: -1, At: [2]int{11, 0}},
	})
	c.Objectives = []plan.ClashObjective{
		{ID: "w", Side: 0, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 2, VP: 5}, {Unit: 3, VP: 5}}},
		{ID: "e", Side: 1, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 0, VP: 5}, {Unit: 1, VP: 5}}},
	}
	return c
}

// TestSmoke fights the field battle with seed 3: it ends, its end state agrees with its result
// (endInvariants), its log ends with that result, the plan is as it was, and the same seed gives
// the same log again.
func TestSmoke(t *testing.T) {
	c := fieldBattle()
	before := planBytes(t, c)
	s := mustSetup(t, c, clashrules.Options{})
	var texts [2]string
	for k := range texts {
		b := NewBattle(s)
		var l Log
		b.Reset(Config{Seed: 3, Rec: &l})
		r, err := b.Run()
		if err != nil {
			t.Fatal(err)
		}
		if bad := endInvariants(b, r); bad != "" {
			t.Fatalf("%s\n%+v\n%s", bad, r, logText(&l))
		}
		end, ok := l.Events[len(l.Events)-1].(*BattleEndEvent)
		if !ok || end.Rounds != r.Rounds || end.VP != r.VP || end.Outcome != r.Outcome.String() {
			t.Fatalf("the log's last event %+v, the result %+v", l.Events[len(l.Events)-1], r)
		}
		texts[k] = logText(&l)
	}
	if texts[0] != texts[1] {
		t.Error("seed 3 fought twice gave two logs")
	}
	if after := planBytes(t, c); string(after) != string(before) {
		t.Error("the battle changed its plan")
	}
}
