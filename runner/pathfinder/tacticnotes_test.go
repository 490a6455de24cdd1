package pathfinder_test

import (
	"fmt"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// noting passes every decision to a script and keeps each tactic question's choices, as a prompt
// shows them ("name (note)").
type noting struct {
	runner.Decider
	asked map[string][]string // "day/title/army" -> choices
}

func (n *noting) Decide(r *runner.Request) (runner.Answer, error) {
	if r.Kind == runner.KindTactic {
		var cs []string
		for _, c := range r.Choices {
			cs = append(cs, fmt.Sprintf("%s (%s)", c.Name, c.Note))
		}
		n.asked[fmt.Sprintf("%d/%s/%s", r.Day, r.Title, r.Army)] = cs
	}
	return n.Decider.Decide(r)
}

// P-23, P-25: a tactic question marks the army's current tactic "current" and every other one but
// Withdraw "DC 15 morale check", even when the engine's default (offered first) is another tactic.
// Stolen-lands, day 3, Melee Phase 2: the orcs fight with Relentless Brutality (chosen in the
// Tactics Phase, kept in Ranged Phase 1); at 4 hp the default proposes Withdraw. The prompt used to
// call Withdraw "current" and charge a DC 15 check for staying on Relentless Brutality.
func TestTacticNotesMarkTheCurrentTactic(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/stolen-lands"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatalf("compile: %v %v", err, list)
	}
	s, l, err := runner.LoadScript("../../scenarios/pathfinder/stolen-lands/win.yaml")
	if err != nil || l.HasErrors() {
		t.Fatal(err, l)
	}
	n := &noting{Decider: s, asked: map[string][]string{}}
	if _, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: n}}); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string][]string{
		// The Tactics Phase: a free choice, no check (P-22); each tactic says what it does (issue
		// 23), its modifiers from its rule: P-32 OM +4, DV -4; P-24 none; P-25 OM -2, DV -2.
		"3/tactics phase/orcs": {"relentless brutality (OM +4, DV -4, P-32)", "standard (no modifiers, P-24)", "withdraw (OM -2, DV -2; an opposed morale check to leave the field, P-25)"},
		// Ranged Phase 1: the default is the current tactic.
		"3/ranged phase 1/orcs": {"relentless brutality (current; OM +4, DV -4, P-32)", "standard (DC 15 morale check; no modifiers, P-24)", "withdraw (OM -2, DV -2; an opposed morale check to leave the field, P-25)"},
		// Melee Phase 2: the default is Withdraw, the current tactic is still Relentless Brutality.
		"3/melee phase 2/orcs": {"withdraw (OM -2, DV -2; an opposed morale check to leave the field, P-25)", "standard (DC 15 morale check; no modifiers, P-24)", "relentless brutality (current; OM +4, DV -4, P-32)"},
	} {
		got := n.asked[key]
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: choices %q, want %q", key, got, want)
		}
	}
}
