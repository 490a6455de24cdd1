package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 20, B5: a folder or DIR/... holding one campaign file is that file for every campaign
// subcommand; with none or several, the refusal names what was found and what to run. Expected
// texts are written by hand from campaignFile's doc comment.

func TestCampaignFolder(t *testing.T) {
	file := repo(t, "scenarios", "karzoral", "campaign.cue")
	_, want, _ := run(t, "", "campaign", "vet", file)
	for _, p := range []string{repo(t, "scenarios", "karzoral"), repo(t, "scenarios", "karzoral") + "/...", repo(t, "scenarios") + "/...", repo(t, "scenarios")} {
		code, out, errb := run(t, "", "campaign", "vet", p)
		if code != 0 || out != want || errb != "" {
			t.Errorf("campaign vet %s: exit %d, %q %s (want exit 0 and %q, as for the file)", p, code, out, errb, want)
		}
	}
	code, out, errb := run(t, "", "campaign", "run", repo(t, "scenarios", "karzoral"), "--policy", "goal", "--format", "jsonl")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || !strings.Contains(lines[len(lines)-1], `"campaign.end"`) {
		t.Errorf("campaign run of the folder: exit %d %s", code, errb)
	}
}

func TestCampaignFolderRefusals(t *testing.T) {
	src, err := os.ReadFile(repo(t, "scenarios", "karzoral", "campaign.cue"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	// Two campaigns, one in a folder whose name holds a bidi override (shown escaped).
	two := filepath.Join(tmp, "two")
	a, b := filepath.Join(two, "a"), filepath.Join(two, "b\u202e")
	for _, d := range []string{a, b} {
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "campaign.cue"), src, 0o644)
	}
	code, _, errb := run(t, "", "campaign", "vet", two)
	want := "sortie: " + two + " holds 2 campaign files (" + a + "/campaign.cue, " + two + `/b\u202e/campaign.cue): name one of them (sortie campaign vet ` + a + "/campaign.cue)\n"
	if code != exitUsage || errb != want {
		t.Errorf("two campaigns: exit %d\n got %q\nwant %q", code, errb, want)
	}
	code, _, errb = run(t, "", "campaign", "run", two+"/...", "--policy", "goal")
	if want := strings.Replace(strings.Replace(want, "campaign vet", "campaign run", 1), two+" holds", two+"/... holds", 1); code != exitUsage || errb != want {
		t.Errorf("two campaigns below DIR/...: exit %d\n got %q\nwant %q", code, errb, want)
	}
	// Two battle files and no campaign.
	none := filepath.Join(tmp, "none")
	os.MkdirAll(none, 0o755)
	for _, f := range []string{"field/field.cue", "bridge/bridge.cue"} {
		data, _ := os.ReadFile(repo(t, "scenarios", "clash", filepath.FromSlash(f)))
		os.WriteFile(filepath.Join(none, filepath.Base(f)), data, 0o644)
	}
	code, _, errb = run(t, "", "campaign", "vet", none)
	want = "sortie: " + none + ` holds no campaign file (kind: "campaign"): name one (sortie campaign vet FILE); vet the scenarios or battle files there with sortie vet ` + none + "\n"
	if code != exitUsage || errb != want {
		t.Errorf("no campaign: exit %d\n got %q\nwant %q", code, errb, want)
	}
	// One battle file's folder: what it is and what fights it (insteadOf).
	d := repo(t, "scenarios", "clash", "field")
	code, _, errb = run(t, "", "campaign", "run", d+"/...")
	want = "sortie: " + d + `/... holds no campaign file, only a battle file (kind: "battle"): fight a battle file with sortie battle` + "\n"
	if code != exitUsage || errb != want {
		t.Errorf("a battle's folder: exit %d\n got %q\nwant %q", code, errb, want)
	}
}

// A folder of folders is read as DIR/... by every command (issue 20, B5): vet and test of
// scenarios/clash answered "no scenario files ... in the directory"; diff of two such folders
// compares them as trees; a DIR/... of one unit is that unit for diff.
func TestFolderOfFolders(t *testing.T) {
	clash := repo(t, "scenarios", "clash")
	if code, out, errb := run(t, "", "vet", clash, "--strict"); code != 0 || errb != "" {
		t.Errorf("vet of a folder of folders: exit %d %s %s", code, out, errb)
	}
	if code, out, errb := run(t, "", "test", clash); code != 0 || !strings.Contains(out, "picket") {
		t.Errorf("test of a folder of folders: exit %d %s %s", code, out, errb)
	}
	code, out, errb := run(t, "", "diff", clash, clash, "--runs", "0")
	if code != 0 || !strings.Contains(out, "=== bridge/bridge.cue\n") || !strings.Contains(out, "=== picket/picket.cue\n") {
		t.Errorf("diff of two folders of folders: exit %d %.300s %s", code, out, errb)
	}
	field := repo(t, "scenarios", "clash", "field") + "/..."
	code, out, errb = run(t, "", "diff", field, field, "--runs", "0")
	if code != 0 || !strings.HasPrefix(out, "=== field.cue\n") {
		t.Errorf("diff of a DIR/... of one battle: exit %d %.300s %s", code, out, errb)
	}
}

// Issue 20, M: the battle file sortie init writes for Pathfinder declares a test (worked by hand
// in the template's comment: The March wins), and sortie test passes it in every format.
func TestInitBattleTests(t *testing.T) {
	for _, f := range []string{"cue", "yaml", "json"} {
		dir := filepath.Join(t.TempDir(), "b")
		if code, _, errb := run(t, "", "init", dir, "--rules", "pathfinder", "--kind", "battle", "--format", f); code != 0 {
			t.Fatalf("init --format %s: exit %d %s", f, code, errb)
		}
		code, out, errb := run(t, "", "test", dir)
		if code != 0 || !strings.Contains(out, "1 test") || !strings.Contains(out, "PASS: 1 passed, 0 failed") {
			t.Errorf("test of init's %s battle: exit %d %s %s", f, code, out, errb)
		}
	}
}
