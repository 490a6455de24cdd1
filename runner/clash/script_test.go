package clash

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
)

// fightScript fights the 20-stand bench battle with a script as the Decider; what the script
// leaves out, the tactical policy decides.
func fightScript(t testing.TB, src string) (*BattleResult, string, error) {
	t.Helper()
	s, list := runner.ParseScript("script.yaml", []byte(src))
	if list.HasErrors() {
		return nil, list.Err().Error(), nil
	}
	setup := mustSetup(t, benchField(), clashrules.Options{MaxRounds: 30})
	var out strings.Builder
	res, err := setup.Fight(BattleOptions{Seed: 1, Decider: s, Sink: runner.NewTextSink(&out)})
	return res, out.String(), err
}

// A script gives a unit's action and, optionally, what follows in that turn; a stand's move
// entry applies to the stand it names.
func TestScriptEntries(t *testing.T) {
	// Seed 1's order: see the transcript's initiative lines; the first turn is the first unit's.
	_, text, err := fightScript(t, "")
	if err != nil {
		t.Fatal(err)
	}
	first := ""
	for _, l := range strings.Split(text, "\n") {
		if w, ok := strings.CutPrefix(l, "turn: "); ok {
			first = w
			break
		}
	}
	if first == "" {
		t.Fatalf("no turn in:\n%s", text)
	}
	// Dash the first unit and send its first stand (listed by its own name) one square.
	res, text, err := fightScript(t, "- {unit: "+first+", action: dash}\n")
	if err != nil || res == nil || !strings.Contains(text, first+": dash") {
		t.Fatalf("dash entry: %v\n%s", err, text)
	}
	if !strings.Contains(text, "the script ended: the policy decides from here") {
		t.Errorf("no fallback line:\n%s", text)
	}
}

// U-33 script errors: an entry naming a unit whose turn it is not is an X001 error at its line;
// an action no stand can take now is X001 too.
func TestScriptMismatch(t *testing.T) {
	_, text, err := fightScript(t, "- {unit: nobody, action: attack}\n")
	var de *runner.DecisionError
	if !errors.As(err, &de) || de.Diag.Code != runner.CodeMismatch || de.Diag.Pos.Line != 1 || !strings.Contains(de.Error(), "unit nobody") {
		t.Fatalf("wrong unit: %v", err)
	}
	// The transcript stops at the first turn's start: no action the script did not give.
	if !strings.HasSuffix(text, "round 1\nturn: "+firstTurn(t)+"\n") {
		t.Errorf("the transcript goes on after the error:\n%s", text)
	}
	first := firstTurn(t)
	_, _, err = fightScript(t, "- {unit: "+first+", action: hide}\n- {unit: "+first+", action: fly}\n")
	if !errors.As(err, &de) || de.Diag.Code != runner.CodeMismatch {
		t.Fatalf("an action it cannot take: %v", err)
	}
	// A stand entry no question of the turn used (no stand has the name) is X001 at the next
	// turn's question, and the message names the stand.
	_, _, err = fightScript(t, "- {unit: "+first+", action: attack}\n- {stand: \"pikes 9\", to: [1, 1]}\n")
	if !errors.As(err, &de) || de.Diag.Code != runner.CodeMismatch || de.Diag.Pos.Line != 2 ||
		!strings.Contains(de.Error(), `the script's next entry is to: 1,1 for stand pikes 9, which no question of the turn before used (is "pikes 9" one of the stands or solos?)`) {
		t.Errorf("an unused stand entry: %v", err)
	}
	// X002: an action entry names whose turn it is.
	_, msg, _ := fightScript(t, "- {action: attack}\n")
	if !strings.Contains(msg, "X002") || !strings.Contains(msg, "names whose turn it is") {
		t.Errorf("action without unit: %q", msg)
	}
}

// firstTurn is whose turn comes first in the bench battle with seed 1 (its transcript's first
// "turn:" line).
func firstTurn(t *testing.T) string {
	_, text, _ := fightScript(t, "")
	for _, l := range strings.Split(text, "\n") {
		if w, ok := strings.CutPrefix(l, "turn: "); ok {
			return w
		}
	}
	t.Fatalf("no turn in:\n%s", text)
	return ""
}

// FuzzClashScript runs arbitrary scripts against a battle: no panic; either the battle ends or a
// decision error stops it.
func FuzzClashScript(f *testing.F) {
	f.Add("- {unit: pikes, action: attack}\n- {stand: \"pikes 1\", to: [5, 3]}\n- {target: \"orcs 1\"}\n")
	f.Add("- {unit: orcs, action: dash}\n- {solo: grok, action: attack}\n- {with: multiattack}\n- roll: [20, 1]\n")
	f.Add("- {unit: bows, action: hide}\n- {command: incite}\n- {config: defend}\n- {fill: none}\n- {join: stay}\n")
	f.Add("[{unit: guard, action: configure}, {config: aid}, {step: stay}, {area: \"3,3\"}, {spell: fireball}]")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2000 {
			return
		}
		res, text, err := fightScript(t, src)
		var de *runner.DecisionError
		switch {
		case err != nil && !errors.As(err, &de):
			t.Fatalf("a script stopped the battle with %T, not a decision error: %v", err, err)
		case err != nil:
			if res == nil || res.Ending.Outcome != runner.Stopped {
				t.Fatalf("a decision error (%v) with the ending %+v", err, res)
			}
		case res == nil:
			// The script did not parse: fightScript's text holds its errors.
			if text == "" {
				t.Fatal("no battle and no parse error")
			}
		case res.Rounds < 1 || res.Ending.Outcome != runner.Success:
			t.Fatalf("a battle of %d rounds, ending %+v", res.Rounds, res.Ending)
		}
	})
}

// A script's move entry for a named stand and a target entry are used in that turn; the rest of
// the turn goes to the policy.
func TestScriptMoveAndTarget(t *testing.T) {
	_, text, _ := fightScript(t, "")
	first := ""
	for _, l := range strings.Split(text, "\n") {
		if w, ok := strings.CutPrefix(l, "turn: "); ok {
			first = w
			break
		}
	}
	c := benchField()
	var at [2]int
	for _, u := range c.Units {
		if u.ID == first {
			at = u.Stands[0].At
		}
	}
	to := [2]int{at[0] + 1, at[1]}
	if at[0] > 12 {
		to = [2]int{at[0] - 1, at[1]}
	}
	src := "- {unit: " + first + ", action: attack}\n- {stand: \"" + first + " 1\", to: [" +
		itoa(to[0]) + ", " + itoa(to[1]) + "]}\n"
	_, text, err := fightScript(t, src)
	if err != nil {
		t.Fatal(err)
	}
	want := first + " 1: " + itoa(at[0]) + "," + itoa(at[1]) + " -> " + itoa(to[0]) + "," + itoa(to[1]) + " (1 square, 5 ft of speed)"
	if !strings.Contains(text, want) {
		t.Errorf("missing %q in:\n%s", want, text[:min(len(text), 3000)])
	}
	// A move no stand can make is an X001 error at the entry.
	_, _, err = fightScript(t, "- {unit: "+first+", action: attack}\n- {stand: \""+first+" 1\", to: [0, 99]}\n")
	var de *runner.DecisionError
	if !errors.As(err, &de) || de.Diag.Pos.Line != 2 {
		t.Errorf("an impossible move: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// U-33: a unit's turn is the unit's; an entry that names it as a solo ({solo: ID}) is X001, not
// taken for the unit's (and the message says what is asked: the unit).
func TestScriptSoloKeyOnAUnit(t *testing.T) {
	_, text, _ := fightScript(t, "")
	first := ""
	for _, l := range strings.Split(text, "\n") {
		if w, ok := strings.CutPrefix(l, "turn: "); ok {
			first = w
			break
		}
	}
	_, _, err := fightScript(t, "- {solo: "+first+", action: attack}\n")
	var de *runner.DecisionError
	if !errors.As(err, &de) || de.Diag.Code != runner.CodeMismatch || !strings.Contains(de.Error(), "entry is for solo "+first) ||
		!strings.Contains(de.Error(), "asks for unit "+first+"'s action decision") {
		t.Fatalf("solo key on unit %s: %v", first, err)
	}
}
