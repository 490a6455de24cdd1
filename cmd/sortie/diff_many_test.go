package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffTrees: sortie diff OLD/... NEW/... pairs the units of two trees by their path below
// each root. The trees are copies of scenarios/clash in which NEW drops bridge, adds hill2 (a copy
// of hill) and gives the field's spears one stand less: the report lists bridge as removed,
// hill2 as added, and compares the three common battles, the field's spears the one entity
// changed; --exit-code exits 1 for it, and a tree against a single file is refused (exit 2).
func TestDiffTrees(t *testing.T) {
	dir := t.TempDir()
	oldRoot, newRoot := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	copyTree(t, repo(t, "scenarios", "clash"), oldRoot)
	copyTree(t, repo(t, "scenarios", "clash"), newRoot)
	if err := os.RemoveAll(filepath.Join(newRoot, "bridge")); err != nil {
		t.Fatal(err)
	}
	copyTree(t, filepath.Join(oldRoot, "hill"), filepath.Join(newRoot, "hill2"))
	field := filepath.Join(newRoot, "field", "field.cue")
	src, err := os.ReadFile(field)
	if err != nil {
		t.Fatal(err)
	}
	three := "stands: [{at: [2, 4]}, {at: [2, 5]}, {at: [2, 6]}]"
	if !strings.Contains(string(src), three) {
		t.Fatal("the bundled field.cue changed: the spears' stands are not where this test removes one")
	}
	os.WriteFile(field, []byte(strings.Replace(string(src), three, "stands: [{at: [2, 4]}, {at: [2, 5]}]", 1)), 0o644)

	code, out, errb := run(t, "", "diff", oldRoot+"/...", newRoot+"/...", "--runs", "0", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errb)
	}
	var rep struct {
		Pairs []struct {
			Path  string
			Error string
			Diff  struct {
				Battle   bool
				Entities []struct{ Key, Change string }
			}
		}
		Added, Removed, Campaigns []string
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if strings.Join(rep.Added, " ") != "hill2/hill.cue" || strings.Join(rep.Removed, " ") != "bridge/bridge.cue" || len(rep.Campaigns) != 0 {
		t.Errorf("added %v, removed %v, campaigns %v; want [hill2/hill.cue], [bridge/bridge.cue], []", rep.Added, rep.Removed, rep.Campaigns)
	}
	var paths []string
	for _, p := range rep.Pairs {
		paths = append(paths, p.Path)
		want := 0
		if p.Path == "field/field.cue" {
			want = 1
		}
		if p.Error != "" || !p.Diff.Battle || len(p.Diff.Entities) != want {
			t.Errorf("%s: error %q, battle %v, entities %+v; want %d changed", p.Path, p.Error, p.Diff.Battle, p.Diff.Entities, want)
		}
		if want == 1 && (p.Diff.Entities[0].Key != "units.spears" || p.Diff.Entities[0].Change != "changed") {
			t.Errorf("field: %+v, want units.spears changed", p.Diff.Entities)
		}
	}
	if strings.Join(paths, " ") != "field/field.cue hill/hill.cue picket/picket.cue" {
		t.Errorf("pairs %v, want field, hill and picket in order", paths)
	}

	code, out, _ = run(t, "", "diff", oldRoot+"/...", newRoot+"/...", "--runs", "0", "--exit-code")
	if code != 1 || !strings.Contains(out, "=== field/field.cue") || !strings.Contains(out, "removed (in ") || !strings.Contains(out, "  bridge/bridge.cue") {
		t.Errorf("--exit-code: exit %d (want 1): %s", code, out)
	}
	code, _, errb = run(t, "", "diff", oldRoot+"/...", field, "--runs", "0")
	if code != 2 || !strings.Contains(errb, "both OLD and NEW end in /...") {
		t.Errorf("a tree against a file: exit %d (want 2): %s", code, errb)
	}
}
