package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every bundled scenario vets clean (exit 0, no output), and Field 2's scripts reach their
// outcomes through the CLI: success exits 0, failure 1 (the numbers are checked by hand in
// runner.TestField02Golden).
func TestBundledScenariosVet(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "scenarios", "karzoral", "*"))
	if err != nil || len(dirs) < 2 {
		t.Fatalf("bundled scenarios: %v %v", dirs, err)
	}
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		if code, out, errs := run(t, "", "vet", d); code != 0 || out != "" {
			t.Errorf("sortie vet %s: exit %d\n%s%s", d, code, out, errs)
		}
	}
	f2 := filepath.Join("..", "..", "scenarios", "karzoral", "field02")
	for _, c := range []struct {
		script string
		code   int
		want   string
	}{
		{"success.yaml", 0, "== success on day 5: objective shrineTaken =="},
		{"failure.yaml", 1, "== failure on day 4: friendly army lancers wiped out (K-25) =="},
	} {
		code, out, errs := run(t, "", "run", "--script", filepath.Join(f2, c.script), f2)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("run %s: exit %d, want %d\n%s%s", c.script, code, c.code, out, errs)
		}
	}
}
