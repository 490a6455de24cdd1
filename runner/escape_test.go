package runner

import (
	"bytes"
	"strings"
	"testing"
)

// TestTextSinkEscapesControl (issue 11, item 6; issue 28): text from a scenario reaches the
// transcript with its control characters escaped (ESC, CR, BEL, DEL, the C1 CSI, a stray byte,
// and since issue 28 a tab or newline inside a name too: a name is one line); the JSON Lines sink
// escapes by JSON.
func TestTextSinkEscapesControl(t *testing.T) {
	var buf bytes.Buffer
	s := NewTextSink(&buf)
	who := "a\x1b[2J\x1b]0;pwned\a\rB\x7f\u009b\xff\té"
	if err := s.Write(&pingEvent{Who: who}); err != nil {
		t.Fatal(err)
	}
	want := "> ping a\\x1b[2J\\x1b]0;pwned\\a\\rB\\x7f\\u009b\\xff\\té\n"
	if got := buf.String(); got != want {
		t.Errorf("transcript %q, want %q", got, want)
	}
}

// TestTextSinkNoForgedLine (issue 28, item 6): a name holding a newline and a GitHub workflow
// command stays on its event's line, in a plain field, in a slice and behind a pointer; the
// event the engine owns is left as it was (the sink escapes a copy).
func TestTextSinkNoForgedLine(t *testing.T) {
	forged := "x\n::error file=forged.cue,line=1::FORGED"
	ptr := forged
	e := &pingEvent{Who: forged, Seen: []string{forged}, Ptr: &ptr}
	var buf bytes.Buffer
	if err := NewTextSink(&buf).Write(e); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if strings.HasPrefix(line, "::") {
			t.Errorf("a forged workflow command starts a line: %q", line)
		}
	}
	if want := `> ping x\n::error file=forged.cue,line=1::FORGED`; !strings.HasPrefix(buf.String(), want) {
		t.Errorf("transcript %q, want it to begin %q", buf.String(), want)
	}
	if e.Who != forged || e.Seen[0] != forged || *e.Ptr != forged {
		t.Error("the engine's event was changed")
	}
}

// TestTerminalWriter (issue 23 review B1): the play-mode writer escapes ESC, BEL, CR and the C1
// CSI (U+009B), keeps newlines, tabs and non-ASCII text, and holds a UTF-8 sequence split across
// two writes ("é" as 0xc3 then 0xa9) until it is whole instead of escaping its halves.
func TestTerminalWriter(t *testing.T) {
	var b strings.Builder
	w := TerminalWriter(&b)
	if TerminalWriter(w) != w {
		t.Error("wrapping twice wraps again")
	}
	for _, s := range []string{"grass\x1b[2J\a\u009b31m\r\n\tcaf", "\xc3", "\xa9 ok\n"} {
		if n, err := w.Write([]byte(s)); err != nil || n != len(s) {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if want := "grass\\x1b[2J\\a\\u009b31m\\r\n\tcafé ok\n"; b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}
