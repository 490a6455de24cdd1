package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSharedOutputRefused: two path flags naming one file, either of them written, are refused
// before anything runs (exit 2, nothing written): --save F --html F ran the whole run, saved to F
// and then refused to write the page over it. --html F beside a different --save is fine.
func TestSharedOutputRefused(t *testing.T) {
	dir := t.TempDir()
	scen, script := "../../scenarios/karzoral/field01", "../../scenarios/karzoral/field01/win.yaml"
	same := filepath.Join(dir, "same.out")
	for _, args := range [][]string{
		{"run", scen, "--script", script, "--save", same, "--html", same},
		{"run", scen, "--script", script, "--save", same, "--html", filepath.Join(dir, ".", "same.out")},
		{"run", scen, "--script", script, "--save", script},
	} {
		code, out, errs := run(t, "", args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, "name the same file") {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q", args, code, len(out), errs)
		}
		if _, err := os.Stat(same); err == nil {
			t.Errorf("%v: wrote %s", args, same)
		}
	}
	if code, _, errs := run(t, "", "run", scen, "--script", script, "--save", filepath.Join(dir, "s.json"), "--html", filepath.Join(dir, "p.html")); code != exitOK {
		t.Errorf("two files: exit %d: %s", code, errs)
	}
}
