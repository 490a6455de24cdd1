package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReplayRefusesAPlayersRecording (issue 25 review D3): a field01 run recorded with --view
// party holds no event for the GM (each day's end is one, K-23), so a page with a GM view from it
// would draw the armies where the players last saw them: refused, X006, exit 2, no page; with
// --html-view players the page (the players' alone) is written; a --view all recording is
// replayed as before.
func TestReplayRefusesAPlayersRecording(t *testing.T) {
	dir := t.TempDir()
	field := repo(t, "scenarios", "karzoral", "field01")
	plan := filepath.Join(dir, "plan.json")
	if code, _, errb := run(t, "", "compile", field, "-o", plan); code != 0 {
		t.Fatalf("compile: %d %s", code, errb)
	}
	for _, view := range []string{"party", "all"} {
		code, out, errb := run(t, "", "run", field, "--seed", "3", "--policy", "goal", "--format", "jsonl", "--view", view)
		if code > 1 {
			t.Fatalf("run --view %s: %d %s", view, code, errb)
		}
		os.WriteFile(filepath.Join(dir, view+".jsonl"), []byte(out), 0o644)
	}
	page := filepath.Join(dir, "p.html")
	code, _, errb := run(t, "", "replay", filepath.Join(dir, "party.jsonl"), "--plan", plan, "--html", page)
	if code != exitUsage || !strings.Contains(errb, "X006: the run was recorded with --view party") {
		t.Errorf("a players' recording: exit %d %q", code, errb)
	}
	if _, err := os.Stat(page); err == nil {
		t.Error("a page was written")
	}
	if code, _, errb := run(t, "", "replay", filepath.Join(dir, "party.jsonl"), "--plan", plan, "--html", page, "--html-view", "players"); code != 0 {
		t.Errorf("--html-view players: exit %d %s", code, errb)
	}
	if code, _, errb := run(t, "", "replay", filepath.Join(dir, "all.jsonl"), "--plan", plan, "--html", filepath.Join(dir, "q.html")); code != 0 {
		t.Errorf("a --view all recording: exit %d %s", code, errb)
	}
}

// TestCampaignChartOnlyPlayedArmies (issue 25 review D5): a campaign's replay chart has a line
// for an army only when the run played its scenario: every "X strength" series of the page is an
// army the run's events name, and the bundled campaign's goal run names the warband of field01.
func TestCampaignChartOnlyPlayedArmies(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "c.html")
	code, out, errb := run(t, "", "campaign", "run", repo(t, "scenarios", "karzoral", "campaign.cue"), "--policy", "goal", "--format", "jsonl", "--html", page)
	if code > 1 {
		t.Fatalf("campaign run: %d %s", code, errb)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile(`data-name="([A-Za-z0-9_-]+) strength"`).FindAllStringSubmatch(string(data), -1) {
		n++
		if army := m[1]; !strings.Contains(out, `"army":"`+army+`"`) && !strings.Contains(out, `"id":"`+army+`"`) {
			t.Errorf("the chart has %q, an army the run never met", army)
		}
	}
	if n == 0 || !strings.Contains(string(data), "boggardWarband strength") {
		t.Errorf("no army series (%d); want boggardWarband", n)
	}
}
