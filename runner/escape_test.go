package runner

import (
	"bytes"
	"testing"
)

// TestTextSinkEscapesControl (issue 11, item 6): text from a scenario reaches the transcript with
// its terminal control characters escaped (ESC, CR, BEL, DEL, the C1 CSI, a stray byte), its
// newlines, tabs and other characters as they are; the JSON Lines sink escapes by JSON.
func TestTextSinkEscapesControl(t *testing.T) {
	var buf bytes.Buffer
	s := NewTextSink(&buf)
	who := "a\x1b[2J\x1b]0;pwned\a\rB\x7f\u009b\xff\té"
	if err := s.Write(&pingEvent{Who: who}); err != nil {
		t.Fatal(err)
	}
	want := "> ping a\\x1b[2J\\x1b]0;pwned\\a\\rB\\x7f\\u009b\\xff\té\n"
	if got := buf.String(); got != want {
		t.Errorf("transcript %q, want %q", got, want)
	}
}
