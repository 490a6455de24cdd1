package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoundaryLSPLog (issue 28, second attack trial B3): lsp --log was the one write flag that
// skipped the write rules: it appended its log to a scenario's .yaml and created a new .cue in
// a scenario folder, which the next load read. A scenario file is refused as a log (exit 2, the
// file unchanged, nothing created); a .log beside the scenario is written.
func TestBoundaryLSPLog(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mini, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "mini.yaml")
	if err := os.WriteFile(src, mini, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		log    string
		refuse bool
	}{{"mini.yaml", true}, {"new.cue", true}, {"plan.json", true}, {"server.log", false}} {
		cmd := exec.Command(exe)
		cmd.Args = []string{"sortie", "lsp", "--log", filepath.Join(dir, tc.log)}
		cmd.Stdin = strings.NewReader("Content-Length: 5\r\n\r\n{bad}")
		out, _ := cmd.CombinedOutput()
		code := cmd.ProcessState.ExitCode()
		_, statErr := os.Stat(filepath.Join(dir, tc.log))
		switch {
		case tc.refuse && code != 2:
			t.Errorf("--log %s: exit %d, want 2:\n%s", tc.log, code, out)
		case tc.refuse && tc.log != "mini.yaml" && statErr == nil:
			t.Errorf("--log %s: the file was created", tc.log)
		case !tc.refuse && statErr != nil:
			t.Errorf("--log %s: no log written (exit %d):\n%s", tc.log, code, out)
		}
	}
	if now, _ := os.ReadFile(src); string(now) != string(mini) {
		t.Errorf("the scenario's source changed:\n%s", now)
	}
}
