package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimulateCheckFolders: simulate --check takes a folder of subjects and DIR/... (it said
// "compile takes one scenario (files of one package or one directory), got 3"): each subject's
// checks run, one line a subject; a battle whose closeFight check is made impossible (the Stolen
// Lands winning 99%..100% of battles they win about half of) fails it, exit 1; a battle without an
// expect: list is "[no balance checks]"; without --check the folder is refused with what to give.
func TestSimulateCheckFolders(t *testing.T) {
	src, err := os.ReadFile(repo(t, "scenarios", "pathfinder", "wolf-riders", "battle.cue"))
	if err != nil {
		t.Fatal(err)
	}
	const was = `rate: "0.40..0.65"`
	if !strings.Contains(string(src), was) {
		t.Fatal("wolf-riders changed: no closeFight rate to break")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a-ok/battle.cue":       string(src),
		"b-broken/battle.cue":   strings.Replace(string(src), was, `rate: "0.99..1"`, 1),
		"c-nochecks/battle.cue": string(src[:strings.Index(string(src), "expect: [")]),
	} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	code, out, errb := run(t, "", "simulate", "--check", "--replay-dir", t.TempDir(), dir+"/...")
	for _, want := range []string{"ok\t" + filepath.Join(dir, "a-ok", "battle.cue") + "\t2 balance checks",
		"FAIL closeFight: ", "FAIL\t" + filepath.Join(dir, "b-broken", "battle.cue") + "\t1 of 2 balance checks failed",
		"?\t" + filepath.Join(dir, "c-nochecks", "battle.cue") + "\t[no balance checks]"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if code != exitFindings || !strings.Contains(errb, "1 of 3 subjects failed") {
		t.Errorf("exit %d: %s", code, errb)
	}
	code, out, _ = run(t, "", "simulate", "--check", "--format", "json", "--replay-dir", t.TempDir(), dir)
	var units []struct {
		Path   string
		Checks []struct{ OK bool }
	}
	if err := json.Unmarshal([]byte(out), &units); err != nil || len(units) != 3 || len(units[0].Checks) != 2 || units[1].Checks[0].OK || len(units[2].Checks) != 0 {
		t.Errorf("json (exit %d, %v): %s", code, err, out)
	}
	if code, _, errb := run(t, "", "simulate", dir+"/..."); code != exitUsage || !strings.Contains(errb, "holds 3: give one of them") {
		t.Errorf("without --check: exit %d %s", code, errb)
	}
}

// TestExpectRoundsAndPhases: a battle's balance checks name its length as the battle counts it,
// round: for a clash battle (U-28), phase: for a Pathfinder battle (P-15) (they had to say day:);
// the report says the word back, and a word the battle does not count in is Q002, with the one to
// write. The clash battle's median is checked against its own simulate report (--runs 1000, the
// check's default, policy default, seeds 1..1000): the check's median <= M holds for M the median
// the report gives and fails for M - 1.
func TestExpectRoundsAndPhases(t *testing.T) {
	field := repo(t, "scenarios", "clash", "field", "field.cue")
	code, out, errb := run(t, "", "simulate", field, "--runs", "1000", "--format", "json")
	var rep struct{ Days struct{ Median int } }
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Days.Median < 2 {
		t.Fatalf("simulate: exit %d %s", code, errb)
	}
	dir := t.TempDir()
	exp := filepath.Join(dir, "exp.yaml")
	m := rep.Days.Median
	os.WriteFile(exp, []byte(fmt.Sprintf("expect:\n  - {name: short, policy: default, median: {round: \"<=%d\"}}\n  - {name: shorter, policy: default, median: {round: \"<=%d\"}}\n", m, m-1)), 0o644)
	code, out, errb = run(t, "", "simulate", field, "--check", "--expect", exp, "--replay-dir", dir)
	if code != exitFindings || !strings.Contains(out, fmt.Sprintf("ok   short: median round of all runs: %d", m)) || !strings.Contains(out, "FAIL shorter: median round of all runs") {
		t.Errorf("exit %d:\n%s\n%s", code, out, errb)
	}
	os.WriteFile(exp, []byte("expect:\n  - {name: wrong, policy: default, median: {phase: \"<=4\"}}\n"), 0o644)
	code, _, errb = run(t, "", "simulate", field, "--check", "--expect", exp, "--replay-dir", dir)
	if code != exitFindings || !strings.Contains(errb, "Q002: phase: a clash battle counts rounds: write round:") {
		t.Errorf("phase: for a clash battle: exit %d %s", code, errb)
	}
	orc := repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue")
	os.WriteFile(exp, []byte("expect:\n  - {name: quick, policy: default, runs: 50, median: {phase: \"<=40\"}}\n"), 0o644)
	code, out, errb = run(t, "", "simulate", orc, "--check", "--expect", exp, "--replay-dir", dir)
	if code != 0 || !strings.Contains(out, "ok   quick: median phase of all runs") {
		t.Errorf("phase: for a Pathfinder battle: exit %d %s %s", code, out, errb)
	}
}

// A campaign under simulate --check DIR/... and by its folder (issue 20): the campaign file is a
// subject beside its scenarios (the folder was refused: "campaign.cue is a campaign file, not a
// scenario"), and a campaign whose check cannot hold (the goal party, which clears the campaign in
// every run, finishing in at most 1% of runs) fails it, exit 1. The scenarios' own checks are
// hidden (_expect) to keep the test short: they are "[no balance checks]".
func TestSimulateCheckCampaignFolders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "karzoral")
	copyTree(t, repo(t, "scenarios", "karzoral"), dir)
	for _, f := range []string{"field00", "field01", "field02", "field03"} {
		p := filepath.Join(dir, f, f+".cue")
		src, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(src), "\nexpect: [") {
			t.Fatalf("%s: no expect: list to hide (%v)", f, err)
		}
		os.WriteFile(p, []byte(strings.Replace(string(src), "\nexpect: [", "\n_expect: [", 1)), 0o644)
	}
	camp := filepath.Join(dir, "campaign.cue")
	src, _ := os.ReadFile(camp)
	const was = `outcome: "success", rate: ">= 0.99"`
	if !strings.Contains(string(src), was) {
		t.Fatal("campaign.cue changed: no goalFinishes check to break")
	}
	os.WriteFile(camp, []byte(strings.Replace(string(src), was, `outcome: "success", rate: "<= 0.01"`, 1)), 0o644)
	for _, path := range []string{dir + "/...", dir} {
		code, out, errb := run(t, "", "simulate", "--check", "--replay-dir", t.TempDir(), path)
		for _, want := range []string{"FAIL goalFinishes: ", "FAIL\t" + camp + "\t1 of 2 balance checks failed",
			"?\t" + filepath.Join(dir, "field01", "field01.cue") + "\t[no balance checks]"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no %q in:\n%s", path, want, out)
			}
		}
		if code != exitFindings || !strings.Contains(errb, "1 of 5 subjects failed") {
			t.Errorf("%s: exit %d: %s", path, code, errb)
		}
	}
}
