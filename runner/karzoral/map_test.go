package karzoral

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
)

// TestMapLongIDs (issue 11, item 7): the map shows a block id whole when it fits the widest
// cell (its columns widen to it: "tower" five characters, so cells of six), and a longer id cut
// to the cell, listed whole under the map ("northernWatchtower", 18 characters, shows as the
// ten of "northernWa").
func TestMapLongIDs(t *testing.T) {
	p, list, err := compiler.Compile([]string{"testdata/runner/longids"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatalf("compile: %v %v", err, list)
	}
	r, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	pol, _ := runner.NewPolicy("first", 1)
	var out bytes.Buffer
	if _, err := r.Run(Options{Options: runner.Options{Seed: 1, Decider: pol, Sink: runner.NewTextSink(&out)}}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	// The widest id is cut at maxCell-1 = 10 characters: cells of 11.
	for _, want := range []string{
		"      0          1          2\n",
		"  0   [B]        @          northernWa\n", // day 1: the party in tower
		"  0   [B]        tower      @\n",          // the end: in northernWatchtower
		"  cut ids: northernWa = northernWatchtower\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, got)
		}
	}
}
