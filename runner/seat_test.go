package runner

import (
	"bytes"
	"strings"
	"testing"
)

// A Seat (--play SIDE, issue 23) puts its side's questions and those of no side to the player,
// answers the other side's with the engine's own answer (Default) and writes each of them.
func TestSeatRoutesBySide(t *testing.T) {
	var out, log bytes.Buffer
	seat := &Seat{Side: "garrison", Player: NewPrompt(strings.NewReader("2\n"), &out, false), Out: &log}
	mine := &Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Army: "pikes", Side: "Garrison", Default: 0,
		Choices: []Choice{{Name: "attack"}, {Name: "dash"}}}
	if a, err := seat.Decide(mine); err != nil || a.Choice != 1 {
		t.Fatalf("the player's own: %+v %v", a, err)
	}
	theirs := &Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Army: "orcs", Side: "legion", Default: 1,
		Choices: []Choice{{Name: "attack"}, {Name: "dash"}}}
	if a, err := seat.Decide(theirs); err != nil || a.Default || a.Choice != 1 {
		t.Fatalf("the computer's action: %+v %v", a, err)
	}
	opt := &Request{Kind: KindTo, Day: 1, Phase: PhaseRound, Army: "orcs", Other: "orcs 2", Side: "legion", Optional: true, Default: 0,
		Choices: []Choice{{Name: "4,7"}, {Name: "5,7"}}}
	if a, err := seat.Decide(opt); err != nil || !a.Default {
		t.Fatalf("the computer's move: %+v %v", a, err)
	}
	if got, want := log.String(), "  (computer, legion) round 1, orcs: action dash\n  (computer, legion) round 1, orcs, orcs 2: to 4,7\n"; got != want {
		t.Errorf("the computer's choices:\n%q\nwant\n%q", got, want)
	}
	if strings.Contains(out.String(), "orcs") {
		t.Errorf("the player was asked the computer's question:\n%s", out.String())
	}
	for _, tc := range []struct{ in, id, why string }{
		{"legion", "legion", ""}, {"The Gallows Garrison", "garrison", ""}, {"leg", "legion", ""},
		{"elves", "", `no side "elves" (sides: garrison, legion; or all)`},
	} {
		id, why := MatchSide(tc.in, []string{"garrison", "legion"}, []string{"The Gallows garrison", "The Ninth Legion of Khar"})
		if id != tc.id || why != tc.why {
			t.Errorf("MatchSide(%q) = %q %q", tc.in, id, why)
		}
	}
}
