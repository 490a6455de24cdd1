package campaign

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// obsLog is a Sink and runner.Observer that writes down every observation in order: what a
// simulation's tally is made of.
type obsLog struct{ lines []string }

func (l *obsLog) Write(e runner.Event) error {
	if x, ok := e.(runner.Observed); ok {
		x.Observe(l)
	}
	return nil
}

func (l *obsLog) add(f string, a ...any) { l.lines = append(l.lines, fmt.Sprintf(f, a...)) }

func (l *obsLog) Cover(kind, id string)             { l.add("cover %s %s", kind, id) }
func (l *obsLog) Place(who, where string)           { l.add("place %s %s", who, where) }
func (l *obsLog) Occupy(who string, where []string) { l.add("occupy %s %v", who, where) }
func (l *obsLog) Tick()                             { l.add("tick") }
func (l *obsLog) Fight(where string)                { l.add("fight %s", where) }
func (l *obsLog) Measure(name, who string, v int)   { l.add("measure %s %s %d", name, who, v) }
func (l *obsLog) Add(name, who string, v int)       { l.add("add %s %s %d", name, who, v) }
func (l *obsLog) End(outcome, cause string, day int) {
	l.add("end %s %s %d", outcome, cause, day)
}
func (l *obsLog) Scope(id string) { l.add("scope %s", id) }

// observingLog is obsLog as a simulation's sink: runner.Observing, so the engines build no text
// and no event a simulation does not observe.
type observingLog struct{ obsLog }

func (*observingLog) ObservesOnly() {}

// TestObservingSeesAll (issue 29, item 5): a campaign run into an Observing sink (a simulation's:
// no texts, only the events runner.Observed) tells the simulation exactly what a run into a
// printing sink does, call for call, for the script, the goal policy and 40 random campaigns
// (about 190 sorties each: every Karzoral event the field scenarios fire). An Observed event
// left behind a Printing guard would show here as a missing cover, place or measure.
func TestObservingSeesAll(t *testing.T) {
	if runner.Printing(&observingLog{}) || !runner.Printing(&obsLog{}) || !runner.Enabled(&observingLog{}) {
		t.Fatal("Printing: an Observing sink prints nothing, a plain one prints, and both are Enabled")
	}
	c := bundled(t)
	for i := 0; i < 42; i++ {
		name := "random"
		var d func() runner.Decider
		switch i {
		case 0:
			name = "script"
			d = func() runner.Decider { s := script(t); return s }
		case 1:
			name = "goal"
			d = func() runner.Decider { g, _ := Goal(c).Decider(1, 1); return g }
		default:
			d = func() runner.Decider { p, _ := runner.NewPolicy("random", uint64(i)); return p }
		}
		var printing obsLog
		var observing observingLog
		if _, err := Run(c, Options{Seed: uint64(i), Decider: d(), Sink: &printing}); err != nil {
			t.Fatal(err)
		}
		if _, err := Run(c, Options{Seed: uint64(i), Decider: d(), Sink: &observing}); err != nil {
			t.Fatal(err)
		}
		sameObservations(t, fmt.Sprintf("%s seed %d", name, i), printing.lines, observing.lines)
	}
}

// sameObservations fails t where a and b (a printing and an observing run's) first differ.
func sameObservations(t *testing.T, what string, a, b []string) {
	t.Helper()
	if len(a) < 5 {
		t.Fatalf("%s: only %d observations", what, len(a))
	}
	for k := 0; k < max(len(a), len(b)); k++ {
		if k >= len(a) || k >= len(b) || a[k] != b[k] {
			lo := max(0, k-3)
			t.Fatalf("%s: observation %d differs:\nprinting:  %s\nobserving: %s", what, k,
				strings.Join(a[lo:min(len(a), k+2)], " | "), strings.Join(b[lo:min(len(b), k+2)], " | "))
		}
	}
}

// TestObservingSeesAllFields: the same for each bundled field scenario on its own (its own
// party of PCs: growth XP per PC, K-61; field02's traversal completed, K-47), under the goal,
// explore and random policies, 30 runs each.
func TestObservingSeesAllFields(t *testing.T) {
	r := root(t)
	for _, field := range []string{"field00", "field01", "field02", "field03"} {
		p, list, err := compiler.Compile([]string{filepath.Join("scenarios", "karzoral", field)}, compiler.Options{WorkDir: r})
		if err != nil || p == nil {
			t.Fatal(err, list)
		}
		s, err := runner.PlanSubject(p)
		if err != nil {
			t.Fatal(err)
		}
		makers := map[string]runner.PolicyMaker{"goal": karzoral.NewGoal(p), "explore": runner.NewExplore(), "random": runner.NamedPolicy("random")}
		for _, name := range []string{"goal", "explore", "random"} {
			for i := 0; i < 30; i++ {
				var printing obsLog
				var observing observingLog
				for _, sink := range []runner.Sink{&printing, &observing} {
					tr, err := s.Trial()
					if err != nil {
						t.Fatal(err)
					}
					d, err := makers[name].Decider(i, uint64(i))
					if err != nil {
						t.Fatal(err)
					}
					if _, err := tr.Play(uint64(i), d, sink); err != nil {
						t.Fatal(err)
					}
				}
				sameObservations(t, fmt.Sprintf("%s %s seed %d", field, name, i), printing.lines, observing.lines)
			}
		}
	}
}
