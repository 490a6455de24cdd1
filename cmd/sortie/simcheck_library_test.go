package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckImportsLibrary: a battle that imports sortie's library of sample armies
// ("sortie.dev/pathfinder/samples", read from the binary) has its expect: list read by
// simulate --check (runner/expect loads the scenario's CUE again, outside the compiler, with
// compiler.LibraryOverlay; sortie test reads tests: the same way). It once failed with "imports
// are unavailable because there is no cue.mod/module.cue file".
func TestCheckImportsLibrary(t *testing.T) {
	src := filepath.Join("..", "..", "scenarios", "pathfinder", "undead-host", "battle.cue")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `import "sortie.dev/pathfinder/samples"`) {
		t.Fatalf("%s no longer imports the library: pick another battle for this test", src)
	}
	// A copy with a small expect list (100 battles), in a folder of its own.
	dir := t.TempDir()
	body := string(data)
	if i := strings.Index(body, "\nexpect: ["); i >= 0 {
		body = body[:i]
	}
	body += "\nexpect: [{name: \"someWins\", policy: \"default\", runs: 100, winner: \"Stolen Lands\", rate: \">0\"}]\n"
	if err := os.WriteFile(filepath.Join(dir, "battle.cue"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errb := run(t, "", "simulate", dir, "--check", "--replay-dir", t.TempDir())
	if code != 0 || !strings.Contains(errb+out, "someWins") {
		t.Fatalf("simulate --check: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errb)
	}
	if strings.Contains(errb, "imports are unavailable") {
		t.Fatalf("the library was not found:\n%s", errb)
	}
}
