package karzoral

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// runScript plays field01 from a testdata script into a sink made by mk.
func runScript(t *testing.T, script string, mk func(w *bytes.Buffer) runner.Sink) ([]byte, *Result) {
	t.Helper()
	s, list, err := runner.LoadScript(script)
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	var buf bytes.Buffer
	res, err := Run(field01(), Options{Options: runner.Options{Seed: 7, Decider: s, Sink: mk(&buf)}})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), res
}

// mkText is the players' transcript (the CLI's default text view, K-23); mkGM the game master's.
func mkText(w *bytes.Buffer) runner.Sink {
	return runner.ViewSink(runner.NewTextSink(w), runner.AudienceParty)
}
func mkGM(w *bytes.Buffer) runner.Sink {
	return runner.ViewSink(runner.NewTextSink(w), runner.AudienceGM)
}
func mkJSONL(w *bytes.Buffer) runner.Sink { return runner.NewJSONLSink(w) }

// golden compares got with testdata/runner/name. Regenerate with SORTIE_UPDATE_GOLDEN=1 go test
// ./runner -run TestGolden, and read the diff.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := "../../testdata/runner/" + name
	if os.Getenv("SORTIE_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (set SORTIE_UPDATE_GOLDEN=1 to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; got:\n%s", name, got)
	}
}

// The text transcript is byte-identical for the same plan, seed and decisions, and has no trailing
// spaces.
func TestTextDeterministic(t *testing.T) {
	a, _ := runScript(t, "../../testdata/runner/field01-win.yaml", mkText)
	b, _ := runScript(t, "../../testdata/runner/field01-win.yaml", mkText)
	if !bytes.Equal(a, b) {
		t.Fatal("two runs gave different transcripts")
	}
	for i, l := range strings.Split(string(a), "\n") {
		if strings.HasSuffix(l, " ") || strings.HasSuffix(l, "\t") {
			t.Errorf("line %d has trailing space: %q", i+1, l)
		}
	}
	golden(t, "field01-win.txt", a)
	lose, _ := runScript(t, "../../testdata/runner/field01-lose.yaml", mkText)
	golden(t, "field01-lose.txt", lose)
	gm, _ := runScript(t, "../../testdata/runner/field01-win.yaml", mkGM)
	golden(t, "field01-win-gm.txt", gm)
}

// Every JSON Lines record is one valid JSON object whose first keys are "type" and "day".
func TestJSONLParses(t *testing.T) {
	out, res := runScript(t, "../../testdata/runner/field01-win.yaml", mkJSONL)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	types := map[string]int{}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, l)
		}
		if !strings.HasPrefix(l, `{"type":"`) || !strings.Contains(l, `","day":`) {
			t.Errorf("line %d does not start with type and day: %s", i+1, l)
		}
		types[m["type"].(string)]++
	}
	if types["run"] != 1 || types["end"] != 1 || types["dayEnd"] != res.Day || types["day"] != res.Day {
		t.Errorf("record counts %v", types)
	}
	var end struct {
		Type, Outcome, Reason, Party string
		Day                          int
		Armies                       []struct {
			ID       string
			Block    *string
			Strength int
		}
		Objectives []struct {
			ID, Outcome string
			XP, Day     int
		}
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil {
		t.Fatal(err)
	}
	if end.Type != "end" || end.Outcome != "success" || end.Day != 7 || end.Party != "gate" || len(end.Armies) != 2 ||
		end.Armies[0].Block != nil || end.Armies[1].Strength != 15 || len(end.Objectives) != 2 {
		t.Errorf("end record: %+v", end)
	}
	golden(t, "field01-win.jsonl", out)
}
