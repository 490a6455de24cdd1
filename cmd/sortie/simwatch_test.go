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
