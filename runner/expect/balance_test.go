package expect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner"
)

func TestParseRate(t *testing.T) {
	for _, tc := range []struct {
		in       string
		yes, no  []float64
		show     string
		tooHighX float64 // a failing value and whether it is too high
		tooHigh  bool
	}{
		{"0.5", []float64{0.5}, []float64{0.49, 0.51}, "0.5", 0.6, true},
		{">=0.2", []float64{0.2, 1}, []float64{0.19}, ">= 0.2", 0.1, false},
		{"< 0.1", []float64{0, 0.09}, []float64{0.1}, "< 0.1", 0.5, true},
		{"0.35..0.55", []float64{0.35, 0.4, 0.55}, []float64{0.34, 0.56}, "0.35..0.55", 0.6, true},
		{" 1 ", []float64{1}, []float64{0.99}, "1", 0.9, false},
		{".25..1", []float64{0.25}, []float64{0.2}, "0.25..1", 0.1, false},
	} {
		r, err := ParseRate(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		for _, x := range tc.yes {
			if !r.Match(x) {
				t.Errorf("%q should match %v", tc.in, x)
			}
		}
		for _, x := range tc.no {
			if r.Match(x) {
				t.Errorf("%q should not match %v", tc.in, x)
			}
		}
		if r.String() != tc.show {
			t.Errorf("%q reads %q, want %q", tc.in, r.String(), tc.show)
		}
		if r.TooHigh(tc.tooHighX) != tc.tooHigh {
			t.Errorf("%q: TooHigh(%v) = %v", tc.in, tc.tooHighX, !tc.tooHigh)
		}
	}
	for _, bad := range []string{"", "x", "1.5", "-0.1", "0.6..0.4", ">=", "0.2..", "..0.3"} {
		if _, err := ParseRate(bad); err == nil {
			t.Errorf("ParseRate(%q): want an error", bad)
		}
	}
}

// FuzzParseRate: text either fails to parse or reads back (String) as the same rate.
func FuzzParseRate(f *testing.F) {
	for _, s := range []string{"0.5", ">=0.2", "0.35..0.55", "1", "..", "0..1", "<.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRate(s)
		if err != nil {
			return
		}
		q, err := ParseRate(r.String())
		if err != nil || q != r {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, r, r.String(), q, err)
		}
	})
}

// fakeRun is a RunView for the checks' tests.
type fakeRun struct {
	run     int
	outcome string
	cause   string
	day     int
	values  map[runner.Key]int
	counts  map[runner.Key]int
}

func (r *fakeRun) Run() int               { return r.run }
func (r *fakeRun) Seed() uint64           { return uint64(r.run) + 1 }
func (r *fakeRun) Outcome() string        { return r.outcome }
func (r *fakeRun) Cause() string          { return r.cause }
func (r *fakeRun) Day() int               { return r.day }
func (r *fakeRun) Count(k runner.Key) int { return r.counts[k] }
func (r *fakeRun) Err() error             { return nil }
func (r *fakeRun) Value(k runner.Key) (int, bool) {
	v, ok := r.values[k]
	return v, ok
}

// tally counts runs into the balance's watches the way the driver does (RunView by RunView).
func tally(b *Balance, runs []*fakeRun) *runner.Tally {
	ws := b.Watches()
	t := &runner.Tally{Runs: len(runs), Covered: map[runner.Key]*runner.Cover{}, Watched: make([]runner.Watched, len(ws))}
	for i := range t.Watched {
		t.Watched[i].First, t.Watched[i].FirstNot = -1, -1
	}
	for _, r := range runs {
		for i, w := range ws {
			x := &t.Watched[i]
			if !w.Match(r) {
				if x.FirstNot < 0 {
					x.FirstNot = r.run
				}
				continue
			}
			x.Runs++
			if x.First < 0 {
				x.First = r.run
			}
			if w.Value != nil {
				if v, ok := w.Value(r); ok {
					x.Values.Add(v)
				}
			}
		}
		for k, n := range r.counts {
			if t.Covered[k] == nil {
				t.Covered[k] = &runner.Cover{First: r.run}
			}
			t.Covered[k].Runs++
			t.Covered[k].Times += n
		}
	}
	return t
}

// Ten runs, worked by hand: runs 0, 3, 4, 7 succeed (days 7, 9, 8, 12); the rest fail on day 5.
// Success rate 4/10 = 0.4 (in 0.35..0.55: ok; in <= 0.3: too high, the first success, run 0,
// goes against it). The successes' days sorted 7, 8, 9, 12: median rank ceil(2) = 2 -> 8 (<= 8
// ok), p90 rank ceil(3.6) = 4 -> 12 (<= 10 fails; the first success after day 10 is run 7).
// Event e fires in runs 3 and 4 only: "covered events" fails for f, which never fires.
func TestBalanceCheck(t *testing.T) {
	var runs []*fakeRun
	days := map[int]int{0: 7, 3: 9, 4: 8, 7: 12}
	for i := 0; i < 10; i++ {
		r := &fakeRun{run: i, outcome: runner.Failure, cause: "day limit", day: 5, counts: map[runner.Key]int{}}
		if d, ok := days[i]; ok {
			r.outcome, r.cause, r.day = runner.Success, "objective gate", d
		}
		if i == 3 || i == 4 {
			r.counts[runner.Key{Kind: "event", ID: "e"}] = 1
		}
		runs = append(runs, r)
	}
	success := &Str{V: runner.Success}
	ok := &Balance{Name: "ok", Filter: Expect{Outcome: success}, Rate: &RateAt{Rate: Rate{Op: "..", A: 0.35, B: 0.55}},
		Stats: []Stat{{Of: "median", Field: "day", Num: Num{Op: "<=", A: 8}}}}
	res := ok.Check(tally(ok, runs), 0, nil)
	if len(res) != 2 || !res[0].OK || !res[1].OK || res[0].Run != -1 {
		t.Fatalf("ok: %+v", res)
	}
	if !strings.HasPrefix(res[0].Got, "4 of 10 runs, 40.0%") || res[1].Got != "8 over 4 runs" {
		t.Errorf("got %q, %q", res[0].Got, res[1].Got)
	}
	bad := &Balance{Name: "bad", Filter: Expect{Outcome: success}, Rate: &RateAt{Rate: Rate{Op: "<=", A: 0.3}},
		Stats:   []Stat{{Of: "p90", Field: "day", Num: Num{Op: "<=", A: 10}}},
		Covered: []Str{{V: "events"}}}
	entities := []runner.Entity{{Kind: "event", ID: "e"}, {Kind: "event", ID: "f"}, {Kind: "block", ID: "a"}}
	res = bad.Check(tally(bad, runs), 0, entities)
	if len(res) != 3 {
		t.Fatalf("bad: %+v", res)
	}
	if res[0].OK || res[0].Run != 0 {
		t.Errorf("rate too high: %+v (want the first success, run 0)", res[0])
	}
	if res[1].OK || res[1].Run != 7 || res[1].Got != "12 over 4 runs" {
		t.Errorf("p90: %+v (want 12, run 7)", res[1])
	}
	if res[2].OK || !strings.Contains(res[2].Got, "1 of 2 covered") || !strings.HasSuffix(res[2].Got, "never: f") || res[2].Run != 0 {
		t.Errorf("covered: %+v", res[2])
	}
	// Too low: the first run that does not match (run 1) goes against it.
	low := &Balance{Name: "low", Filter: Expect{Outcome: success}, Rate: &RateAt{Rate: Rate{Op: ">=", A: 0.5}}}
	if r := low.Check(tally(low, runs), 0, nil)[0]; r.OK || r.Run != 1 {
		t.Errorf("too low: %+v", r)
	}
}

func TestLoadBalance(t *testing.T) {
	dir := t.TempDir()
	src := `expect: [
	{name: "win", policy: "goal", runs: 50, seed: 3, outcome: "success", rate: "0.35..0.55", median: {day: "<=9", armies: {guard: ">= 10"}}},
	{rate: 0.5, covered: ["events"]},
	{rate: "lots", p90: xp: {Aria: "x"}},
]`
	os.WriteFile(filepath.Join(dir, "s.cue"), []byte(src), 0o644)
	bs, err := LoadBalance([]string{filepath.Join(dir, "s.cue")}, dir, nil)
	if err != nil || len(bs) != 3 {
		t.Fatalf("%v %+v", err, bs)
	}
	w := bs[0]
	if w.Name != "win" || w.Policy != "goal" || w.Runs != 50 || w.Seed != 3 || w.Filter.Outcome.V != "success" ||
		w.Rate == nil || w.Rate.Rate != (Rate{Op: "..", A: 0.35, B: 0.55}) || len(w.Stats) != 2 ||
		w.Stats[0] != (Stat{Of: "median", Field: "day", Num: Num{Op: "<=", A: 9}, Pos: w.Stats[0].Pos}) || w.Stats[1].Field != "armies.guard" {
		t.Errorf("win: %+v", w)
	}
	if p := w.Rate.Pos; p.File != "./s.cue" || p.Line != 2 {
		t.Errorf("rate at %v", p)
	}
	d := bs[1]
	if d.Name != "expect[1]" || d.Policy != DefaultPolicy || d.Runs != DefaultRuns || d.Seed != 1 || d.Rate.Rate != (Rate{Op: "==", A: 0.5}) ||
		len(d.Covered) != 1 || d.Covered[0].V != "events" {
		t.Errorf("defaults: %+v", d)
	}
	if len(bs[2].Problems) != 2 || bs[2].Problems[0].Code != CodeBadTest {
		t.Errorf("problems: %v", bs[2].Problems)
	}
	// Validate: unknown names (Q002 with a hint), party, a kind the subject has none of.
	v := &Balance{Filter: Expect{Armies: []Named{{Name: "gaurd"}}, Party: &Str{V: "gate"}}, Covered: []Str{{V: "hexes"}}}
	list := v.Validate(Known{Armies: []string{"guard"}, Blocks: []string{"gate"}}, []runner.Entity{{Kind: "block", ID: "gate"}})
	if len(list) != 3 || list[0].Hint != `did you mean "guard"?` {
		t.Errorf("validate: %v", list)
	}
}

// A winner: that names no side (a typo, or a side renamed) would match no run and make a rate
// check vacuous ("<= 0.5" of nothing passes): it is a Q002 naming the sides; on a subject that is
// not a battle (Known.Winners nil) winner: is a Q002 pointing at outcome:.
func TestBalanceValidateWinner(t *testing.T) {
	k := Known{Armies: []string{}, Winners: []string{"Millers", "Goblins", "no winner"}}
	for _, w := range []string{"Millers", "no winner"} {
		if list := (&Balance{Winner: &Str{V: w}}).Validate(k, nil); len(list) != 0 {
			t.Errorf("%s: %v", w, list)
		}
	}
	list := (&Balance{Winner: &Str{V: "Nobody", Pos: diag.Pos{File: "e.cue", Line: 2, Column: 32}}}).Validate(k, nil)
	if len(list) != 1 || list[0].Code != CodeBadTest || list[0].Pos.Line != 2 ||
		list[0].Message != `winner "Nobody" is no side of this battle (want "Millers", "Goblins" or "no winner")` {
		t.Errorf("Nobody: %v", list)
	}
	list = (&Balance{Winner: &Str{V: "success"}}).Validate(Known{}, nil)
	if len(list) != 1 || !strings.Contains(list[0].Message, "only a battle has a winning side") {
		t.Errorf("scenario: %v", list)
	}
}

// An expect: list in a YAML or JSON file (--expect checks.yaml, or a YAML scenario) is read, with
// its positions; it was "has no expect: list" (cue/load leaves data files out of an instance).
func TestLoadBalanceYAMLJSON(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "c.yaml"), []byte("expect:\n  - {name: wins, policy: first, runs: 5, outcome: success, rate: \">= 0.9\"}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "c.json"), []byte(`{"expect": [{"name": "w", "rate": "<=1"}]}`), 0o644)
	bs, err := LoadBalance([]string{filepath.Join(dir, "c.yaml")}, dir, nil)
	if err != nil || len(bs) != 1 {
		t.Fatalf("yaml: %v %+v", err, bs)
	}
	if b := bs[0]; b.Name != "wins" || b.Policy != "first" || b.Runs != 5 || b.Rate == nil || b.Rate.Pos.String() != "./c.yaml:2:60" {
		t.Errorf("yaml: %+v at %v", b, b.Rate.Pos)
	}
	bs, err = LoadBalance([]string{filepath.Join(dir, "c.json")}, dir, nil)
	if err != nil || len(bs) != 1 || bs[0].Name != "w" || bs[0].Rate.Pos.Line != 1 {
		t.Fatalf("json: %v %+v", err, bs)
	}
}

// TestTotalRuns: three checks of 1,000,000, 999,999 and 2 runs are 2,000,001 in all, one past
// MaxTotalRuns: refused at the third (Q002), the one that passes the bound; the first two alone
// (1,999,999) and exactly 2,000,000 are within it.
func TestTotalRuns(t *testing.T) {
	at := func(line int) diag.Pos { return diag.Pos{File: "x.cue", Line: line, Column: 3} }
	bs := []Balance{{Runs: 1000000, Pos: at(1)}, {Runs: 999999, Pos: at(2)}, {Runs: 2, Pos: at(3)}}
	if got := TotalRuns(bs); len(got) != 1 || got[0].Code != CodeBadTest || got[0].Pos != at(3) {
		t.Errorf("2,000,001 runs: %v, want one Q002 at line 3", got)
	}
	if got := TotalRuns(bs[:2]); got != nil {
		t.Errorf("1,999,999 runs: %v", got)
	}
	if got := TotalRuns([]Balance{{Runs: 1000000}, {Runs: 1000000}}); got != nil {
		t.Errorf("2,000,000 runs: %v", got)
	}
}
