package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// replayChecked runs `sortie replay RUN --plan PLAN --html PAGE` (page removed first) and checks
// its outcome: want "" accepted (exit 0, the page written), else refused (exit 2, stderr holding
// want with / for separators, no page); never a Go panic or Go internals in the message.
func replayChecked(t *testing.T, run, plan, page, want string) {
	t.Helper()
	os.Remove(page)
	code, _, errs := runMain("replay", run, "--plan", plan, "--html", page)
	_, statErr := os.Stat(page)
	if strings.Contains(errs, "goroutine") || strings.Contains(errs, "panic") || strings.Contains(errs, "struct {") {
		t.Fatalf("Go internals in the message: %s", errs)
	}
	if want == "" {
		if code != 0 || statErr != nil {
			t.Errorf("exit %d, page %v: %s", code, statErr, errs)
		}
		return
	}
	if code != exitUsage || !strings.Contains(filepath.ToSlash(errs), want) || statErr == nil {
		t.Errorf("exit %d (want %d), page written: %v; stderr %q, want %q", code, exitUsage, statErr == nil, errs, want)
	}
}

// replayFiles writes a hand-edited plan and run to dir (p.plan.json, run.jsonl): their paths,
// and the page's (page.html) for replayChecked.
func replayFiles(t *testing.T, dir, plan, run string) (pl, rf, page string) {
	t.Helper()
	pl, rf, page = filepath.Join(dir, "p.plan.json"), filepath.Join(dir, "run.jsonl"), filepath.Join(dir, "page.html")
	if err := os.WriteFile(pl, []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rf, []byte(run), 0o644); err != nil {
		t.Fatal(err)
	}
	return pl, rf, page
}

// field01Recording is runner/replay/testdata (td), its field01 plan and its recorded run of it
// (field01-goal-1.jsonl: policy goal, seed 1), for hand-editing.
func field01Recording(t *testing.T) (td string, planData, runData []byte) {
	t.Helper()
	td = repo(t, "runner", "replay", "testdata")
	planData, err := os.ReadFile(filepath.Join(td, "field01.plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	runData, err = os.ReadFile(filepath.Join(td, "field01-goal-1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return td, planData, runData
}

// Issue 25, review 7 B4: what sortie replay reads of a plan and of a run is checked before the
// page is built, as sortie run checks a plan (X006 for the run, the runner's floor for the plan):
// a hand-edited plan whose field was cut or emptied, a null entry in an event's list, a null
// block in a sighting: exit 2 with a message and no page, never a Go panic.
func TestReplayHandEditedInputs(t *testing.T) {
	dir := t.TempDir()
	_, planData, runData := field01Recording(t)
	cutBlocks := func(n int) string {
		var m map[string]any
		if err := json.Unmarshal(planData, &m); err != nil {
			t.Fatal(err)
		}
		f := m["field"].(map[string]any)
		f["blocks"] = f["blocks"].([]any)[:n]
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	lines := strings.Split(string(runData), "\n")
	sighting := -1
	for i, l := range lines {
		if strings.Contains(l, `"type":"sighting"`) && strings.Contains(l, `"armies":[{`) {
			sighting = i
			break
		}
	}
	if sighting < 0 {
		t.Fatal("no sighting with armies in field01-goal-1.jsonl")
	}
	withLine := func(l string) string {
		out := append([]string(nil), lines...)
		out[sighting] = l
		return strings.Join(out, "\n")
	}
	nullArmy := strings.Replace(lines[sighting], `"armies":[`, `"armies":[null,`, 1)
	nullCol := strings.Index(nullArmy, "null") + 1
	nullBlock := strings.Replace(lines[sighting], `"armies":[{"id":`, `"armies":[{"block":null,"id":`, 1)
	for _, c := range []struct {
		name, plan, run string
		want            string // "" accepted
	}{
		{"plan with 3 blocks", cutBlocks(3), string(runData), "p.plan.json:1:1: X007: invalid plan: block "},
		{"plan with no blocks", cutBlocks(0), string(runData), "the plan has no blocks"},
		{"null army in a sighting", string(planData), withLine(nullArmy), fmt.Sprintf("run.jsonl:%d:%d: X006: null in a list", sighting+1, nullCol)},
		{"null block in a sighting", string(planData), withLine(nullBlock), ""},
		{"as recorded", string(planData), string(runData), ""},
		// Issue 25 review D6: an editor's byte-order mark is no part of the first event; a value
		// of the wrong kind is said in words, not as Go's "cannot unmarshal ... Go struct field".
		{"with a BOM", string(planData), "\ufeff" + string(runData), ""},
		{"a line of 2 MiB", string(planData), withLine(strings.Replace(lines[sighting], `"day":`, `"x":"`+strings.Repeat("a", 2<<20)+`","day":`, 1)),
			fmt.Sprintf("run.jsonl:%d:1: X006: a line of ", sighting+1)},
		{"a day as a string", string(planData), withLine(strings.Replace(lines[sighting], `"day":`, `"day":"one","was":`, 1)),
			fmt.Sprintf("run.jsonl:%d:1: X006: \"day\": a JSON string where the event holds another kind of value", sighting+1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			pl, run, page := replayFiles(t, dir, c.plan, c.run)
			replayChecked(t, run, pl, page, c.want)
		})
	}
}

// Issue 25, review 7 B3: a run replayed against the plan of another scenario, or of other sources
// than it was played from, or a campaign's run against one scenario's plan, is refused with X006
// at the run line, exit 2, no page; the run as recorded with its own plan is accepted.
func TestReplayRunOfAnotherPlan(t *testing.T) {
	dir := t.TempDir()
	td, planData, runData := field01Recording(t)
	run, hash := string(runData), `"sourceHash":"sha256:14c7f18886140fd8f3d4f5b23dc24c8ddd9d6aabd9863ce27add2abe8f02c30c"`
	if !strings.Contains(run, hash) {
		t.Fatal("field01-goal-1.jsonl's run line is not of field01.plan.json's sources")
	}
	for _, c := range []struct {
		name, plan, run string
		want            string // "" accepted
	}{
		{"another scenario", string(planData), strings.Replace(run, `"scenario":"field01"`, `"scenario":"field02"`, 1), `run.jsonl:1:1: X006: the run is of scenario "field02", but --plan`},
		{"other sources", string(planData), strings.Replace(run, hash, `"sourceHash":"sha256:00"`, 1), "run.jsonl:1:1: X006: the run was played from sources sha256:00"},
		{"a plan with a made-up hash", strings.Replace(string(planData), `"sha256:14c7f18886140fd8f3d4f5b23dc24c8ddd9d6aabd9863ce27add2abe8f02c30c"`, `"sha256:00"`, 1), run, "but --plan"},
		{"a campaign's run", string(planData), "{\"type\":\"campaign.start\"}\n" + run, "run.jsonl:1:1: X006: a campaign's run"},
		{"as recorded", string(planData), run, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			pl, rf, page := replayFiles(t, dir, c.plan, c.run)
			replayChecked(t, rf, pl, page, c.want)
		})
	}

	// Review of round 7: a recording of another rule system (a clash battle's, a Pathfinder
	// run's: no "run" line, no sourceHash) was drawn on another scenario's map with exit 0. Its
	// events' types name its system; each pair is refused at its first such line, naming both.
	recs := map[string]string{}
	for name, args := range map[string][]string{
		"bridge":     {"battle", repo(t, "scenarios", "clash", "bridge", "bridge.cue"), "--seed", "1", "--script", repo(t, "scenarios", "clash", "bridge", "skulk.yaml"), "--format", "jsonl"},
		"border-war": {"run", repo(t, "scenarios", "pathfinder", "border-war"), "--seed", "1", "--policy", "first", "--format", "jsonl"},
	} {
		_, out, errs := runMain(args...)
		if !strings.Contains(out, "\"type\"") {
			t.Fatalf("%s recorded no events: %s", name, errs)
		}
		recs[name] = filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(recs[name], []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	field01Run := filepath.Join(td, "field01-goal-1.jsonl")
	for _, c := range []struct {
		run  string
		plan []string
		want string // "" accepted
	}{
		{recs["bridge"], []string{"scenarios", "karzoral", "field01"}, `bridge.jsonl:1:1: X006: the run is of clash rules (event "clash.start"), but --plan`},
		{recs["bridge"], []string{"scenarios", "pathfinder", "border-war"}, "bridge.jsonl:1:1: X006: the run is of clash rules"},
		{recs["bridge"], []string{"scenarios", "clash", "hill", "hill.cue"}, `bridge.jsonl:1:1: X006: the run is of battle "ashford-bridge", but --plan`},
		{recs["border-war"], []string{"scenarios", "clash", "bridge", "bridge.cue"}, "border-war.jsonl:1:1: X006: the run is of pathfinder rules"},
		{recs["border-war"], []string{"scenarios", "karzoral", "field01"}, "border-war.jsonl:1:1: X006: the run is of pathfinder rules"},
		{field01Run, []string{"scenarios", "pathfinder", "border-war"}, `field01-goal-1.jsonl:1:1: X006: the run is of karzoral rules (event "run")`},
		{field01Run, []string{"scenarios", "clash", "bridge", "bridge.cue"}, "field01-goal-1.jsonl:1:1: X006: the run is of karzoral rules"},
		{recs["bridge"], []string{"scenarios", "clash", "bridge", "bridge.cue"}, ""},
		{recs["border-war"], []string{"scenarios", "pathfinder", "border-war"}, ""},
	} {
		t.Run(filepath.Base(c.run)+" with "+strings.Join(c.plan, "-"), func(t *testing.T) {
			replayChecked(t, c.run, repo(t, c.plan...), filepath.Join(dir, "cross.html"), c.want)
		})
	}
}

// Issue 25, review 7 B7: a run file of more events than one page holds (maxReplayEvents) is
// refused with X006 at the first line over, exit 2, no page; one at the bound is read.
func TestReplayEventsBound(t *testing.T) {
	dir := t.TempDir()
	run, page := filepath.Join(dir, "run.jsonl"), filepath.Join(dir, "page.html")
	line := "{\"type\":\"say\",\"text\":\"x\"}\n"
	if err := os.WriteFile(run, []byte(strings.Repeat(line, maxReplayEvents+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runMain("replay", run, "--plan", repo(t, "scenarios", "karzoral", "field01"), "--html", page)
	want := fmt.Sprintf("run.jsonl:%d:1: X006: more than %d events", maxReplayEvents+1, maxReplayEvents)
	if _, err := os.Stat(page); code != exitUsage || err == nil || !strings.Contains(filepath.ToSlash(errs), want) {
		t.Errorf("exit %d, page written %v, stderr %q; want exit 2, no page, %q", code, err == nil, errs, want)
	}
	if lines, _, err := readRunLines(run+".ok", false); err == nil || lines != nil {
		t.Errorf("a missing file read: %v", err)
	}
	if err := os.WriteFile(run, []byte(strings.Repeat(line, maxReplayEvents)), 0o644); err != nil {
		t.Fatal(err)
	}
	if lines, _, err := readRunLines(run, false); err != nil || len(lines) != maxReplayEvents {
		t.Errorf("%d events at the bound: %d read, %v", maxReplayEvents, len(lines), err)
	}
}
