package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffTakesRegistryPolicies (issue 20 review: diff refused the tactical alias that battle and
// simulate take): diff of two battle files takes every policy the file's registry entry offers,
// aliases included, and names the canonical one; an unknown one is refused naming those offered.
func TestDiffTakesRegistryPolicies(t *testing.T) {
	hill := repo(t, "scenarios", "clash", "hill")
	code, out, errb := run(t, "", "diff", hill, hill, "--policy", "tactical", "--runs", "3")
	if code != 0 || !strings.Contains(out, "policy default") {
		t.Errorf("diff --policy tactical: exit %d %q %q, want 0 and \"policy default\"", code, out, errb)
	}
	code, _, errb = run(t, "", "diff", hill, hill, "--policy", "bogus", "--runs", "3")
	if code != 2 || !strings.Contains(errb, "want default, first, random, explore") {
		t.Errorf("diff --policy bogus: exit %d %q, want 2 and the policies offered", code, errb)
	}
}

// TestFmtLeftWording (issue 20 review: "1 file cannot be formatted; left as they are").
func TestFmtLeftWording(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte("kind: \"scenario\"\nid: \"x\"\ntitle: \"broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errb := run(t, "", "fmt", dir)
	if code != 1 || !strings.Contains(errb, "1 file cannot be formatted; left as it is") {
		t.Errorf("exit %d %q", code, errb)
	}
}
