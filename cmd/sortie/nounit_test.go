package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoUnitSaysWhy: a battle file that lost its kind:, rules: and id: lines is read as a CUE
// library (L015, an info under vet). Every command that wants one scenario or battle file says
// why it found none: the counts and the L015 with its file:line:col, exit 2; sortie test lists
// the L015 itself and does not repeat it in its Q003.
func TestNoUnitSaysWhy(t *testing.T) {
	src, err := os.ReadFile(repo(t, "scenarios", "clash", "picket", "picket.cue"))
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "kind:") || strings.HasPrefix(l, "rules:") || strings.HasPrefix(l, "id:") {
			continue
		}
		kept = append(kept, l)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "picket.cue")
	if err := os.WriteFile(f, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "want one scenario or one battle file, got 0 scenarios and 0 battle files (" + filepath.ToSlash(f) + ":"
	for _, args := range [][]string{
		{"battle", f},
		{"battle", f, "--runs", "3"},
		{"simulate", f, "--runs", "3"},
		{"compile", f, "-o", filepath.Join(dir, "plan.json")},
		{"graph", f, "--format", "dot"},
		{"run", f},
	} {
		code, _, errs := runMain(args...)
		if code != exitUsage || !strings.Contains(filepath.ToSlash(errs), want) || !strings.Contains(errs, ": L015: a CUE library") {
			t.Errorf("sortie %s: exit %d, stderr %q; want exit %d and %q with its L015", strings.Join(args[:1], " "), code, errs, exitUsage, want)
		}
	}
	code, out, errs := runMain("test", f)
	all := out + errs
	if code != exitFindings || strings.Count(all, "L015") != 1 || !strings.Contains(all, "Q003") {
		t.Errorf("sortie test: exit %d, output %q; want exit %d, one L015 and a Q003", code, all, exitFindings)
	}
}
