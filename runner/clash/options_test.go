package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Every option name SetOption takes is listed, with its Default first, and a wrong value is named
// in the error.
func TestOptionTable(t *testing.T) {
	seen := map[string]bool{}
	for _, info := range clashrules.OptionList() {
		if seen[info.Name] {
			t.Errorf("option %s listed twice", info.Name)
		}
		seen[info.Name] = true
		var o clashrules.Options
		if info.Choices != nil {
			if err := o.SetOption(info.Name, info.Choices[0]); err != nil || o != (clashrules.Options{}) {
				t.Errorf("%s=%s (the Default) changed the options or failed: %v", info.Name, info.Choices[0], err)
			}
			if err := o.SetOption(info.Name, "bogus"); err == nil || !strings.Contains(err.Error(), info.Choices[0]) {
				t.Errorf("%s=bogus: %v", info.Name, err)
			}
		} else if err := o.SetOption(info.Name, "0"); err == nil {
			t.Errorf("%s=0 accepted (bounds %d..%d)", info.Name, info.Min, info.Max)
		}
		if !strings.HasPrefix(info.Rule, "U-") {
			t.Errorf("%s: rule %q", info.Name, info.Rule)
		}
	}
	if err := new(clashrules.Options).SetOption("overflw", "chain"); err == nil || !strings.Contains(err.Error(), "unknown option") {
		t.Errorf("an unknown option: %v", err)
	}
	if len(seen) < 40 {
		t.Errorf("%d options: every Ambiguity Default of Part U is one", len(seen))
	}
}

// U-6 StandHP: a stand has one creature's hp (10), or ten's (100) with StandHPTen. U-3 SpeedScale
// Speed20ft: 30 ft -> max(1, floor(30 / 20)) = 1 square.
func TestStandHPAndSpeedScaleU6U3(t *testing.T) {
	cl := newClash(open(6, 2), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", at: [][2]int{{5, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{StandHP: clashrules.StandHPTen, SpeedScale: clashrules.Speed20ft}))
	b.Reset(Config{})
	if b.st[0].hp != 100 || b.speedOfStand(0, false) != 1 {
		t.Errorf("hp %d speed %d, want 100 and 1", b.st[0].hp, b.speedOfStand(0, false))
	}
}

// U-30 SolosLock: an adjacent enemy solo does not lock a stand (Default) unless SolosLock.
func TestSolosLockU30(t *testing.T) {
	for _, tc := range []struct {
		o    clashrules.Options
		ends int
	}{{clashrules.Options{}, 2}, {clashrules.Options{SolosLock: clashrules.Yes}, 1}} {
		cl := newClash(open(3, 1), []plan.Creature{soldier(), hero()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{1, 0}}},
		}, []plan.ClashSolo{{ID: "h", Side: 1, Creature: 1, Unit: -1, At: [2]int{2, 0}}})
		b := NewBattle(mustSetup(t, cl, tc.o))
		b.Reset(Config{})
		m := b.moverOfStand(0, false)
		b.reach(&m, 1, 0, 6)
		if len(b.mv.ends) != tc.ends {
			t.Errorf("%+v: %d ends, want %d", tc.o, len(b.mv.ends), tc.ends)
		}
	}
}

// U-31: a stand may pass through an unattached allied solo's square (Default), not with
// AlliedSolosBlock; with EnemySizeDifference it may pass (not end) through an enemy two or more
// sizes apart: a Large ogre stand over a Tiny enemy solo (Default: never into an enemy's square).
func TestPassThroughSolosU31(t *testing.T) {
	rows := []string{"...", "~.~", "..."}
	cl := newClash(rows, []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{1, 0}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{1, 1}}})
	for _, tc := range []struct {
		o       clashrules.Options
		reached bool
	}{{clashrules.Options{}, true}, {clashrules.Options{AlliedSolos: clashrules.AlliedSolosBlock}, false}} {
		b := NewBattle(mustSetup(t, cl, tc.o))
		b.Reset(Config{})
		m := b.moverOfStand(0, false)
		b.reach(&m, 1, 0, 6)
		// 1,2 lies past the solo's square 1,1 (deep water on both sides of it).
		if got := b.mv.cost[2*3+1] >= 0; got != tc.reached {
			t.Errorf("%+v: 1,2 reached %v, want %v", tc.o, got, tc.reached)
		}
	}
	tiny := hero()
	tiny.ID, tiny.Size = "sprite", plan.SizeTiny
	cl = newClash(rows, []plan.Creature{ogre(), tiny}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{1, 0}}},
	}, []plan.ClashSolo{{ID: "s", Side: 1, Creature: 1, Unit: -1, At: [2]int{1, 1}}})
	cl.Grid = plan.ClashGrid{Width: 3, Height: 4, Rows: []string{"...", "...", "...", "..."}}
	cl.Units[0].Stands[0].At = [2]int{0, 0}
	cl.Solos[0].At = [2]int{0, 2}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{EnemySquares: clashrules.EnemySizeDifference}))
	b.Reset(Config{})
	m := b.moverOfStand(0, true)
	b.reach(&m, 0, 0, 8)
	for _, q := range b.mv.ends {
		if overlap(box{q % 3, q / 3, 2}, box{0, 2, 1}) {
			t.Errorf("the ogre stand may end on the sprite's square")
		}
	}
	if b.mv.cost[2*3+0] < 0 {
		t.Errorf("EnemySizeDifference: the Large stand cannot pass over the Tiny enemy (0,2)")
	}
}

// U-81 SingleStand: a unit's only stand is never isolated (Default), always with SingleIsolated.
// U-15 SkirmisherSpread: a skirmisher stand 3 squares from its unit's other is isolated at 2, not
// at 3.
func TestIsolationOptionsU81U8(t *testing.T) {
	cl := newClash(open(8, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}}},
		{id: "s", side: 0, typ: "skirmisher", at: [][2]int{{3, 0}, {6, 0}}},
	}, nil)
	for _, tc := range []struct {
		o            clashrules.Options
		single, skir bool
	}{{clashrules.Options{}, false, true}, {clashrules.Options{SingleStand: clashrules.SingleIsolated, SkirmisherSpread: 3}, true, false}} {
		b := NewBattle(mustSetup(t, cl, tc.o))
		b.Reset(Config{})
		if b.isolatedStand(0) != tc.single || b.isolatedStand(1) != tc.skir {
			t.Errorf("%+v: single %v skirmisher %v, want %v %v", tc.o, b.isolatedStand(0), b.isolatedStand(1), tc.single, tc.skir)
		}
	}
}

// U-52 WeaponsHitJoined: with it, a weapon attack on a stand also hits a joined solo whose AC the
// roll beats: d20 15 + 3 = 18 >= the hero's 16: 1d6 3 + 1 = 4 to both.
func TestWeaponsHitJoinedU52(t *testing.T) {
	for _, tc := range []struct {
		o  clashrules.Options
		hp int32
	}{{clashrules.Options{}, 40}, {clashrules.Options{WeaponsHitJoined: clashrules.Yes}, 36}} {
		cl := newClash(open(4, 1), []plan.Creature{soldier(), hero()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", at: [][2]int{{1, 0}}},
		}, []plan.ClashSolo{{ID: "h", Side: 1, Creature: 1, Unit: 1, Stand: 0}})
		b := NewBattle(mustSetup(t, cl, tc.o))
		b.Reset(Config{Dice: script(t, 15, 3)})
		at := b.standActor(0)
		b.attack(&at, 0, Ref{RefStand, 1}, false)
		if b.so[0].hp != tc.hp {
			t.Errorf("%+v: joined solo %d hp, want %d", tc.o, b.so[0].hp, tc.hp)
		}
	}
}

// U-57 HealRemoved: a healed casualty stays a casualty.
func TestHealRemovedU57(t *testing.T) {
	cl := newClash(open(4, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{HealCasualty: clashrules.HealRemoved}))
	b.Reset(Config{})
	b.damage(Ref{RefStand, 0}, 20, 1, false, "test")
	b.heal(Ref{RefStand, 0}, 5)
	if !b.st[0].cas {
		t.Errorf("HealRemoved: the casualty was healed")
	}
}

// U-66 AttritionBroken: a unit that breaks scores its attrition VP then (once).
func TestAttritionBrokenU66(t *testing.T) {
	cl := newClash(open(6, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}, {1, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", at: [][2]int{{5, 0}}},
	}, nil)
	cl.Objectives = []plan.ClashObjective{{ID: "kill", Side: 1, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 0, VP: 4}}}}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{Attrition: clashrules.AttritionBroken}))
	b.Reset(Config{Dice: script(t, 1)})
	b.removeStand(0, false)
	b.morale() // 1 of 2 lost: d20 1 + 0 fails: broken
	b.removeStand(1, false)
	if b.vp[1] != 4 {
		t.Errorf("VP %d, want 4 (scored once, when it broke)", b.vp[1])
	}
}

// U-84 CoreActions: solos may Dodge by default, units only with CoreAll, nobody with CoreNone.
func TestCoreActionsU84(t *testing.T) {
	cl := newClash(open(4, 1), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{2, 0}}})
	for _, tc := range []struct {
		o          clashrules.Options
		unit, solo bool
	}{{clashrules.Options{}, false, true}, {clashrules.Options{CoreActions: clashrules.CoreAll}, true, true}, {clashrules.Options{CoreActions: clashrules.CoreNone}, false, false}} {
		b := NewBattle(mustSetup(t, cl, tc.o))
		b.Reset(Config{})
		if b.actionLegal(0, -1, ActDodge) != tc.unit || b.actionLegal(-1, 0, ActDodge) != tc.solo {
			t.Errorf("%+v: dodge unit %v solo %v", tc.o, b.actionLegal(0, -1, ActDodge), b.actionLegal(-1, 0, ActDodge))
		}
	}
}
