package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// midPlan: b0 (start) and b1 in a row, b2 south of b0 (its neighbour: an army steps one block a
// step, K-22); members only, 5 members, 100 rations. The friendly army f
// (30) holds b2; the enemy e (40, route b0 b0 b2) reaches b2 on day 2. Entering b1 fires the once
// event cache (a say and the flag cache): the midpoint (100 XP). Success: cache and day 2.
func midPlan() *plan.Plan {
	p := mkPlan(bspec{id: "b0", terrain: "plain"}, bspec{id: "b1", x: 1, terrain: "plain"},
		bspec{id: "b2", y: 1, terrain: "plain"})
	p.DayLimit = 3
	enc := addBoggards(p, "raiders", false)
	addArmy(p, "f", "friendly", 30, 1, -1, "b2")
	addArmy(p, "e", "enemy", 40, 1, enc, "b0", "b0", "b2")
	flag := addFlag(p, "cache")
	p.Events = []plan.Event{{ID: "cache", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Once: true,
		Do: []plan.Action{{Op: plan.ActSay, Text: "the cache burns"}, {Op: plan.ActSet, Flag: flag}}}}
	p.Objectives = []plan.Objective{
		{ID: "burn", When: plan.Cond{Op: plan.CondFlag, Flag: flag}, Outcome: "midpoint", XP: 100},
		{ID: "hold", When: plan.Cond{Op: plan.CondAll, Args: []plan.Cond{{Op: plan.CondFlag, Flag: flag}, {Op: plan.CondDay, Day: 2}}}, Outcome: "success"},
	}
	return p
}

// K-67, K-68: a retry resumes at the midpoint's state, worked by hand.
//
// First attempt: day 1 eats 5 (95 left); east into b1: cache fires, flag set, midpoint burn
// (action phase): the midpoint growth (K-60): 100 + 0 monsters + 10 x 30 (f) = 400 XP each (K-61, K-63). Camp [1,2] keep 1,
// rest. Day 2 start: e steps b0 -> b2 where f holds: 40 vs 30, f at 0: failure (K-24, K-25),
// before the objectives are checked. Failure XP 0: 400 in all.
//
// The retry (Carry.Resume): it resumes at day 1's next phase, the camp ([3,4] keep 3), with the
// party at b1, 95 rations, the flag cache set and the event cache spent: nothing before the
// midpoint is played again (no event, no move, no food on day 1). Fresh armies (K-68, initial
// setup): day 2, e steps to b0 (route step 1) and f holds: no battle; 90 rations; hold (cache, day
// 2) succeeds. The midpoint gives no XP again (K-67); the clear: 0 + 0 + 10 x 30 = 300.
func TestMidpointResumeK67K68(t *testing.T) {
	p := midPlan()
	g := newRig(t, []int{1, 2}, "east", "1", "rest")
	first, _, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if first.Outcome != runner.Failure || first.Day != 2 || first.XP != 400 {
		t.Fatalf("first attempt: %s on day %d, %d XP; want a failure on day 2, 400 XP", first.Outcome, first.Day, first.XP)
	}
	m := first.Midpoint.Clone()
	if m == nil || m.Objective != "burn" || m.Day != 1 || m.Phase != runner.PhaseAction || m.Block != "b1" {
		t.Fatalf("midpoint %+v, want burn, day 1, action phase, at b1", m)
	}
	if d, ph := m.Resumes(); d != 1 || ph != runner.PhaseCamp {
		t.Errorf("resumes on day %d, %s phase; want day 1, camp", d, ph)
	}
	g = newRig(t, []int{3, 4}, "3", "rest")
	c := &collect{}
	res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c},
		Carry: &Carry{Midpoints: []string{"burn"}, Resume: m}})
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success || res.Day != 2 || res.Party != "b1" || res.Rations != 90 {
		t.Errorf("retry: %s on day %d at %s with %d rations; want success on day 2 at b1 with 90", res.Outcome, res.Day, res.Party, res.Rations)
	}
	if got := c.trace("event", "partyMove", "food", "pick", "strengthBattle"); got != "1 camp pick\n2 start food\n" {
		t.Errorf("the retry played again what came before the midpoint:\n%s", got)
	}
	if len(res.Events) != 1 || res.Events[0].ID != "cache" || res.Events[0].Fired != 1 {
		t.Errorf("events fired %+v, want cache once (from the first attempt)", res.Events)
	}
	if res.XP != 300 || len(res.Objectives) != 1 || res.Objectives[0].ID != "hold" {
		t.Errorf("retry: %d XP, objectives %+v; want 300 and hold only", res.XP, res.Objectives)
	}
	if a := res.Armies[armyIdx(p, "e")]; a.Block != "b0" || a.Strength != 40 {
		t.Errorf("K-68 initial setup: e %+v, want 40 at b0", a)
	}
	if res.Midpoint != m {
		t.Errorf("a failure of the retry keeps the same midpoint")
	}
	if rs := eventsOf[*ResumeEvent](c); len(rs) != 1 || !strings.HasSuffix(rs[0].Text, "fresh armies per the initial setup (K-67, K-68)") {
		t.Errorf("resume events %+v, want one naming the initial setup", rs)
	}

	// K-68 with a midpoint setup: e resumes at b2 with 10 (its route just b2): day 2 start, no
	// move; the strength battle at b2: d = min(30, 10) = 10: e removed, f 20.
	p.Midpoint = &plan.Setup{Armies: []plan.ArmySetup{{Army: armyIdx(p, "e"), Strength: 10, Route: []int{2}}}}
	g = newRig(t, []int{3, 4}, "3", "rest")
	c = &collect{}
	_, err = Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Carry: &Carry{Midpoints: []string{"burn"}, Resume: m}})
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if rs := eventsOf[*ResumeEvent](c); len(rs) != 1 || !strings.HasSuffix(rs[0].Text, "fresh armies per the scenario's midpoint setup (K-67, K-68)") {
		t.Errorf("resume events %+v, want one naming the midpoint setup", rs)
	}
	sb := eventsOf[*StrengthBattleEvent](c)
	if len(sb) != 1 || sb[0].Day != 2 || sb[0].Block != "b2" || sb[0].ArmyBefore != 10 || sb[0].OtherAfter != 20 {
		t.Errorf("K-68 midpoint setup: %+v, want e 10 vs f 30 at b2 on day 2", sb)
	}
	// A Midpoint of another plan is refused.
	q := midPlan()
	q.SourceHash = "sha256:other"
	m2 := *m
	m2.plan = q
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g}, Carry: &Carry{Resume: &m2}}); err == nil {
		t.Error("a midpoint of another plan was resumed")
	}
}

// K-67: declining to resume (Carry.Midpoints without Resume): the retry starts over on day 1 with
// nothing carried; the retained midpoint gives no XP or growth when reached again, but its new state
// is what a later retry resumes from. Day 1: food (95), east: cache fires again (a fresh attempt),
// burn is retained: no XP; Result.Midpoint is the new state (day 1, action, b1).
func TestMidpointStartOverK67(t *testing.T) {
	p := midPlan()
	g := newRig(t, []int{1, 2}, "east", "1", "rest")
	c := &collect{}
	res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Carry: &Carry{Midpoints: []string{"burn"}}})
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	// The retained record before day 1 (K-67), then the event, and no objective reached.
	if got := c.trace("event", "objective"); got != "0  objective burn midpoint\n1 action event cache b1\n" {
		t.Errorf("start over:\n%s", got)
	}
	// Failure on day 2 (K-25): no midpoint XP (retained), failure XP 0.
	if res.Outcome != runner.Failure || res.XP != 0 || res.Midpoint == nil || res.Midpoint.Day != 1 || res.Midpoint.Block != "b1" {
		t.Errorf("start over: %s, %d XP, midpoint %+v", res.Outcome, res.XP, res.Midpoint)
	}
}

// K-67: a retry resumes at the phase after the one the midpoint was cleared in: start -> action,
// action -> camp, camp -> night, night -> the next day's start; in traversal mode the day ends
// with its rest (K-44), so the next day.
func TestMidpointResumesK67(t *testing.T) {
	for _, c := range []struct {
		phase     runner.Phase
		trav      int
		day       int
		wantPhase runner.Phase
	}{
		{runner.PhaseStart, -1, 3, runner.PhaseAction}, {runner.PhaseAction, -1, 3, runner.PhaseCamp},
		{runner.PhaseCamp, -1, 3, runner.PhaseNight}, {runner.PhaseNight, -1, 4, runner.PhaseStart},
		{runner.PhaseAction, 0, 4, runner.PhaseStart},
	} {
		m := &Midpoint{Day: 3, Phase: c.phase, trav: c.trav}
		if d, ph := m.Resumes(); d != c.day || ph != c.wantPhase {
			t.Errorf("cleared on day 3, %s phase (traversal %d): resumes day %d, %s; want day %d, %s", c.phase, c.trav, d, ph, c.day, c.wantPhase)
		}
	}
	// A midpoint that does not fit the plan is refused: no plan, another plan's, the wrong shape.
	p := midPlan()
	r, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	g := newRig(t, []int{1, 2}, "east", "1", "rest")
	res, err := r.Run(Options{Options: runner.Options{Seed: 1, Decider: g}})
	if err != nil || res.Midpoint == nil {
		t.Fatal(err, res)
	}
	good := res.Midpoint.Clone()
	for name, bad := range map[string]func(m *Midpoint){
		"no plan":   func(m *Midpoint) { m.plan = nil },
		"flags":     func(m *Midpoint) { m.flags = append(m.flags, 0) },
		"hp":        func(m *Midpoint) { m.hp = append(m.hp, 1) },
		"block":     func(m *Midpoint) { m.party = 99 },
		"day":       func(m *Midpoint) { m.Day = 0 },
		"late":      func(m *Midpoint) { m.Day = p.DayLimit + 1 },
		"revealed":  func(m *Midpoint) { m.revealed = nil },
		"fired":     func(m *Midpoint) { m.fired = nil },
		"burdens":   func(m *Midpoint) { m.burdens = append(m.burdens, burdenState{}) },
		"traversal": func(m *Midpoint) { m.travDone = append(m.travDone, 0) },
	} {
		m := good.Clone()
		bad(m)
		if _, err := r.Run(Options{Options: runner.Options{Seed: 1, Decider: g}, Carry: &Carry{Resume: m}}); err == nil {
			t.Errorf("%s: a midpoint that does not fit was resumed", name)
		}
	}
	if (*Midpoint)(nil).Clone() != nil {
		t.Error("Clone of nil")
	}
}
