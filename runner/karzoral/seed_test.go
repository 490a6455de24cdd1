package karzoral

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Tests of the rules as the seed (../shared/seeds/004_*) states them, where the runner used to
// differ (issue 12). Every expected value is worked by hand in the comment above it.

// K-22: an army of speed 2 steps through the block between; an opposing army there is met (K-24).
//
//	e (enemy, 50, speed 2, route b0 b1 b2) steps to b1 where f (friendly, 30) holds: d = min(50, 30)
//	= 30: e 50 -> 20, f 30 -> 0: removed, and K-25 fails the scenario on day 1, start phase. Before
//	the fix e jumped to b2 and never met f.
func TestSpeedStepsThroughK22K24(t *testing.T) {
	p := line(3)
	addArmy(p, "f", "friendly", 30, 1, -1, "b1")
	addArmy(p, "e", "enemy", 50, 2, -1, "b0", "b1", "b2")
	res, c, err := run(t, p, &answers{t: t})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != runner.Failure || res.Day != 1 || !strings.Contains(res.Reason, "K-25") {
		t.Fatalf("got %s on day %d (%s), want a K-25 failure on day 1", res.Outcome, res.Day, res.Reason)
	}
	sb := eventsOf[*StrengthBattleEvent](c)
	if len(sb) != 1 || sb[0].Block != "b1" || sb[0].ArmyBefore != 50 || sb[0].ArmyAfter != 20 || sb[0].OtherAfter != 0 {
		t.Errorf("K-24 at b1: %+v, want e 50 -> 20, f 30 -> 0", sb)
	}
	// The mover survives and goes on: f (friendly, 60, speed 2, b0 b1 b2) meets e (20) at b1:
	// d = 20: e removed (so it does not move on), f 40, then f steps on to b2.
	p = line(3)
	p.DayLimit = 1
	addArmy(p, "f", "friendly", 60, 2, -1, "b0", "b1", "b2")
	addArmy(p, "e", "enemy", 20, 1, -1, "b1")
	res, c, err = run(t, p, &dice1{&answers{t: t, names: []string{"stay", "1", "rest"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 start armyMove f b0 b1\n1 start strengthBattle e f b1\n1 start armyMove f b1 b2\n"
	if got := c.trace("armyMove", "strengthBattle"); got != want {
		t.Errorf("K-22:\n got %s\nwant %s", got, want)
	}
	if a := res.Armies[armyIdx(p, "f")]; a.Block != "b2" || a.Strength != 40 {
		t.Errorf("f at the end: %+v, want 40 at b2", a)
	}
}

// K-96: monsters the party fled remain. A once event whose battle was fled used to be spent, and its
// monsters vanished; now the next step (b) in the block goes on from that battle. Members only.
//
//	day 1: east into b1: ambush fires (say, battle), fled: the flag is not set. Camp [1,2] keep 1,
//	rest. Day 2: stay: step (b) resumes the ambush at its battle: won, flag set: the objective
//	(flag) succeeds on day 2. The event fired once (K-33), and its say is not read again.
func TestFledEventBattleRemainsK96(t *testing.T) {
	p := line(2)
	p.DayLimit = 3
	enc := addBoggards(p, "boggards", false)
	flag := addFlag(p, "cleared")
	p.Events = []plan.Event{{ID: "ambush", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Once: true, Do: []plan.Action{
		{Op: plan.ActSay, Text: "boggards!"}, {Op: plan.ActBattle, Encounter: enc}, {Op: plan.ActSet, Flag: flag}}}}
	p.Objectives = []plan.Objective{{ID: "win", When: plan.Cond{Op: plan.CondFlag, Flag: flag}, Outcome: "success"}}
	g := newRig(t, []int{1, 2}, "east", "fled", "1", "rest", "stay", "won")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success || res.Day != 2 {
		t.Fatalf("got %s on day %d (%s), want success on day 2", res.Outcome, res.Day, res.Reason)
	}
	want := "1 action event ambush b1\n1 action battle boggards b1 fled\n2 action event ambush resume b1\n2 action battle boggards b1 won\n"
	if got := c.trace("event", "battle"); got != want {
		t.Errorf("K-96:\n got %s\nwant %s", got, want)
	}
	if says := eventsOf[*SayEvent](c); len(says) != 1 {
		t.Errorf("the say before the battle is read once: %+v", says)
	}
	if len(res.Events) != 1 || res.Events[0].Fired != 1 {
		t.Errorf("fired: %+v, want ambush once", res.Events)
	}
}

// K-12 at a base mid-scenario, in action step (c) (K-34: after the battles and events), played
// alone: the scenario's price list, paid from its purse (party.money), the policy Default buying.
// Members only, 5 members, 12 rations, 6 torches, 110 gamels; b0 is a base; on sale: rations
// (7 for 50) and torches (6 for 5). Day 1: eat 5 (7 left), east to b1, camp [1,2] keep 1, forced
// march (6 torches: 0 left), back west to b0: step (c): rations 7 < 12: buy (purse 60, 14
// rations); torches 0 < 6: buy (purse 55, 6 torches); nothing below its start: done. Day 2: eat 5
// (9 left); stay at b0: 9 < 12: buy rations (purse 5, 16); torches 6: done.
func TestLoneShopK12(t *testing.T) {
	p := line(2)
	p.DayLimit = 2
	p.Field.Blocks[0].Kind = "base"
	p.Party.Rations, p.Party.Torches, p.Party.Money = 12, 6, 110
	p.Shop = []plan.Item{{ID: "rations", Name: "Preserved food, 7 days", Price: 50, Rations: 7},
		{ID: "torches", Name: "Torches, 6", Price: 5, Torches: 6}}
	g := newRig(t, []int{1, 2, 1, 2}, "east", "1", "march", "west", "stay", "1", "rest")
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Cause == "shop" {
			return runner.Answer{Default: true}, nil
		}
		return g.Decide(r)
	})
	c := &collect{}
	res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: shopRoll{d, g}, Sink: c}})
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	b := eventsOf[*BaseEvent](c)
	if len(b) != 3 || b[0].Day != 1 || b[0].Phase != runner.PhaseNight || b[0].Rations != 7 || b[1].Torches != 6 || b[2].Day != 2 || b[2].Rations != 7 {
		t.Errorf("K-12: %+v", b)
	}
	want := []Purchase{{"rations", 1, "b0", 50}, {"torches", 1, "b0", 5}, {"rations", 2, "b0", 50}}
	if !reflect.DeepEqual(res.Purchases, want) {
		t.Errorf("K-12: purchases %+v, want %+v", res.Purchases, want)
	}
	if res.Rations != 16 || res.Torches != 6 {
		t.Errorf("at the end: %d rations, %d torches; want 16 and 6", res.Rations, res.Torches)
	}
}

// K-41, K-58: a forced march needs 12 hours of light for every plan, a party with no PCs list
// too (it used to burn nothing). Members only, 6 torches, b0 no base. Day 1: camp [1,2] keep 1,
// march (6 torches: 12 hours, 0 left), stay. Day 2: [1,2] keep 2, march: nothing left: unlit
// (K-59), stay.
func TestForcedMarchLightEveryPlanK41K58(t *testing.T) {
	p := line(1)
	p.DayLimit = 2
	p.Party.Torches = 6
	g := newRig(t, []int{1, 2, 1, 2}, "stay", "1", "march", "stay", "stay", "2", "march", "stay")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	l := eventsOf[*LightEvent](c)
	if len(l) != 2 || l[0].Hours != 12 || l[0].Torches != 0 || l[0].Result != "lit" || l[1].Hours != 0 || l[1].Result != "unlit" {
		t.Errorf("K-58: %+v", l)
	}
	if res.Torches != 0 || len(eventsOf[*SleepEvent](c)) != 0 {
		t.Errorf("torches %d; no sleep penalty without PCs to check (K-41)", res.Torches)
	}
}
