package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestClashPlayMapLeavesOutUnseenCasualty (issues 23 and 25 review B1; U-50, U-57, U-59, U-80):
// bridge's skulk script, seed 1, has goblins 3 move to 4,5 and hide (d20 11 + 6 = 17), then fall
// in Ostric's Ice Storm while hidden. Square 4,5 is in no terrain of bridge.cue: clear, ".". So
// for the wardens (--play wardens) the end of round 1's map, in the text and in the JSON Lines
// record clash.map, has ". " at 4,5 (row 5, column 4), where the GM's has "gx" (a casualty); the
// players-only replay page never draws goblins 3 at 4,5; and its goblins line counts the stands
// the wardens saw leave the grid: goblins 1 and 2 (spotted, then fallen) of 3, so 1 at the end,
// where the GM's line ends at 0.
func TestClashPlayMapLeavesOutUnseenCasualty(t *testing.T) {
	bridge := repo(t, "scenarios", "clash", "bridge")
	args := []string{"battle", filepath.Join(bridge, "bridge.cue"), "--script", filepath.Join(bridge, "skulk.yaml"), "--seed", "1"}
	enters := strings.Repeat("\n", 400)
	cell := func(row string, x int) string {
		if len(row) < 6+2*x {
			return strings.TrimRight(row[min(len(row), 4+2*x):], " ") + " "
		}
		return row[4+2*x : 6+2*x]
	}
	// Text: row "  5 ..." of the first end-of-round map.
	row5 := func(out string) string {
		_, m, ok := strings.Cut(out, "the field at the end of round 1")
		if !ok {
			t.Fatalf("no end of round 1 map:\n%s", out)
		}
		r := regexp.MustCompile(`(?m)^  5 .*$`).FindString(m)
		return r
	}
	_, players, _ := run(t, enters, append(args, "--play", "wardens")...)
	_, gm, _ := run(t, enters, append(args, "--play", "wardens", "--gm")...)
	if c := cell(row5(players), 4); c != ". " {
		t.Errorf("the wardens' map shows %q at 4,5, want \". \" (row %q)", c, row5(players))
	}
	if c := cell(row5(gm), 4); c != "gx" {
		t.Errorf("the GM's map shows %q at 4,5, want \"gx\" (row %q)", c, row5(gm))
	}
	// JSON Lines: the clash.map record of round 1 (two rows of column numbers, then y 0..).
	_, jsonl, _ := run(t, enters, append(args, "--play", "wardens", "--format", "jsonl")...)
	found := false
	for _, l := range strings.Split(jsonl, "\n") {
		var rec struct {
			Type  string   `json:"type"`
			Round int      `json:"round"`
			Rows  []string `json:"rows"`
		}
		if json.Unmarshal([]byte(l), &rec) != nil || rec.Type != "clash.map" || rec.Round != 1 {
			continue
		}
		found = true
		if c := cell(rec.Rows[2+5], 4); c != ". " {
			t.Errorf("the wardens' clash.map record shows %q at 4,5, want \". \" (row %q)", c, rec.Rows[2+5])
		}
	}
	if !found {
		t.Fatalf("no clash.map record of round 1 in:\n%s", jsonl)
	}
	// The replay pages: the players-only page and the GM's (both views).
	dir := t.TempDir()
	pv, gv := filepath.Join(dir, "pv.html"), filepath.Join(dir, "gv.html")
	run(t, enters, append(args, "--play", "wardens", "--html", pv, "--html-view", "players")...)
	run(t, enters, append(args, "--play", "wardens", "--html", gv)...)
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	pvs, gvs := read(pv), read(gv)
	if strings.Contains(pvs, `"goblins 3 at 4,5`) {
		t.Errorf("the players-only page draws goblins 3 at 4,5")
	}
	if !strings.Contains(gvs, `"goblins 3 at 4,5, hidden (U-50)`) {
		t.Errorf("the GM's page does not draw goblins 3 hidden at 4,5")
	}
	last := func(page, aud string) string {
		m := regexp.MustCompile(`<g class="series ` + aud + `" data-name="goblins stands".*?data-values="([^"]*)"`).FindStringSubmatch(page)
		if m == nil {
			return "(none)"
		}
		v := strings.Fields(m[1])
		return v[0] + ".." + v[len(v)-1]
	}
	if got := last(pvs, "party"); got != "3..1" {
		t.Errorf("the players-only page's goblins line runs %s, want 3..1", got)
	}
	if got, gmLine := last(gvs, "party"), last(gvs, "gm"); got != "3..1" || gmLine != "3..0" {
		t.Errorf("the two-view page's goblins lines run %s (players) and %s (GM), want 3..1 and 3..0", got, gmLine)
	}
}
