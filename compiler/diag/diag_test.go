package diag

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSortOrdersAndDedupes(t *testing.T) {
	l := List{
		Errorf(Pos{"b.cue", 1, 1}, "R001", "x"),
		Errorf(Pos{"a.cue", 3, 2}, "S001", "y"),
		Errorf(Pos{"a.cue", 3, 1}, "S002", "z"),
		Errorf(Pos{"a.cue", 3, 2}, "S001", "y"), // duplicate
		Warnf(Pos{"a.cue", 10, 1}, "F002", "w"),
	}
	l.Sort()
	want := []string{"a.cue:3:1: S002: z", "a.cue:3:2: S001: y", "a.cue:10:1: F002: w", "b.cue:1:1: R001: x"}
	if len(l) != len(want) {
		t.Fatalf("got %d diagnostics, want %d: %v", len(l), len(want), l)
	}
	for i, d := range l {
		if d.String() != want[i] {
			t.Errorf("%d: %q, want %q", i, d.String(), want[i])
		}
	}
	if !l.HasErrors() || l.Count(Warning) != 1 || l.Err() == nil {
		t.Error("counts")
	}
	if (List{Warnf(Pos{}, "F002", "w")}).Err() != nil {
		t.Error("warnings alone are not an error")
	}
}

func TestPosString(t *testing.T) {
	for _, tc := range []struct {
		p    Pos
		want string
	}{{Pos{}, "-"}, {Pos{File: "f"}, "f"}, {Pos{"f", 2, 0}, "f:2"}, {Pos{"f", 2, 5}, "f:2:5"}} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%#v: %q, want %q", tc.p, got, tc.want)
		}
	}
}

// TestMessageValuesCut (issue 28): a message quotes at most esc.Max runes of a string value and
// maxQuoted of an error's text, each cut with an ellipsis; a short value is quoted whole. The
// expected lengths: "title " (6) + 199 x's + "…" = 206 runes; "bad: " (5) + 999 + "…" = 1005.
func TestMessageValuesCut(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	d := Errorf(Pos{File: "a.cue"}, "S002", "title %s", huge)
	if n := utf8.RuneCountInString(d.Message); n != 206 || !strings.HasSuffix(d.Message, "x…") {
		t.Errorf("a 5 MB value: message of %d runes", n)
	}
	d = Warnf(Pos{}, "S002", "bad: %v", errors.New(huge)).WithHint("use %q", "short")
	if n := utf8.RuneCountInString(d.Message); n != 1005 || d.Hint != `use "short"` {
		t.Errorf("an error's text: %d runes; hint %q", n, d.Hint)
	}
}
