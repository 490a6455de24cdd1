package clash

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// The map's key wraps between its items at 120 columns: its items join back to MapLegend (286
// columns), the terrain key (101) stays whole on line 1, and the rest breaks at clause marks, by
// hand: "  " + "a letter is a unit's stand or a solo; after it: + joined solo, x casualty, ? hidden,
// d down (solo);" is 2 + 99 = 101 columns, and " a digit: ..." (84) would make 185.
func TestMapLegendItems(t *testing.T) {
	if got := strings.Join(mapLegendItems, " "); got != MapLegend {
		t.Fatalf("the items join to\n%q\nnot MapLegend\n%q", got, MapLegend)
	}
	got := runner.WrapItems(mapLegendItems, " ", runner.TableWidth, "  ")
	want := mapLegendItems[0] + "\n  " + strings.Join(mapLegendItems[1:6], " ") + "\n  " + mapLegendItems[6]
	if got != want {
		t.Errorf("wrapped:\n%s\nwant\n%s", got, want)
	}
}

// writeLegend wraps a battle's legend between its entries; an event read back from JSON Lines
// (no items) prints its legend as it is.
func TestWriteLegendBetweenItems(t *testing.T) {
	items := []string{"The Gallows garrison: P pikes", "B bows |", "The Ninth Legion: l legion", "k khar (with legion 2)"}
	long := append(append(append([]string{}, items...), items...), items...)
	legend := strings.Join(long, " ")
	var w bytes.Buffer
	writeLegend(&w, legend, long)
	for i, l := range strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n") {
		if runner.DisplayWidth(l) > runner.TableWidth {
			t.Errorf("line %d is %d columns", i+1, runner.DisplayWidth(l))
		}
		body := strings.TrimPrefix(l, "  ")
		for _, it := range long { // every line is whole items: it starts with one
			if strings.HasPrefix(body, it) {
				body = ""
				break
			}
		}
		if body != "" {
			t.Errorf("line %d starts mid-item: %q", i+1, l)
		}
	}
	// By hand: 29 + 1 + 8 + 1 + 26 + 1 + 22 = 88; the next "The Gallows garrison: P pikes" (29)
	// would make 118 <= 120, then " B bows |" 127: break.
	if first := strings.SplitN(w.String(), "\n", 2)[0]; first != strings.Join(long[:5], " ") {
		t.Errorf("first line %q", first)
	}
	var r bytes.Buffer
	writeLegend(&r, legend, nil)
	if r.String() != legend+"\n" {
		t.Errorf("without items: %q", r.String())
	}
}
