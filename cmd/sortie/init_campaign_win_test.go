package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInitCampaignGoalWins (issue 20): the campaign sortie init writes is winnable by the goal
// policy (it failed every raid: the militia fell at the ford on day 4, before a party resting
// every night reached the powder cave on day 5, and the campaign stopped at 200 sorties). By hand
// from the template (K-22, K-24, K-28, K-41): the goal party moves once a day, camp -> t1 -> cross
// -> woods -> glade -> cave (the powder burns on day 5: raiders 40 - 20 = 20) -> glade -> stair
// -> tower on day 8; the raiders leave the tower on day 4 (stair), the bank on day 5, the ford on
// day 6, where the militia (30) destroys them (both lose 20). So the first raid is a success on
// day 8, and the campaign ends after the prologue and one sortie; its expect: list holds it, and
// its script plays it to the end.
func TestInitCampaignGoalWins(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "plateau")
	if code, _, errb := run(t, "", "init", root, "--rules", "karzoral", "--kind", "campaign"); code != 0 {
		t.Fatalf("init: exit %d: %s", code, errb)
	}
	camp := filepath.Join(root, "campaign.cue")
	code, out, errb := run(t, "", "campaign", "run", camp, "--policy", "goal")
	if code != 0 {
		t.Fatalf("campaign run --policy goal: exit %d: %s", code, errb)
	}
	if n := strings.Count(out, "#### sortie: raid"); n != 1 {
		t.Errorf("%d raid sorties, want 1", n)
	}
	for _, want := range []string{"== success on day 8: objective tower ==", "unlock order: raid"} {
		if !strings.Contains(out, want) {
			t.Errorf("campaign run --policy goal: no %q", want)
		}
	}
	if code, out, errb := run(t, "", "campaign", "run", camp, "--script", filepath.Join(root, "play.yaml")); code != 0 || !strings.Contains(out, "== success on day 6: objective tower ==") {
		t.Errorf("campaign run --script play.yaml: exit %d, %s (want the raid won on day 6)", code, errb)
	}
	if code, out, errb := run(t, "", "simulate", camp, "--check"); code != 0 || !strings.Contains(out, "goalWins") {
		t.Errorf("simulate --check: exit %d\n%s%s", code, out, errb)
	}
}
