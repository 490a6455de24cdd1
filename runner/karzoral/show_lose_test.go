package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// unwrapped joins the lines the views wrap at 100 columns (writeWrapped: a continuation is the
// line before's indent, at least four, and two spaces more) back into one, so that a test reads the
// words.
func unwrapped(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for _, l := range lines {
		if n := len(out); n > 0 {
			prev := out[n-1]
			indent := len(prev) - len(strings.TrimLeft(prev, " "))
			if strings.HasPrefix(l, strings.Repeat(" ", indent+2)) && !strings.HasPrefix(l, strings.Repeat(" ", indent+3)) && indent >= 4 {
				out[n-1] = prev + " " + strings.TrimLeft(l, " ")
				continue
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// The briefing says what fails the scenario (issue 23: a player who read field01's briefing and map
// lost on day 5 not knowing the mercenaries' loss fails it), from the plan alone: field01's one
// friendly army, the mercenaries of strength 60 (field01.cue), lost at strength 0 fails it at once
// and with no XP (K-25, K-65); the party's defeat in a battle (K-100); the day limit, 12; and, in a
// plan given a failure objective, that objective's condition. The map names every friendly army
// and that its loss fails the scenario (K-25); on day 1 the mercenaries are out of the party's
// sight (K-23: rupetenne is not their block). Every line fits 100 columns.
func TestBriefingSaysWhatLosesK25K65(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatalf("compile field01: %v %v", err, list)
	}
	raw := briefingOf(t, p)
	b := unwrapped(raw)
	for _, want := range []string{
		"  the scenario fails (K-65) when:\n" +
			"    losing mercenaries (Daisy Daisy's mercenaries), strength 60 at the start: a friendly army at strength 0 fails the scenario at once, with no XP (K-25)\n" +
			"    the party is defeated in a battle (K-100)\n" +
			"    day 12 ends with no success objective reached (the day limit)\n",
		"  friendly armies (if one falls to strength 0 the scenario fails, K-25):\n    mercenaries (Daisy Daisy's mercenaries): not in sight\n",
	} {
		if !strings.Contains(b, want) {
			t.Errorf("the briefing lacks %q:\n%s", want, b)
		}
	}
	for _, l := range strings.Split(raw, "\n") {
		if len(l) > 100 {
			t.Errorf("a line wider than 100 columns: %q", l)
		}
	}
	p.Objectives = append(p.Objectives, plan.Objective{ID: "tooLate", Outcome: "failure", When: plan.Cond{Op: plan.CondDay, Day: 7}})
	if b := briefingOf(t, p); !strings.Contains(b, "    the party is defeated in a battle (K-100)\n    tooLate: day 7 reached\n    day 12 ends") {
		t.Errorf("a failure objective is not told:\n%s", b)
	}
}
