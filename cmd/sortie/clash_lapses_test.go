package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// TestClashLapseFixtures: the policy-lapse battles of issue 21 (testdata/clash/lapses/*.cue) as
// they compile now are runner/clash/testdata/lapses/*.json, which runner/clash's lapse tests play
// (runner/clash cannot import the compiler: the compiler imports it). SORTIE_UPDATE=1 rewrites
// them.
func TestClashLapseFixtures(t *testing.T) {
	files, err := filepath.Glob(repo(t, "testdata", "clash", "lapses", "*.cue"))
	if err != nil || len(files) != 9 {
		t.Fatalf("%d lapse battles (%v), want 9", len(files), err)
	}
	for _, f := range files {
		c, list, err := compiler.CompileClash([]string{f}, compiler.Options{})
		if err != nil || list.HasErrors() {
			t.Fatal(f, err, list)
		}
		c.Sources, c.SourceHash = nil, "" // machine-independent
		data, err := plan.EncodeClash(c)
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(strings.ReplaceAll(string(data), repo(t)+string(filepath.Separator), "")) // positions relative to the repository
		name := strings.TrimSuffix(filepath.Base(f), ".cue") + ".json"
		path := repo(t, "runner", "clash", "testdata", "lapses", name)
		if os.Getenv("SORTIE_UPDATE") == "1" {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != string(data) {
			t.Errorf("runner/clash/testdata/lapses/%s is not %s as it compiles (SORTIE_UPDATE=1)", name, filepath.Base(f))
		}
	}
}
