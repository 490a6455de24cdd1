package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffBattles: sortie diff of two versions of a clash battle file (it said "is a battle file:
// run it with sortie battle"): the unit whose stands changed is the one entity changed, at its
// declaration in both files, and the simulation's side-by-side wins are each version's own sortie
// simulate wins (the same seeds 1..N and policy default), not numbers of the diff's own making.
func TestDiffBattles(t *testing.T) {
	src, err := os.ReadFile(repo(t, "scenarios", "clash", "field", "field.cue"))
	if err != nil {
		t.Fatal(err)
	}
	three := "stands: [{at: [2, 4]}, {at: [2, 5]}, {at: [2, 6]}]"
	if !strings.Contains(string(src), three) {
		t.Fatal("the bundled field.cue changed: the spears' stands are not where this test removes one")
	}
	dir := t.TempDir()
	oldF, newF := filepath.Join(dir, "old.cue"), filepath.Join(dir, "new.cue")
	os.WriteFile(oldF, src, 0o644)
	os.WriteFile(newF, []byte(strings.Replace(string(src), three, "stands: [{at: [2, 4]}, {at: [2, 5]}]", 1)), 0o644)

	code, out, errb := run(t, "", "diff", oldF, newF, "--runs", "80", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	var rep struct {
		Battle   bool
		Entities []struct {
			Key, Change string
			Old, New    struct{ Line int }
			Fields      []struct{ Field, Old, New string }
		}
		Simulation struct {
			Policy string
			Lines  []struct{ What, Old, New string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Battle || len(rep.Entities) != 1 || rep.Entities[0].Key != "units.spears" || rep.Entities[0].Change != "changed" ||
		rep.Entities[0].Old.Line == 0 || len(rep.Entities[0].Fields) != 1 || rep.Entities[0].Fields[0].Field != "stands" ||
		!strings.HasSuffix(rep.Entities[0].Fields[0].Old, "[2, 6]") || strings.Contains(rep.Entities[0].Fields[0].New, "[2, 6]") {
		t.Errorf("entities: %+v", rep.Entities)
	}
	want := map[string][2]float64{} // percent
	for i, f := range []string{oldF, newF} {
		code, out, errb := run(t, "", "simulate", f, "--runs", "80", "--format", "json")
		if code != 0 {
			t.Fatalf("simulate %s: exit %d %s", f, code, errb)
		}
		var sim struct {
			Policy   string
			Outcomes []struct {
				Outcome string
				Rate    float64
			}
		}
		json.Unmarshal([]byte(out), &sim)
		for _, o := range sim.Outcomes {
			w := want[o.Outcome]
			w[i] = 100 * o.Rate
			want[o.Outcome] = w
		}
	}
	if rep.Simulation.Policy != "default" || len(rep.Simulation.Lines) != len(want) {
		t.Fatalf("simulation %+v, want the outcomes %v", rep.Simulation, want)
	}
	for _, l := range rep.Simulation.Lines {
		name := strings.TrimPrefix(l.What, "wins: ")
		if l.What == "no winner (draws)" {
			name = "no winner"
		}
		w := want[name]
		if !samePct(l.Old, w[0]) || !samePct(l.New, w[1]) {
			t.Errorf("%s: diff %s -> %s, simulate %.2f%% -> %.2f%%", l.What, l.Old, l.New, w[0], w[1])
		}
	}
	// Two versions of different rules, and a campaign, are refused with what to do instead.
	if code, _, errb := run(t, "", "diff", oldF, repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue"), "--runs", "0"); code != exitUsage || !strings.Contains(errb, "follow different rules (clash, pathfinder)") {
		t.Errorf("clash vs pathfinder: exit %d %s", code, errb)
	}
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	if code, _, errb := run(t, "", "diff", camp, camp); code != exitUsage || !strings.Contains(errb, "sortie diff A/field01 B/field01") {
		t.Errorf("campaign: exit %d %s", code, errb)
	}
}

// samePct compares "45.0%" with a rate in percent, to the printed precision.
func samePct(a string, b float64) bool {
	var x float64
	if err := json.Unmarshal([]byte(strings.TrimSuffix(a, "%")), &x); err != nil {
		return false
	}
	d := x - b
	return d < 0.051 && d > -0.051
}
