package main

import (
	"strings"
	"testing"
)

// TestPFPlayFriendlyHidesEnemyBooks (issue 23 review; P-11, P-57, P-61): playing border-war's
// friendly side (Enter at every question), the enemy kingdom's books are not shown: its counters
// and Control DC (scenario.cue: Tar-Baphon's host, economy 2, loyalty 2, stability 2, control DC
// 20) are in neither the briefing nor the start table, and the skeletons' victory over the
// knights on day 54 is shown without the host's Loyalty check against its DC 20 (P-61: "Loyalty
// 7 vs DC 20", which the GM's seat shows). The friendly kingdom's own figures stay.
func TestPFPlayFriendlyHidesEnemyBooks(t *testing.T) {
	bin := sortieBinary(t)
	enters := strings.Repeat("\n", 600)
	out, errs, _ := runPiped(t, bin, enters, "run", repo(t, "scenarios", "pathfinder", "border-war"), "--play", "friendly")
	all := out + errs
	for _, hidden := range []string{"kingdom enemy", "Tar-Baphon", "vs DC 20"} {
		if strings.Contains(all, hidden) {
			t.Errorf("--play friendly shows %q", hidden)
		}
	}
	for _, want := range []string{"  kingdom friendly (Stolen Lands): economy 6, loyalty 4, stability 5, control DC 16;",
		"| skeletons | active | 9/13 | -1     |                                                   |"} {
		if !strings.Contains(all, want) {
			t.Errorf("--play friendly lacks %q", want)
		}
	}
	// The GM's seat (the same battle on day 54 by the engine's first choices) shows both.
	out, errs, _ = runPiped(t, bin, "", "run", repo(t, "scenarios", "pathfinder", "border-war"), "--play", "all", "--policy", "first")
	for _, want := range []string{"| enemy    | Tar-Baphon's host | 2       | 2       | 2         | 20         |",
		"| skeletons | active | 9/13 | -1     | Loyalty 7 vs DC 20                                |"} {
		if !strings.Contains(out+errs, want) {
			t.Errorf("--play all lacks %q", want)
		}
	}
}
