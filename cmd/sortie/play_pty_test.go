//go:build linux || darwin

package main

import (
	"strings"
	"testing"
	"time"
)

// playToEnd answers every question sortie asks at the terminal with answer(question) until it
// exits, and returns the exit code and the questions asked (each the text since the previous
// answer).
func playToEnd(t *testing.T, s *ptySession, answer func(q string) string) (int, []string) {
	t.Helper()
	var asked []string
	seen := 0
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.copied:
			return s.wait("at the end"), asked
		default:
		}
		out := s.out.String()
		if len(out) <= seen || !strings.HasSuffix(out, prompt) {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		time.Sleep(20 * time.Millisecond) // a prompt waits; text that merely ends in "> " goes on
		if s.out.String() != out {
			continue
		}
		q := out[seen:]
		asked = append(asked, q)
		seen = len(out)
		s.send(answer(q) + "\n")
		seen = s.out.waitFor(t, seen, "\n") // past the echo of the answer
	}
	out := s.out.String()
	t.Fatalf("the battle did not end in 120 s:\n%s", out[max(0, len(out)-3000):])
	return 0, nil
}

// questionLine is the last line of q that asks (ends in "?").
func questionLine(q string) string {
	lines := strings.Split(q, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimRight(lines[i], "\r "); strings.HasSuffix(l, "?") {
			return l
		}
	}
	return ""
}

// TestPlayOneSide (issue 23): one side of each bundled clash battle (bridge, field, hill, picket) and of orc-horde played at
// the terminal against the computer, Enter (and "auto" for a turn's optional questions) to the
// end: the player is asked only its own side's questions, the computer's choices show as they
// are made ("(computer, SIDE) ..."), the Enter suggestion is shown, and the battle ends with its
// result, exit 0.
func TestPlayOneSide(t *testing.T) {
	bin := sortieBinary(t)
	for _, tc := range []struct {
		path         []string
		play, player string // --play, and how the computer lines name the player's side
		other        string // how they name the computer's side
		foreign      string // how a question of the computer's side reads, if the player saw one
		end          string
	}{
		{[]string{"scenarios", "clash", "field", "field.cue"}, "harrow", "harrow", "horde", "", "victory for"},
		{[]string{"scenarios", "clash", "hill", "hill.cue"}, "Garrison", "garrison", "legion", "round 1, orcs:", "victory for"},
		{[]string{"scenarios", "clash", "bridge", "bridge.cue"}, "raiders", "raiders", "wardens", "", "victory for"},
		{[]string{"scenarios", "clash", "picket", "picket.cue"}, "Kob", "kobolds", "harrow", "round 1, guards", "victory for"},
		{[]string{"scenarios", "pathfinder", "orc-horde", "battle.cue"}, "stolen lands", "Stolen Lands", "Orc horde", "does army orcs", "winner:"},
	} {
		t.Run(tc.play, func(t *testing.T) {
			s := startPTY(t, bin, "battle", repo(t, tc.path...), "--play", tc.play, "--seed", "2")
			code, asked := playToEnd(t, s, func(q string) string {
				if strings.Contains(q, "; auto:") {
					return "auto"
				}
				return ""
			})
			out := s.out.String()
			if code != 0 || !strings.Contains(out, tc.end) && !strings.Contains(out, "a draw") {
				t.Fatalf("exit %d; the end:\n%s", code, out[max(0, len(out)-2000):])
			}
			if len(asked) == 0 || !strings.Contains(out, "(computer, "+tc.other+")") || strings.Contains(out, "(computer, "+tc.player+")") {
				t.Errorf("%d questions; the computer's lines:\n%s", len(asked), out[max(0, len(out)-3000):])
			}
			for _, q := range asked {
				if !strings.Contains(q, "[Enter: ") {
					t.Errorf("a question without its suggestion:\n%s", q)
				}
				if line := questionLine(q); tc.foreign != "" && strings.Contains(line, tc.foreign) {
					t.Errorf("the player was asked the computer's question: %s", line)
				}
			}
		})
	}
}
