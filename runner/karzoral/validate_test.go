package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

func TestValidateRejectsBadPlans(t *testing.T) {
	for name, mut := range map[string]func(p *plan.Plan){
		"no episodes":  func(p *plan.Plan) { p.Episodes = nil },
		"bad start":    func(p *plan.Plan) { p.Party.Start = 99 },
		"bad route":    func(p *plan.Plan) { p.Armies[0].Route = []int{42} },
		"empty route":  func(p *plan.Plan) { p.Armies[0].Route = nil },
		"bad exit":     func(p *plan.Plan) { p.Field.Blocks[0].Exits[1].To = 99 },
		"bad flag":     func(p *plan.Plan) { p.Events[1].Do[1].Flag = 9 },
		"bad not":      func(p *plan.Plan) { p.Events[4].If.Args = nil },
		"bad version":  func(p *plan.Plan) { p.Version = 99 },
		"bad raid":     func(p *plan.Plan) { p.NightRaid = 5 },
		"hex grid":     func(p *plan.Plan) { p.Field.Grid = "hex" },
		"zero days":    func(p *plan.Plan) { p.DayLimit = 0 },
		"bad cond op":  func(p *plan.Plan) { p.Objectives[0].When.Op = 42 },
		"bad act op":   func(p *plan.Plan) { p.Events[0].Do[0].Op = 42 },
		"bad box":      func(p *plan.Plan) { p.Field.Blocks[0].Box = 3 },
		"bad encount":  func(p *plan.Plan) { p.Armies[0].Encounter = 3 },
		"bad army ref": func(p *plan.Plan) { p.Objectives[1].When.Args[2].Army = -2 },
		// Hand-edited plans (found by a newcomer's review): exits must match the coordinates.
		"no exits":       func(p *plan.Plan) { p.Field.Blocks[0].Exits = [4]plan.Exit{} },
		"teleport exit":  func(p *plan.Plan) { p.Field.Blocks[0].Exits[plan.East].To = 10 },
		"same place":     func(p *plan.Plan) { p.Field.Blocks[1].At = p.Field.Blocks[0].At },
		"no members":     func(p *plan.Plan) { p.Party.Members = 0 },
		"speed 0":        func(p *plan.Plan) { p.Armies[0].Speed = 0 },
		"volcano":        func(p *plan.Plan) { p.Field.Blocks[3].Kind = "volcano" },
		"no monsters":    func(p *plan.Plan) { p.Encounters[0].Monsters = nil },
		"negative count": func(p *plan.Plan) { p.Encounters[0].Monsters[0].Count = -1 },
		"bad support":    func(p *plan.Plan) { p.Armies[0].Support = []string{"garbage(("} },
	} {
		p := field01()
		mut(p)
		if _, err := New(p); err == nil {
			t.Errorf("%s: New accepted the plan", name)
		}
	}
	if _, err := New(field01()); err != nil {
		t.Errorf("field01: %v", err)
	}
}
