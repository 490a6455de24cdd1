package runner

import (
	"strings"
	"testing"
)

// WrapLines (issue 23, review B6): a line wider than the terminal is broken at its words, each
// continuation indented two spaces more than the line; a line that fits, and any width 0, are
// left alone. Worked by hand at 40 columns: the words get 40 - 2 (the indent) - 2 (a continuation's
// two more) = 36 columns; "[Enter: cast; auto: the engine" is 30 and " decides" would make 38;
// "decides the rest of this turn; ?:" is 33 and " help]" would make 39.
func TestWrapLines(t *testing.T) {
	in := "  [Enter: cast; auto: the engine decides the rest of this turn; ?: help]\n  short\n"
	want := "  [Enter: cast; auto: the engine\n    decides the rest of this turn; ?:\n    help]\n  short\n"
	if got := WrapLines(in, 40); got != want {
		t.Errorf("WrapLines:\n%q\nwant\n%q", got, want)
	}
	if got := WrapLines(in, 0); got != in {
		t.Errorf("width 0 changed the text: %q", got)
	}
	for _, l := range strings.Split(WrapLines(in, 40), "\n") {
		if len(l) > 40 {
			t.Errorf("a line of %d columns: %q", len(l), l)
		}
	}
}
