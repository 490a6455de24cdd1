package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffTests: sortie diff compares the tests: lists of two versions of a battle file by test
// name (issue 20). The bundled picket's one test (named after its script, "ambush") expects round
// 1 in the old version and round 2 in the new; the old version's test "gone" is removed and the
// new version's "fresh" added. The expected report is written by hand: each test entry's position
// is its line in the file below (the list opens on line 47, the entries follow one a line, each
// at column 2 after its tab).
func TestDiffTests(t *testing.T) {
	src, err := os.ReadFile(repo(t, "scenarios", "clash", "picket", "picket.cue"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(repo(t, "scenarios", "clash", "picket", "ambush.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	line := `tests: [{script: "ambush.yaml", winner: "The Harrow picket", round: 1, reason: "total victory", objectives: ["holdTheFord"]}]`
	if !strings.Contains(string(src), line) || strings.Count(string(src[:strings.Index(string(src), line)]), "\n") != 46 {
		t.Fatal("the bundled picket.cue changed: its tests: line is not line 47 as this test expects")
	}
	version := func(name, tests string) string {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "ambush.yaml"), script, 0o644)
		f := filepath.Join(dir, "picket.cue")
		os.WriteFile(f, []byte(strings.Replace(string(src), line, tests, 1)), 0o644)
		return f
	}
	oldF := version("old", "tests: [\n"+
		"\t{script: \"ambush.yaml\", winner: \"The Harrow picket\", round: 1, reason: \"total victory\", objectives: [\"holdTheFord\"]},\n"+
		"\t{name: \"gone\", script: \"ambush.yaml\", seed: 3},\n]")
	newF := version("new", "tests: [\n"+
		"\t{script: \"ambush.yaml\", winner: \"The Harrow picket\", round: 2, reason: \"total victory\", objectives: [\"holdTheFord\"]},\n"+
		"\t{name: \"fresh\", script: \"ambush.yaml\", seed: 7, policy: \"first\"},\n]")

	code, out, errb := run(t, "", "diff", oldF, newF, "--runs", "0") // no simulation: the report is the entities and tests
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	want := "--- " + oldF + "\n+++ " + newF + "\n" +
		"\nentities\n  (no change)\n" +
		"\ntests\n" +
		"  ~ test ambush  " + oldF + ":48:2 -> " + newF + ":48:2\n" +
		"      round: 1 -> 2\n" +
		"  + test fresh  " + newF + ":49:2\n" +
		"  - test gone  " + oldF + ":49:2\n"
	if out != want {
		t.Errorf("text report:\n%s\nwant:\n%s", out, want)
	}

	code, out, errb = run(t, "", "diff", oldF, newF, "--runs", "0", "--format", "json", "--exit-code")
	if code != 1 {
		t.Fatalf("--exit-code with changed tests: exit %d, want 1: %s", code, errb)
	}
	var rep struct {
		Tests []struct {
			Key, Change string
			Old, New    struct{ Line, Col int }
			Fields      []struct{ Field, Old, New string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Tests) != 3 {
		t.Fatalf("JSON tests: %+v, want 3 changes", rep.Tests)
	}
	c, a, r := rep.Tests[0], rep.Tests[1], rep.Tests[2]
	if c.Key != "test ambush" || c.Change != "changed" || c.Old.Line != 48 || c.New.Line != 48 ||
		len(c.Fields) != 1 || c.Fields[0] != (struct{ Field, Old, New string }{"round", "1", "2"}) {
		t.Errorf("changed test: %+v", c)
	}
	if a.Key != "test fresh" || a.Change != "added" || a.New.Line != 49 || r.Key != "test gone" || r.Change != "removed" || r.Old.Line != 49 {
		t.Errorf("added and removed tests: %+v, %+v", a, r)
	}

	// Markdown (a pull-request comment) has the same tests section as a table, after the
	// entities; each position is a code span, each changed field "field: old → new".
	code, out, errb = run(t, "", "diff", oldF, newF, "--runs", "0", "--format", "markdown")
	if code != 0 {
		t.Fatalf("markdown: exit %d: %s", code, errb)
	}
	want = "### sortie diff: `" + oldF + "` → `" + newF + "`\n\n" +
		"#### Entities\n\nNo change.\n" +
		"\n#### Tests\n\n" +
		"| | test | old | new | change |\n|---|---|---|---|---|\n" +
		"| ~ | `test ambush` | `" + oldF + ":48:2` | `" + newF + ":48:2` | round: 1 → 2 |\n" +
		"| + | `test fresh` |  | `" + newF + ":49:2` | added |\n" +
		"| - | `test gone` | `" + oldF + ":49:2` |  | removed |\n"
	if out != want {
		t.Errorf("markdown report:\n%s\nwant:\n%s", out, want)
	}

	// The same file on both sides: no tests section in text or Markdown, none in JSON.
	if code, out, _ = run(t, "", "diff", oldF, oldF, "--runs", "0", "--format", "markdown"); code != 0 || strings.Contains(out, "#### Tests") {
		t.Errorf("a file against itself, markdown: exit %d, report:\n%s", code, out)
	}
	if code, out, _ = run(t, "", "diff", oldF, oldF, "--runs", "0"); code != 0 || strings.Contains(out, "\ntests\n") {
		t.Errorf("a file against itself: exit %d, report:\n%s", code, out)
	}
}
