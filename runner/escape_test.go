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
