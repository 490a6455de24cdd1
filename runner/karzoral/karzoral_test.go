package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// rig is a Decider and Roller for the Karzoral tests: decisions from names, dice from faces. Any
// decision or die beyond the lists fails the test, so every value in a test is worked by hand.
type rig struct {
	answers
	faces []int
	rolls []string // the cause of each die rolled
}

func (g *rig) Roll(r *runner.Request) (int, bool, error) {
	if len(g.faces) == 0 {
		g.t.Fatalf("%s: unexpected die 1d%d for %s", r.Where(), r.Sides, r.Cause)
	}
	f := g.faces[0]
	g.faces = g.faces[1:]
	g.rolls = append(g.rolls, r.Cause)
	return f, true, nil
}

func newRig(t *testing.T, faces []int, names ...string) *rig {
	return &rig{answers: answers{t: t, names: names}, faces: faces}
}

func (g *rig) done(t *testing.T) {
	t.Helper()
	if len(g.names) != 0 || len(g.faces) != 0 {
		t.Errorf("left unused: decisions %v, faces %v", g.names, g.faces)
	}
}

// pcPlan: blocks b0 (a base) .. b{n-1} in a row; PCs Aria (level 3, agility 2, HP 20) and Bram
// (level 3, agility 1, HP 20, defense 3); one day.
func pcPlan(n int) *plan.Plan {
	p := line(n)
	p.Field.Blocks[0].Kind = "base"
	p.DayLimit = 1
	p.Party.PCs = []plan.PC{
		{Name: "Aria", Level: 3, Agility: 2, HP: 20},
		{Name: "Bram", Level: 3, Agility: 1, HP: 20, Defense: 3},
	}
	p.Party.Members = 2
	return p
}

func addBoggards(p *plan.Plan, id string, leader bool) int {
	e := plan.Encounter{ID: id, Monsters: []plan.Monster{{Name: "Boggard", Level: 4, Count: 2}}}
	if leader {
		e.Monsters = append(e.Monsters, plan.Monster{Name: "Chief", Level: 6, Count: 1, Leader: true})
	}
	p.Encounters = append(p.Encounters, e)
	return len(p.Encounters) - 1
}

// K-4: group check modes. 2 of 4 is no strict majority (2*2 > 4 is false) but is "half" with the
// option; 3 of 5 is a majority; any needs one; all needs every one.
func TestGroupSuccessK4(t *testing.T) {
	for _, c := range []struct {
		mode    string
		succ, n int
		half    bool
		want    bool
	}{
		{"any", 1, 5, false, true}, {"any", 0, 5, false, false},
		{"majority", 2, 4, false, false}, {"majority", 2, 4, true, true}, {"majority", 3, 5, false, true},
		{"majority", 2, 5, true, false}, {"all", 4, 4, false, true}, {"all", 3, 4, false, false},
	} {
		if got := groupSuccess(c.mode, c.succ, c.n, c.half); got != c.want {
			t.Errorf("K-4 %s %d/%d half=%v = %v, want %v", c.mode, c.succ, c.n, c.half, got, c.want)
		}
	}
}

// K-87: burden max HP = min(30, 5 x ceil(mean PC level)).
func TestBurdenMaxHPK87(t *testing.T) {
	for _, c := range []struct {
		levels  []int
		angel   int // index of the angel, -1 none
		noAngel bool
		want    int
		worked  string
	}{
		{[]int{3, 4, 4}, -1, false, 20, "mean 11/3 = 3.67, ceil 4, 5 x 4 = 20"},
		{[]int{7, 7}, -1, false, 30, "5 x 7 = 35, capped at 30"},
		{[]int{2, 2, 7}, 2, false, 20, "angel included: ceil(11/3) = 4 -> 20"},
		{[]int{2, 2, 7}, 2, true, 10, "angel left out: ceil(4/2) = 2 -> 10"},
	} {
		p := pcPlan(1)
		p.Party.PCs = nil
		for i, l := range c.levels {
			p.Party.PCs = append(p.Party.PCs, plan.PC{Name: string(rune('A' + i)), Level: l, HP: 10, Angel: i == c.angel})
		}
		p.Party.Burdens = []plan.Burden{{Name: "Cid"}}
		r, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		r.s.resetKarzoral(&Rules{BurdenMeanWithoutAngel: c.noAngel})
		if got := r.s.k.burdens[0].max; got != c.want {
			t.Errorf("K-87 %s: max HP %d, want %d", c.worked, got, c.want)
		}
	}
}

// supportPlan: the party (Aria, Bram, burden Cid) at b0 with the accompanying friendly army f
// (strength 30, support K10@10); the enemy army e (strength 40, support K20+5@10, two level-4
// boggards) holds b1. Objective: e gone, 100 XP.
func supportPlan() *plan.Plan {
	p := pcPlan(2)
	p.Party.Burdens = []plan.Burden{{Name: "Cid"}}
	p.Party.Members = 3
	enc := addBoggards(p, "boggards", false)
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	addArmy(p, "f", "friendly", 30, 1, -1, "b0")
	p.Armies[armyIdx(p, "e")].Support = []string{"K20+5@10"}
	p.Armies[armyIdx(p, "f")].Support = []string{"K10@10"}
	p.Armies[armyIdx(p, "f")].Accompany = true
	p.Objectives = []plan.Objective{{ID: "rout", When: plan.Cond{Op: plan.CondArmyGone, Army: armyIdx(p, "e")}, Outcome: "success", XP: 100}}
	return p
}

// K-73..K-77, K-89..K-91, K-62, K-63, K-61, K-64, K-28 (accompanying army), worked by hand:
//
//	round 1: Bram protects Cid (K-89). f's K10@10 on Boggard 1: [3,4]=7 -> row 10 col 7 = 3 (K-75).
//	  e's instance: eligible Aria, Bram, Cid all at 0 hits, d3 = 3 -> Cid (K-76). No cancel. K20+5@10:
//	  [5,5]=10 -> 8 crit, [3,4]=7 -> 5, +5 = 18 magic. Bram takes it (K-90; K-74: support damage
//	  cannot be covered, but burden protection applies): magic ignores his
//	  defense 3: 20 - 18 = 2 HP. Cid keeps 15 HP (K-87: 5 x ceil(3) = 15).
//	round 2: nobody protects. f on Boggard 2 (allowed again in a new round): [6,6]=12 -> 7 crit,
//	  [1,2]=3 -> 1: 8. e's instance: d3 = 1 -> Aria; f cancels (K-77): 30 -> 20, no damage roll.
//	won: monster XP 10 x (4 + 4) = 80 (K-62). Clear: 100 + 0 + 80 + 10 x 20 (f on the field, K-63)
//	  = 380 XP per PC (K-61). Growth: Aria [2,5] keeps 5, Bram [4,4] keeps 4 (K-64).
func TestSupportDamageBothSidesK73K77(t *testing.T) {
	p := supportPlan()
	g := newRig(t, []int{3, 4, 3, 5, 5, 3, 4, 6, 6, 1, 2, 1, 2, 5, 4, 4},
		"east", "fight", "Bram", "Boggard 1", "no", "yes", "fight", "none", "Boggard 2", "yes", "won", "5", "4")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success {
		t.Fatalf("outcome %s (%s)", res.Outcome, res.Reason)
	}
	sup := eventsOf[*SupportEvent](c)
	if len(sup) != 3 {
		t.Fatalf("support records: %+v", sup)
	}
	if sup[0].Side != "friendly" || sup[0].Target != "Boggard 1" || sup[0].Damage != 3 {
		t.Errorf("K-75 round 1: %+v, want Boggard 1 takes 3", sup[0])
	}
	if sup[1].Side != "enemy" || sup[1].Target != "Cid" || sup[1].Victim != "Bram" || sup[1].Damage != 18 || sup[1].After != 2 {
		t.Errorf("K-76/K-90: %+v, want Cid targeted, Bram takes 18 -> 2 HP", sup[1])
	}
	if sup[2].Target != "Boggard 2" || sup[2].Damage != 8 {
		t.Errorf("K-75 round 2: %+v, want Boggard 2 takes 8", sup[2])
	}
	if cn := eventsOf[*CancelEvent](c); len(cn) != 1 || cn[0].Target != "Aria" || cn[0].Before != 30 || cn[0].After != 20 {
		t.Errorf("K-77: %+v, want f 30 -> 20 for Aria", cn)
	}
	var xp []int
	for _, r := range eventsOf[*XPEvent](c) {
		if r.RuleID == "K-61" {
			xp = append(xp, r.Gained)
		}
	}
	if len(xp) != 2 || xp[0] != 380 || xp[1] != 380 {
		t.Errorf("K-61: XP %v, want 380 each", xp)
	}
	gr := eventsOf[*GrowthEvent](c)
	if len(gr) != 2 || gr[0].Face != 5 || gr[1].Face != 4 || gr[0].Dice != [2]int{2, 5} {
		t.Errorf("K-64: %+v", gr)
	}
	if res.Armies[armyIdx(p, "f")].Strength != 20 {
		t.Errorf("K-77: f strength %d, want 20", res.Armies[armyIdx(p, "f")].Strength)
	}
}

// K-77 Default: cancelling down to 0 is allowed and fails the scenario at once (K-25).
func TestCancelToZeroK77K25(t *testing.T) {
	p := supportPlan()
	p.Armies[armyIdx(p, "f")].Strength = 10
	p.Armies[armyIdx(p, "f")].Support = nil
	// round 1: Cid unprotected; d3 = 2 -> Bram; cancel: 10 -> 0: K-25.
	g := newRig(t, []int{2}, "east", "fight", "none", "yes")
	res, _, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Failure || !strings.Contains(res.Reason, "K-25") {
		t.Errorf("got %s (%s), want failure by K-25", res.Outcome, res.Reason)
	}
	// Rules.NoCancelToZero: the army at 10 may not cancel; no cancel decision is asked.
	g = newRig(t, []int{2, 1, 2}, "east", "fight", "none", "defeated")
	c := &collect{}
	_, err = Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Rules: &Rules{NoCancelToZero: true}})
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	// [1,2]=3 -> row 20 col 3 = 1, +5 = 6 on Bram: 20 - 6 = 14.
	if s := eventsOf[*SupportEvent](c); len(s) != 1 || s[0].Target != "Bram" || s[0].Damage != 6 || s[0].After != 14 {
		t.Errorf("K-77 option: %+v", s)
	}
}

// K-88: an unprotected burden at 0 HP or less dies for good; K-76 physical damage is reduced by the
// burden's defense 2 (K-87).
func TestBurdenDeathK88(t *testing.T) {
	p := supportPlan()
	p.Armies[armyIdx(p, "f")].Support = nil
	p.Armies[armyIdx(p, "e")].SupportPhysical = true
	// d3 = 3 -> Cid; no cancel; [5,5,3,4] = 18 physical - 2 = 16 > 15 HP: dead.
	g := newRig(t, []int{3, 5, 5, 3, 4}, "east", "fight", "none", "no", "defeated")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	hp := eventsOf[*HPEvent](c)
	if len(hp) != 1 || hp[0].Who != "Cid" || hp[0].Result != "dead" || hp[0].After != -1 {
		t.Errorf("K-88: %+v, want Cid dead at 15 - 16 = -1", hp)
	}
}

// K-76: as evenly as possible: with two eligible members and three instances, the first two hit
// different members and the third picks among both again.
func TestEnemySupportEvenK76(t *testing.T) {
	p := supportPlan()
	p.Party.Burdens = nil
	p.Armies[armyIdx(p, "f")].Support = nil
	p.Armies[armyIdx(p, "f")].Strength = 100
	p.Armies[armyIdx(p, "e")].Support = []string{"K0@13", "K0@13", "K0@13"}
	// Instance 1: d2 = 2 -> Bram. Instance 2: only Aria has 0 hits: no die. Instance 3: both at 1: d2 = 2
	// -> Bram. K0@13 [1,2]=3 -> 0 each (row 0 col 3 = 0).
	g := newRig(t, []int{2, 1, 2, 1, 2, 2, 1, 2}, "east", "fight", "no", "no", "no", "defeated")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var got []string
	for _, r := range eventsOf[*SupportEvent](c) {
		got = append(got, r.Target)
	}
	if strings.Join(got, " ") != "Bram Aria Bram" {
		t.Errorf("K-76 targets %v, want Bram Aria Bram", got)
	}
}

// K-93..K-97 and K-66, worked by hand. Monsters: boggards 4, chief 6: highest level 6. Cid is
// carried by Aria (K-97: the players' choice, here the Default's first PC able to act). Pursuit row for level 6: the level-5 row, K20+3@10.
//
//	Aria: TN = 6 + [3,3] = 12; check [4,4] + 3 + 2 - 2 (one burden) = 11 < 12: pursuit [2,3]=5 -> row
//	  20 col 5 = 3, +3 = 6 magic: 20 - 6 = 14.
//	Bram: TN = 6 + [1,2] = 9; check [3,3] + 3 + 1 = 10 >= 9: away.
//
// No monster XP (K-96); day limit: failure, 30 failure XP only (K-66).
func TestEscapeK94K95K97(t *testing.T) {
	p := pcPlan(2)
	p.Party.Burdens = []plan.Burden{{Name: "Cid"}}
	enc := addBoggards(p, "boggards", true)
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	p.Pursuit = []plan.PursuitRow{{Level: 1, Damage: "K10@10"}, {Level: 5, Damage: "K20+3@10"}, {Level: 8, Damage: "K30@10"}}
	p.FailureXP = 30
	g := newRig(t, []int{3, 3, 4, 4, 2, 3, 1, 2, 3, 3, 1, 2}, "east", "fled", "Aria", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	esc := eventsOf[*EscapeEvent](c)
	var trace []string
	for _, r := range esc {
		trace = append(trace, r.RuleID+":"+r.PC)
	}
	if strings.Join(trace, " ") != "K-97:Aria K-94:Aria K-95:Aria K-94:Bram" {
		t.Fatalf("escape records: %v", trace)
	}
	if esc[1].TN != 12 || esc[2].Damage != 6 || esc[2].After != 14 || esc[3].TN != 9 {
		t.Errorf("K-94/K-95: %+v", esc)
	}
	ch := eventsOf[*CheckEvent](c)
	if len(ch) != 2 || ch[0].Total != 11 || ch[0].Result != "failure" || ch[1].Total != 10 || ch[1].Result != "success" {
		t.Errorf("escape checks: %+v", ch)
	}
	if res.Party != "b1" || !res.Armies[0].OnField {
		t.Errorf("K-96: party %s, army %+v; want the party at b1 with the army", res.Party, res.Armies[0])
	}
	for _, r := range eventsOf[*XPEvent](c) {
		if r.RuleID != "K-66" || r.Gained != 30 {
			t.Errorf("K-66/K-62: %+v, want only 30 failure XP", r)
		}
	}
	// K-94 option: one TN roll; K-97 option: flat -2. Aria: TN 6 + [3,3] = 12 for both.
	p.Party.Burdens = append(p.Party.Burdens, plan.Burden{Name: "Dov"}, plan.Burden{Name: "Eda"})
	// Aria carries Cid and Eda, Bram Dov. Flat: Aria [6,4] + 5 - 2 = 13 >= 12; Bram [5,3] + 4 - 2 = 10 < 12:
	// pursuit [6,6]=12 -> 10 crit, [1,1] ends: 10 + 0 + 3 = 13: 20 - 13 = 7.
	// K-97: Cid to Aria; Dov: only Bram carries fewest (0); Eda: either, Aria.
	g = newRig(t, []int{3, 3, 6, 4, 5, 3, 6, 6, 1, 1, 1, 2}, "east", "fled", "Aria", "Bram", "Aria", "1", "rest")
	c = &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Rules: &Rules{EscapeTNOnce: true, BurdenPenaltyFlat: true}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	ch = eventsOf[*CheckEvent](c)
	if len(ch) != 2 || ch[0].Total != 13 || ch[1].Total != 10 {
		t.Errorf("K-94/K-97 options: %+v", ch)
	}
	if e := eventsOf[*EscapeEvent](c); e[len(e)-1].Damage != 13 || e[len(e)-1].After != 7 {
		t.Errorf("K-95 chain: %+v", e[len(e)-1])
	}
}

// K-71 with K-5 fumble XP, K-62 monster XP and K-61 at the clear, worked by hand:
// day 1 camp [1,2] keep 1: episode. Day 2 camp [1,1]: face 1 checked: raid. Danger sense, every PC
// (K-71): Aria (scout 2, int 1) [1,1] = 2 + 3 = 5 vs 10: fumble, +50 XP; Bram (no scout: flat)
// [2,3] = 5 vs 10: failure; 0 of 2: the party starts in the front area.
// Won: 10 x 8 = 80. Day 3 start: success (0 XP): Aria 0 + 50 + 80 = 130, Bram 80.
func TestNightRaidDangerSenseFumbleK71K5(t *testing.T) {
	p := pcPlan(1)
	p.DayLimit = 3
	p.Party.PCs[0].Scout, p.Party.PCs[0].Intelligence = 2, 1
	p.NightRaid = addBoggards(p, "raiders", false)
	p.NightRaidTN = 10
	p.Objectives = []plan.Objective{{ID: "hold", When: plan.Cond{Op: plan.CondDay, Day: 3}, Outcome: "success"}}
	g := newRig(t, []int{1, 2, 1, 1, 1, 1, 2, 3, 6, 6, 1, 1},
		"stay", "1", "rest", "stay", "1", "won", "rest", "6", "1")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success {
		t.Fatalf("outcome %s %s", res.Outcome, res.Reason)
	}
	ch := eventsOf[*CheckEvent](c)
	if len(ch) != 2 || ch[0].Total != 5 || ch[0].Result != "fumble" || ch[0].TN != 10 || ch[1].PC != "Bram" || ch[1].Modifier != 0 || ch[1].Total != 5 || ch[1].Result != "failure" {
		t.Errorf("K-71 check: %+v", ch)
	}
	if gr := eventsOf[*GroupEvent](c); len(gr) != 1 || gr[0].Result != "failure" || gr[0].Of != 2 || !strings.Contains(gr[0].Text, "front area") {
		t.Errorf("K-71 group: %+v", gr)
	}
	var xp []int
	for _, r := range eventsOf[*XPEvent](c) {
		if r.RuleID == "K-61" {
			xp = append(xp, r.Gained)
		}
	}
	if len(xp) != 2 || xp[0] != 130 || xp[1] != 80 {
		t.Errorf("K-61: %v, want [130 80]", xp)
	}
}

// K-41, K-58, K-59: a forced march burns 6 torches (8 -> 2); the next start phase brings -2; the next
// march finds 2 torches and no oil: unlit, -4 without darkvision. An escape check then reads
// level 3 + agility 2 - 2 - 4 = -1: [6,5] - 1 = 10 vs TN 4 + [1,1] = 6.
func TestForcedMarchLightSleepK41K58K59(t *testing.T) {
	p := pcPlan(2)
	p.Field.Blocks[0].Kind = "block" // no base: nothing to restock (K-12)
	p.DayLimit = 2
	p.Party.PCs = p.Party.PCs[:1]
	p.Party.Torches = 8
	enc := addBoggards(p, "boggards", false)
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	g := newRig(t, []int{1, 2, 1, 2, 1, 1, 6, 5},
		"stay", "1", "march", "stay", "stay", "1", "march", "east", "fled")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	l := eventsOf[*LightEvent](c)
	if len(l) != 2 || l[0].Hours != 12 || l[0].Torches != 2 || l[0].Result != "lit" || l[1].Hours != 0 || l[1].Result != "unlit" {
		t.Errorf("K-58/K-59 light: %+v", l)
	}
	if sl := eventsOf[*SleepEvent](c); len(sl) != 1 || sl[0].Day != 2 || sl[0].Modifier != -2 {
		t.Errorf("K-41 sleep: %+v", sl)
	}
	ch := eventsOf[*CheckEvent](c)
	if len(ch) != 1 || ch[0].Modifier != -1 || ch[0].Total != 10 || ch[0].TN != 6 {
		t.Errorf("K-59 penalties: %+v", ch)
	}
}

// K-57: a dark block needs 12 h for the day and a forced march 12 h more: 24 h in all (K-57
// Default), never 36. The seed: 「強行軍を行う場合には、１２時間分の照明が必要です」 and, for a dark
// place, 「「開始フェイズ」～「野営フェイズ」の間に１２時間分の照明が必要です」: two 12-hour needs.
// Stock 6 torches + 1 flask. Day: oil first, 1 -> 0 (12 h). March: 12 h, 6 torches -> 0: lit, all
// of it paid, nothing left (before the fix the march wanted 24 h: 6 torches paid 12, unlit).
// Option DarkMarchLight12: the day's 12 h light the march too: one light event, the torches kept.
func TestDarkBlockK57(t *testing.T) {
	p := pcPlan(1)
	p.Field.Blocks[0].Kind = "block" // no base: nothing to restock (K-12)
	p.Field.Blocks[0].Dark = true
	p.Party.Torches, p.Party.LanternOil = 6, 1
	g := newRig(t, []int{1, 2}, "stay", "1", "march", "stay")
	col := &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: col}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	l := eventsOf[*LightEvent](col)
	if len(l) != 2 || l[0].Oil != 0 || l[0].Torches != 6 || l[0].Hours != 12 || l[1].Result != "lit" || l[1].Hours != 12 || l[1].Torches != 0 {
		t.Errorf("K-57 default: %+v", l)
	}
	if burnt := l[0].Hours + l[1].Hours; burnt != 24 {
		t.Errorf("K-57: %d hours burnt on the dark day with a forced march, want 24", burnt)
	}
	g = newRig(t, []int{1, 2}, "stay", "1", "march", "stay")
	col = &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: col}, Rules: &Rules{DarkMarchLight12: true}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if l := eventsOf[*LightEvent](col); len(l) != 1 || l[0].Hours != 12 || l[0].Torches != 6 {
		t.Errorf("K-57 DarkMarchLight12: %+v", l)
	}
}

type deciderFunc func(*runner.Request) (runner.Answer, error)

func (f deciderFunc) Decide(r *runner.Request) (runner.Answer, error) { return f(r) }

func itoa(n int) string { return faceName(n) }

// K-72 consecutive battles, K-62 new monsters count, K-67 named monsters stay dead: entering b1
// fights boggards (2 x 4), won, then at once the named chief (6) (consecutive): 10 x 8 = 80 and
// 10 x 6 = 60. A forced march back west; day 2: entering b1 again fights new boggards: the seed
// bars counting one monster at two growths (「一度計上した魔物は…次回の成長では計上しません」), not
// new monsters of the same troop: 10 x 8 = 80 again; the chief is gone (K-67). The clear:
// 80 + 60 + 80 = 220 each (K-61).
func TestConsecutiveAndNamedK72K62K67(t *testing.T) {
	p := pcPlan(2)
	p.DayLimit = 2
	chief := len(p.Encounters) + 1
	enc := addBoggards(p, "boggards", false)
	p.Encounters[enc].Next = &chief
	p.Encounters = append(p.Encounters, plan.Encounter{ID: "chief", Monsters: []plan.Monster{{Name: "Gorm", Level: 6, Count: 1, Named: true}}})
	p.Events = []plan.Event{{ID: "ambush", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{{Op: plan.ActBattle, Encounter: enc}}}}
	p.Objectives = []plan.Objective{{ID: "end", When: plan.Cond{Op: plan.CondAll, Args: []plan.Cond{{Op: plan.CondDay, Day: 2}, {Op: plan.CondAt, Block: 1}}}, Outcome: "success"}}
	g := newRig(t, []int{1, 2, 5, 6, 1, 1},
		"east", "won", "won", "1", "march", "west", "east", "won", "5", "1")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success {
		t.Fatalf("%s %s", res.Outcome, res.Reason)
	}
	if got := c.trace("battle"); got != "1 action battle boggards b1 won\n1 action battle chief b1 won\n2 action battle boggards b1 won\n2 action battle chief b1 gone\n" {
		t.Errorf("K-72/K-67 battles:\n%s", got)
	}
	var xp []int
	for _, r := range eventsOf[*XPEvent](c) {
		xp = append(xp, r.Gained)
	}
	// 80 (boggards), 60 (chief), 80 (new boggards), then the clear: 220 each.
	if len(xp) != 5 || xp[0] != 80 || xp[1] != 60 || xp[2] != 80 || xp[3] != 220 || xp[4] != 220 {
		t.Errorf("K-62: %v", xp)
	}
}

// K-80: a low-morale unit with a leader offers "routed": a victory; fled monsters count as defeated
// (Default: 10 x (4 + 4 + 6) = 140) or not (FledGiveNoXP: the leader only, 60). K-79: Bram (War
// Leader 2, int 1) [5,5] + 3 = 13 vs 6 + 7 = 13: learns the morale.
func TestRoutK80InsightK79(t *testing.T) {
	for _, c := range []struct {
		rules *Rules
		xp    int
	}{{nil, 140}, {&Rules{FledGiveNoXP: true}, 60}} {
		p := pcPlan(2)
		p.Party.PCs[1].WarLeader, p.Party.PCs[1].Intelligence = 2, 1
		enc := addBoggards(p, "squad", true)
		addArmy(p, "e", "enemy", 40, 1, enc, "b1")
		p.Armies[0].Morale, p.Armies[0].Training = "low", "high"
		p.Objectives = []plan.Objective{{ID: "win", When: plan.Cond{Op: plan.CondArmyGone, Army: 0}, Outcome: "success"}}
		g := newRig(t, []int{5, 5, 1, 2, 1, 2}, "east", "routed", "1", "1")
		col := &collect{}
		res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: col}, Rules: c.rules})
		if err != nil {
			t.Fatal(err)
		}
		g.done(t)
		if res.Outcome != runner.Success || len(eventsOf[*RoutEvent](col)) != 1 {
			t.Errorf("K-80: %s, rout %v", res.Outcome, eventsOf[*RoutEvent](col))
		}
		if in := eventsOf[*InsightEvent](col); len(in) != 1 || in[0].PC != "Bram" || !strings.Contains(in[0].Text, "morale low and training high") {
			t.Errorf("K-79: %+v", in)
		}
		if x := eventsOf[*XPEvent](col); len(x) < 1 || x[0].Gained != c.xp {
			t.Errorf("K-80 XP %+v: %+v, want %d", c.rules, x, c.xp)
		}
	}
}

// K-100..K-102: the last PC down after a round is a defeat; the angel revives the next morning
// (day 2) and carries the bodies to base b0, 1 block away, arriving on day 3.
func TestDefeatAftermathK100K102(t *testing.T) {
	p := supportPlan()
	p.Party.Burdens = nil
	p.Party.PCs = []plan.PC{{Name: "Aria", Level: 3, HP: 5, Angel: true}}
	p.Armies[armyIdx(p, "f")].Support = nil
	// d1: no die (one eligible). No cancel. [5,5,3,4] = 18: Aria 5 -> -13. Her life check (K-101):
	// [2,3] + level 3 = 8 < TN 13: dead.
	g := newRig(t, []int{5, 5, 3, 4, 2, 3}, "east", "fight", "no")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Failure || !strings.Contains(res.Reason, "K-100") {
		t.Errorf("K-100: %s %s", res.Outcome, res.Reason)
	}
	d := eventsOf[*DefeatEvent](c)
	if len(d) != 1 || d[0].Base != "b0" || d[0].Distance != 1 || !strings.Contains(d[0].Text, "arriving on day 3") {
		t.Errorf("K-101: %+v", d)
	}
}
