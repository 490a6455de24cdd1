package simreport

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// walk is a subject: run i (seed S+i) walks i%4 blocks east of 0 and ends there; the outcome is
// success from block 2 on. Its events observe the blocks, the places at each day end and the end.
type walk struct{}

func (walk) Trial() (runner.Trial, error) { return walkTrial{}, nil }
func (walk) Coverable() []runner.Entity {
	var out []runner.Entity
	for x := 0; x < 5; x++ {
		at := [2]int{x, 0}
		out = append(out, runner.Entity{Kind: "block", ID: string(rune('a' + x)), At: &at, Grid: "square", Decl: "field.blocks." + string(rune('a'+x))})
	}
	return out
}

type walkTrial struct{}

type step struct{ x int }

func (*step) Type() string { return "step" }
func (*step) Rule() string { return "" }
func (*step) Line() string { return "" }
func (s *step) Observe(o runner.Observer) {
	id := string(rune('a' + s.x))
	o.Cover("block", id)
	o.Place("party", id)
	o.Tick()
}

type end struct{ x int }

func (*end) Type() string { return "end" }
func (*end) Rule() string { return "" }
func (*end) Line() string { return "" }
func (e *end) Observe(o runner.Observer) {
	o.Measure("strength", "guard", 10*e.x)
	out := runner.Failure
	if e.x >= 2 {
		out = runner.Success
	}
	o.End(out, "walked", e.x)
}

func (walkTrial) Play(seed uint64, d runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	n := int((seed - 1) % 4)
	for x := 0; x <= n; x++ {
		sink.Write(&step{x: x})
	}
	sink.Write(&end{x: n})
	return &runner.Ending{}, nil
}

// 8 runs, seeds 1..8: they walk 0, 1, 2, 3, 0, 1, 2, 3 blocks. By hand: success (x >= 2) 4 of
// 8; days (x) 0,0,1,1,2,2,3,3: median rank 4 -> 1, p90 rank ceil(7.2) = 8 -> 3; block a in all
// 8 runs, b in 6, c in 4, d in 2, e never; the heat map's day ends: a 8, b 6, c 4, d 2 of 20.
func TestBuild(t *testing.T) {
	tl, err := runner.Simulate(walk{}, runner.SimOptions{Runs: 8, Seed: 1, Policy: runner.NamedPolicy("first")})
	if err != nil {
		t.Fatal(err)
	}
	r := Build(Meta{Kind: "scenario", ID: "w", Rules: "karzoral", Policy: "first"}, 1, tl, walk{}.Coverable(),
		func(scope, decl string) string { return "./w.cue:" + map[string]string{"field.blocks.e": "9:3"}[decl] })
	if len(r.Outcomes) != 2 || r.Outcomes[0].Outcome != runner.Success || r.Outcomes[0].Runs != 4 || r.Outcomes[0].Rate != 0.5 {
		t.Fatalf("outcomes %+v", r.Outcomes)
	}
	if r.Days != (Summary{N: 8, Min: 0, Median: 1, P90: 3, Max: 3, Mean: 1.5}) {
		t.Errorf("days %+v", r.Days)
	}
	c := r.Coverage[0]
	got := []int{}
	for _, e := range c.Entities {
		got = append(got, e.Runs)
	}
	if c.Kind != "block" || c.Total != 5 || c.Covered != 4 || len(got) != 5 || got[0] != 8 || got[1] != 6 || got[2] != 4 || got[3] != 2 || got[4] != 0 {
		t.Errorf("coverage %+v", c)
	}
	if c.Entities[4].Pos != "./w.cue:9:3" || c.Entities[4].FirstSeed != nil || *c.Entities[1].FirstSeed != 2 {
		t.Errorf("entity e %+v, b %+v", c.Entities[4], c.Entities[1])
	}
	h := r.Heat[0]
	if h.Days != 20 || len(h.Who) != 1 || h.Cells[0].Count[0] != 8 || h.Cells[3].Count[0] != 2 || h.Cells[4].Count[0] != 0 {
		t.Errorf("heat %+v", h)
	}
	// Strengths 0, 10, 20, 30 twice each: a range of 31 values, so bars of width (30 + 20) / 20 =
	// 2: 16 bars, the runs in bars 0, 5, 10, 15.
	if m := r.Measures[0]; m.Name != "strength" || m.Who != "guard" || m.Max != 30 || len(m.Hist) != 16 ||
		m.Hist[5] != (Bar{10, 11, 2}) || m.Hist[1].Runs != 0 {
		t.Errorf("measure %+v", m)
	}
	var text bytes.Buffer
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"8 runs, policy first, seeds 1..8", "| success         | 4    | 50.0% |", "days to the end: min 0, median 1, p90 3, max 3",
		"blocks: 4 of 5 covered", "  never: e"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	for _, l := range strings.Split(text.String(), "\n") {
		if strings.HasSuffix(l, " ") {
			t.Errorf("trailing space: %q", l)
		}
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, r, []Source{{Name: "./w.cue", Lines: strings.Split(strings.Repeat("x\n", 9), "\n")}}); err != nil {
		t.Fatal(err)
	}
	p := page.String()
	if !IsReport(page.Bytes()) || !strings.Contains(p, `<a href="#src-0-L9">e</a>`) || strings.Contains(p, "http") || strings.Contains(p, "<script") {
		t.Errorf("page: not self-contained, or no link to e's line")
	}
}

// Histograms have a bar per value between the smallest and the largest, zeros included; a range
// wider than 24 values is binned in widths of ceil(range/20): 0..99 (range 100) in bars of 5.
func TestHistogram(t *testing.T) {
	var d runner.Dist
	for _, v := range []int{3, 5, 5} {
		d.Add(v)
	}
	h := histogram(&d)
	if len(h) != 3 || h[0] != (Bar{3, 3, 1}) || h[1] != (Bar{4, 4, 0}) || h[2] != (Bar{5, 5, 2}) {
		t.Errorf("%+v", h)
	}
	var w runner.Dist
	for v := 0; v < 100; v++ {
		w.Add(v)
	}
	h = histogram(&w)
	if len(h) != 20 || h[0] != (Bar{0, 4, 5}) || h[19] != (Bar{95, 99, 5}) {
		t.Errorf("%d bars: %+v", len(h), h)
	}
}

// deserting is walk with a non-event beside its blocks: "deserted" (Optional) for a guard that
// deserts in no run, and "broken" for one that breaks in every run.
type deserting struct{}

func (deserting) Coverable() []runner.Entity {
	return append(walk{}.Coverable(),
		runner.Entity{Kind: "broken", ID: "guard"},
		runner.Entity{Kind: "deserted", ID: "guard", Optional: true})
}

func (deserting) Trial() (runner.Trial, error) { return desertingTrial{}, nil }

type desertingTrial struct{ walkTrial }

type broke struct{}

func (*broke) Type() string              { return "broke" }
func (*broke) Rule() string              { return "U-63" }
func (*broke) Line() string              { return "" }
func (*broke) Observe(o runner.Observer) { o.Cover("broken", "guard") }

func (d desertingTrial) Play(seed uint64, dec runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	sink.Write(&broke{})
	return d.walkTrial.Play(seed, dec, sink)
}

// A non-event no run did (a guard that never deserted, U-72) is listed as a fact, not a gap: no
// "never:" in the text and nothing in the page's red "never" paragraph; the kinds that are what
// happened to a unit are headed in words ("broke", "deserted"), not "brokens", "deserteds".
func TestCoverageNonEvent(t *testing.T) {
	tl, err := runner.Simulate(deserting{}, runner.SimOptions{Runs: 4, Seed: 1, Policy: runner.NamedPolicy("first")})
	if err != nil {
		t.Fatal(err)
	}
	r := Build(Meta{Kind: "battle", ID: "w", Rules: "clash", Policy: "first"}, 1, tl, deserting{}.Coverable(), nil)
	var des *Coverage
	for i := range r.Coverage {
		if r.Coverage[i].Kind == "deserted" {
			des = &r.Coverage[i]
		}
	}
	if des == nil || !des.Optional || des.Covered != 0 || des.Total != 1 {
		t.Fatalf("deserted coverage %+v", des)
	}
	var text bytes.Buffer
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{"broke: 1 of 1 covered\n  guard 100.0%", "deserted: 0 of 1 covered\n  in no run: guard", "  never: e"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"brokens", "deserteds", "never: guard"} {
		if strings.Contains(out, bad) {
			t.Errorf("text has %q:\n%s", bad, out)
		}
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, r, nil); err != nil {
		t.Fatal(err)
	}
	p := page.String()
	if !strings.Contains(p, `<h3>deserted: 0 of 1 covered</h3>`) || !strings.Contains(p, `<li class="none">guard`) || strings.Contains(p, `never: guard`) {
		t.Errorf("page: the non-event is painted as a gap, or not headed in words")
	}
	if !strings.Contains(p, `never: e`) {
		t.Errorf("page: the block no run reached is no longer a gap")
	}
}

// In one kind, a non-event no run did (falling back to Standard, P-24) is a fact and a tactic the
// army was given and never used a gap (issue 20 review: "never: orcs: Standard" in red); an
// army's fates and actions are headed with what they count (fate: how it ended; action: at least
// once: orcs routed 13% of runs, 4% ended routed).
func TestCoverageMixedNonEvent(t *testing.T) {
	tl, err := runner.Simulate(deserting{}, runner.SimOptions{Runs: 4, Seed: 1, Policy: runner.NamedPolicy("first")})
	if err != nil {
		t.Fatal(err)
	}
	r := Build(Meta{Kind: "battle", ID: "w", Rules: "pathfinder", Policy: "first"}, 1, tl, nil, nil)
	r.Coverage = append(r.Coverage,
		Coverage{Kind: "tactic", Total: 2, Entities: []Entity{{ID: "orcs: Taunt", Listed: true}, {ID: "orcs: Standard", Listed: true, Optional: true}}},
		Coverage{Kind: "fate", Total: 1, Covered: 1, Optional: true, Entities: []Entity{{ID: "orcs: routed", Runs: 1, Rate: 0.04, Listed: true, Optional: true}}},
		Coverage{Kind: "action", Total: 1, Covered: 1, Entities: []Entity{{ID: "orcs: routed", Runs: 3, Rate: 0.13, Listed: true}}})
	var text bytes.Buffer
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{"tactics: 0 of 2 covered\n  never: orcs: Taunt\n  in no run: orcs: Standard\n",
		"fates (how it ended): 1 of 1 covered\n  orcs: routed 4.0%\n", "actions (at least once in a run): 1 of 1 covered\n  orcs: routed 13.0%\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, r, nil); err != nil {
		t.Fatal(err)
	}
	p := page.String()
	if !strings.Contains(p, `<li class="none">orcs: Standard`) || !strings.Contains(p, `<li class="never">orcs: Taunt`) || strings.Contains(p, "never: orcs: Standard") {
		t.Errorf("page: Standard painted as a gap, or Taunt not:\n%s", p[strings.Index(p, "tactics"):][:600])
	}
}

// TestWatchedHref: a page's link escapes what a URL would read otherwise: '#' (a fragment), '?'
// (a query), '%' (an escape), a space, and a colon in the first segment (a scheme, "./" first).
func TestWatchedHref(t *testing.T) {
	for page, want := range map[string]string{
		"r-longest-run0.html":     "r-longest-run0.html",
		"r#1?x-longest-run0.html": "r%231%3Fx-longest-run0.html",
		"a b%-run3.html":          "a%20b%25-run3.html",
		"x:y-run1.html":           "./x:y-run1.html",
	} {
		if got := (Watched{Page: page}).Href(); got != want {
			t.Errorf("%q: %q, want %q", page, got, want)
		}
	}
}
