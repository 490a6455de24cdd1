package lsp

import (
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// LSP 3.16 counts UTF-16 code units; sortie counts bytes. "é" is 2 bytes and 1 unit, "𝄞" 4 bytes
// and 2 units (a surrogate pair).
func TestTextPositions(t *testing.T) {
	tx := newText([]byte("a: \"é𝄞x\"\r\nb: 1\n"))
	// x is at byte column 4+2+4+1 = 11 (1-based: after `a: "` (4 bytes), é, 𝄞), UTF-16 4+1+2 = 7.
	if p := tx.pos(1, 11); p != (protocol.Position{Line: 0, Character: 7}) {
		t.Errorf("pos(1, 11) = %+v, want 0:7", p)
	}
	if l, c := tx.sortiePos(protocol.Position{Line: 0, Character: 7}); l != 1 || c != 11 {
		t.Errorf("sortiePos(0:7) = %d:%d, want 1:11", l, c)
	}
	// The middle of the surrogate pair is the rune's start; past the line's end is its end (before
	// \r\n).
	if off := tx.offset(protocol.Position{Line: 0, Character: 6}); off != 6 {
		t.Errorf("offset(0:6) = %d, want 6 (𝄞's first byte)", off)
	}
	if off := tx.offset(protocol.Position{Line: 0, Character: 99}); off != 12 {
		t.Errorf("offset(0:99) = %d, want 12 (before \\r\\n)", off)
	}
	if p := tx.position(len(tx.src)); p != (protocol.Position{Line: 2, Character: 0}) {
		t.Errorf("position(end) = %+v", p)
	}
	got := string(applyChange(tx.src, protocol.Range{Start: protocol.Position{Line: 0, Character: 5}, End: protocol.Position{Line: 0, Character: 7}}, "y"))
	if got != "a: \"éyx\"\r\nb: 1\n" {
		t.Errorf("applyChange: %q", got)
	}
	if p, ok := uriPath("file:///tmp/a%20b/x.cue"); !ok || p != "/tmp/a b/x.cue" || pathURI(p) != "file:///tmp/a%20b/x.cue" {
		t.Errorf("uriPath: %q %v", p, ok)
	}
	if _, ok := uriPath("untitled:Untitled-1"); ok {
		t.Errorf("untitled: accepted")
	}
}
