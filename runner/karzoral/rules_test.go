package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

func run(t *testing.T, p *plan.Plan, d runner.Decider) (*Result, *collect, error) {
	t.Helper()
	c := &collect{}
	res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d, Sink: c}})
	if res == nil {
		t.Fatalf("Run returned no result (err %v)", err)
	}
	return res, c, err
}

// K-24: d = min(a, b), both lose d; an army at 0 is removed. K-25: a friendly army at 0 fails the
// scenario at once: no action phase is played.
func TestStrengthBattleK24K25(t *testing.T) {
	p := line(2)
	// Sorted by ID: e (enemy, index 0), f (friendly, index 1).
	addArmy(p, "f", "friendly", 60, 1, -1, "b0", "b1")
	addArmy(p, "e", "enemy", 75, 1, -1, "b1")
	d := &answers{t: t} // any decision fails the test: K-25 ends the run in the start phase
	res, c, err := run(t, p, d)
	if err != nil {
		t.Fatal(err)
	}
	// Day 1: f moves b0 -> b1 where e holds; d = min(75, 60) = 60: e 75 -> 15, f 60 -> 0.
	sb := eventsOf[*StrengthBattleEvent](c)
	if len(sb) != 1 {
		t.Fatalf("strength battles: %+v", sb)
	}
	b := sb[0]
	if b.Army != "e" || b.ArmyBefore != 75 || b.ArmyAfter != 15 || b.Other != "f" || b.OtherBefore != 60 || b.OtherAfter != 0 || b.Loss != 60 || b.Block != "b1" {
		t.Errorf("K-24: got %+v, want e 75 -> 15, f 60 -> 0, loss 60 at b1", b)
	}
	if res.Outcome != runner.Failure || res.Day != 1 || !strings.Contains(res.Reason, "K-25") {
		t.Errorf("K-25: got %s day %d (%s), want failure on day 1", res.Outcome, res.Day, res.Reason)
	}
	if len(d.asked) != 0 || len(c.of("partyMove", "stay")) != 0 {
		t.Errorf("K-25: the action phase ran after the friendly army was wiped out")
	}
	if res.Armies[0].Strength != 15 || !res.Armies[0].OnField || res.Armies[1].Strength != 0 || res.Armies[1].OnField {
		t.Errorf("armies: %+v", res.Armies)
	}
}

// K-24 the other way round: the friendly army survives, the enemy is removed, play goes on.
func TestStrengthBattleK24FriendlyWins(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	addArmy(p, "f", "friendly", 75, 1, -1, "b0", "b1")
	addArmy(p, "e", "enemy", 60, 1, -1, "b1")
	res, c, err := run(t, p, &answers{t: t, names: []string{"stay", "1", "rest"}})
	if err != nil {
		t.Fatal(err)
	}
	// d = 60: f 75 -> 15, e 60 -> 0 and removed. The day is played out; day limit 1 -> failure.
	if res.Armies[armyIdx(p, "f")].Strength != 15 || res.Armies[armyIdx(p, "e")].OnField {
		t.Errorf("armies: %+v", res.Armies)
	}
	if rm := eventsOf[*ArmyRemovedEvent](c); len(rm) != 1 || rm[0].Army != "e" || rm[0].Cause != "strength" {
		t.Errorf("removed: %+v", rm)
	}
	if res.Outcome != runner.Failure || res.Reason != "day limit" || res.Day != 1 {
		t.Errorf("got %s day %d (%s), want failure on day 1 (day limit)", res.Outcome, res.Day, res.Reason)
	}
}

// K-24 default: several armies in a block fight in pairs of ascending army index until no opposing
// pair remains; K-25 then fails the scenario when the friendly army reaches 0.
func TestStrengthBattleK24Pairs(t *testing.T) {
	p := line(2)
	addArmy(p, "f1", "friendly", 30, 1, -1, "b0", "b1")
	addArmy(p, "e1", "enemy", 20, 1, -1, "b1")
	addArmy(p, "e2", "enemy", 20, 1, -1, "b1")
	// Indices: e1 0, e2 1, f1 2. Pairs: (e1, f1): d = 20, e1 0, f1 10; (e2, f1): d = 10, e2 10, f1 0.
	res, c, err := run(t, p, &answers{t: t})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 start strengthBattle e1 f1 b1\n1 start armyRemoved e1 b1\n" +
		"1 start strengthBattle e2 f1 b1\n1 start armyRemoved f1 b1\n"
	if got := c.trace("strengthBattle", "armyRemoved"); got != want {
		t.Errorf("K-24 pairs:\n got %s\nwant %s", got, want)
	}
	sb := eventsOf[*StrengthBattleEvent](c)
	if sb[0].OtherAfter != 10 || sb[1].ArmyAfter != 10 || sb[1].OtherAfter != 0 {
		t.Errorf("strengths: %+v", sb)
	}
	if res.Outcome != runner.Failure || !strings.Contains(res.Reason, "f1") {
		t.Errorf("K-25: %+v", res)
	}
}

// K-24 as corrected (2026-12-01): armies that trade blocks fight, in the block of the first mover's
// step. The seed: 「【友軍】の移動した先のブロックに【蛮族軍】が存在した（あるいはその逆）場合、両軍の
// 間で戦闘が発生します」 and 「次に、同様に…【蛮族軍】…を…移動させます」: friendly armies move first.
// f (75) b0 -> b1 steps into e (60), still at b1: d = min(60, 75) = 60: e 60 -> 0, removed before
// its own move (b1 -> b0 never happens); f 75 -> 15 at b1. The day is played out; day limit 1.
func TestStrengthBattleK24Trade(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	addArmy(p, "f", "friendly", 75, 1, -1, "b0", "b1")
	addArmy(p, "e", "enemy", 60, 1, -1, "b1", "b0")
	res, c, err := run(t, p, &answers{t: t, names: []string{"stay", "1", "rest"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 start armyMove f b0 b1\n1 start strengthBattle e f b1\n1 start armyRemoved e b1\n"
	if got := c.trace("armyMove", "strengthBattle", "armyRemoved"); got != want {
		t.Errorf("K-24 trade:\n got %s\nwant %s", got, want)
	}
	if f := res.Armies[armyIdx(p, "f")]; f.Block != "b1" || f.Strength != 15 {
		t.Errorf("K-24: f %+v, want 15 at b1", f)
	}
	if e := res.Armies[armyIdx(p, "e")]; e.OnField || e.Strength != 0 {
		t.Errorf("K-24: e %+v, want removed", e)
	}
	if res.Outcome != runner.Failure || res.Reason != "day limit" {
		t.Errorf("got %s (%s), want the day limit", res.Outcome, res.Reason)
	}
}

// K-24 as corrected: the case `friends 01 -> 02`, `foes 02 -> 03`. The friendly army moves
// first and finds the enemy still in 02: they fight there, at once, before the enemy's move (the
// old Default let them pass each other, no battle anywhere). f (30) b0 -> b1, e (50) b1 -> b2:
// d = min(30, 50) = 30: f 30 -> 0, removed, K-25: the scenario fails completely on day 1 in the
// start phase; e 50 -> 20 stays at b1 (its move is never made: the run is over).
func TestStrengthBattleK24OnTheMove(t *testing.T) {
	p := line(3)
	addArmy(p, "f", "friendly", 30, 1, -1, "b0", "b1")
	addArmy(p, "e", "enemy", 50, 1, -1, "b1", "b2")
	res, c, err := run(t, p, &answers{t: t})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 start armyMove f b0 b1\n1 start strengthBattle e f b1\n1 start armyRemoved f b1\n"
	if got := c.trace("armyMove", "strengthBattle", "armyRemoved"); got != want {
		t.Errorf("K-24 on the move:\n got %s\nwant %s", got, want)
	}
	if e := res.Armies[armyIdx(p, "e")]; e.Block != "b1" || e.Strength != 20 {
		t.Errorf("K-24: e %+v, want 20 at b1", e)
	}
	if res.Outcome != runner.Failure || res.Day != 1 || !res.Complete || !strings.Contains(res.Reason, "K-25") {
		t.Errorf("K-25: %s day %d complete %v (%s)", res.Outcome, res.Day, res.Complete, res.Reason)
	}
}

// K-22: friendly armies move before enemy armies, Speed steps per start phase; at the end of its
// route an army holds (K-22 default).
func TestArmyMoveK22(t *testing.T) {
	p := line(4)
	p.DayLimit = 3
	addArmy(p, "fast", "enemy", 10, 2, -1, "b0", "b1", "b2", "b3")
	addArmy(p, "slow", "friendly", 10, 1, -1, "b3", "b3")
	ans := &answers{t: t}
	for d := 0; d < 3; d++ {
		ans.names = append(ans.names, "stay", "1", "rest")
	}
	p.Party.Start = 1 // the party stays at b1; "fast" passes through it without stopping there
	_, c, err := run(t, p, &dice1{ans})
	if err != nil {
		t.Fatal(err)
	}
	// Day 1: slow (friendly) first: b3 -> b3 (step 1, the end); fast steps through b1 (step 1) to
	// b2 (step 2), one move each (K-22).
	// Day 2: slow holds at b3; fast b2 -> b3 (step 3, the end): opposing armies meet at b3,
	// K-24: 10 vs 10, both 0; K-25 fails the scenario on day 2.
	want := "1 start armyMove slow b3 b3\n1 start armyMove fast b0 b1\n1 start armyMove fast b1 b2\n" +
		"2 start armyMove slow b3 b3\n2 start armyMove fast b2 b3\n"
	if got := c.trace("armyMove"); got != want {
		t.Errorf("K-22:\n got %s\nwant %s", got, want)
	}
}

// K-22 default: at the end of its route an army holds, day after day.
func TestArmyHoldsAtEndK22(t *testing.T) {
	p := line(3)
	p.DayLimit = 3
	addArmy(p, "e", "enemy", 10, 2, -1, "b0", "b1", "b2")
	p.Party.Start = 0
	ans := &answers{t: t}
	for d := 0; d < 3; d++ {
		ans.names = append(ans.names, "stay", "1", "rest")
	}
	_, c, err := run(t, p, &dice1{ans})
	if err != nil {
		t.Fatal(err)
	}
	// Speed 2: day 1 b0 -> b1 -> b2 (the end of the route); days 2 and 3 it holds at b2.
	want := "1 start armyMove e b0 b1\n1 start armyMove e b1 b2\n2 start armyMove e b2 b2\n3 start armyMove e b2 b2\n"
	if got := c.trace("armyMove"); got != want {
		t.Errorf("K-22:\n got %s\nwant %s", got, want)
	}
}

// dice1 wraps a Decider and supplies every die as 1 (a Roller), so camp picks are always "1".
type dice1 struct{ runner.Decider }

func (dice1) Roll(*runner.Request) (int, bool, error) { return 1, true, nil }

// boxField: a at (0,0); box A = x at (1,0) (one-way: only from the north), y (2,0), z (1,1),
// w (2,1); n at (1,-1) north of x.
func boxField() *plan.Plan {
	return mkPlan(
		bspec{id: "a", x: 0, y: 0, terrain: "plain"},
		bspec{id: "x", x: 1, y: 0, terrain: "reeds", box: "A", from: []plan.Dir{plan.North}},
		bspec{id: "y", x: 2, y: 0, terrain: "bog", box: "A"},
		bspec{id: "z", x: 1, y: 1, terrain: "pool", box: "A"},
		bspec{id: "w", x: 2, y: 1, terrain: "mud", box: "A"},
		bspec{id: "n", x: 1, y: -1, terrain: "hill"},
	)
}

// K-32: entering x from the west fails; the party learns x's terrain (K-31 default: x and its box
// are revealed), stays at a, and the move is spent: x's enter event does not fire.
func TestBounceK32K31(t *testing.T) {
	p := boxField()
	p.DayLimit = 1
	fl := addFlag(p, "entered")
	p.Events = []plan.Event{{ID: "onX", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "x")},
		Do: []plan.Action{{Op: plan.ActSet, Flag: fl}}}}
	res, c, err := run(t, p, &dice1{&answers{t: t, names: []string{"east", "1", "rest"}}})
	if err != nil {
		t.Fatal(err)
	}
	bounce := eventsOf[*BounceEvent](c)
	if len(bounce) != 1 || bounce[0].From != "a" || bounce[0].To != "x" || bounce[0].Dir != "east" || bounce[0].Terrain != "reeds" {
		t.Fatalf("K-32 bounce: %+v", bounce)
	}
	rev := eventsOf[*RevealEvent](c)
	if len(rev) != 1 || rev[0].Box != "A" || strings.Join(rev[0].Blocks, " ") != "x y z w" {
		t.Errorf("K-31 reveal: %+v", rev)
	}
	if res.Party != "a" || len(c.of("partyMove")) != 0 || len(c.of("event")) != 0 {
		t.Errorf("K-32: the party should stay at a, no enter event: party %s, trace\n%s", res.Party, c.trace("partyMove", "event"))
	}
}

// K-31 default: entering any block of a box reveals all four; the enter event fires.
func TestBoxRevealK31(t *testing.T) {
	p := boxField()
	p.DayLimit = 1
	p.Party.Start = blockIdx(p, "n")
	fl := addFlag(p, "entered")
	p.Events = []plan.Event{{ID: "onX", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "x")},
		Do: []plan.Action{{Op: plan.ActSet, Flag: fl}}}}
	var seen []bool
	sink := sinkFunc(func(e runner.Event) error {
		if d, ok := e.(*DayEndEvent); ok {
			for b := range p.Field.Blocks {
				seen = append(seen, d.view.Revealed(b))
			}
		}
		return nil
	})
	// n -> south -> x: x is entered from the north, which is allowed.
	res, err := Run(p, Options{Options: runner.Options{Decider: &dice1{&answers{t: t, names: []string{"south", "1", "rest"}}}, Sink: sink}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Party != "x" {
		t.Errorf("party at %s, want x", res.Party)
	}
	// Blocks a x y z w n: all revealed (a and n are outside any box, K-30).
	for b, ok := range seen {
		if !ok {
			t.Errorf("block %s not revealed", p.Field.Blocks[b].ID)
		}
	}
	if len(res.Events) != 1 || res.Events[0].ID != "onX" {
		t.Errorf("events: %+v", res.Events)
	}
}

type sinkFunc func(e runner.Event) error

func (f sinkFunc) Write(e runner.Event) error { return f(e) }

// K-33: after the move, the enemy army in the block is fought first (won: removed, K-99), then the
// block's enter events run their actions in order (say, battle, set), then the objectives.
func TestBattleThenEventsK33(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	enc := addEncounter(p, "squad", "Boggard squad")
	ambush := addEncounter(p, "ambush", "Ambushers")
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	fl := addFlag(p, "cleared")
	p.Events = []plan.Event{{ID: "trap", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{
		{Op: plan.ActSay, Text: "More of them!"},
		{Op: plan.ActBattle, Encounter: ambush},
		{Op: plan.ActSet, Flag: fl},
	}}}
	p.Objectives = []plan.Objective{{ID: "win", Outcome: "success", XP: 100,
		When: plan.Cond{Op: plan.CondAll, Args: []plan.Cond{{Op: plan.CondFlag, Flag: fl}, {Op: plan.CondArmyGone, Army: 0}}}}}
	res, c, err := run(t, p, &answers{t: t, names: []string{"east", "won", "won"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 action partyMove b0 b1\n" +
		"1 action battle squad e b1 won\n" +
		"1 action armyRemoved e b1\n" +
		"1 action event trap b1\n" +
		"1 action say trap\n" +
		"1 action battle ambush b1 won\n" +
		"1 action flag cleared set\n" +
		"1 action objective win success\n"
	got := c.trace("partyMove", "battle", "armyRemoved", "event", "say", "flag", "objective")
	if got != want {
		t.Errorf("K-33 order:\n got %s\nwant %s", got, want)
	}
	if res.Outcome != runner.Success || res.Day != 1 {
		t.Errorf("got %+v", res)
	}
}

// K-96: fleeing leaves the army in the block (and the party in it); the block's enter event still
// runs. It spawns a friendly army there, which fights the enemy army at once (K-24). (K-26, a
// strength battle after step (b), needs a friendly army in the party's block that has not met the
// enemy yet: only an accompanying army can be there, which the runner does not model yet; the check
// runs after every step (b) all the same.)
func TestFledK96(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	enc := addEncounter(p, "squad", "Boggard squad")
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	addArmy(p, "f", "friendly", 50, 1, -1, "b1")
	p.Armies[armyIdx(p, "f")].Reserve = true
	p.Events = []plan.Event{{ID: "help", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{
		{Op: plan.ActSpawn, Army: armyIdx(p, "f")}}}}
	// Day 1: party moves to b1, fights e's encounter and flees (K-96: e stays); no friendly army yet,
	// so no K-26 battle; the enter event spawns f at b1: K-24, d = 40: e 40 -> 0, f 50 -> 10.
	res, c, err := run(t, p, &dice1{&answers{t: t, names: []string{"east", "fled", "1", "rest"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 action battle squad e b1 fled\n" +
		"1 action armySpawned f b1\n" +
		"1 action strengthBattle e f b1\n" +
		"1 action armyRemoved e b1\n"
	if got := c.trace("battle", "armySpawned", "strengthBattle", "armyRemoved"); got != want {
		t.Errorf("K-96:\n got %s\nwant %s", got, want)
	}
	if res.Party != "b1" || res.Armies[armyIdx(p, "f")].Strength != 10 {
		t.Errorf("result %+v", res)
	}
}

// K-100: a defeated party fails the scenario at once.
func TestDefeatK100(t *testing.T) {
	p := line(2)
	enc := addEncounter(p, "squad", "Boggard squad")
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	res, c, err := run(t, p, &answers{t: t, names: []string{"east", "defeated"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != runner.Failure || res.Day != 1 || !strings.Contains(res.Reason, "K-100") {
		t.Errorf("got %+v", res)
	}
	if len(c.of("pick")) != 0 {
		t.Errorf("the camp phase ran after the defeat")
	}
}

// K-38, K-39: an unchecked face plays its episode and is checked; picking a checked face (on
// purpose, K-37 default) brings the night raid, after which all six faces are unchecked, so the
// same face plays its episode again.
func TestEpisodeCycleK38K39(t *testing.T) {
	p := line(1)
	p.DayLimit = 3
	p.NightRaid = addEncounter(p, "raiders", "Night raiders")
	s := mustScript(t, `
- {day: 1, move: stay}
- roll: [2, 5]
- pick: 2          # K-38: episode 2, then checked
- night: rest
- {day: 2, move: stay}
- roll: [2, 3]
- pick: 2          # K-39: checked, picked on purpose (K-37): night raid
- battle: won
- night: rest
- {day: 3, move: stay}
- roll: [2, 2]
- pick: 2          # unchecked again after the raid: episode 2
- night: rest
`)
	_, c, err := run(t, p, s)
	if err != nil {
		t.Fatal(err)
	}
	want := "1 camp campRoll\n1 camp pick\n1 camp episode\n" +
		"2 camp campRoll\n2 camp pick\n2 camp nightRaid raiders\n2 camp battle raiders b0 won\n2 camp episodesReset\n" +
		"3 camp campRoll\n3 camp pick\n3 camp episode\n"
	got := c.trace("campRoll", "pick", "episode", "nightRaid", "battle", "episodesReset")
	if got != want {
		t.Errorf("K-38/K-39:\n got %s\nwant %s", got, want)
	}
	picks := eventsOf[*PickEvent](c)
	if picks[0].Checked || !picks[1].Checked || picks[2].Checked {
		t.Errorf("checked flags: %v %v %v, want false true false", picks[0].Checked, picks[1].Checked, picks[2].Checked)
	}
	if ep := eventsOf[*EpisodeEvent](c); ep[0].Face != 2 || ep[0].Text != "episode 2" || ep[1].Face != 2 {
		t.Errorf("episodes: %+v", ep)
	}
	if d := eventsOf[*CampRollEvent](c); d[1].Dice != [2]int{2, 3} {
		t.Errorf("dice: %v", d[1].Dice)
	}
}

// K-39, runner default: with no night raid in the plan a checked face gives a quiet night and the
// faces are unchecked.
func TestQuietNightK39(t *testing.T) {
	p := line(1)
	p.DayLimit = 2
	s := mustScript(t, "- move: stay\n- roll: [4, 4]\n- pick: 4\n- night: rest\n- move: stay\n- roll: [4, 1]\n- pick: 4\n- night: rest\n")
	_, c, err := run(t, p, s)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.trace("episode", "quietNight", "episodesReset"), "1 camp episode\n2 camp quietNight\n2 camp episodesReset\n"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// K-41: a forced march runs a second action step (a), (b) in the night phase.
func TestForcedMarchK41(t *testing.T) {
	p := line(4)
	p.DayLimit = 1
	res, c, err := run(t, p, &dice1{&answers{t: t, names: []string{"east", "1", "march", "east"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "1 action partyMove b0 b1\n1 night night march\n1 night partyMove b1 b2\n"
	if got := c.trace("partyMove", "night"); got != want {
		t.Errorf("K-41:\n got %s\nwant %s", got, want)
	}
	if res.Party != "b2" {
		t.Errorf("party at %s, want b2", res.Party)
	}
}

// K-20 default: the party eats what there is; one FoodShortage per unfed member, no penalty.
func TestFoodShortageK20(t *testing.T) {
	p := line(1)
	p.DayLimit = 3
	p.Party.Members, p.Party.Rations = 5, 7
	ans := &answers{t: t}
	for d := 0; d < 3; d++ {
		ans.names = append(ans.names, "stay", "1", "rest")
	}
	res, c, err := run(t, p, &dice1{ans})
	if err != nil {
		t.Fatal(err)
	}
	// Day 1: eat 5 of 7 (2 left). Day 2: eat 2 (0 left), members 3, 4, 5 unfed. Day 3: eat 0,
	// members 1..5 unfed: 3 + 5 = 8 shortages.
	food := eventsOf[*FoodEvent](c)
	if food[0].Eaten != 5 || food[0].Left != 2 || food[1].Eaten != 2 || food[1].Left != 0 || food[2].Eaten != 0 {
		t.Errorf("food: %+v", food)
	}
	short := eventsOf[*FoodShortageEvent](c)
	var got []int
	for _, r := range short {
		got = append(got, r.Day*10+r.Member)
	}
	want := []int{23, 24, 25, 31, 32, 33, 34, 35}
	if len(got) != len(want) {
		t.Fatalf("shortages %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("shortages %v, want %v (day*10+member)", got, want)
		}
	}
	if res.Rations != 0 || res.Day != 3 {
		t.Errorf("result %+v", res)
	}
}

// Day limit: after the night phase of the last day without success the scenario fails.
func TestDayLimit(t *testing.T) {
	p := line(1)
	p.DayLimit = 2
	pol, _ := runner.NewPolicy("first", 0)
	res, c, err := run(t, p, pol)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != runner.Failure || res.Reason != "day limit" || res.Day != 2 {
		t.Errorf("got %+v, want failure on day 2 (day limit)", res)
	}
	// Both days are played to the night phase.
	if n := len(c.of("night")); n != 2 {
		t.Errorf("%d night phases, want 2", n)
	}
	end := eventsOf[*EndEvent](c)
	if len(end) != 1 || end[0].Outcome != runner.Failure || end[0].Day != 2 {
		t.Errorf("end record %+v", end)
	}
}

// Events: on-day events fire in the start phase after the armies move, only when their condition
// holds; a once event fires at most once; an army strength change to 0 fails (K-25).
func TestDayEventsAndStrengthK25(t *testing.T) {
	p := line(2)
	addArmy(p, "f", "friendly", 20, 1, -1, "b1")
	fl := addFlag(p, "x")
	p.Events = []plan.Event{
		{ID: "never", On: plan.Trigger{Kind: plan.OnDay, Day: 1}, If: &plan.Cond{Op: plan.CondFlag, Flag: fl},
			Do: []plan.Action{{Op: plan.ActSay, Text: "no"}}},
		{ID: "hit", On: plan.Trigger{Kind: plan.OnDay, Day: 2}, Do: []plan.Action{
			{Op: plan.ActStrength, Army: 0, Delta: -5}, {Op: plan.ActStrength, Army: 0, Delta: -30}, {Op: plan.ActSay, Text: "unreached"}}},
	}
	res, c, err := run(t, p, &dice1{&answers{t: t, names: []string{"stay", "1", "rest"}}})
	if err != nil {
		t.Fatal(err)
	}
	// Day 2: 20 -> 15 -> 0 (not below): K-25 at once, the say is not reached.
	want := "2 start event hit\n2 start strength f\n2 start strength f\n2 start armyRemoved f b1\n"
	if got := c.trace("event", "strength", "armyRemoved", "say"); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if res.Outcome != runner.Failure || res.Day != 2 || !strings.Contains(res.Reason, "K-25") {
		t.Errorf("got %+v", res)
	}
}

// armyGone holds only for an army that was on the field and left it: a reserve that has not
// arrived yet is not gone. A strength change on an army off the field has no effect, and so
// cannot wipe out a friendly reserve (K-25 needs an army on the field).
func TestArmyGoneAndOffFieldArmies(t *testing.T) {
	p := line(3)
	addArmy(p, "boss", "enemy", 10, 1, -1, "b2")
	addArmy(p, "reinf", "friendly", 10, 1, -1, "b2")
	p.Armies[0].Reserve, p.Armies[1].Reserve = true, true
	p.Objectives = []plan.Objective{{ID: "win", Outcome: "success",
		When: plan.Cond{Op: plan.CondArmyGone, Army: 0}}}
	p.Events = []plan.Event{
		{ID: "cut", On: plan.Trigger{Kind: plan.OnDay, Day: 1}, Do: []plan.Action{
			{Op: plan.ActStrength, Army: 1, Delta: -50}}}, // reinf is not on the field yet
		{ID: "arrive", On: plan.Trigger{Kind: plan.OnDay, Day: 2}, Do: []plan.Action{
			{Op: plan.ActSpawn, Army: 0}, {Op: plan.ActSpawn, Army: 0}}},
		{ID: "leave", On: plan.Trigger{Kind: plan.OnDay, Day: 3}, Do: []plan.Action{
			{Op: plan.ActRemove, Army: 0}, {Op: plan.ActStrength, Army: 0, Delta: -5}}},
	}
	names := []string{}
	for range 3 {
		names = append(names, "stay", "1", "rest")
	}
	res, c, err := run(t, p, &dice1{&answers{t: t, names: names}})
	if err != nil {
		t.Fatal(err)
	}
	// Day 1: boss is a reserve, not gone: no success. Day 2: it arrives (the second spawn finds it
	// there). Day 3: removed, so gone: success on day 3. reinf never lost strength, no K-25.
	if res.Outcome != runner.Success || res.Day != 3 {
		t.Fatalf("got %s on day %d (%s), want success on day 3", res.Outcome, res.Day, res.Reason)
	}
	var notes []string
	for _, e := range c.of("strength", "armySpawned") {
		switch e := e.(type) {
		case *StrengthEvent:
			notes = append(notes, e.Army+":"+e.Result)
		case *ArmySpawnedEvent:
			notes = append(notes, e.Army+":"+e.Result)
		}
	}
	if got, want := strings.Join(notes, " "), "reinf:ignored boss: boss:already boss:ignored"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// K-67, K-62: named monsters defeated earlier in the campaign (Carry.NamedDead) never reappear:
// an encounter of only such monsters is not fought ("gone"), and one where they stood beside
// others gives monster XP for the others only. Encounter "watch": 2 sentries of level 5 and
// Grutt (named, level 7); with Grutt dead the battle is worth 10 x (2 x 5) = 100 XP, not
// 10 x (10 + 7) = 170. Encounter "grutt": Grutt alone, gone.
func TestNamedDeadK67(t *testing.T) {
	for _, withPCs := range []bool{true, false} {
		p := line(3)
		if withPCs {
			p.Party.PCs = []plan.PC{{Name: "Aria", Angel: true, Level: 3, HP: 20}}
			p.Party.Members = 1
		}
		p.DayLimit = 1
		p.Encounters = []plan.Encounter{
			{ID: "grutt", Title: "Grutt", Monsters: []plan.Monster{{Name: "Grutt", Level: 7, Count: 1, Named: true}}},
			{ID: "watch", Title: "Watch", Monsters: []plan.Monster{{Name: "Sentry", Level: 5, Count: 2}, {Name: "Grutt", Level: 7, Count: 1, Named: true, Leader: true}}},
		}
		p.Events = []plan.Event{{ID: "fights", On: plan.Trigger{Kind: plan.OnEnter, Block: 1}, Do: []plan.Action{
			{Op: plan.ActBattle, Encounter: 0}, {Op: plan.ActBattle, Encounter: 1}}}}
		c := &collect{}
		res, err := Run(p, Options{Options: runner.Options{Decider: &dice1{&answers{t: t, names: []string{"east", "won", "1", "rest"}}}, Sink: c}, Carry: &Carry{NamedDead: []string{"Grutt"}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range eventsOf[*BattleEvent](c) {
			got = append(got, r.Encounter+":"+r.Result)
		}
		if strings.Join(got, " ") != "grutt:gone watch:won" {
			t.Errorf("PCs %v: battles %v, want grutt gone and watch won", withPCs, got)
		}
		// Grutt was dead before the run: he is not reported as defeated in it.
		if len(res.NamedDefeated) != 0 {
			t.Errorf("PCs %v: NamedDefeated = %v, want none", withPCs, res.NamedDefeated)
		}
		if !withPCs {
			continue
		}
		found := false
		for _, r := range eventsOf[*XPEvent](c) {
			found = found || strings.Contains(r.Text, "10 x 10 levels = 100")
		}
		if !found {
			t.Errorf("want monster XP 10 x 10 levels = 100 for the watch without Grutt; got %+v", c.of("xp"))
		}
	}
}
