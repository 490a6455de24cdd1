package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
)

// TestMovedLineU3 (issue 23): a move reads "WHO: FROM -> TO (N squares, F ft of speed)", no verb
// to agree with a name such as "pikes 1". The feet are worked from U-3 (feet ÷ 5 = squares, so
// N squares of movement spend 5N ft of speed): 4 squares are 20 ft, 1 square 5 ft (singular); a
// road's extra square (U-20) is added after; a stand that fled (U-32) spent nothing; a gap filled
// (U-60) reads as a move.
func TestMovedLineU3(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want string
	}{
		{&MovedEvent{Who: "pikes 1", From: "6,5", To: "4,3", Cost: 4}, "pikes 1: 6,5 -> 4,3 (4 squares, 20 ft of speed)"},
		{&MovedEvent{Who: "vessa", From: "8,4", To: "8,5", Cost: 1}, "vessa: 8,4 -> 8,5 (1 square, 5 ft of speed)"},
		{&MovedEvent{Who: "legion 2", From: "6,11", To: "5,6", Cost: 6, Road: true}, "legion 2: 6,11 -> 5,6 (6 squares, 30 ft of speed, +1 square by road)"},
		{&MovedEvent{Who: "orcs 3", From: "0,4", To: "off the grid", Fled: true}, "orcs 3: 0,4 -> off the grid (fled)"},
		{&GapFilledEvent{Stand: "pikes 2", Into: "7,5 -> 6,5"}, "pikes 2: 7,5 -> 6,5 (into the gap)"},
	} {
		if got := c.e.Line(); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// TestTargetsAwayU2 (issue 23): a target question says from where distances are counted, and
// each target's note how far it is, by U-2 (orthogonal steps between the nearest squares), and
// its hp: stand a 1 at 4,1 to z 1 at 8,1 is 4 squares, to z 2 at 8,2 is 4 + 1 = 5; "none" is no
// target and has no note.
func TestTargetsAwayU2(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{8, 1}, {8, 2}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t, 1, 1), Chooser: &picker{t: t}}) // the stands on the grid
	q := &Question{Ask: AskTarget, Stand: 0, Solo: -1, Options: []Option{
		{Name: "z 1", Ref: Ref{RefStand, 1}}, {Name: "z 2", Ref: Ref{RefStand, 2}}, {Name: "none"}}}
	want := "  distances from a 1 at 4,1, in squares of 20 ft (U-2, U-3)\n"
	if got := (&battleShow{b: b, q: q}).About(&runner.Request{}); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for i, want := range []string{"4 squares away, ", "5 squares away, ", ""} {
		if got := optionNote(b, q, &q.Options[i]); !strings.HasPrefix(got, want) || want == "" && got != "" {
			t.Errorf("%s: note %q, want %q...", q.Options[i].Name, got, want)
		}
	}
}
