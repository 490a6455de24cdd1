package runner

import (
	"bytes"
	"strings"
	"testing"
)

func moveRequest() *Request {
	return &Request{Kind: KindMove, Day: 2, Phase: PhaseAction, Block: "t2",
		Choices: []Choice{{Name: "east", Value: 1, Note: "t3"}, {Name: "west", Value: 3, Note: "t1"}, {Name: "stay", Value: -1}}}
}

// Garbage is explained and the question asked again; then a valid answer (by name, in capitals)
// is taken.
func TestPromptGarbageThenValid(t *testing.T) {
	var out bytes.Buffer
	p := NewPrompt(strings.NewReader("banana\n9\nWEST\n"), &out, false)
	a, err := p.Decide(moveRequest())
	if err != nil || a.Choice != 1 {
		t.Fatalf("got %v %v, want choice 1 (west)", a, err)
	}
	o := out.String()
	for _, want := range []string{
		"day 2, action phase: the party is at t2. Where does it move?\n",
		"  1) east -> t3\n  2) west -> t1\n  3) stay\n  [Enter: east; ?: help]\n> ",
		`"banana" is not a choice; answer with a number 1..3 or a name (east, west, stay); ? for help`,
		"9 is not a choice",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}
}

// By number, by unique prefix; an ambiguous prefix is asked again.
func TestPromptNumberAndPrefix(t *testing.T) {
	var out bytes.Buffer
	p := NewPrompt(strings.NewReader("2\ns\n"), &out, false)
	if a, err := p.Decide(moveRequest()); err != nil || a.Choice != 1 {
		t.Fatalf("by number: %v %v", a, err)
	}
	if a, err := p.Decide(moveRequest()); err != nil || a.Choice != 2 {
		t.Fatalf("by prefix: %v %v", a, err)
	}
	r := &Request{Kind: KindPick, Day: 1, Phase: PhaseCamp, Dice: [2]int{5, 2},
		Choices: []Choice{{Name: "5", Value: 5}, {Name: "2", Value: 2, Note: "checked"}}}
	p = NewPrompt(strings.NewReader("2\n"), &out, false)
	// K-37: a pick is answered by the face, as in a script: "2" keeps face 2 (the second choice).
	if a, err := p.Decide(r); err != nil || a.Choice != 1 {
		t.Fatalf("pick: %v %v", a, err)
	}
	p = NewPrompt(strings.NewReader("5\n"), &out, false)
	if a, err := p.Decide(r); err != nil || a.Choice != 0 {
		t.Fatalf("pick by face: %v %v", a, err)
	}
	// Faces 4 and 1: "1" is face 1 (the second choice), never "the first choice"; "3" was not
	// rolled and is asked again.
	r41 := &Request{Kind: KindPick, Day: 1, Phase: PhaseCamp, Dice: [2]int{4, 1},
		Choices: []Choice{{Name: "4", Value: 4}, {Name: "1", Value: 1}}}
	out.Reset()
	p = NewPrompt(strings.NewReader("3\n1\n"), &out, false)
	if a, err := p.Decide(r41); err != nil || a.Choice != 1 {
		t.Fatalf("pick face 1 of (4, 1): %v %v", a, err)
	}
	if o := out.String(); !strings.Contains(o, "3 is not one of the faces rolled; answer with the face to keep (4, 1)") || strings.Contains(o, "1) 4") {
		t.Errorf("pick prompt:\n%s", o)
	}
	nr := &Request{Kind: KindNight, Day: 1, Phase: PhaseNight, Choices: []Choice{{Name: "rest"}, {Name: "march", Value: 1}}}
	p = NewPrompt(strings.NewReader("r\nm\n"), &out, false)
	if a, err := p.Decide(nr); err != nil || a.Choice != 0 {
		t.Fatalf("night: %v %v", a, err)
	}
}

// TestAutoSaysWhatItLeaves (issue 23): auto leaves a clash battle's turn to the engine, and in a
// run the rest of a phase (the same day and place); the line under the choices says which, and a
// run's question no longer speaks of a "turn".
func TestAutoSaysWhatItLeaves(t *testing.T) {
	ch := []Choice{{Name: "no"}, {Name: "yes"}}
	run := &Request{Kind: KindAnswer, Day: 2, Phase: PhaseStart, Optional: true, Choices: ch}
	if got, want := enterLine(run, 0), "  [Enter: no; auto: the engine decides the rest of this phase; ?: help]\n"; got != want {
		t.Errorf("a run's optional question: %q, want %q", got, want)
	}
	round := &Request{Kind: KindTarget, Day: 1, Phase: PhaseRound, Optional: true, Choices: ch}
	if got, want := enterLine(round, 1), "  [Enter: yes; auto: the engine decides the rest of this turn; ?: help]\n"; got != want {
		t.Errorf("a battle's optional question: %q, want %q", got, want)
	}
	action := &Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Choices: ch}
	if got, want := enterLine(action, 0), "  [Enter: no; auto: no, then the engine decides the rest of this turn; ?: help]\n"; got != want {
		t.Errorf("a turn's action: %q, want %q", got, want)
	}
}
