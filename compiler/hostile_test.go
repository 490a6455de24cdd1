package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileInput: a file over the size bound is refused with L004 without being parsed; a
// symbolic link and a "../" import that lead outside the scenario's folder are refused, and no
// file outside the folder is read (the link's target and the imported package hold a syntax
// error that would show if they were).
func TestHostileInput(t *testing.T) {
	root := t.TempDir()
	sc := filepath.Join(root, "sc")
	if err := os.MkdirAll(filepath.Join(root, "shared"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sc, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A cue.mod above the scenario would make CUE read it: it must not.
	if err := os.MkdirAll(filepath.Join(root, "cue.mod"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("cue.mod/module.cue", "this is { not CUE\n")
	write("shared/x.cue", "package shared\nz: {{{\n")
	write("secret.cue", "package sc\nsecret: {{{\n")

	// 1. Size bound: 4 MiB + 1 byte of comment.
	big := "package sc\n//" + strings.Repeat("x", MaxFileSize) + "\n"
	write("sc/big.cue", big)
	list, err := Vet([]string{sc}, Options{WorkDir: root})
	if err != nil {
		t.Fatalf("Vet: %v", err)
	}
	if len(list) != 1 || list[0].Code != "L004" || list[0].Pos.String() != "./sc/big.cue:1:1" {
		t.Fatalf("big file: got %v, want one L004 at ./sc/big.cue:1:1", list)
	}
	if err := os.Remove(filepath.Join(sc, "big.cue")); err != nil {
		t.Fatal(err)
	}

	// 2. A "../" import: L007, and shared/x.cue (a syntax error) is never read.
	write("sc/a.cue", "package sc\nimport \"../shared\"\nkind: \"scenario\"\nx: shared.z\n")
	list, err = Vet([]string{sc}, Options{WorkDir: root})
	if err != nil {
		t.Fatalf("Vet: %v", err)
	}
	if len(list) != 1 || list[0].Code != "L007" || list[0].Pos.String() != "./sc/a.cue:2:8" {
		t.Fatalf("../ import: got %v, want one L007 at ./sc/a.cue:2:8", list)
	}

	// 3. A symbolic link to a file outside the folder: in a folder, a finding on the link
	// (L019, issue 28: the rest of the folder is vetted), never followed or parsed.
	write("sc/a.cue", "package sc\nkind: \"scenario\"\n")
	if err := os.Symlink(filepath.Join(root, "secret.cue"), filepath.Join(sc, "b.cue")); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	list, err = Vet([]string{sc}, Options{WorkDir: root})
	found := false
	for _, d := range list {
		found = found || d.Code == "L019" && d.Pos.File == "./sc/b.cue"
	}
	if err != nil || !found {
		t.Fatalf("symlink: err = %v, list %v; want L019 at ./sc/b.cue", err, list)
	}
	// Named directly, the link is refused before it is read (an I/O error, exit 2 in the CLI).
	list, err = Vet([]string{filepath.Join(sc, "b.cue")}, Options{WorkDir: root})
	if err == nil || !strings.Contains(err.Error(), "outside the scenario's folder") {
		t.Fatalf("symlink named: err = %v, list %v; want a refusal", err, list)
	}
	for _, d := range list {
		if strings.Contains(d.Pos.File, "secret") || strings.Contains(d.Pos.File, "cue.mod") {
			t.Errorf("read a file outside the folder: %v", d)
		}
	}
}
