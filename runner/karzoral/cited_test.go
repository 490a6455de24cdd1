package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Rules the runner implements that no other test cites, each with its value worked by hand.

// K-1, K-4: the angel is a PC: it rolls danger sense with the others (mode Any). Day 1: camp
// [1,2] keep 1: episode 1, checked; rest. Day 2: [1,1] keep 1: checked: the raid (K-39); danger
// sense, TN 20: Aria (the angel, no scout: flat) [2,2] = 4, Bram (flat) [1,3] = 4: 0 of 2, the
// angel counted. Won; rest.
func TestAngelIsAPCK1(t *testing.T) {
	p := pcPlan(1)
	p.DayLimit = 2
	p.Party.PCs[0].Angel = true
	p.NightRaid = addBoggards(p, "raiders", false)
	p.NightRaidTN = 20
	g := newRig(t, []int{1, 2, 1, 1, 2, 2, 1, 3}, "stay", "1", "rest", "stay", "1", "won", "rest")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	gr := eventsOf[*GroupEvent](c)
	if len(gr) != 1 || gr[0].Of != 2 || gr[0].Successes != 0 {
		t.Errorf("K-1/K-71: %+v, want 0 of 2 (the angel rolls too)", gr)
	}
	if ch := eventsOf[*CheckEvent](c); len(ch) != 2 || ch[0].PC != "Aria" || ch[0].Total != 4 {
		t.Errorf("K-1: checks %+v", ch)
	}
}

// K-2, K-20: the party counts every PC, NPC and burden, as it is each day. supportPlan: Aria,
// Bram, burden Cid (3 members). Day 1: Cid, unprotected, takes e's physical K20+5@10 (d3 = 3):
// [5,5] 8 crit + [3,4] 5 + 5 = 18 - defense 2 = 16 > 15 HP: dead (K-88). Won; camp [1,2] keep 1;
// rest. Day 2: 2 eat, not 3.
func TestFoodForTheLivingK2K20(t *testing.T) {
	p := supportPlan()
	p.Armies[armyIdx(p, "f")].Support = nil
	p.Armies[armyIdx(p, "e")].SupportPhysical = true
	p.DayLimit = 2
	p.Objectives = []plan.Objective{{ID: "hold", When: plan.Cond{Op: plan.CondDay, Day: 2}, Outcome: "success"}}
	g := newRig(t, []int{3, 5, 5, 3, 4, 1, 2, 1, 2, 3, 4},
		"east", "fight", "none", "no", "won", "1", "rest", "1", "3")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	f := eventsOf[*FoodEvent](c)
	if len(f) != 2 || f[0].Need != 3 || f[1].Need != 2 || f[1].Eaten != 2 {
		t.Errorf("K-2/K-20: %+v, want 3 on day 1 and 2 on day 2", f)
	}
}

// K-3 (roll two, choose one), K-37: both faces are offered; a double offers the one face.
// K-35: each camp phase gives exactly one episode or one raid (here: quiet nights, no raid).
// Day 1 [2,5]: "2, 5", keep 2: episode 2. Day 2 [3,3]: "3", episode 3. Day 3 [2,2]: "2", checked:
// a quiet night (no raid in the plan), the faces unchecked.
func TestRollTwoChooseOneK3K35(t *testing.T) {
	p := line(1)
	p.DayLimit = 3
	g := &legalLog{rig: newRig(t, []int{2, 5, 3, 3, 2, 2}, "stay", "2", "rest", "stay", "3", "rest", "stay", "2", "rest"), kind: runner.KindPick}
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if strings.Join(g.legal, " | ") != "2, 5 | 3 | 2" {
		t.Errorf("K-3: offered %v", g.legal)
	}
	per := map[int]int{}
	for _, e := range c.of("episode", "nightRaid", "quietNight") {
		per[atOf(e).Day]++
	}
	if per[1] != 1 || per[2] != 1 || per[3] != 1 || len(eventsOf[*QuietNightEvent](c)) != 1 {
		t.Errorf("K-35: camp results per day %v", per)
	}
}

// K-18: a normal day is start, action, camp, night, in that order; K-27: in the action phase the
// move (a) comes before the battles and events (b). Day 1 of line(2) with an ambush at b1.
func TestDayOrderK18K27(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	enc := addBoggards(p, "boggards", false)
	p.Events = []plan.Event{{ID: "ambush", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{{Op: plan.ActBattle, Encounter: enc}}}}
	g := newRig(t, []int{1, 2}, "east", "won", "1", "rest")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var phases []string
	for _, e := range c.of("day", "food", "partyMove", "event", "battle", "campRoll", "night") {
		phases = append(phases, atOf(e).Phase.String()+":"+e.Type())
	}
	want := "start:day start:food action:partyMove action:event action:battle camp:campRoll night:night"
	if got := strings.Join(phases, " "); got != want {
		t.Errorf("K-18/K-27:\n got %s\nwant %s", got, want)
	}
}

// K-21, K-22: an army's route may repeat a block: it waits there ("stay" is a valid step).
// Route b0 b0 b1: day 1 holds at b0 (step 1), day 2 moves to b1 (step 2). Its strength 7 stays.
func TestRouteWaitK21(t *testing.T) {
	p := line(2)
	p.DayLimit = 2
	addArmy(p, "f", "friendly", 7, 1, -1, "b0", "b0", "b1")
	g := &dice1{&answers{t: t, names: []string{"stay", "1", "rest", "stay", "1", "rest"}}}
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.trace("armyMove"); got != "1 start armyMove f b0 b0\n2 start armyMove f b0 b1\n" {
		t.Errorf("K-21:\n%s", got)
	}
	if res.Armies[0].Strength != 7 || res.Armies[0].Block != "b1" {
		t.Errorf("K-21: %+v", res.Armies[0])
	}
}

// K-29: every footprint block costs a move: Rupetenne to block 01 on Field 1 is three moves (the
// seed: 「３日の距離にあり、行き来には３回の移動が必要」): t1, t2, t3, then 01 on the fourth.
func TestFootprintsK29(t *testing.T) {
	p := field01()
	p.DayLimit = 4
	// Every die is 1: day 2 and day 4 keep a checked face 1: a night raid, won (K-39).
	names := []string{"east", "1", "rest", "east", "1", "won", "rest", "east", "1", "rest", "east", "1", "won", "rest"}
	_, c, err := run(t, p, &dice1{&answers{t: t, names: names}})
	if err != nil {
		t.Fatal(err)
	}
	var to []string
	for _, m := range eventsOf[*PartyMoveEvent](c) {
		to = append(to, m.To)
	}
	if strings.Join(to, " ") != "t1 t2 t3 01" {
		t.Errorf("K-29: moves %v", to)
	}
}

// K-36 Default: the episode table is reset at the start of every scenario: a Runner's second run
// plays episode 1 again (day 1, [1,1] keep 1) instead of a raid.
func TestEpisodesResetK36(t *testing.T) {
	p := line(1)
	p.DayLimit = 1
	r, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	for run := 1; run <= 2; run++ {
		c := &collect{}
		if _, err := r.Run(Options{Options: runner.Options{Seed: 1, Decider: &dice1{&answers{t: t, names: []string{"stay", "1", "rest"}}}, Sink: c}}); err != nil {
			t.Fatal(err)
		}
		if ep := eventsOf[*EpisodeEvent](c); len(ep) != 1 || ep[0].Face != 1 {
			t.Errorf("run %d: K-36: %+v, want episode 1", run, ep)
		}
	}
}

// K-42: the night is all or nothing for the whole party: the only answers are rest and march.
func TestNightAllOrNothingK42(t *testing.T) {
	p := pcPlan(1)
	g := &legalLog{rig: newRig(t, []int{1, 2}, "stay", "1", "rest"), kind: runner.KindNight}
	if _, _, err := run(t, p, g); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if len(g.legal) != 1 || g.legal[0] != "rest, march" {
		t.Errorf("K-42: %v", g.legal)
	}
}

// K-65: the failure conditions: a scenario-specific one (a failure objective) ends the run at
// once. Entering b1 sets lost; the objective lost (failure) is met on day 1: no camp phase.
func TestFailureObjectiveK65(t *testing.T) {
	p := line(2)
	flag := addFlag(p, "lost")
	p.Events = []plan.Event{{ID: "trap", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{{Op: plan.ActSet, Flag: flag}}}}
	p.Objectives = []plan.Objective{{ID: "lost", When: plan.Cond{Op: plan.CondFlag, Flag: flag}, Outcome: "failure"}}
	res, _, err := run(t, p, &answers{t: t, names: []string{"east"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != runner.Failure || res.Day != 1 || res.Reason != "objective lost" {
		t.Errorf("K-65: %s on day %d (%s)", res.Outcome, res.Day, res.Reason)
	}
}

// K-78, K-83: morale and training are the enemy unit's attributes; a high-morale unit never flees:
// no "routed" answer even with a leader (a low-morale one offers it, K-80).
func TestHighMoraleK78K83(t *testing.T) {
	for _, c := range []struct{ morale, legal string }{{"high", "won, fled, defeated"}, {"low", "won, fled, defeated, routed"}} {
		p := line(2)
		enc := addBoggards(p, "squad", true)
		addArmy(p, "e", "enemy", 10, 1, enc, "b1")
		p.Armies[0].Morale, p.Armies[0].Training = c.morale, "high"
		p.Objectives = []plan.Objective{{ID: "win", When: plan.Cond{Op: plan.CondArmyGone, Army: 0}, Outcome: "success"}}
		g := &legalLog{rig: newRig(t, nil, "east", "won"), kind: runner.KindBattle}
		if _, _, err := run(t, p, g); err != nil {
			t.Fatal(err)
		}
		g.done(t)
		if len(g.legal) != 1 || g.legal[0] != c.legal {
			t.Errorf("K-83 %s morale: %v, want %q", c.morale, g.legal, c.legal)
		}
	}
}

// K-92 (and K-86: a burden is placed and protected like a PC's charge): a fainted PC cannot
// protect. supportPlan with Bram at 10 HP. Round 1: Bram protects Cid; e's instance (d3 = 3) aims
// at Cid; no cancel; [5,5] 8 crit + [3,4] 5 + 5 = 18 magic; Bram takes it (K-90): 10 - 18 = -8,
// fainted; her life check (K-101: TN 8, the HP below 0) [3,3] + level 3 = 9: she lives, fainted.
// Round 2: the protectors offered are none and Aria only. e's instance: d2 = 1 among
// Aria and Cid (Bram fainted, K-76) -> Aria; cancelled (K-77). Defeated.
func TestFaintedCannotProtectK92(t *testing.T) {
	p := supportPlan()
	p.Armies[armyIdx(p, "f")].Support = nil
	p.Party.PCs[1].HP = 10
	g := &legalLog{rig: newRig(t, []int{3, 5, 5, 3, 4, 3, 3, 1},
		"east", "fight", "Bram", "no", "yes", "fight", "none", "yes", "defeated"), kind: runner.KindProtect}
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if strings.Join(g.legal, " | ") != "none, Aria, Bram | none, Aria" {
		t.Errorf("K-92: protectors offered %v", g.legal)
	}
	if hp := eventsOf[*HPEvent](c); len(hp) != 1 || hp[0].Who != "Bram" || hp[0].Result != "fainted" || hp[0].After != -8 {
		t.Errorf("K-90: %+v", hp)
	}
	if lc := eventsOf[*CheckEvent](c); len(lc) != 1 || lc[0].Cause != "life" || lc[0].Total != 9 || lc[0].TN != 8 || lc[0].Result != "success" {
		t.Errorf("K-101 life check: %+v", lc)
	}
	if cn := eventsOf[*CancelEvent](c); len(cn) != 1 || cn[0].Target != "Aria" || cn[0].Among != 2 {
		t.Errorf("K-76/K-77 round 2: %+v, want Aria among 2", cn)
	}
}
