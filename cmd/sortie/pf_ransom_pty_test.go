//go:build linux || darwin

package main

import (
	"strings"
	"testing"
)

// TestPFRansomAfterItsTable (issue 23 review; P-58, Losing Commanders): `sortie run border-war
// --play friendly`, Enter at every question, reaches battle 2 at southford on day 51, where
// militiaSouth is destroyed and its commander captured (the d100 in 21..70). The ransom, "BP equal
// to the commander's army's Consumption", is asked only after the aftermath table that says she was
// captured and the kingdom's P-57 loss, in the battle's hex (the army, destroyed, stands nowhere;
// the question used to read "upkeep at : army militiaSouth: ransom?" above the table). The figures
// by hand: militiaSouth is half of the Large militia, consumption 1 BP (the week 7 pay line); the
// friendly treasury is 0 BP from week 6 (2 BP - 2 upkeep), so Enter's answer is no, and nothing is
// paid.
func TestPFRansomAfterItsTable(t *testing.T) {
	bin := sortieBinary(t)
	s := startPTY(t, bin, "run", repo(t, "scenarios", "pathfinder", "border-war"), "--play", "friendly")
	const q = "day 51, battle phase: after the battle at southford: the commander of army militiaSouth was captured (P-58): " +
		"does kingdom friendly pay her ransom, 1 BP (the army's consumption; treasury 0 BP)? 1) no 2) yes"
	at := 0
	for n := 0; ; n++ {
		at = s.out.waitFor(t, at, prompt)
		if strings.Contains(s.out.String(), "ransom") {
			break
		}
		if n == 80 {
			t.Fatalf("no ransom question after %d answers:\n%s", n, s.out.String())
		}
		s.send("\r")
	}
	out := strings.Join(strings.Fields(s.out.String()), " ") // the prompt wraps its question at 120 columns
	table := strings.Index(out, "| militiaSouth | destroyed | -1/5 | -3 | commander captured (P-58); worth 400 XP to enemy (P-11)")
	loss := strings.Index(out, "kingdom friendly loses militiaSouth (Large destroyed, P-57)")
	ask := strings.Index(out, q)
	switch {
	case ask < 0:
		t.Errorf("the ransom question is not %q:\n%s", q, out[max(0, len(out)-3000):])
	case table < 0 || table > ask || loss < 0 || loss > ask:
		t.Errorf("the ransom is asked before the aftermath table (at %d) or the kingdom's loss (at %d), at %d:\n%s", table, loss, ask, out[max(0, len(out)-3000):])
	}
	if strings.Contains(out, "upkeep at :") {
		t.Errorf("a question names no hex:\n%s", out)
	}
	s.send("\x03")
	s.wait("on Ctrl-C")
}
