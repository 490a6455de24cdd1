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
// interrupted (K-46); the day ends with a rest, no camp (K-44, K-48). Day 2: faces unchecked (K-49).
// [1,2] keep 1: 2. [5,6] keep 6: 4 >= 3: complete (K-47); camp and night follow.
func TestTraversalK43K49(t *testing.T) {
	p := traversalPlan("completeOnly")
	g := newRig(t, []int{3, 3, 3, 4, 3, 4, 1, 2, 5, 6, 1, 2},
		"east", "continue", "3", "continue", "4", "continue",
		"continue", "1", "continue", "6", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var tr []string
	for _, r := range eventsOf[*TraversalEvent](c) {
		tr = append(tr, r.Step+":"+itoa(r.After))
	}
	want := "start:0 face:0 face:0 interrupt:0 uncheck:0 face:2 face:4 complete:4"
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
