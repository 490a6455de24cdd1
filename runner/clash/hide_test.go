package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-50: 「視認困難な地形や、照明の欠如といった状態によって、ユニット内の一部のスタンドは隠れよう
// と試みることができるが、別のスタンドはできない」. A skirmisher stand at 3,0 with an enemy stand 2
// squares off (5,0: 2 <= 2, in clear sight) cannot try in bright light; it can with its square
// heavily obscured (obscured: [3]), or in darkness; dim light alone does not let it (lightly
// obscured [5E-CORE]). Its fellow at 0,0 (5 squares from the enemy) can always try.
func TestHideWhereU50(t *testing.T) {
	for _, tc := range []struct {
		light    string
		obscured []int
		want     bool
	}{
		{"", nil, false},
		{"", []int{3}, true},
		{plan.LightDark, nil, true},
		{plan.LightDim, nil, false},
	} {
		cl := newClash(open(6, 1), []plan.Creature{archer(), soldier()}, []ub{
			{id: "s", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{3, 0}, {0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 0}}},
		}, nil)
		cl.Grid.Light, cl.Grid.Obscured = tc.light, tc.obscured
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		b.Reset(Config{})
		if got := b.canHide(b.standBox(0), 0); got != tc.want {
			t.Errorf("light %q obscured %v: stand at 3,0 may hide %v, want %v", tc.light, tc.obscured, got, tc.want)
		}
		if !b.canHide(b.standBox(1), 0) {
			t.Errorf("light %q: the stand 5 squares off may not hide", tc.light)
		}
	}
}

// U-80 [5E-CORE]: in dim light a watcher has disadvantage on Wisdom (Perception): -5 to its passive
// score. A hidden stand with a Stealth total of 12; the enemy soldiers' passive Perception is
// 10 + 0 = 10 (+ 5 for a keen one, 15). Bright: 15 > 12 finds it; dim: 15 - 5 = 10, not > 12: it
// stays hidden.
func TestSpotInDimLightU80(t *testing.T) {
	for _, tc := range []struct {
		light string
		found bool
	}{{"", true}, {plan.LightDim, false}} {
		keen := soldier()
		keen.Skills.Perception = 5
		cl := newClash(open(6, 1), []plan.Creature{archer(), keen}, []ub{
			{id: "s", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 0}}},
		}, nil)
		cl.Grid.Light = tc.light
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		b.Reset(Config{})
		b.st[0].hidden, b.st[0].stealth = true, 12
		b.spot(1, 1, -1)
		if found := !b.st[0].hidden; found != tc.found {
			t.Errorf("light %q: found %v, want %v", tc.light, found, tc.found)
		}
	}
	cl := newClash(open(6, 1), []plan.Creature{archer()}, []ub{
		{id: "s", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "skirmisher", cr: 0, at: [][2]int{{5, 0}}},
	}, nil)
	cl.Grid.Light = "twilight"
	if _, err := NewSetup(cl, clashrules.Options{}); err == nil {
		t.Errorf("light twilight accepted")
	}
}
