package runner

import (
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
