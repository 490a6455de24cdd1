package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	replaypage "github.com/sortie-rpg/sortie/runner/replay"
)

// FuzzReplayInput feeds sortie replay a recorded run's JSON Lines and a plan.json, both
// fuzzed, through the command itself (the safe reader, the plan's check, the run-to-plan match,
// the page): whatever the bytes, it writes a replay page and exits 0, or refuses with a message
// and exit 1 or 2; never a panic (a panic fails the target), never a page for a refusal.
// Seeded with the bundled runs (runner/replay/testdata: field01 by the goal policy and lost,
// stolen-lands by the first policy and by its win script) with their plans, review 7's broken
// inputs (testdata/replayfuzz: an unknown block, one camp die, a run with no run line, a cut
// run, two runs in one file, with the plan they were made against), a sighting of a null army,
// field01's plan cut to 3 blocks and to none (review 7 B4's two panics), and values the plan
// does not hold (issue 25 review: an hp beyond int64, a hex "narnia", an army "ghost").
func FuzzReplayInput(f *testing.F) {
	read := func(parts ...string) []byte {
		data, err := os.ReadFile(filepath.Join(parts...))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	rt := filepath.Join("..", "..", "runner", "replay", "testdata")
	field01, lands := read(rt, "field01.plan.json"), read(rt, "stolen-lands.plan.json")
	f.Add(read(rt, "field01-goal-1.jsonl"), field01)
	f.Add(read(rt, "field01-lose.jsonl"), field01)
	f.Add(read(rt, "stolen-lands-first-3.jsonl"), lands)
	f.Add(read(rt, "stolen-lands-win.jsonl"), lands)
	rev := read("testdata", "replayfuzz", "rev7-f01.plan.json")
	for _, e := range []string{"e1", "e4", "e7", "e8", "e10", "e11"} {
		f.Add(read("testdata", "replayfuzz", "rev7-"+e+".jsonl"), rev)
	}
	f.Add([]byte(`{"type":"sighting","day":2,"phase":"action","audience":"party","armies":[null,{"id":"mercenaries","block":null}]}`), field01)
	for _, n := range []int{3, 0} {
		var p map[string]any
		if err := json.Unmarshal(field01, &p); err != nil {
			f.Fatal(err)
		}
		if fl, ok := p["field"].(map[string]any); ok {
			if bs, ok := fl["blocks"].([]any); ok && len(bs) > n {
				fl["blocks"] = bs[:n]
			}
		}
		cut, _ := json.Marshal(p)
		f.Add(read(rt, "field01-goal-1.jsonl"), cut)
	}
	// Issue 25 review: values the plan does not hold (refused with X006 at the value).
	for _, l := range []string{
		`{"type":"start","day":0,"army":"cavalry","hex":"narlmarches","hp":99999999999999999999,"side":"friendly"}`,
		`{"type":"move","day":1,"army":"cavalry","from":"narlmarches","to":"narnia"}`,
		`{"type":"move","day":1,"army":"ghost","from":"narlmarches","to":"ford"}`,
		`{"type":"order","day":1,"kind":"split","armies":["cavalry"],"into":["a","b"],"hp":[1e999,-1e999]}`,
	} {
		f.Add([]byte(l), lands)
	}
	f.Fuzz(func(t *testing.T, run, planJSON []byte) {
		dir := t.TempDir()
		runPath, planPath, out := filepath.Join(dir, "run.jsonl"), filepath.Join(dir, "plan.json"), filepath.Join(dir, "page.html")
		if err := os.WriteFile(runPath, run, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(planPath, planJSON, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runMain("replay", runPath, "--plan", planPath, "--html", out)
		page, err := os.ReadFile(out)
		switch code {
		case exitOK:
			if err != nil || !replaypage.IsPage(page) {
				t.Fatalf("exit 0 but no replay page (%v)", err)
			}
		case exitFindings, exitUsage:
			if strings.TrimSpace(errs) == "" {
				t.Fatalf("exit %d with no message", code)
			}
			if err == nil {
				t.Fatalf("exit %d, and a page was written: %s", code, errs)
			}
		default:
			t.Fatalf("exit %d: %s", code, errs)
		}
		if strings.Contains(errs, "goroutine ") || strings.Contains(errs, "panic") {
			t.Fatalf("a stack trace: %s", errs)
		}
	})
}
