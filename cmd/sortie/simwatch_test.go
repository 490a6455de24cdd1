package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner/simreport"
)

// simulate --html links the longest run to its replay page, written beside the report (issue
// 25): the page is a replay page, and the run it names, played by sortie run with its seed and
// the simulation's policy, ends on the report's longest day count (days.max). (The sortie run of
// a run's seed is the simulation's run: TestReplayScriptByteForByte.)
func TestSimulateLinksLongestRun(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "field01.html")
	field01 := repo(t, "scenarios", "karzoral", "field01")
	code, out, errs := runMain("simulate", field01, "--runs", "60", "--seed", "4", "--format", "json", "--html", report)
	if code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	var rep simreport.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Watch) != 1 || rep.Watch[0].Why != "the longest run" {
		t.Fatalf("watch: %+v, want the longest run", rep.Watch)
	}
	w := rep.Watch[0]
	page, err := os.ReadFile(filepath.Join(dir, w.Page))
	if err != nil || !strings.Contains(string(page), `content="sortie replay"`) {
		t.Fatalf("the linked page %s: %v", w.Page, err)
	}
	html, _ := os.ReadFile(report)
	if !regexp.MustCompile(`<a href="` + regexp.QuoteMeta(w.Page) + `">the longest run</a>`).Match(html) {
		t.Errorf("the report does not link %s", w.Page)
	}
	if w.Seed != 4+uint64(w.Run) {
		t.Errorf("run %d has seed %d, want 4 + %d", w.Run, w.Seed, w.Run)
	}
	_, jl, _ := runMain("run", field01, "--seed", strconv.FormatUint(w.Seed, 10), "--policy", "random", "--format", "jsonl")
	lines := strings.Split(strings.TrimSpace(jl), "\n")
	var end struct {
		Type string
		Day  int
	}
	if json.Unmarshal([]byte(lines[len(lines)-1]), &end) != nil || end.Type != "end" || end.Day != rep.Days.Max {
		t.Errorf("run %d (seed %d) ends with %s on day %d; the report's longest is %v days", w.Run, w.Seed, end.Type, end.Day, rep.Days.Max)
	}
}

// simulate --check --html links the smallest failing seed of the first failing check to its
// replay page (issue 25). The check, written for this test, fails on field01: "no random run
// ends in the night raiders' defeat" (K-100), which some do. The report names seed S and links
// the page of run S-1 (seeds 1, 2, ...); sortie run with --policy random ends in a K-100 defeat
// at seed S and at no smaller seed, and the page's last event is that run's end, byte for byte.
func TestSimulateLinksSmallestFailingSeed(t *testing.T) {
	dir := t.TempDir()
	field01 := repo(t, "scenarios", "karzoral", "field01")
	exp := filepath.Join(dir, "exp.cue")
	if err := os.WriteFile(exp, []byte("expect: [\n\t{name: \"noRaidDefeat\", policy: \"random\", runs: 40, reason: \"K-100\", rate: \"<= 0\"},\n]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "rep.html")
	code, out, errs := runMain("simulate", field01, "--check", "--expect", exp, "--html", report, "--format", "json", "--replay-dir", dir)
	if code != 1 {
		t.Fatalf("simulate --check: exit %d, want 1 (the check fails): %s", code, errs)
	}
	var checks []struct {
		OK   bool
		Seed uint64
	}
	if err := json.Unmarshal([]byte(out), &checks); err != nil || len(checks) != 1 || checks[0].OK || checks[0].Seed == 0 {
		t.Fatalf("checks %+v (%v), want one failing with its seed", checks, err)
	}
	seed := checks[0].Seed
	name := "rep-fail-run" + strconv.FormatUint(seed-1, 10) + ".html"
	html, _ := os.ReadFile(report)
	if !regexp.MustCompile(`<a href="` + regexp.QuoteMeta(name) + `">the smallest failing seed of noRaidDefeat`).Match(html) {
		t.Errorf("the report does not link %s", name)
	}
	page, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || !strings.Contains(string(page), `content="sortie replay"`) {
		t.Fatalf("the linked page %s: %v", name, err)
	}
	for s := uint64(1); s <= seed; s++ {
		_, jl, _ := runMain("run", field01, "--seed", strconv.FormatUint(s, 10), "--policy", "random", "--format", "jsonl")
		lines := strings.Split(strings.TrimSpace(jl), "\n")
		last := lines[len(lines)-1]
		var end struct{ Type, Reason string }
		if json.Unmarshal([]byte(last), &end) != nil || end.Type != "end" {
			t.Fatalf("seed %d: the run does not end with an end event: %s", s, last)
		}
		if raid := strings.Contains(end.Reason, "K-100"); raid != (s == seed) {
			t.Errorf("seed %d ends %q: the smallest seed ending in K-100 should be %d", s, end.Reason, seed)
		}
		if s == seed && !strings.Contains(string(page), last) {
			t.Errorf("the page does not hold seed %d's end: %s", seed, last)
		}
	}
}

// simulate --html of a Pathfinder battle file links its longest battle's replay page (it had
// none: "no map"): the page has a step for the battle lines, one for the Tactics Phase and one
// for each Ranged and Melee Phase (P-15), so the report's longest battle, in phases, has the
// page's steps less two; its log entries are the simulation's battleLog events.
func TestSimulateLinksBattleFile(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "orc.html")
	code, out, errs := runMain("simulate", repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue"), "--runs", "30", "--format", "json", "--html", report)
	if code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	var rep simreport.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Watch) != 1 {
		t.Fatalf("watch %+v, want the longest battle", rep.Watch)
	}
	page := filepath.Join(dir, rep.Watch[0].Page)
	if steps := pageSteps(t, page); len(steps) != rep.Days.Max+2 {
		t.Errorf("%d steps, want %d phases + 2", len(steps), rep.Days.Max)
	}
	if data, _ := os.ReadFile(page); !strings.Contains(string(data), `"type":"battleLog","kind":"phase"`) {
		t.Error("the page holds no battleLog entry")
	}
}
