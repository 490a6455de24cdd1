package karzoral

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// watched wraps a policy's decider and notes each decision with the players' picture of one army
// at that moment (K-23).
type watched struct {
	d    runner.Decider
	army int
	log  []decision
}

func (w *watched) Decide(r *runner.Request) (runner.Answer, error) {
	a, err := w.d.Decide(r)
	v, _ := r.View.(*PlayerView)
	if v == nil {
		return a, fmt.Errorf("%s: no players' view on the request", r.Where())
	}
	d := decision{what: fmt.Sprintf("%d %s %s %s", r.Day, r.Phase, r.Kind, r.Choices[a.Choice].Name)}
	if w.army < v.Armies() {
		d.sight = v.Army(w.army)
	}
	w.log = append(w.log, d)
	return a, err
}

// K-23: the bundled policies explore and goal decide on the players' view. Field 1 is played by
// each with the warband's true route and with it marching another way from day 3 (through 07 and
// 06 instead of 10), where the party cannot see it; with the same seed every decision is the
// same until the players' picture of the warband differs (it comes into view, or a report or
// survey shows it). Compared over 40 seeds, each run with a fresh policy (nothing learnt).
func TestPoliciesDecideOnViewK23(t *testing.T) {
	other := field01()
	w := armyIdx(other, "boggardWarband")
	other.Armies[w].Route = []int{blockIdx(other, "gate"), blockIdx(other, "gate"), blockIdx(other, "11"),
		blockIdx(other, "07"), blockIdx(other, "06"), blockIdx(other, "10"), blockIdx(other, "09")}
	policies := map[string]func(p *plan.Plan) runner.PolicyMaker{
		"explore": func(*plan.Plan) runner.PolicyMaker { return runner.NewExplore() },
		"goal":    func(p *plan.Plan) runner.PolicyMaker { return NewGoal(p) },
	}
	for _, name := range []string{"explore", "goal"} {
		play := func(p *plan.Plan, seed uint64) []decision {
			d, err := policies[name](p).Decider(0, seed)
			if err != nil {
				t.Fatal(err)
			}
			wd := &watched{d: d, army: w}
			if _, err := Run(p, Options{Options: runner.Options{Seed: seed, Decider: wd}}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return wd.log
		}
		tested, differed := 0, 0
		for seed := uint64(1); seed <= 40; seed++ {
			a, b := play(field01(), seed), play(other, seed)
			known := min(len(a), len(b))
			for i := 0; i < min(len(a), len(b)); i++ {
				if a[i].sight != b[i].sight {
					known = i
					break
				}
			}
			for i := 0; i < known; i++ {
				if a[i].what != b[i].what {
					t.Fatalf("%s, seed %d: decision %d differs (%s / %s) although the players' view of the warband was the same until decision %d",
						name, seed, i, a[i].what, b[i].what, known)
				}
			}
			if known >= 8 {
				tested++
			}
			if known < min(len(a), len(b)) {
				differed++
			}
		}
		t.Logf("%s: %d runs with 8 or more decisions before the warband came into view; %d where it came into view", name, tested, differed)
		if tested < 10 || differed == 0 {
			t.Errorf("%s: %d of 40 runs played 8 decisions before the warband came into view, %d saw it: the test shows nothing", name, tested, differed)
		}
	}
}

// boxPlan: the party at b0 [0,1]; the target T [2,0] (success on entering it). North: n0 [0,0],
// then h [1,0], a hidden box's block (box X) entered only from the north (K-32), where no block
// is: the way n0 -> h -> T is closed, but the players cannot know it before they learn the box
// (K-30, K-31). South: s0 [0,2], s1 [1,2], s2 [2,2], m [2,1], then T: five moves.
func boxPlan() *plan.Plan {
	p := mkPlan(bspec{id: "b0", y: 1, terrain: "plain"}, bspec{id: "n0", terrain: "plain"},
		bspec{id: "h", x: 1, terrain: "forest", box: "X", from: []plan.Dir{plan.North}},
		bspec{id: "T", x: 2, terrain: "plain"}, bspec{id: "s0", y: 2, terrain: "plain"},
		bspec{id: "s1", x: 1, y: 2, terrain: "plain"}, bspec{id: "s2", x: 2, y: 2, terrain: "plain"},
		bspec{id: "m", x: 2, y: 1, terrain: "plain"})
	p.Objectives = []plan.Objective{{ID: "reach", When: plan.Cond{Op: plan.CondAt, Block: blockIdx(p, "T")}, Outcome: runner.Success, XP: 100}}
	return p
}

// K-23, K-30..K-32: the goal policy walks on the map as the players know it, not the truth. By
// hand on boxPlan (the target T):
//
//	day 1 at b0: north to n0 leaves n0 -> h -> T, 2 moves, h taken to be open (not known); south to
//	s0 leaves s0 s1 s2 m T, 4 moves: north (the truth: n0 is 6 moves away, back through b0).
//	at n0: east into h (1 move left) is tried; it fails (K-32): h and its box are revealed.
//	at n0 again: east is known closed now; south to b0 (5 moves) beats staying (6): south.
//	then s0, s1, s2, m, T: the success.
//
// The moves are north, east, south, south, east, east, north, north.
func TestGoalWalksTheKnownMapK23K32(t *testing.T) {
	p := boxPlan()
	d, err := NewGoal(p).Decider(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	rec := &watched{d: d}
	res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: rec}})
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, x := range rec.log {
		if f := strings.Fields(x.what); f[2] == "move" {
			moves = append(moves, f[3])
		}
	}
	want := "[north east south south east east north north]"
	if got := fmt.Sprint(moves); got != want || res.Outcome != runner.Success {
		t.Errorf("moves %s, %s; want %s and a success", got, res.Outcome, want)
	}
}

// The goal policy keeps a success objective's block a target after the party stood in it: on
// line(3) the success needs the party at b1 with the flag lit, which entering b2 sets. By hand:
// day 1 east to b1 (a target, 1 move; b2 is 2); the flag is not lit: no success. Day 2 from b1:
// east to b2 (its event's block, 0 moves to a target) beats staying (b1 is still a target, but
// the party stood there: 0 x 2 + 1) and west (b0: 1 move: 3); the flag is lit. Day 3 from b2:
// west to b1 (still a target: 0 x 2 + 1) beats staying (b2 is spent; b1 is 1 move away: 3):
// the success on day 3, whatever the seed (no tie is broken at random).
func TestGoalReturnsToTheSuccessBlock(t *testing.T) {
	p := line(3)
	flag := addFlag(p, "lit")
	p.Events = []plan.Event{{ID: "beacon", On: plan.Trigger{Kind: plan.OnEnter, Block: 2}, Once: true,
		Do: []plan.Action{{Op: plan.ActSet, Flag: flag}}}}
	p.Objectives = []plan.Objective{{ID: "hold", Outcome: runner.Success, XP: 100, When: plan.Cond{Op: plan.CondAll,
		Args: []plan.Cond{{Op: plan.CondAt, Block: 1}, {Op: plan.CondFlag, Flag: flag}}}}}
	for seed := uint64(1); seed <= 20; seed++ {
		d, err := NewGoal(p).Decider(0, seed)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(p, Options{Options: runner.Options{Seed: seed, Decider: d}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != runner.Success || res.Day != 3 {
			t.Fatalf("seed %d: %s on day %d; want the success on day 3", seed, res.Outcome, res.Day)
		}
	}
}

// The goal policy's other answers, on requests made by hand (no view: the map as known before
// play). On line(3) with the target b2 (success on entering it): the night at b1 (1 move from
// b2) rests, at b0 (2 moves) marches, and after a battle that day rests; a battle is won when it
// may be, else routed; the camp's pick takes the first unchecked face (no night raid, K-36).
func TestGoalAnswers(t *testing.T) {
	p := line(3)
	p.Objectives = []plan.Objective{{ID: "reach", When: plan.Cond{Op: plan.CondAt, Block: 2}, Outcome: runner.Success}}
	d, err := NewGoal(p).Decider(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	night := []runner.Choice{{Name: "rest"}, {Name: "march"}}
	ask := func(q runner.Request) string {
		t.Helper()
		a, err := d.Decide(&q)
		if err != nil {
			t.Fatal(err)
		}
		return q.Choices[a.Choice].Name + q.Choices[a.Choice].Note
	}
	for _, c := range []struct {
		q    runner.Request
		want string
	}{
		{runner.Request{Kind: runner.KindNight, Day: 1, Block: "b1", Choices: night}, "rest"},  // 1 move left
		{runner.Request{Kind: runner.KindNight, Day: 1, Block: "b0", Choices: night}, "march"}, // 2 moves left
		{runner.Request{Kind: runner.KindBattle, Day: 2, Block: "b0", Choices: []runner.Choice{{Name: "fled"}, {Name: "won"}, {Name: "routed"}}}, "won"},
		{runner.Request{Kind: runner.KindBattle, Day: 2, Block: "b0", Choices: []runner.Choice{{Name: "fled"}, {Name: "routed"}}}, "routed"},
		{runner.Request{Kind: runner.KindNight, Day: 2, Block: "b0", Choices: night}, "rest"}, // fought today
		{runner.Request{Kind: runner.KindPick, Day: 3, Block: "b0", Choices: []runner.Choice{{Name: "2", Note: "checked"}, {Name: "5"}}}, "5"},
	} {
		if got := ask(c.q); got != c.want {
			t.Errorf("%s on day %d at %s: %s, want %s", c.q.Kind, c.q.Day, c.q.Block, got, c.want)
		}
	}
}

// K-23, K-36: the players' view reads the state's edges right: episode faces 1..6 checked as
// bits 0..5 (faces 0 and 7 are never checked), and an army in block 0 with the party there is in
// view and seen by everyone, while one in block 1 is the GM's.
func TestPlayerViewEdges(t *testing.T) {
	p := line(3)
	addArmy(p, "f", "friendly", 10, 1, -1, "b0")
	r, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	s := &r.s
	s.checked = 1<<0 | 1<<5 // faces 1 and 6
	v := &s.pview
	for face, want := range map[int]bool{0: false, 1: true, 2: false, 5: false, 6: true, 7: false} {
		if got := v.Checked(face); got != want {
			t.Errorf("Checked(%d) = %v, want %v", face, got, want)
		}
	}
	s.party, s.armyBlock[0] = 0, 0
	if !s.inView(0) || s.seenAt(0) != runner.AudienceAll {
		t.Errorf("army in the party's block 0: in view %v, audience %v; want true, all", s.inView(0), s.seenAt(0))
	}
	s.armyBlock[0] = 1
	if s.inView(0) || s.seenAt(1) != runner.AudienceGM {
		t.Errorf("army in block 1, the party in 0: in view %v, audience %v; want false, gm", s.inView(0), s.seenAt(1))
	}
}

// K-23: a survey sees an army standing in block 0; a reveal of army 0 off the field says it is
// missing, and one on block 0 does not.
func TestSurveyBlockZeroK23(t *testing.T) {
	p := line(3)
	addArmy(p, "a", "enemy", 10, 1, addBoggards(p, "raid", false), "b0")
	r, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	s := &r.s
	c := &collect{}
	s.sink, s.on, s.party = c, true, 2
	s.armyBlock[0], s.armyStr[0] = 0, 10
	if err := s.survey(-1, "survey"); err != nil {
		t.Fatal(err)
	}
	if err := s.survey(0, "reveal"); err != nil {
		t.Fatal(err)
	}
	s.armyBlock[0] = -1
	if err := s.survey(0, "reveal"); err != nil {
		t.Fatal(err)
	}
	ev := eventsOf[*SightingEvent](c)
	if len(ev) != 3 || len(ev[0].Armies) != 1 || ev[0].Missing != "" || ev[1].Missing != "" || len(ev[2].Armies) != 0 || ev[2].Missing != "a" {
		t.Fatalf("sightings %+v; want a seen at b0 twice, then missing", ev)
	}
	if a := s.pview.Army(0); !a.Seen || a.Day != s.day {
		t.Errorf("the players' sight of a: %+v, want seen", a)
	}
}
