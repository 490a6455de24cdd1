package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
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

func TestSmoke(t *testing.T) {
	s := mustSetup(t, fieldBattle(), Options{})
	b := NewBattle(s)
	var l Log
	b.Reset(Config{Seed: 3, Rec: &l})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v\n%s", r, logText(&l))
}
