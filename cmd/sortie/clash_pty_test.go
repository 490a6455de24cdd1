//go:build linux || darwin

package main

import (
	"strings"
	"testing"
	"time"
)

// TestInteractiveClashBattle plays two rounds of the bundled field battle at a terminal as a new
// user would: each turn's action asked (garbage typed once, then a number), the optional questions
// answered by Enter (the policy's choice) or "auto" (the rest of the turn); at the end of round 2
// the input ends and sortie stops with exit 2, saying so.
func TestInteractiveClashBattle(t *testing.T) {
	bin := sortieBinary(t)
	s := startPTY(t, bin, "battle", repo(t, "scenarios", "clash", "field"), "--seed", "1")
	garbage, enters, autos, actions := false, 0, 0, 0
	// A hang detector, not a speed bound: two rounds take a second or two of processor time,
	// but on one core shared with a busy loop and other agents' tests far more than 60 s of wall
	// time (issue 30).
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		out := s.out.String()
		if strings.Contains(out, "end of round 2:") {
			break
		}
		if !strings.HasSuffix(out, "> ") {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		q := out[strings.LastIndex(out[:len(out)-2], "round "):]
		switch {
		case strings.Contains(q, "which action does") && !strings.Contains(q, "; auto:"):
			if !garbage {
				garbage = true
				s.send("fly away\n")
				s.out.waitFor(t, len(out), "is not a choice")
				continue
			}
			actions++
			s.send("1\n")
		case strings.Contains(q, "; auto:") && enters < 3:
			enters++
			s.send("\n")
		case strings.Contains(q, "; auto:"):
			autos++
			s.send("auto\n")
		default:
			t.Fatalf("an unexpected question:\n%s", q)
		}
		s.out.waitFor(t, len(out), "\n") // the answer echoed or the next line
	}
	s.send("\x04")
	code := s.wait("at the end of input")
	out := s.out.String()
	if code != exitUsage || !strings.Contains(out, "input ended") {
		t.Errorf("exit %d after the input ended:\n%s", code, out[max(0, len(out)-2000):])
	}
	if actions < 6 || enters != 3 || autos == 0 || !strings.Contains(out, "the field at the end of round 1") {
		t.Errorf("%d actions, %d enters, %d autos:\n%s", actions, enters, autos, out[max(0, len(out)-3000):])
	}
}
