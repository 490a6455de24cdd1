package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeverOverwriteSource (issue 11, item 2): --write-baseline and compile -o refuse, with exit
// 2, to replace a file that is not a baseline or a plan (here the scenario itself, a script, a
// directory, a link to the scenario), and leave it byte for byte as it was; a baseline or a plan
// is replaced, atomically (no temporary file is left beside it).
func TestNeverOverwriteSource(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "compiler", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	scen := filepath.Join(dir, "mini.yaml")
	script := filepath.Join(dir, "win.yaml")
	link := filepath.Join(dir, "link.json")
	os.WriteFile(scen, src, 0o644)
	os.WriteFile(script, []byte("- {move: east}\n"), 0o644)
	if err := os.Symlink(scen, link); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "plans"), 0o755)

	refused := []struct {
		args []string
		msg  string
	}{
		{[]string{"vet", "--write-baseline", scen, scen}, "is not a sortie baseline; refusing to overwrite it"},
		{[]string{"vet", "--write-baseline", script, scen}, "is not a sortie baseline; refusing to overwrite it"},
		{[]string{"compile", scen, "-o", scen}, "is not a sortie plan; refusing to overwrite it"},
		{[]string{"compile", scen, "-o", script}, "is not a sortie plan; refusing to overwrite it"},
		{[]string{"compile", scen, "-o", link}, "is not a sortie plan; refusing to overwrite it"},
		{[]string{"compile", scen, "-o", filepath.Join(dir, "plans")}, "it is a directory"},
		{[]string{"compile", scen, "-o", filepath.Join(dir, "nowhere", "p.json")}, "no folder"},
	}
	for _, c := range refused {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.msg) {
			t.Errorf("sortie %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, errs, c.msg)
		}
		if got, _ := os.ReadFile(scen); string(got) != string(src) {
			t.Fatalf("sortie %s changed the scenario", strings.Join(c.args, " "))
		}
		if got, _ := os.ReadFile(script); string(got) != "- {move: east}\n" {
			t.Fatalf("sortie %s changed the script", strings.Join(c.args, " "))
		}
	}

	// A plan and a baseline are replaced.
	plan := filepath.Join(dir, "plan.json")
	base := filepath.Join(dir, "base.json")
	for i := 0; i < 2; i++ {
		if code, _, errs := run(t, "", "compile", scen, "-o", plan); code != 0 {
			t.Fatalf("compile -o plan.json (%d): exit %d: %s", i, code, errs)
		}
		if code, _, errs := run(t, "", "vet", "--write-baseline", base, scen); code != 0 {
			t.Fatalf("vet --write-baseline (%d): exit %d: %s", i, code, errs)
		}
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "base.json link.json mini.yaml plan.json plans win.yaml" {
		t.Errorf("files after the runs: %s", got)
	}
}
