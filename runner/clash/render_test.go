package clash

import (
	"reflect"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-23 on the map: a square's height (in 20-ft steps) shows after its terrain, and after the
// letter of the stand on it when nothing else marks the stand; a casualty's x takes the place.
// Row 0: stand A on height 2 (x 1), b on height 1 (x 3); row 1 height 1 at x 0, clear.
func TestMapHeightsU23(t *testing.T) {
	cl := newClash([]string{"....", "...."}, []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 0}}},
		{id: "b", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}}},
	}, nil)
	cl.Units[0].Mark, cl.Units[1].Mark = "A", "b"
	cl.Grid.Elevation = []int{0, 2, 0, 1, 1, 0, 0, 0}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	want := []string{"    0 1 2 3", "  0 . A2. b1", "  1 .1. . ."}
	if got := b.mapRows(); !reflect.DeepEqual(got, want) {
		t.Errorf("map:\n%q\nwant\n%q", got, want)
	}
	b.st[1].cas = true
	want[1] = "  0 . A2. bx"
	if got := b.mapRows(); !reflect.DeepEqual(got, want) {
		t.Errorf("map with a casualty:\n%q\nwant\n%q", got, want)
	}
}
