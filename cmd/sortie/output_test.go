package main

import (
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
