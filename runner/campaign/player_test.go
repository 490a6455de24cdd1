package campaign

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// TestRunnerPlayerPCs plays field02 (a plan with PCs Aria, Bram, Cole) through the adapter: the XP of
// campaign PCs named like the plan's comes from the scenario runner. Hand trace (as in
// runner/field02_test.go): success.yaml midpoint 300 + monsters 10 x (8+6+6+6) = 260 + remaining
// strength 10 x 30 = 860 (K-61..K-63); clear 800 + 170 + 10 x 20 = 1170; 2030 each. A campaign PC
// the plan does not name (Dana) gets the party's XP without fumbles of its own (karzoral.Result.XP):
// no PC of the plan fumbled, so 2030 too. failure.yaml: the lancers are wiped out, a complete
// failure (K-25, the seed: 「経験点の清算、成長は行われません」): 0 XP each, the plan's 100 failure
// XP included; Cole's two fumbles (K-5) are not settled either.
func TestRunnerPlayerPCs(t *testing.T) {
	r := root(t)
	p, list, err := compiler.Compile([]string{filepath.Join(r, "scenarios", "karzoral", "field02")}, compiler.Options{WorkDir: r})
	if err != nil || p == nil {
		t.Fatalf("compile: %v %v", err, list)
	}
	pcs := []PC{{ID: "aria", Name: "Aria", Angel: true}, {ID: "bram", Name: "Bram"}, {ID: "cole", Name: "Cole"}, {ID: "dana", Name: "Dana"}}
	sc := &plan.CampaignScenario{ID: "field02", Plan: p, FailureXP: 0, Base: -1}
	for _, tc := range []struct {
		script   string
		retained bool
		outcome  string
		xp       []int
	}{
		{"success", false, runner.Success, []int{2030, 2030, 2030, 2030}},
		{"failure", false, runner.Failure, []int{0, 0, 0, 0}},
	} {
		s, l, err := runner.LoadScript(filepath.Join(r, "scenarios", "karzoral", "field02", tc.script+".yaml"))
		if err != nil || l.HasErrors() {
			t.Fatal(err, l)
		}
		rep, err := RunnerPlayer{}.Play(&Sortie{Scenario: sc, Attempt: 1, Midpoint: tc.retained, PCs: pcs,
			Run: runner.Options{Seed: 1, Decider: s}})
		if err != nil {
			t.Fatalf("%s: %v", tc.script, err)
		}
		if rep.Outcome != tc.outcome || !reflect.DeepEqual(rep.XP, tc.xp) || len(rep.Dead) != 0 {
			t.Errorf("%s (retained %v): outcome %s xp %v dead %v, want %s %v none", tc.script, tc.retained, rep.Outcome, rep.XP, rep.Dead, tc.outcome, tc.xp)
		}
	}
}

// K-67: a retained midpoint gives no XP again. Field 1's win script played with the midpoint
// cacheBurned retained and no Resume (the players start over): the objective is retained from the
// start (a "retained" record, no XP or growth again) and nothing else is carried, so the cache
// burns again on day 3 and the warband falls at 09 on day 5 (60 vs 45, K-24). Not retained:
// midpoint 500 + scouts 10 x 8 + 10 x 60 (the mercenaries) = 1180, clear 1000 + gateWatch
// 10 x 17 + 10 x 15 = 1320: 2500 (K-61..K-63). Retained: only takeTheGate is reached:
// 1000 + 80 + 170 + 150 = 1400, not the midpoint's 500 and 600 again (K-61, K-67).
func TestRunnerPlayerRetainedMidpoint(t *testing.T) {
	r := root(t)
	p, list, err := compiler.Compile([]string{filepath.Join(r, "scenarios", "karzoral", "field01")}, compiler.Options{WorkDir: r})
	if err != nil || p == nil {
		t.Fatalf("compile: %v %v", err, list)
	}
	sc := &plan.CampaignScenario{ID: "field01", Plan: p, Base: -1}
	pcs := []PC{{ID: "aria", Name: "Aria", Angel: true}, {ID: "bram", Name: "Bram"}}
	for _, tc := range []struct {
		retained bool
		xp       int
		reached  string
	}{{false, 2500, "cacheBurned takeTheGate"}, {true, 1400, "takeTheGate"}} {
		s, l, err := runner.LoadScript(filepath.Join(r, "scenarios", "karzoral", "field01", "win.yaml"))
		if err != nil || l.HasErrors() {
			t.Fatal(err, l)
		}
		var out strings.Builder
		rep, err := RunnerPlayer{}.Play(&Sortie{Scenario: sc, Attempt: 2, Midpoint: tc.retained, PCs: pcs,
			Run: runner.Options{Seed: 1, Decider: s, Sink: runner.NewTextSink(&out)}})
		if err != nil {
			t.Fatalf("retained %v: %v", tc.retained, err)
		}
		if rep.Outcome != runner.Success || rep.Day != 7 || !reflect.DeepEqual(rep.XP, []int{tc.xp, tc.xp}) {
			t.Errorf("retained %v: %s on day %d, xp %v; want success on day 7, %d each", tc.retained, rep.Outcome, rep.Day, rep.XP, tc.xp)
		}
		retainedLine := strings.Contains(out.String(), "objective cacheBurned (midpoint) retained from an earlier attempt")
		if retainedLine != tc.retained {
			t.Errorf("retained %v: retained record in transcript: %v", tc.retained, retainedLine)
		}
		if got := strings.Count(out.String(), "objective cacheBurned reached"); got != map[bool]int{false: 1, true: 0}[tc.retained] {
			t.Errorf("retained %v: cacheBurned reached %d times", tc.retained, got)
		}
	}
}

// lineSink keeps each event's line (runner.Sink).
type lineSink []string

func (l *lineSink) Write(e runner.Event) error { *l = append(*l, e.Line()); return nil }

// K-1, K-61, K-66: a members-only plan played in a campaign names the campaign's PCs that sortie
// alive in its XP lines (Carry.PCs), not "each PC" alone; a dead PC is not named (it gets no XP,
// campaign.go). field00 (members only) by its win.yaml, with Aldo, Bea (dead) and Cord: the
// clear settles the awaken objective's 300 achievement XP, the Iron Golem Warden's 10 x level 6
// = 60 monster XP (K-62) and no remaining-strength bonus (no friendly army: 10 x 0, K-63), 360.
// The failure line (K-66) names them the same way ("each PC (...): failure: 150 XP only"): the
// bundled campaign's field03 failure shows it (TestBundledCampaign's golden).
func TestRunnerPlayerNamesPCsK61(t *testing.T) {
	r := root(t)
	p, list, err := compiler.Compile([]string{filepath.Join(r, "scenarios", "karzoral", "field00")}, compiler.Options{WorkDir: r})
	if err != nil || p == nil {
		t.Fatalf("compile: %v %v", err, list)
	}
	pcs := []PC{{ID: "aldo", Name: "Aldo"}, {ID: "bea", Name: "Bea", Dead: true}, {ID: "cord", Name: "Cord", Angel: true}}
	s, l, err := runner.LoadScript(filepath.Join(r, "scenarios", "karzoral", "field00", "win.yaml"))
	if err != nil || l.HasErrors() {
		t.Fatal(err, l)
	}
	var lines lineSink
	rep, err := RunnerPlayer{}.Play(&Sortie{Scenario: &plan.CampaignScenario{ID: "field00", Plan: p, Base: -1}, Attempt: 1, PCs: pcs,
		Run: runner.Options{Seed: 1, Decider: s, Sink: &lines}})
	if err != nil || rep.Outcome != runner.Success {
		t.Fatalf("field00: %v, outcome %v", err, rep)
	}
	want := "each PC (Aldo, Cord), clear: 300 achievement + 60 monsters + 0 remaining strength (10 x 0) = 360 XP (total 360)"
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
		t.Errorf("no XP line %q in\n%s", want, strings.Join(lines, "\n"))
	}
}
