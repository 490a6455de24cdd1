package graph

import (
	"reflect"
	"testing"
)

// TestWrapItems (issue 20): the clash terrain legend breaks between items within its width
// (the PNG cut it off at the picture's edge); worked by hand: "terrain: a;" is 11 runes, with
// " bb;" 15, with " ccc" 19 > 16, so ccc starts a continuation line.
func TestWrapItems(t *testing.T) {
	got := wrapItems("terrain: ", []string{"a", "bb", "ccc"}, 16)
	want := []string{"terrain: a; bb;", "  ccc"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("wrapItems = %q, want %q", got, want)
	}
	if got := wrapItems("terrain: ", []string{"a", "bb", "ccc"}, 80); !reflect.DeepEqual(got, []string{"terrain: a; bb; ccc"}) {
		t.Errorf("wide: %q", got)
	}
}
