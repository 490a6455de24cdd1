package runner

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/sortie-rpg/sortie/runner/dice"
)

// coinGame is a subject for the driver's tests: each run rolls a d6 per day for up to six days,
// walking east on a 4 or more; a 6 fires event "six"; the run is a success when it reaches x = 3,
// a failure ("day limit") otherwise. Every observation comes from its events.
type coinGame struct{ trials atomic.Int32 }

func (g *coinGame) Trial() (Trial, error) { g.trials.Add(1); return &coinTrial{}, nil }
func (g *coinGame) Coverable() []Entity {
	var out []Entity
	for x := 0; x <= 3; x++ {
		at := [2]int{x, 0}
		out = append(out, Entity{Kind: "block", ID: fmt.Sprint(x), At: &at, Grid: "square"})
	}
	return append(out, Entity{Kind: "event", ID: "six"}, Entity{Kind: "event", ID: "never"})
}

type coinTrial struct{ src *dice.Seeded }

type coinEvent struct {
	kind string
	x    int
	out  string
	day  int
}

func (*coinEvent) Type() string { return "coin" }
func (*coinEvent) Rule() string { return "" }
func (*coinEvent) Line() string { return "" }
func (e *coinEvent) Observe(o Observer) {
	switch e.kind {
	case "at":
		o.Cover("block", fmt.Sprint(e.x))
		o.Place("party", fmt.Sprint(e.x))
		o.Tick()
	case "six":
		o.Cover("event", "six")
	case "end":
		o.Measure("x", "party", e.x)
		o.Add("steps", "party", e.x)
		o.End(e.out, "walked "+fmt.Sprint(e.x), e.day)
	}
}

func (t *coinTrial) Play(seed uint64, dec Decider, sink Sink) (*Ending, error) {
	if t.src == nil {
		t.src = dice.NewSeeded(seed)
	}
	t.src.Reseed(seed)
	x := 0
	sink.Write(&coinEvent{kind: "at", x: 0})
	for day := 1; day <= 6; day++ {
		req := &Request{Kind: KindMove, Day: day, Choices: []Choice{{Name: "east"}, {Name: "stay"}}}
		a, err := dec.Decide(req)
		if err != nil {
			return &Ending{Outcome: Stopped, Day: day}, err
		}
		f := t.src.Roll(6)
		if f == 6 {
			sink.Write(&coinEvent{kind: "six"})
		}
		if a.Choice == 0 && f >= 4 {
			x++
		}
		sink.Write(&coinEvent{kind: "at", x: x})
		if x == 3 {
			sink.Write(&coinEvent{kind: "end", x: x, out: Success, day: day})
			return &Ending{Outcome: Success, Day: day}, nil
		}
	}
	sink.Write(&coinEvent{kind: "end", x: x, out: Failure, day: 6})
	return &Ending{Outcome: Failure, Day: 6, Reason: "day limit"}, nil
}

// The same seed and runs give the same tally on 1, 2, 3 and 4 workers (the runs are merged in
// chunk order; every count is an integer).
func TestSimulateSameForAnyWorkers(t *testing.T) {
	watch := []Watch{{Match: func(r RunView) bool { return r.Outcome() == Success }, Value: func(r RunView) (int, bool) { return r.Day(), true }}}
	var want *Tally
	for _, w := range []int{1, 2, 3, 4} {
		g := &coinGame{}
		got, err := Simulate(g, SimOptions{Runs: 1000, Seed: 7, Workers: w, Policy: NamedPolicy("random"), Watch: watch})
		if err != nil {
			t.Fatal(err)
		}
		if int(g.trials.Load()) != w {
			t.Errorf("%d workers made %d trials", w, g.trials.Load())
		}
		if got.Runs != 1000 {
			t.Fatalf("%d runs", got.Runs)
		}
		if want == nil {
			want = got
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers: the tally differs from 1 worker's", w)
		}
	}
	// Sanity of what was observed: every run starts at block 0; block 3 is reached exactly in the
	// successful runs; the success runs' days are the watched values.
	if c := want.Covered[Key{"", "block", "0"}]; c == nil || c.Runs != 1000 || c.First != 0 {
		t.Errorf("block 0: %+v", c)
	}
	if c := want.Covered[Key{"", "block", "3"}]; c == nil || c.Runs != want.Outcomes[Success] {
		t.Errorf("block 3 %+v, successes %d", c, want.Outcomes[Success])
	}
	if w := want.Watched[0]; w.Runs != want.Outcomes[Success] || w.Values.N != w.Runs || w.Values.Sum != int64(sumDays(want.DaysBy[Success])) {
		t.Errorf("watched %+v", w)
	}
	if want.Covered[Key{"", "event", "never"}] != nil {
		t.Error("an event no run fires is covered")
	}
	// The heat map counts one day end per "at" event: six days a failed run, its day a success.
	if days := want.HeatDays[""]; days != int(want.Days.Sum)+1000 {
		t.Errorf("heat days %d, want the runs' days + one start each = %d", days, want.Days.Sum+1000)
	}
}

func sumDays(d *Dist) int { return int(d.Sum) }

// Run i is seeded with seed + i: the first run is the seed itself.
func TestRunSeed(t *testing.T) {
	if RunSeed(5, 0) != 5 || RunSeed(5, 9) != 14 {
		t.Error("RunSeed")
	}
}

// Replay plays run i as the simulation did: its events give the same ending.
func TestReplay(t *testing.T) {
	g := &coinGame{}
	o := SimOptions{Runs: 300, Seed: 3, Policy: NamedPolicy("random"), Watch: []Watch{{Match: func(r RunView) bool { return r.Outcome() == Success }}}}
	tl, err := Simulate(g, o)
	if err != nil {
		t.Fatal(err)
	}
	first := tl.Watched[0].First
	if first < 0 {
		t.Fatal("no success in 300 runs")
	}
	end, err := Replay(g, o, first, nil, nil)
	if err != nil || end.Outcome != Success {
		t.Errorf("replay of run %d: %+v %v", first, end, err)
	}
	if tl.Watched[0].FirstNot < 0 {
		t.Fatal("no failed run in 300 runs")
	}
	end, err = Replay(g, o, tl.Watched[0].FirstNot, nil, nil)
	if err != nil {
		t.Fatalf("replay of run %d: %v", tl.Watched[0].FirstNot, err)
	}
	if end.Outcome == Success {
		t.Errorf("replay of the first failed run succeeds")
	}
}

// countingLearner decides east until it has learnt runs; Learn must come in run order, a
// generation at a time.
type countingLearner struct {
	learnt  int
	order   []int
	badTurn bool
}

type learnt struct{ east bool }

func (d learnt) Decide(*Request) (Answer, error) {
	if d.east {
		return Answer{Choice: 0}, nil
	}
	return Answer{Choice: 1}, nil
}

func (l *countingLearner) Decider(run int, seed uint64) (Decider, error) {
	if run/LearnEvery != l.learnt/LearnEvery {
		l.badTurn = true // a run of a generation whose predecessors were not all learnt
	}
	return learnt{east: l.learnt < LearnEvery}, nil
}

func (l *countingLearner) Learn(run int, d Decider) {
	l.order = append(l.order, run)
	l.learnt++
}

// A Learner's runs come in generations: every run of generation g decides from the first g
// generations' runs, and Learn sees the runs in order; so 1 and 4 workers agree.
func TestLearnerGenerations(t *testing.T) {
	var tallies []*Tally
	for _, w := range []int{1, 4} {
		l := &countingLearner{}
		late := Watch{Match: func(r RunView) bool { return r.Outcome() == Success && r.Run() >= LearnEvery }}
		tl, err := Simulate(&coinGame{}, SimOptions{Runs: 3*LearnEvery + 10, Seed: 1, Workers: w, Policy: l, Watch: []Watch{late}})
		if err != nil {
			t.Fatal(err)
		}
		if l.badTurn {
			t.Errorf("%d workers: a run decided before its generation's predecessors were learnt", w)
		}
		for i, r := range l.order {
			if r != i {
				t.Fatalf("%d workers: Learn order %v...", w, l.order[:i+1])
			}
		}
		if len(l.order) != tl.Runs {
			t.Errorf("learnt %d of %d runs", len(l.order), tl.Runs)
		}
		tallies = append(tallies, tl)
	}
	if !reflect.DeepEqual(tallies[0], tallies[1]) {
		t.Error("1 and 4 workers differ")
	}
	// Generation 0 walks east, the later ones learnt to stay: no success after run LearnEvery.
	if tl := tallies[0]; tl.Outcomes[Success] == 0 || tl.Watched[0].Runs != 0 {
		t.Errorf("%d successes, %d after the first generation", tl.Outcomes[Success], tl.Watched[0].Runs)
	}
}

// A run that stops with an error counts as stopped, its error kept with its first run.
type failingTrial struct{}

func (failingTrial) Play(seed uint64, dec Decider, sink Sink) (*Ending, error) {
	if seed%2 == 0 {
		return &Ending{Outcome: Failure, Day: 1, Reason: "even"}, nil
	}
	return &Ending{Outcome: Stopped, Day: 1}, errors.New("odd seed")
}

type failingGame struct{}

func (failingGame) Trial() (Trial, error) { return failingTrial{}, nil }
func (failingGame) Coverable() []Entity   { return nil }

func TestRunErrors(t *testing.T) {
	tl, err := Simulate(failingGame{}, SimOptions{Runs: 10, Seed: 1, Policy: NamedPolicy("first")})
	if err != nil {
		t.Fatal(err)
	}
	// Seeds 1..10: the odd ones (1, 3, 5, 7, 9) stop; the first is run 0.
	if tl.Outcomes[Stopped] != 5 || tl.Outcomes[Failure] != 5 {
		t.Errorf("outcomes %v", tl.Outcomes)
	}
	if c := tl.Errors["odd seed"]; c == nil || c.Runs != 5 || c.First != 0 {
		t.Errorf("errors %v", tl.Errors)
	}
	if tl.Causes[[2]string{Failure, "even"}] != 5 {
		t.Errorf("causes %v", tl.Causes)
	}
	if _, err := Simulate(failingGame{}, SimOptions{Runs: 0, Policy: NamedPolicy("first")}); err == nil {
		t.Error("0 runs: want an error")
	}
	if _, err := Simulate(failingGame{}, SimOptions{Runs: 1}); err == nil {
		t.Error("no policy: want an error")
	}
}

// Quantiles by nearest rank, worked by hand: 1..10 has median rank ceil(5) = 5 -> 5, p90 rank
// ceil(9) = 9 -> 9; {2, 2, 3, 7} has median rank 2 -> 2, p90 rank ceil(3.6) = 4 -> 7.
func TestDistQuantiles(t *testing.T) {
	var d Dist
	for v := 10; v >= 1; v-- {
		d.Add(v)
	}
	if d.Min() != 1 || d.Quantile(0.5) != 5 || d.Quantile(0.9) != 9 || d.Max() != 10 || d.Mean() != 5.5 {
		t.Errorf("1..10: min %d median %d p90 %d max %d mean %v", d.Min(), d.Quantile(0.5), d.Quantile(0.9), d.Max(), d.Mean())
	}
	var e Dist
	for _, v := range []int{7, 2, 3, 2} {
		e.Add(v)
	}
	if e.Quantile(0.5) != 2 || e.Quantile(0.9) != 7 || e.Mean() != 3.5 {
		t.Errorf("{2,2,3,7}: median %d p90 %d mean %v", e.Quantile(0.5), e.Quantile(0.9), e.Mean())
	}
	var m Dist
	m.Merge(&d)
	m.Merge(&e)
	if m.N != 14 || m.Sum != 55+14 || m.Max() != 10 {
		t.Errorf("merged: %d values, sum %d, max %d", m.N, m.Sum, m.Max())
	}
	var empty Dist
	if empty.Quantile(0.5) != 0 || empty.Mean() != 0 {
		t.Error("empty")
	}
	// Values far apart (beyond the array's window) and the window growing over a value already
	// counted apart: 0, 10000 (apart), then 5000 ... 9999 and 10000 again (the window grows from
	// 5000 to reach it): 10000 twice, the median of 5003 values the 2502nd: 5000 + 2500.
	var far Dist
	far.Add(0)
	far.Add(10000)
	for v := 9999; v >= 5000; v-- {
		far.Add(v)
	}
	far.Add(10000)
	vals, counts := far.Values()
	if len(vals) != 5002 || vals[0] != 0 || vals[len(vals)-1] != 10000 || counts[len(counts)-1] != 2 || far.N != 5003 {
		t.Errorf("far: %d values, last %d x%d, n %d", len(vals), vals[len(vals)-1], counts[len(counts)-1], far.N)
	}
	if q := far.Quantile(0.5); q != 7500 {
		t.Errorf("far median %d, want 7500", q)
	}
	var merged Dist
	merged.Merge(&far)
	merged.Merge(&d)
	if merged.N != far.N+d.N || merged.Sum != far.Sum+d.Sum || merged.Max() != 10000 || merged.Min() != 0 {
		t.Errorf("merged far: %+v", merged)
	}
}

// The 95% Wilson interval, worked by hand with z = 1.96, z² = 3.8415:
//
//	50 of 100: mid = 0.5 + 3.8415/200 = 0.519207; half = 1.96·sqrt(0.0025 + 3.8415/40000)
//	= 0.099864; den = 1.038415; (0.403830, 0.596170).
//	0 of 10: mid = 3.8415/20 = 0.192075 = half; den = 1.38415; (0, 0.277531).
//	10 of 10 is the mirror: (0.722469, 1).
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{{50, 100, 0.403830, 0.596170}, {0, 10, 0, 0.277531}, {10, 10, 0.722469, 1}, {0, 0, 0, 0}} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-5 || math.Abs(hi-tc.hi) > 1e-5 {
			t.Errorf("Wilson(%d, %d) = (%.6f, %.6f), want (%.6f, %.6f)", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
