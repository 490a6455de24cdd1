package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// TestMapVeilsWhatTheSideCannotSeeU50U57 (issues 23 and 25 review B1): a field of 5 x 2 clear
// squares; stand a 1 (side 0) at 0,0, enemy stands z 1 at 3,0 and z 2 at 4,1. z 2 hides (U-50).
// Side 0's map, at the prompt (`map`) and in the end of round's record, draws a 1 and z 1 and,
// where z 2 stands, the ground (a clear square "."): row 1 is "  1 . . . . ." with no "B" (the
// units are lettered A and B in order). The GM's (no fog) and side 1's draw z 2 ("B?", hidden). Once z 2 falls while hidden (U-57) side 0
// still does not see it: the end of round map (casualties marked x) leaves it out too, and the
// units table counts z as "?".
func TestMapVeilsWhatTheSideCannotSeeU50U57(t *testing.T) {
	cl := newClash(open(5, 2), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}, {4, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t, 1, 1), Chooser: &picker{t: t}})
	b.st[2].hidden = true // z 2
	ours, theirs := NewFog(cl, 0), NewFog(cl, 1)
	for _, f := range []*Fog{ours, theirs} {
		f.Shown(&HidEvent{Who: "z 2"})
	}
	row := func(rows []string, y int) string { return rows[len(rows)-2+y] }
	show := func(f *Fog) string { return (&battleShow{b: b, q: &Question{}, fog: f}).Show("map") }
	if got := row(b.mapRowsSeen(ours), 1); got != "  1 . . . . ." {
		t.Errorf("side 0's map row 1 = %q, want %q", got, "  1 . . . . .")
	}
	if got := row(b.mapRowsSeen(ours), 0); got != "  0 A . . B ." {
		t.Errorf("side 0's map row 0 = %q, want %q", got, "  0 A . . B .")
	}
	for name, f := range map[string]*Fog{"the GM": nil, "side 1": theirs} {
		if got := row(b.mapRowsSeen(f), 1); got != "  1 . . . . B?" {
			t.Errorf("%s's map row 1 = %q, want %q", name, got, "  1 . . . . B?")
		}
	}
	if s := show(ours); strings.Contains(s, "B?") || !strings.Contains(s, "  1 . . . . .\n") {
		t.Errorf("side 0's prompt map shows z 2 or lacks its ground:\n%s", s)
	}
	// z 2 falls while hidden (U-57): the end of round's map marks it x for the GM, not for side 0.
	b.st[2].cas = true
	ours.Shown(&DamagedEvent{Target: "z 2", Amount: 9, Before: 9, HP: 0, Casualty: true})
	rows, d := b.drawMap(true)
	ev := &MapEvent{Round: 1, Rows: rows, draw: d}
	if got := row(ev.Rows, 1); got != "  1 . . . . Bx" {
		t.Errorf("the GM's end of round row 1 = %q, want %q", got, "  1 . . . . Bx")
	}
	shown, ok := ours.Shown(ev)
	if got := row(shown.(*MapEvent).Rows, 1); !ok || got != "  1 . . . . ." {
		t.Errorf("side 0's end of round row 1 = %q (shown %v), want %q", got, ok, "  1 . . . . .")
	}
	if ev.Rows[len(ev.Rows)-1] != "  1 . . . . Bx" {
		t.Errorf("Shown changed the event it was given: %q", ev.Rows[len(ev.Rows)-1])
	}
	if u := (&battleShow{b: b, q: &Question{}, fog: ours}).Show("units"); !strings.Contains(u, "?/2") {
		t.Errorf("side 0's units table does not count z as ?/2:\n%s", u)
	}
}
