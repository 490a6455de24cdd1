package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoundaryNewSource (issue 28, B2): a writer refuses (exit 2, nothing written) a new file in
// an input scenario's folder exactly when the next load would read it as part of the scenario:
// a .cue there (graph -o sc/pic.cue wrote SVG into the package), by relative names, ./, a link
// to the folder and from inside it (a relative input never matched before); a plan, a baseline
// or a report beside it is written, and the scenario still vets afterwards.
func TestBoundaryNewSource(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sortie some fifteen times")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	sc := filepath.Join(work, "sc")
	os.MkdirAll(filepath.Join(sc, "sub"), 0o755)
	mini, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(sc, "mini.yaml"), mini, 0o644)
	if err := os.Symlink("sc", filepath.Join(work, "scl")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	sortie := func(dir string, args ...string) (int, string) {
		cmd := exec.Command(exe)
		cmd.Args = append([]string{"sortie"}, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SORTIE_CACHE=off")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.Run()
		return cmd.ProcessState.ExitCode(), out.String()
	}
	refused := []struct {
		dir    string
		target string // relative to work
		args   []string
	}{
		{work, "sc/n.cue", []string{"compile", "sc", "-o", "sc/n.cue"}},
		{work, "sc/pic.cue", []string{"graph", "sc", "-o", "sc/pic.cue"}},
		{work, "sc/n.cue", []string{"compile", "sc/mini.yaml", "-o", "sc/n.cue"}},
		{work, "sc/n.cue", []string{"compile", "./sc", "-o", "sc/n.cue"}},
		{work, "sc/n.cue", []string{"compile", "sc", "-o", "scl/n.cue"}},
		{work, "sc/n.cue", []string{"compile", "scl", "-o", "sc/n.cue"}},
		{sc, "sc/n.cue", []string{"compile", ".", "-o", "n.cue"}},
		{work, "sc/r.cue", []string{"simulate", "--runs", "2", "--html", "sc/r.cue", "sc"}},
		{work, "sc/b.cue", []string{"vet", "--write-baseline", "sc/b.cue", "sc"}},
		{work, "sc/sub/n.cue", []string{"compile", "sc/...", "-o", "sc/sub/n.cue"}},
	}
	for _, r := range refused {
		code, out := sortie(r.dir, r.args...)
		if code != 2 || !strings.Contains(out, "refused") {
			t.Errorf("%v: exit %d, want 2 and a refusal:\n%s", r.args, code, out)
		}
		if _, err := os.Lstat(filepath.Join(work, r.target)); err == nil {
			t.Errorf("%v: %s was written", r.args, r.target)
			os.Remove(filepath.Join(work, r.target))
		}
	}
	allowed := []struct {
		target string
		args   []string
	}{
		{"sc/plan.json", []string{"compile", "sc", "-o", "sc/plan.json"}},
		{"sc/b.json", []string{"vet", "--write-baseline", "sc/b.json", "sc"}},
		{"sc/report.html", []string{"simulate", "--runs", "2", "--html", "sc/report.html", "sc"}},
		{"sc/sub/n.cue", []string{"compile", "sc", "-o", "sc/sub/n.cue"}}, // a subfolder is no part of sc's package
	}
	for _, a := range allowed {
		if code, out := sortie(work, a.args...); code != 0 {
			t.Errorf("%v: exit %d, want 0:\n%s", a.args, code, out)
		}
		if _, err := os.Stat(filepath.Join(work, a.target)); err != nil {
			t.Errorf("%v: %s not written: %v", a.args, a.target, err)
		}
	}
	if code, out := sortie(work, "vet", "sc"); code != 0 {
		t.Errorf("vet sc after the writes beside it: exit %d:\n%s", code, out)
	}
}
