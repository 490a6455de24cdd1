package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// legalLog is a rig that also records the legal answers of every decision of one kind.
type legalLog struct {
	*rig
	kind  runner.Kind
	legal []string
}

func (l *legalLog) Decide(r *runner.Request) (runner.Answer, error) {
	if r.Kind == l.kind {
		l.legal = append(l.legal, r.Legal())
	}
	return l.rig.Decide(r)
}

// K-81 with K-80, K-75, K-76, K-62: the unit's leader falls (routed), the boggards flee, the
// summoned imp stays and fights on; support damage goes on, and only the imp is left to target.
// supportPlan with e's unit: Boggard 4 x 2, Chief 6 (leader), Imp 3 (stays); low morale; both
// supports K0@13 (any roll gives 0, K-103: row 0 is all zeros; 13: no crits).
//
//	east into b1: the battle: routed (K-80). K-81: the imp stays: the battle goes on ("stayers":
//	no "routed" again). fight: round 1 (the round count goes on): nobody protects Cid; f's instance:
//	targets "Imp, none" (the fled boggards are gone) -> Imp, [1,2] = 0; e's: d3 = 1 -> Aria, no
//	cancel, [1,2] = 0. won: a victory of the rout: every monster counts, the fled too (K-80 Default):
//	10 x (4 + 4 + 6 + 3) = 170 (K-62). e beaten (K-99): success; 100 + 170 + 10 x 30 = 570 each
//	(K-61, K-63). Growth [2,5] keep 5, [4,4] keep 4.
func TestStayersFightOnK81(t *testing.T) {
	p := supportPlan()
	e := armyIdx(p, "e")
	p.Armies[e].Morale = "low"
	p.Armies[e].Support = []string{"K0@13"}
	p.Armies[armyIdx(p, "f")].Support = []string{"K0@13"}
	enc := p.Armies[e].Encounter
	p.Encounters[enc].Monsters = append(p.Encounters[enc].Monsters, plan.Monster{Name: "Chief", Level: 6, Count: 1, Leader: true},
		plan.Monster{Name: "Imp", Level: 3, Count: 1, Stays: true})
	g := &legalLog{rig: newRig(t, []int{1, 2, 1, 1, 2, 2, 5, 4, 4},
		"east", "routed", "fight", "none", "Imp", "no", "won", "5", "4"), kind: runner.KindTarget}
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success {
		t.Fatalf("%s (%s)", res.Outcome, res.Reason)
	}
	if got := c.trace("battle"); got != "1 action battle boggards e b1 routed\n1 action battle boggards e b1 won\n" {
		t.Errorf("K-81 battles:\n%s", got)
	}
	if len(g.legal) != 1 || g.legal[0] != "Imp, none" {
		t.Errorf("K-81: friendly support targets %v, want only the imp (and none)", g.legal)
	}
	var rules []string
	for _, r := range eventsOf[*RoutEvent](c) {
		rules = append(rules, r.RuleID)
	}
	if strings.Join(rules, " ") != "K-80 K-81" {
		t.Errorf("rout records %v", rules)
	}
	if sup := eventsOf[*SupportEvent](c); len(sup) != 2 || sup[0].Target != "Imp" || sup[1].Target != "Aria" {
		t.Errorf("K-81: support goes on: %+v", sup)
	}
	x := eventsOf[*XPEvent](c)
	if len(x) < 2 || x[0].Gained != 170 || x[1].Gained != 570 {
		t.Errorf("K-80/K-62/K-61: XP %+v, want 170 monster XP and 570 each", x)
	}
}

// K-98 with K-72: loot is taken after the whole chain (K-72 Default), and the scenario reacts.
// Members only. Entering b1: boggards (loot: 120 gamels, "a strongbox", sets flag box), then at
// once the wolves (no loot). Won, won; then the loot question for the boggards: yes: 120 gamels,
// the flag: the objective (flag box) succeeds on day 1. Leaving the loot: no money, no flag; the
// day goes on (camp [1,2] keep 1, rest) to the day limit: failure.
func TestLootK98(t *testing.T) {
	mk := func() *plan.Plan {
		p := line(2)
		p.DayLimit = 1
		wolves := 1
		b := addBoggards(p, "boggards", false)
		p.Encounters = append(p.Encounters, plan.Encounter{ID: "wolves", Monsters: []plan.Monster{{Name: "Wolf", Level: 3, Count: 2}}})
		flag := addFlag(p, "box")
		p.Encounters[b].Next = &wolves
		p.Encounters[b].Loot = &plan.Loot{Money: 120, Say: "a strongbox", Do: []plan.Action{{Op: plan.ActSet, Flag: flag}}}
		p.Events = []plan.Event{{ID: "ambush", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{{Op: plan.ActBattle, Encounter: b}}}}
		p.Objectives = []plan.Objective{{ID: "box", When: plan.Cond{Op: plan.CondFlag, Flag: flag}, Outcome: "success"}}
		return p
	}
	g := newRig(t, nil, "east", "won", "won", "yes")
	res, c, err := run(t, mk(), g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success || res.Money != 120 {
		t.Errorf("looted: %s, %d gamels; want success and 120", res.Outcome, res.Money)
	}
	if got := c.trace("battle", "loot", "flag"); got != "1 action battle boggards b1 won\n1 action battle wolves b1 won\n1 action loot\n1 action flag box set\n" {
		t.Errorf("K-72/K-98 order:\n%s", got)
	}
	g = newRig(t, []int{1, 2}, "east", "won", "won", "no", "1", "rest")
	res, _, err = run(t, mk(), g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Failure || res.Money != 0 {
		t.Errorf("left: %s, %d gamels; want the day-limit failure and 0", res.Outcome, res.Money)
	}
}
