package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// SARIF artifact locations are URI references: spaces and '%' are percent-encoded, relative
// names stay relative and absolute ones become file URIs (found by a newcomer's review).
func TestSarifURI(t *testing.T) {
	for file, want := range map[string]string{
		"./scenarios/a.cue": "scenarios/a.cue",
		"./dir x/a b%c.cue": "dir%20x/a%20b%25c.cue",
		"/tmp/g h,1/a.cue":  "file:///tmp/g%20h,1/a.cue",
		"./q?#.cue":         "q%3F%23.cue",
	} {
		if got := sarifLoc(diag.Pos{File: file, Line: 1, Column: 1}).PhysicalLocation.ArtifactLocation.URI; got != want {
			t.Errorf("%s: uri %q, want %q", file, got, want)
		}
	}
}

// A baseline written in one folder silences the same findings when vet runs from another: its
// file names are relative to the baseline's own folder (found by a newcomer's review).
func TestBaselineFromAnotherFolder(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	want := filepath.Join("..", "..", "testdata", "compiler", "want", "F001_coords.cue")
	if code, _, errs := run(t, "", "vet", "--write-baseline", base, want); code != 0 {
		t.Fatalf("write-baseline: exit %d: %s", code, errs)
	}
	if code, out, _ := run(t, "", "vet", want); code != 1 || out == "" {
		t.Fatalf("without the baseline: exit %d, want 1 with findings", code)
	}
	t.Chdir(filepath.Join("..", "..", "testdata"))
	code, out, errs := run(t, "", "vet", "--baseline", base, filepath.Join("compiler", "want", "F001_coords.cue"))
	if code != 0 || out != "" {
		t.Fatalf("from testdata/: exit %d, want 0 and nothing reported\n%s%s", code, out, errs)
	}
}

// TestBaselineTrailingData: a baseline is one JSON value; data after it (a second baseline
// appended) was silently ignored, and is now refused at its place: the value below ends on line
// 4, so the second value starts at 5:1. Spaces and newlines after it are fine.
func TestBaselineTrailingData(t *testing.T) {
	one := "{\n  \"version\": 1,\n  \"findings\": []\n}\n"
	_, err := readBaseline([]byte(one + "{\"x\": 1}\n"))
	if be, ok := err.(*baselineError); !ok || be.line != 5 || be.col != 1 || !strings.Contains(err.Error(), "data after") {
		t.Errorf("a second value after the baseline: %#v, want a baseline error at 5:1", err)
	}
	if _, err := readBaseline([]byte(one + "  \n\n")); err != nil {
		t.Errorf("blank lines after the baseline: %v", err)
	}
}
