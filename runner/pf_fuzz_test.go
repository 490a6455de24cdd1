package runner

import (
	"errors"
	"os"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

// FuzzPFScript parses arbitrary bytes as a script and plays the bundled Pathfinder scenario with
// it: nothing panics, and every run error is a script diagnostic (X001, X003) at a position.
//
//	go test ./runner -run XXX -fuzz FuzzPFScript -fuzztime 60s -fuzzminimizetime 2s -parallel 1
func FuzzPFScript(f *testing.F) {
	if b, err := os.ReadFile("../scenarios/pathfinder/stolen-lands/win.yaml"); err == nil {
		f.Add(b, false)
	}
	f.Add([]byte("- {tactic: \"defensive wall\"}\n- {strategy: reckless}\n- {target: orcs}\n- {answer: no}\n- {place: ford}\n- roll: [20, 1]\n"), false)
	f.Add([]byte("[{tactic: standard}, {tactic: withdraw}, {roll: [20]}, {strategy: defensive}]"), true)
	f.Add([]byte("- {answer: maybe}\n- {tactic: 3}\n"), false)
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/stolen-lands"}, compiler.Options{WorkDir: ".."})
	if err != nil || p == nil {
		f.Fatal(err, list)
	}
	f.Fuzz(func(t *testing.T, data []byte, isCUE bool) {
		name := "s.yaml"
		if isCUE {
			name = "s.cue"
		}
		s, list := ParseScript(name, data)
		if s == nil {
			if !list.HasErrors() {
				t.Fatalf("no script and no error")
			}
			return
		}
		res, err := RunPathfinder(p, PFOptions{Seed: 1, Decider: s})
		if err != nil {
			var de *DecisionError
			if !errors.As(err, &de) || (de.Diag.Code != CodeMismatch && de.Diag.Code != CodeScriptEnded) || !de.Diag.Pos.IsValid() {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if res == nil || (res.Outcome != Success && res.Outcome != Failure) {
			t.Fatalf("result %+v", res)
		}
	})
}
