package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner/simreport"
)

// The Pathfinder hex heat maps of stolen-lands (where each army stood at each day's end, and
// where the battles were fought, P-14) are the transcript of the same run: run 0 of a simulation
// seeded 3 is `sortie run --seed 3 --policy random`. From that run's JSONL transcript, by hand:
//
//	start: cavalry narlmarches, militia tradepost, orcs hills, wolfriders thorn
//	day 1: cavalry -> ford, orcs -> ford: battle 1 at ford, won by cavalry, orcs withdraw to
//	       thorn (P-62); wolfriders thorn -> ford: battle 2 at ford, won by them, cavalry withdraws
//	       to greenbelt; militia only on its way (difficult terrain, P-6).
//	       ends: cav greenbelt, mil tradepost, orcs thorn, wolf ford
//	day 2: militia -> greenbelt, orcs -> ford, wolfriders -> greenbelt: battle 3 at greenbelt,
//	       wolfriders destroyed (off the map).   ends: cav greenbelt, mil greenbelt, orcs ford
//	day 3: militia -> ford: battle 4 at ford, won by the orcs, militia withdraws to hills.
//	       ends: cav greenbelt, mil hills, orcs ford
//	day 4: orcs only on their way; militia rests.   ends: cav greenbelt, mil hills, orcs ford
//	day 5: orcs -> greenbelt: battle 5 there, no winner, cavalry withdraws to tradepost, orcs to
//	       ford.   ends: cav tradepost, mil hills, orcs ford
//	day 6: orcs only on their way; the day limit ends the run (failure).
//	       ends: cav tradepost, mil hills, orcs ford
//
// 6 day ends; battles: ford 3 (1, 2, 4), greenbelt 2 (3, 5).
func TestPathfinderHeatIsTheTranscript(t *testing.T) {
	dir := repo(t, "scenarios", "pathfinder", "stolen-lands")
	// The transcript the hand count above was read from: its battle lines still say so.
	code, out, errs := runMain("run", dir, "--seed", "3", "--policy", "random")
	if code != 1 {
		t.Fatalf("run: exit %d (want 1: a failure at the day limit): %s", code, errs)
	}
	var battles []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "battle ") {
			battles = append(battles, l[:strings.Index(l, ":")])
		}
	}
	wantBattles := "battle 1 at ford|battle 2 at ford|battle 3 at greenbelt|battle 4 at ford|battle 5 at greenbelt"
	if got := strings.Join(battles, "|"); got != wantBattles {
		t.Fatalf("the transcript's battles:\n%s\nwant (read by hand):\n%s", got, wantBattles)
	}

	page := filepath.Join(t.TempDir(), "report.html")
	code, out, errs = runMain("simulate", dir, "--runs", "1", "--seed", "3", "--policy", "random", "--format", "json", "--html", page)
	if code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	var rep simreport.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Heat) != 1 {
		t.Fatalf("%d heat maps, want the one hex map", len(rep.Heat))
	}
	h := rep.Heat[0]
	if h.Grid != "hex" || h.Days != 6 || h.Battles != 5 {
		t.Errorf("grid %q, %d day ends, %d battles; want hex, 6, 5", h.Grid, h.Days, h.Battles)
	}
	if got := strings.Join(h.Who, ","); got != "cavalry,militia,orcs,wolfriders" {
		t.Fatalf("who %s", got)
	}
	// Day ends by army (cavalry, militia, orcs, wolfriders) and battles, hex by hex.
	want := map[string]struct {
		count  [4]int
		fought int
	}{
		"tradepost":   {[4]int{2, 1, 0, 0}, 0},
		"greenbelt":   {[4]int{4, 1, 0, 0}, 2},
		"ford":        {[4]int{0, 0, 5, 1}, 3},
		"hills":       {[4]int{0, 4, 0, 0}, 0},
		"thorn":       {[4]int{0, 0, 1, 0}, 0},
		"narlmarches": {[4]int{0, 0, 0, 0}, 0},
	}
	if len(h.Cells) != len(want) {
		t.Errorf("%d cells, want %d hexes", len(h.Cells), len(want))
	}
	for _, c := range h.Cells {
		w, ok := want[c.ID]
		if !ok {
			t.Errorf("unexpected hex %s", c.ID)
			continue
		}
		if [4]int(c.Count) != w.count || c.Fought != w.fought {
			t.Errorf("%s: day ends %v, battles %d; the transcript shows %v, %d", c.ID, c.Count, c.Fought, w.count, w.fought)
		}
	}

	// The page draws the battles' map: ford's hex holds 3 of the 5 battles (60.0%).
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`aria-label="where they fought"`, "battles fought (5)", "ford: 3 of 5 battles fought here (60.0%)", `aria-label="where orcs stood"`} {
		if !strings.Contains(string(html), s) {
			t.Errorf("the HTML page lacks %q", s)
		}
	}

	// The text report lists where they fought, in map order.
	code, out, errs = runMain("simulate", dir, "--runs", "1", "--seed", "3", "--policy", "random")
	if code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "battles by hex (5 battles, all runs)\n  greenbelt 2 (40.0%), ford 3 (60.0%)\n") {
		t.Errorf("the text report lacks the battles by hex:\n%s", out)
	}
}
