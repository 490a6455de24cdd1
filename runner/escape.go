package runner

import (
	"io"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// A transcript shows strangers' strings (titles, names, says, terrain, encounter names, campaign
// titles, PC names, shop items: everything an event carries from the scenario) under one rule,
// esc.Text: each is one line with its control characters escaped, so that a newline inside a
// name never starts a line of the transcript (a title "x\n::error file=forged.cue::FORGED" forged
// a GitHub annotation in `sortie run`'s log, issue 28) and no escape drives the terminal. The text
// sink applies it to every string field of the event, by reflection, before the event writes its
// text: every event, of every engine, present and future, without a call at each field.

// escapedEvent is esc.Strings of e.
func escapedEvent(e Event) Event { return esc.Strings(e) }

// escapeLines is the last guard of the text sink: the composed text's control characters but
// newline and tab written as escapes (esc.Lines).
func escapeLines(b []byte) []byte {
	if s := string(b); esc.Lines(s) != s {
		return []byte(esc.Lines(s))
	}
	return b
}

// TerminalWriter returns w behind the showing gate of play at the table (issue 23, the trust
// boundary): every write has its control characters but newline and tab written as escapes
// (esc.Lines), so that a stranger's string inside a question, a map, a briefing, a status, a help
// text or a computer's choice ("grass\x1b[2J", a BEL, the C1 CSI U+009B, "ESC c") never drives
// the terminal, whichever view composed it. The prompt and the seat write through it: the one
// place every engine's play-mode text passes. A UTF-8 sequence split across two writes is held
// until it is whole. Writing to an already wrapped writer returns it as it is.
func TerminalWriter(w io.Writer) io.Writer {
	if w == nil {
		return nil
	}
	if _, ok := w.(*terminalWriter); ok {
		return w
	}
	return &terminalWriter{w: w}
}

type terminalWriter struct {
	w    io.Writer
	held []byte // the start of a UTF-8 sequence the last write ended in
}

// Write escapes p (with any held bytes before it) and writes it; it reports len(p) on success.
func (t *terminalWriter) Write(p []byte) (int, error) {
	b := append(t.held, p...)
	t.held = nil
	if k := incompleteTail(b); k > 0 {
		t.held = append([]byte(nil), b[len(b)-k:]...)
		b = b[:len(b)-k]
	}
	if _, err := t.w.Write(escapeLines(b)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// incompleteTail is the length of the unfinished UTF-8 sequence b ends in (0: none), at most 3
// bytes: a lead byte whose continuation bytes have not all come yet.
func incompleteTail(b []byte) int {
	for k := 1; k <= 3 && k <= len(b); k++ {
		c := b[len(b)-k]
		if c < 0x80 {
			return 0
		}
		if c >= 0xc0 { // a lead byte
			need := 2
			if c >= 0xf0 {
				need = 4
			} else if c >= 0xe0 {
				need = 3
			}
			if need > k && !utf8.FullRune(b[len(b)-k:]) {
				return k
			}
			return 0
		}
	}
	return 0
}
