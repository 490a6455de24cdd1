package runner

import (
	"bytes"
	"strings"
	"testing"
)

// Optional requests (clash battles) at the prompt: an empty line leaves the choice to the engine,
// "auto" leaves it every optional question of the same turn; a mandatory one is always asked.
func TestPromptOptional(t *testing.T) {
	var out bytes.Buffer
	p := NewPrompt(strings.NewReader("\nauto\n2\n\n"), &out, false)
	opt := func(turn string) *Request {
		return &Request{Kind: KindTo, Day: 1, Phase: PhaseRound, Block: turn, Army: turn, Optional: true, Default: 1,
			Choices: []Choice{{Name: "1,1"}, {Name: "2,1"}}}
	}
	for i, tc := range []struct {
		r       *Request
		choice  int
		dflt    bool
		prompts int // questions written so far
	}{
		{opt("orcs"), 0, true, 1}, // Enter
		{opt("orcs"), 0, true, 2}, // auto
		{opt("orcs"), 0, true, 2}, // still auto: not asked
		{&Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Block: "elves", Army: "elves",
			Choices: []Choice{{Name: "attack"}, {Name: "dash"}}}, 1, false, 3}, // mandatory: "2"
		{opt("elves"), 0, true, 4}, // a new turn: asked again (Enter)
	} {
		a, err := p.Decide(tc.r)
		if err != nil {
			t.Fatal(err)
		}
		if a.Default != tc.dflt || (!tc.dflt && a.Choice != tc.choice) {
			t.Errorf("%d: answer %+v, want default %v choice %d", i, a, tc.dflt, tc.choice)
		}
		if n := strings.Count(out.String(), "> "); n != tc.prompts {
			t.Errorf("%d: %d questions asked, want %d:\n%s", i, n, tc.prompts, out.String())
		}
	}
	if !strings.Contains(out.String(), "[Enter: 2,1; auto: the engine decides the rest of this turn; ?: help]") {
		t.Errorf("the engine's choice is not shown:\n%s", out.String())
	}
}

// A script answers an Optional request only with an entry of its kind (for its unit, solo or
// stand); otherwise it leaves it to the engine without using an entry.
func TestScriptOptional(t *testing.T) {
	s, list := ParseScript("s.yaml", []byte("- {unit: orcs, action: attack}\n- {stand: \"orcs 2\", to: [3, 4]}\n"))
	if list.HasErrors() {
		t.Fatal(list)
	}
	move := func(stand string) *Request {
		return &Request{Kind: KindTo, Day: 1, Phase: PhaseRound, Army: "orcs", Other: stand, Optional: true,
			Choices: []Choice{{Name: "1,1"}, {Name: "3,4"}}}
	}
	if a, err := s.Decide(move("orcs 1")); err != nil || !a.Default {
		t.Errorf("a move before the action entry: %+v %v", a, err)
	}
	act := &Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Army: "orcs", Choices: []Choice{{Name: "dash"}, {Name: "attack"}}}
	if a, err := s.Decide(act); err != nil || a.Choice != 1 {
		t.Fatalf("action: %+v %v", a, err)
	}
	if a, err := s.Decide(move("orcs 1")); err != nil || !a.Default {
		t.Errorf("orcs 1's move taken from orcs 2's entry: %+v %v", a, err)
	}
	if a, err := s.Decide(move("orcs 2")); err != nil || a.Default || a.Choice != 1 {
		t.Errorf("orcs 2's move: %+v %v", a, err)
	}
	if a, err := s.Decide(move("orcs 3")); err != nil || !a.Default {
		t.Errorf("after the script: %+v %v", a, err)
	}
}

// TestClashTargetPrompt (issue 23, U-34, U-40): a clash battle's target questions are worded as
// clash questions, not as Karzoral's support damage (K-75), which is what a player of `sortie
// battle --play` was asked before: an attack's target, and a targeted spell's (a joined priest's
// Cure Wounds). The Karzoral question is unchanged.
func TestClashTargetPrompt(t *testing.T) {
	atk := &Request{Kind: KindTarget, Day: 1, Phase: PhaseRound, Block: "spears", Army: "spears", Other: "spears 2"}
	if got, want := atk.Prompt(), "round 1, spears: which target does spears 2 attack?"; got != want {
		t.Errorf("attack target: %q, want %q", got, want)
	}
	sp := &Request{Kind: KindTarget, Day: 1, Phase: PhaseRound, Block: "spears", Army: "brannoc", Cause: "spell", Title: "Cure Wounds"}
	if got, want := sp.Prompt(), "round 1, brannoc: which target does brannoc's Cure Wounds go to?"; got != want {
		t.Errorf("spell target: %q, want %q", got, want)
	}
	k := &Request{Kind: KindTarget, Day: 3, Phase: PhaseNight, Army: "mercenaries"}
	if got := k.Prompt(); !strings.Contains(got, "support damage hit (K-75)") {
		t.Errorf("the Karzoral question changed: %q", got)
	}
}

// mapView is a View whose About shows a (stand-in) map of the labelled squares.
type mapView struct{}

func (mapView) About(*Request) string { return "  (map: 1 2 3)\n" }

// TestPromptMapMoveHint (issue 23 review B5; U-3, a move is to a reachable square): at a clash
// move question whose squares are labelled on a map, a wrong answer is told "a label on the map
// or x,y" (and the answers that are not squares), never the squares' raw coordinates; a square
// typed as x,y that is not reachable is "out of reach"; a reachable x,y is taken.
func TestPromptMapMoveHint(t *testing.T) {
	var out bytes.Buffer
	p := NewPrompt(strings.NewReader("99\n13,0\n2,1\n"), &out, false)
	r := &Request{Kind: KindTo, Day: 1, Phase: PhaseRound, Block: "legion", Army: "legion", View: mapView{},
		Choices: []Choice{{Name: "1,1"}, {Name: "2,1"}, {Name: "3,1"}, {Name: "flee"}}}
	a, err := p.Decide(r)
	if err != nil || a.Choice != 1 {
		t.Fatalf("answer %+v, %v; want 2,1 (choice 1)", a, err)
	}
	s := out.String()
	for _, want := range []string{
		"99 is not a choice; answer with a label on the map or x,y (or flee); ? for help\n",
		"13,0 is out of reach; answer with a label on the map or x,y (or flee); ? for help\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in:\n%s", want, s)
		}
	}
	if strings.Contains(s, "1,1, 2,1") {
		t.Errorf("the squares are listed raw:\n%s", s)
	}
}

// TestClashOverflowPromptSaysWhoChooses (issue 23 review; U-56, its Default: the attacker
// chooses, a battle file's overflowChooser may give it to the defender): a player asked where
// the excess damage from the other side's stand goes is told why the question is theirs.
func TestClashOverflowPromptSaysWhoChooses(t *testing.T) {
	for cause, want := range map[string]string{
		"attacker": "round 2, orcs: which adjacent stand takes the excess damage from orcs 1 (U-56: the attacker chooses)?",
		"defender": "round 2, orcs: which adjacent stand takes the excess damage from orcs 1 (U-56: the battle file lets the defender choose)?",
	} {
		r := &Request{Kind: KindOverflow, Day: 2, Phase: PhaseRound, Block: "spears", Army: "orcs", Other: "orcs 1", Cause: cause}
		if got := r.Prompt(); got != want {
			t.Errorf("%s: %q, want %q", cause, got, want)
		}
	}
}
