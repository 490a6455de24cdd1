package replay

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// FuzzBuildPage builds replay pages, both views and the players' only, from a fuzzed run's JSON
// Lines and a fuzzed plan.json, as sortie replay does once its plan is read and checked
// (plan.Decode, runner.Check): an error or a page, never a panic. It is the fast inner part of
// cmd/sortie's FuzzReplayInput (which goes through the command: the reader, the run-to-plan
// match), seeded with the bundled runs and their plans.
func FuzzBuildPage(f *testing.F) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	field01, lands := read("field01.plan.json"), read("stolen-lands.plan.json")
	f.Add(read("field01-goal-1.jsonl"), field01)
	f.Add(read("field01-lose.jsonl"), field01)
	f.Add(read("stolen-lands-first-3.jsonl"), lands)
	f.Add(read("stolen-lands-win.jsonl"), lands)
	f.Add([]byte(`{"type":"sighting","day":2,"phase":"action","audience":"party","armies":[null]}`), field01)
	f.Add([]byte(`{"type":"placed","day":1,"army":"orcs","to":"nowhere","status":"withdrawn"}`), lands)
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
		p, err := plan.Decode(planJSON)
		if err != nil || runner.Check(p) != nil {
			return
		}
		var lines [][]byte
		for _, l := range bytes.Split(run, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines = append(lines, l)
			}
		}
		for _, view := range []string{"", "players"} {
			_ = WriteHTML(io.Discard, Input{Plan: p, Events: lines, View: view})
		}
	})
}
