package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// traversalPlan: b0, b1 (area maze: threshold 3), b2. Faces: +2, +1, -1, 0, +1, +2.
func traversalPlan(exit string) *plan.Plan {
	p := pcPlan(3)
	p.DayLimit = 2
	flag := addFlag(p, "mazeDone")
	faces := []plan.TraversalFace{{Say: "a stair", Progress: 2}, {Say: "a hall", Progress: 1}, {Say: "a dead end", Progress: -1},
		{Say: "dust"}, {Say: "a door", Progress: 1}, {Say: "a shaft", Progress: 2}}
	p.Traversals = []plan.Traversal{{ID: "maze", Blocks: []int{1}, Threshold: 3, Exit: exit, Faces: faces,
		Complete: []plan.Action{{Op: plan.ActSet, Flag: flag}}}}
	return p
}

// K-43..K-49, worked by hand. Day 1: enter b1; traversal starts at once (K-43). [3,3]: only face 3:
// 0 - 1 clamped to 0 (K-45). [3,4]: 3 checked, 4 must be taken (K-46): 0. [3,4] both checked:
// interrupted (K-46); the day ends with a rest, no camp (K-44, K-48). Day 2: the start phase
// unchecks the faces (K-49), so [3,4] again offers both and 4 is kept: 0 (without K-49 both would
// still be checked and the traversal interrupted at once). [1,2] keep 1: 2. [5,6] keep 6: 4 >= 3:
// complete (K-47); camp and night follow.
func TestTraversalK43K49(t *testing.T) {
	p := traversalPlan("completeOnly")
	g := newRig(t, []int{3, 3, 3, 4, 3, 4, 3, 4, 1, 2, 5, 6, 1, 2},
		"east", "continue", "3", "continue", "4", "continue",
		"continue", "4", "continue", "1", "continue", "6", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var tr []string
	for _, r := range eventsOf[*TraversalEvent](c) {
		tr = append(tr, r.Step+":"+itoa(r.After))
	}
	want := "start:0 face:0 face:0 interrupt:0 uncheck:0 face:0 face:2 face:4 complete:4"
	if strings.Join(tr, " ") != want {
		t.Errorf("traversal:\n got %s\nwant %s", strings.Join(tr, " "), want)
	}
	camps := eventsOf[*PickEvent](c)
	if len(camps) != 1 || camps[0].Day != 2 {
		t.Errorf("K-44/K-47: camp picks %+v, want one on day 2", camps)
	}
	if !strings.Contains(c.trace("flag"), "mazeDone") || res.Party != "b1" {
		t.Errorf("K-47 completion event: %s, party %s", c.trace("flag"), res.Party)
	}
	// K-45 option NegativeProgress: [3,3] keeps face 3: 0 - 1 = -1; stop ends the day (K-46, K-48).
	p.DayLimit = 1
	g = newRig(t, []int{3, 3}, "east", "continue", "3", "stop")
	col := &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: col}, Rules: &Rules{NegativeProgress: true}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	tr = nil
	for _, r := range eventsOf[*TraversalEvent](col) {
		tr = append(tr, r.Step+":"+itoa(r.After))
	}
	if len(tr) < 3 || tr[1] != "face:-1" || tr[2] != "stop:-1" {
		t.Errorf("K-45 option: %v", tr)
	}
}

// K-50: retrace: leaving at progress 2 needs 2 new progress, then the party is back where it came
// from. [1,1] keep 1: 2. leave. [2,2] keep 2: 1. [5,5] keep 5: 2: out, at b0; camp and night follow.
// completeOnly offers no leave.
func TestTraversalRetraceK50(t *testing.T) {
	p := traversalPlan("retrace")
	p.DayLimit = 1
	g := newRig(t, []int{1, 1, 2, 2, 5, 5, 1, 2},
		"east", "continue", "1", "leave", "continue", "2", "continue", "5", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Party != "b0" {
		t.Errorf("K-50 retrace: party at %s, want b0", res.Party)
	}
	var tr []string
	for _, r := range eventsOf[*TraversalEvent](c) {
		tr = append(tr, r.Step+":"+itoa(r.After))
	}
	if got := strings.Join(tr, " "); got != "start:0 face:2 retrace:0 face:1 face:2 leave:2" {
		t.Errorf("K-50: %s", got)
	}
	// completeOnly: the legal answers are continue and stop only.
	p = traversalPlan("completeOnly")
	var legal string
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Kind == runner.KindTraverse && legal == "" {
			legal = r.Legal()
			return runner.Answer{Choice: r.Find("stop")}, nil
		}
		if r.Kind == runner.KindMove {
			return runner.Answer{Choice: r.Find("east")}, nil
		}
		return runner.Answer{}, nil
	})
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d}}); err != nil {
		t.Fatal(err)
	}
	if legal != "continue, stop" {
		t.Errorf("K-50 completeOnly: legal %q", legal)
	}
}

// K-50 free: leaving early takes the party back the way it came (b0), never through to the far
// side: before the fix it stayed on b1 and could walk on east to b2 without completing the area.
// Day 1: enter b1, leave at once: back at b0; camp [1,2] keep 1, rest.
func TestTraversalFreeExitK50(t *testing.T) {
	p := traversalPlan("free")
	p.DayLimit = 1
	g := newRig(t, []int{1, 2}, "east", "leave", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Party != "b0" {
		t.Errorf("K-50 free: the party ends at %s, want b0 (where it came from)", res.Party)
	}
	// Normal mode from there: camp and night follow (K-50, K-47 Default).
	if tr := eventsOf[*TraversalEvent](c); len(eventsOf[*PickEvent](c)) != 1 || tr[len(tr)-1].Step != "leave" {
		t.Errorf("K-50 free:\n%s", c.trace("traversal", "pick"))
	}
}

// K-45 with K-96: a face whose event is a battle grants its progress only after the battle is won.
// Members only (no escape rolls). Face 2 is +1 with the skeletons. Day 1: [2,2] keep 2: fled:
// progress stays 0 (the fix: it used to become 1 before the battle); the face is checked. [2,5] keep
// 5: +1: 1; stop. Day 2: [2,2] keep 2: won: 1 + 1 = 2; [6,6] keep 6: 2 + 2 = 4 >= 3: complete.
func TestTraversalBattleProgressK45K96(t *testing.T) {
	p := traversalPlan("completeOnly")
	p.Party.PCs, p.Party.Members = nil, 2
	enc := addBoggards(p, "skeletons", false)
	p.Traversals[0].Faces[1].Do = []plan.Action{{Op: plan.ActBattle, Encounter: enc}}
	g := newRig(t, []int{2, 2, 2, 5, 2, 2, 6, 6, 1, 2},
		"east", "continue", "2", "fled", "continue", "5", "stop",
		"continue", "2", "won", "continue", "6", "1", "rest")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var tr []string
	for _, r := range eventsOf[*TraversalEvent](c) {
		tr = append(tr, r.Step+":"+itoa(r.After))
	}
	want := "start:0 face:0 progress:0 face:1 stop:1 uncheck:1 face:1 progress:2 face:4 complete:4"
	if got := strings.Join(tr, " "); got != want {
		t.Errorf("K-45/K-96:\n got %s\nwant %s", got, want)
	}
}

// K-57 with K-44: a dark area needs 12 hours of light on every day spent in it, not only the day
// the party entered. Members only (light is tracked for every plan, K-58). Oil 2: day 1 (entry)
// 2 -> 1; day 2 (a traversal day) 1 -> 0. Day 1: [4,4] keep 4: 0; stop. Day 2: [1,6] keep 6: 2;
// [2,2] keep 2: 3: complete; camp [1,2], rest.
func TestTraversalDarkEveryDayK57(t *testing.T) {
	p := traversalPlan("completeOnly")
	p.Party.PCs, p.Party.Members = nil, 2
	p.Field.Blocks[1].Dark = true
	p.Party.LanternOil = 2
	g := newRig(t, []int{4, 4, 1, 6, 2, 2, 1, 2},
		"east", "continue", "4", "stop", "continue", "6", "continue", "2", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	l := eventsOf[*LightEvent](c)
	if len(l) != 2 || l[0].Day != 1 || l[0].Oil != 1 || l[1].Day != 2 || l[1].Oil != 0 || l[1].Result != "lit" {
		t.Errorf("K-57: light %+v, want oil 2 -> 1 on day 1 and 1 -> 0 on day 2", l)
	}
	if res.Oil != 0 {
		t.Errorf("oil left %d, want 0", res.Oil)
	}
}
