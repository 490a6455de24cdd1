package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vet checks every tests: script as sortie test does (Q004), for a scenario and for a battle
// file: a script that leads out of the folder is refused (L018) even when the file it names
// exists, and a missing one is named; the position is the test's script: field.
func TestVetTestScripts(t *testing.T) {
	dir := t.TempDir()
	scen := filepath.Join(dir, "stolen-lands")
	battle := filepath.Join(dir, "orc-horde")
	copyTree(t, repo(t, "scenarios", "pathfinder", "stolen-lands"), scen)
	copyTree(t, repo(t, "scenarios", "pathfinder", "orc-horde"), battle)
	for _, f := range []string{filepath.Join(dir, "armies.cue")} {
		data, err := os.ReadFile(repo(t, "scenarios", "pathfinder", filepath.Base(f)))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Both bundled files vet clean of Q004 as they are.
	code, out, _ := runMain("vet", "-q", scen, battle)
	if strings.Contains(out, "Q004") {
		t.Fatalf("vet of the bundled copies (exit %d) reports Q004:\n%s", code, out)
	}

	// stolen-lands' only test (line 107) names ../win.yaml, which exists beside the folder.
	edit(t, filepath.Join(scen, "scenario.cue"), `{script: "win.yaml"`, `{script: "../win.yaml"`)
	if err := os.Rename(filepath.Join(scen, "win.yaml"), filepath.Join(dir, "win.yaml")); err != nil {
		t.Fatal(err)
	}
	// orc-horde's second test (line 71) names rout.yaml, now gone.
	if err := os.Remove(filepath.Join(battle, "rout.yaml")); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain("vet", "-q", scen, battle)
	if code != 1 {
		t.Fatalf("vet: exit %d, want 1: %s%s", code, out, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var q []string
	for _, l := range lines {
		if strings.Contains(l, "Q004") {
			q = append(q, l)
		}
	}
	if len(q) != 2 {
		t.Fatalf("want 2 Q004 findings, got:\n%s", out)
	}
	wants := []struct{ file, line, why string }{
		{filepath.Join(battle, "battle.cue"), ":71:", "cannot read the script rout.yaml: no such file or directory"},
		{filepath.Join(scen, "scenario.cue"), ":107:", "cannot read the script ../win.yaml: L018: resolves outside the scenario's folder: refused"},
	}
	for i, w := range wants {
		if !strings.HasPrefix(q[i], w.file+w.line) || !strings.Contains(q[i], w.why) {
			t.Errorf("finding %d:\n%s\nwant %s%s...: %s", i, q[i], w.file, w.line, w.why)
		}
	}
}

// edit replaces old (which must occur) with new in file path.
func edit(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s lacks %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// vet reports what sortie test would refuse in a test's values, through the same
// expect.Test.Validate (Q002, issue 20): a battle's length named as days (a Pathfinder battle
// counts phases, P-15) and an army the battle does not have. Positions worked out by hand on
// orc-horde's line 71 after the edit: a tab, then `{script: "rout.yaml", winner: "Stolen Lands", `
// puts day: at column 48; armies: {militia: 16, then orc: at column 101.
func TestVetTestValues(t *testing.T) {
	dir := t.TempDir()
	battle := filepath.Join(dir, "orc-horde")
	copyTree(t, repo(t, "scenarios", "pathfinder", "orc-horde"), battle)
	file := filepath.Join(battle, "battle.cue")
	edit(t, file, `{script: "rout.yaml", winner: "Stolen Lands", phase: 2,`, `{script: "rout.yaml", winner: "Stolen Lands", day: 2,`)
	edit(t, file, `armies: {militia: 16, orcs: 3}`, `armies: {militia: 16, orc: 3}`)
	code, out, errs := runMain("vet", "-q", battle)
	if code != 1 {
		t.Fatalf("vet: exit %d, want 1: %s%s", code, out, errs)
	}
	for _, want := range []string{
		file + ":71:48: Q002: day: a Pathfinder battle counts phases: write phase:",
		file + `:71:101: Q002: no army "orc" in the battle`, // a battle's test (reviewer item 8)
	} {
		if !strings.Contains(out, want) {
			t.Errorf("vet output lacks %q:\n%s", want, out)
		}
	}
}
