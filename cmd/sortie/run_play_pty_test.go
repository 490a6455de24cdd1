//go:build linux || darwin

package main

import (
	"strings"
	"testing"
)

// TestRunPlaysOneSide (issue 23 items 2 and 4; P-14, P-15): a Pathfinder hex scenario played
// with `sortie run --play SIDE` at a terminal, Enter to the end. The player is asked only its
// own armies' battle questions (the other side's armies never appear in a question), the
// computer's choices show as "(computer, OTHER) ..." lines, and, the phase tables streaming, some
// question in the middle of a battle comes after a finished phase's table ("... Phase") and before
// the battle's "winner:" line.
func TestRunPlaysOneSide(t *testing.T) {
	bin := sortieBinary(t)
	for _, tc := range []struct {
		scenario, play, other string
		foreign               []string // the other side's armies (scenario.cue)
	}{
		{"stolen-lands", "Friendly", "enemy", []string{"army orcs", "army wolfriders"}},
		{"border-war", "en", "friendly", []string{"army dwarves", "army knights", "army militia"}},
	} {
		t.Run(tc.scenario, func(t *testing.T) {
			s := startPTY(t, bin, "run", repo(t, "scenarios", "pathfinder", tc.scenario), "--play", tc.play)
			code, asked := playToEnd(t, s, func(string) string { return "" })
			out := s.out.String()
			if code == exitUsage || len(asked) == 0 {
				t.Fatalf("exit %d, %d questions:\n%s", code, len(asked), out[max(0, len(out)-2000):])
			}
			if !strings.Contains(out, "(computer, "+tc.other+")") || strings.Contains(out, "(computer, "+strings.ToLower(tc.play)) {
				t.Errorf("the computer's lines are not the %s side's:\n%s", tc.other, out[max(0, len(out)-3000):])
			}
			mid := 0
			screen := ""
			for _, q := range asked {
				screen += q
				if !strings.Contains(q, "[Enter: ") {
					t.Errorf("a question without its suggestion:\n%s", q)
				}
				line := questionLine(q)
				for _, f := range tc.foreign {
					if strings.Contains(line, f+" ") {
						t.Errorf("the player was asked the computer's question: %s", line)
					}
				}
				if i := strings.LastIndex(screen, "\nbattle "); i >= 0 && strings.Contains(line, "phase") {
					if tail := screen[i:]; strings.Contains(tail, " Phase") && !strings.Contains(tail, "winner:") {
						mid++
					}
				}
			}
			if mid == 0 {
				t.Errorf("no battle question came after a phase table of its battle (%d questions)", len(asked))
			}
		})
	}
}
