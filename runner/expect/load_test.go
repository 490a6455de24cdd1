package expect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	wd, _ := filepath.Abs("../..")
	tests, err := Load([]string{"scenarios/karzoral/field01/field01.cue"}, wd, nil)
	if err != nil || len(tests) != 2 {
		t.Fatalf("%v, %d tests", err, len(tests))
	}
	win := tests[0]
	if win.Name != "win" || win.Script.V != "win.yaml" || win.Seed != 1 || win.Expect.Day == nil || win.Expect.Day.Num != Exactly(7) ||
		win.Expect.Outcome == nil || win.Expect.Outcome.V != "success" || len(win.Expect.Armies) != 2 || win.Expect.Armies[0].Name != "mercenaries" {
		t.Errorf("win: %+v", win)
	}
	if p := win.Expect.Day.Pos; p.File != "./scenarios/karzoral/field01/field01.cue" || p.Line == 0 {
		t.Errorf("day at %v", p)
	}
	dir := t.TempDir()
	src := `tests: [{name: "x", script: "s.yaml", seed: 9, policy: "first", day: "7..3", rations: ">= 2"}]`
	os.WriteFile(filepath.Join(dir, "s.cue"), []byte(src), 0o644)
	tests, err = Load([]string{filepath.Join(dir, "s.cue")}, dir, nil)
	if err != nil || len(tests) != 1 {
		t.Fatalf("%v %v", err, tests)
	}
	x := tests[0]
	if x.Name != "x" || x.Seed != 9 || x.Policy != "first" || x.Expect.Day != nil || x.Expect.Rations == nil || x.Expect.Rations.Num != (Num{Op: ">=", A: 2}) {
		t.Errorf("%+v", x)
	}
	if len(x.Problems) != 1 || x.Problems[0].Code != CodeBadTest || x.Problems[0].Pos.Line != 1 {
		t.Errorf("problems %v", x.Problems)
	}
}

// A number too large for the runner's ints is a Q002 that says so, not CUE's "cannot use value
// ... as string" (the decoder tried the string form next).
func TestLoadHugeNumber(t *testing.T) {
	dir := t.TempDir()
	src := `tests: [{script: "s.yaml", day: 99999999999999999999, armies: {a: -99999999999999999999}}]`
	os.WriteFile(filepath.Join(dir, "s.cue"), []byte(src), 0o644)
	tests, err := Load([]string{filepath.Join(dir, "s.cue")}, dir, nil)
	if err != nil || len(tests) != 1 {
		t.Fatalf("%v %v", err, tests)
	}
	ps := tests[0].Problems
	if len(ps) != 2 {
		t.Fatalf("problems %v, want two", ps)
	}
	for i, want := range []string{"day: 99999999999999999999 is out of range", "armies.a: -99999999999999999999 is out of range"} {
		if ps[i].Code != CodeBadTest || !strings.HasPrefix(ps[i].Message, want) {
			t.Errorf("problem %d: %v, want %q", i, ps[i], want)
		}
	}
}

// Issue 23: two tests that share a script and give no name are told apart by their place in the
// list ("win, tests[0]", "win, tests[1]"), not both named "win"; a name a test gives is kept,
// and a script used once keeps its stem ("lose").
func TestLoadSharedScriptNames(t *testing.T) {
	dir := t.TempDir()
	src := `tests: [{script: "win.yaml", day: 7}, {script: "win.yaml", seed: 2, day: 8}, {script: "lose.yaml"}, {name: "mine", script: "lose2.yaml"}, {name: "win", script: "win.yaml", seed: 3}]`
	os.WriteFile(filepath.Join(dir, "s.cue"), []byte(src), 0o644)
	tests, err := Load([]string{filepath.Join(dir, "s.cue")}, dir, nil)
	if err != nil || len(tests) != 5 {
		t.Fatalf("%v %v", err, tests)
	}
	want := []string{"win, tests[0]", "win, tests[1]", "lose", "mine", "win"}
	for i, w := range want {
		if tests[i].Name != w {
			t.Errorf("tests[%d] named %q, want %q", i, tests[i].Name, w)
		}
	}
}

// TestLoadNamesAndScripts: a name given twice is a Q002 at the second (line 3, column 3: the
// label after the tab and the brace), naming the first (2:3); a name a script gives is still
// told apart by its place (uniqueNames); an empty script is a Q002 at its field (4:3, as CUE places a field), and
// the test is named after its place (tests[2]), not "." (the folder).
func TestLoadNamesAndScripts(t *testing.T) {
	dir := t.TempDir()
	src := "tests: [\n\t{name: \"dup\", script: \"a.yaml\"},\n\t{name: \"dup\", script: \"b.yaml\"},\n\t{script: \"\"},\n]\n"
	os.WriteFile(filepath.Join(dir, "s.cue"), []byte(src), 0o644)
	tests, err := Load([]string{filepath.Join(dir, "s.cue")}, dir, nil)
	if err != nil || len(tests) != 3 {
		t.Fatalf("%v %v", err, tests)
	}
	if len(tests[0].Problems) != 0 {
		t.Errorf("the first dup: %v", tests[0].Problems)
	}
	if ps := tests[1].Problems; len(ps) != 1 || ps[0].Code != CodeBadTest || ps[0].Pos.Line != 3 || ps[0].Pos.Column != 3 || !strings.Contains(ps[0].Message, "first at 2:3") {
		t.Errorf("the second dup: %v", ps)
	}
	if ps := tests[2].Problems; len(ps) != 1 || ps[0].Pos.Line != 4 || ps[0].Pos.Column != 3 || tests[2].Name != "tests[2]" {
		t.Errorf("the empty script: %q %v", tests[2].Name, ps)
	}
}
