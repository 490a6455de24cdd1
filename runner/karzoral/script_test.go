package karzoral

import (
	"errors"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner"
)

// runErr runs p (a line of 4 blocks unless given) from a YAML script and returns the error.
func scriptErr(t *testing.T, src string) (*Result, error) {
	t.Helper()
	p := line(4)
	p.DayLimit = 3
	res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: mustScript(t, src)}})
	return res, err
}

func wantDiag(t *testing.T, err error, code string, line, col int, msg ...string) *runner.DecisionError {
	t.Helper()
	var de *runner.DecisionError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v, want a *DecisionError", err)
	}
	d := de.Diag
	if d.Code != code || d.Pos.File != "s.yaml" || d.Pos.Line != line || d.Pos.Column != col {
		t.Errorf("got %s, want s.yaml:%d:%d: %s", d, line, col, code)
	}
	for _, m := range msg {
		if !strings.Contains(d.Message, m) {
			t.Errorf("message %q does not contain %q", d.Message, m)
		}
	}
	if de.Error() != d.String() || len(de.Diagnostics()) != 1 {
		t.Errorf("Error() = %q", de.Error())
	}
	return de
}

// X001: an entry that does not fit names file:line:col, the day and the phase.
func TestScriptMismatch(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int
		msg       []string
	}{
		{"face not rolled (K-37)", "- move: east\n- roll: [2, 5]\n- pick: 3\n", 3, 3,
			[]string{"day 1, camp phase", "face 3 was not rolled (the dice show 2 and 5)"}},
		{"wrong kind", "- move: east\n- night: rest\n", 2, 3,
			[]string{"day 1, camp phase"}}, // the camp pick is asked after the dice: no roll entry, so the generator rolls
		{"no block that way (K-28)", "- {move: north}\n", 1, 4,
			[]string{"day 1, action phase", "no block to the north of b0", "legal: east, stay"}},
		{"die out of range", "- move: east\n- roll: [2, 7]\n", 2, 13,
			[]string{"day 1, camp phase", "die face 7 out of range 1..6"}},
		{"too many faces", "- move: east\n- roll: [2, 5, 6]\n- pick: 2\n", 2, 16,
			[]string{"day 1, camp phase", "gives a die face (6)"}},
		{"dice where a move is asked", "- roll: [1, 2]\n", 1, 3,
			[]string{"day 1, action phase", "asks for a move decision but the script gives dice"}},
		{"march in the action phase", "- night: march\n", 1, 3,
			[]string{"day 1, action phase", "asks for a move decision but the script's next entry is night: march"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := scriptErr(t, tc.src)
			de := wantDiag(t, err, runner.CodeMismatch, tc.line, tc.col, tc.msg...)
			if de.Day != 1 || res.Outcome != runner.Stopped {
				t.Errorf("day %d, outcome %s", de.Day, res.Outcome)
			}
		})
	}
}

// X001: a day assertion that is false, reported at the day key.
func TestScriptDayAssertion(t *testing.T) {
	src := "- {day: 1, move: east}\n- roll: [1, 2]\n- pick: 1\n- night: rest\n- {move: east, day: 3}\n"
	_, err := scriptErr(t, src)
	de := wantDiag(t, err, runner.CodeMismatch, 5, 16, "day 2, action phase", "the script expects day 3")
	if de.Phase != runner.PhaseAction {
		t.Errorf("phase %s", de.Phase)
	}
	// A true assertion passes; on a roll entry too.
	src = "- {day: 1, move: east}\n- {day: 1, roll: [1, 2]}\n- pick: 1\n- {night: rest, day: 1}\n- {day: 2, move: east}\n"
	_, err = scriptErr(t, src)
	wantDiag(t, err, runner.CodeScriptEnded, 5, 23, "day 2, camp phase") // at the end of the list
}

// X003: the script ends before the scenario: the run stops, errors.Is(err, ErrScriptEnded);
// with a fallback it goes on.
func TestScriptEnded(t *testing.T) {
	res, err := scriptErr(t, "- move: east\n")
	if !errors.Is(err, runner.ErrScriptEnded) || res.Outcome != runner.Stopped || res.Day != 1 {
		t.Fatalf("err %v, result %+v", err, res)
	}
	var de *runner.DecisionError
	if errors.As(err, &de); de.Diag.Code != runner.CodeScriptEnded || !strings.Contains(de.Diag.Message, "day 1, camp phase") {
		t.Errorf("diag %s", de.Diag)
	}
	p := line(4)
	p.DayLimit = 2
	first, _ := runner.NewPolicy("first", 0)
	c := &collect{}
	res, err = Run(p, Options{Options: runner.Options{Decider: mustScript(t, "- move: east\n"), Fallback: first, Sink: c}})
	if err != nil || res.Outcome != runner.Failure || res.Reason != "day limit" {
		t.Fatalf("with fallback: %v %+v", err, res)
	}
	if fb := eventsOf[*FallbackEvent](c); len(fb) != 1 || fb[0].Phase != runner.PhaseCamp {
		t.Errorf("fallback records %+v", fb)
	}
	// first: east from b1 on day 2 -> b2.
	if res.Party != "b2" {
		t.Errorf("party at %s", res.Party)
	}
}

// X004: a scenario that ends before the script did leaves entries; Unused reports them.
func TestScriptUnused(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	s := mustScript(t, "- move: east\n- roll: [1, 2]\n- pick: 1\n- night: rest\n- move: west\n")
	if _, err := Run(p, Options{Options: runner.Options{Decider: s}}); err != nil {
		t.Fatal(err)
	}
	u := s.Unused()
	if len(u) != 1 || u[0].Code != runner.CodeScriptLeft || u[0].Severity != diag.Warning || u[0].Pos.Line != 5 {
		t.Errorf("unused: %v", u)
	}
	s.Rewind()
	if _, err := Run(p, Options{Options: runner.Options{Decider: s}}); err != nil {
		t.Fatalf("after Rewind: %v", err)
	}
}
