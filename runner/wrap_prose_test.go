package runner

import (
	"bytes"
	"strings"
	"testing"
)

// WrapProse and the text sink (every transcript line at most TableWidth columns), worked by hand.
func TestWrapProse(t *testing.T) {
	// first 10 columns, then 12 in all after a 4-space indent (8 of text): "aaaa bbbb" (9) fits
	// the first line; "cc 12" is glued (a number stays with its word); "dddddddddd" (10) is
	// broken at 8.
	got := WrapProse("aaaa bbbb cc 12 dddddddddd", 10, 12, "    ")
	want := "aaaa bbbb\n    cc 12\n    dddddddd\n    dd"
	if got != want {
		t.Errorf("WrapProse = %q, want %q", got, want)
	}
	// CJK counts 2 columns: 6 characters are 12 columns, over a first line of 10.
	if got := WrapProse("漢字漢字 漢字", 10, 10, "  "); got != "漢字漢字\n  漢字" {
		t.Errorf("WrapProse of CJK = %q", got)
	}
	if s := "short line"; WrapProse(s, 10, 10, "  ") != s {
		t.Errorf("a line that fits changed")
	}
}

// A margined line (the Karzoral phase column, 10 wide) wraps under its text, two columns further
// in; a Texter's long line keeps its own leading spaces and indents two more.
func TestTextSinkWrapsAt120(t *testing.T) {
	words := strings.Repeat("word ", 30) // 150 columns
	l := strings.TrimSpace(words)
	got := marginWrap(l, "  start   ")
	lines := strings.Split(got, "\n")
	// first line: 120 - 10 = 110 columns: 22 words of 5 (4 + a space) less the last space = 109.
	if len(lines) != 2 || lines[0] != strings.TrimSpace(strings.Repeat("word ", 22)) ||
		lines[1] != strings.Repeat(" ", 12)+strings.TrimSpace(strings.Repeat("word ", 8)) {
		t.Errorf("marginWrap:\n%s", got)
	}
	out := string(fitLines([]byte("  " + l + "\nshort\n")))
	want := "  " + strings.TrimSpace(strings.Repeat("word ", 23)) + "\n    " + strings.TrimSpace(strings.Repeat("word ", 7)) + "\nshort\n"
	if out != want {
		t.Errorf("fitLines:\n%q\nwant\n%q", out, want)
	}
	if b := []byte("a\nb\n"); !bytes.Equal(fitLines(b), b) {
		t.Errorf("short text changed")
	}
}
