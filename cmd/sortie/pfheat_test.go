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
//	day 1: cavalry -> ford, battles 1 (vs orcs) and 2 (vs wolfriders) at ford; orcs withdraw to
//	       thorn, cavalry to greenbelt; militia only on its way (difficult terrain, P-6); wolfriders
//	       stay at ford.   ends: cav greenbelt, mil tradepost, orcs thorn, wolf ford
//	day 2: battle 3 at greenbelt; wolfriders withdraw to narlmarches; orcs -> ford.
//	       ends: cav greenbelt, mil greenbelt, orcs ford, wolf narlmarches
//	day 3: battle 4 at ford (militia withdraws to thorn), battle 5 at greenbelt (cavalry withdraws
//	       to tradepost).   ends: cav tradepost, mil thorn, orcs ford, wolf greenbelt
//	day 4: orcs on their way; battle 6 at tradepost, wolfriders destroyed (off the map).
//	       ends: cav tradepost, mil thorn, orcs ford
//	day 5: orcs -> greenbelt.   ends: cav tradepost, mil thorn, orcs greenbelt
//	day 6: orcs -> tradepost, battle 7 there, cavalry withdraws to greenbelt; the run ends.
//	       ends: cav greenbelt, mil thorn, orcs tradepost
//
// 6 day ends; battles: ford 3 (1, 2, 4), greenbelt 2 (3, 5), tradepost 2 (6, 7).
func TestPathfinderHeatIsTheTranscript(t *testing.T) {
	dir := repo(t, "scenarios", "pathfinder", "stolen-lands")
	// The transcript the hand count above was read from: its battle lines still say so.
	code, out, errs := runMain("run", dir, "--seed", "3", "--policy", "random")
	if code != 1 {
		t.Fatalf("run: exit %d (want 1: the trading post burns): %s", code, errs)
	}
	var battles []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "battle ") {
			battles = append(battles, l[:strings.Index(l, ":")])
		}
	}
	wantBattles := "battle 1 at ford|battle 2 at ford|battle 3 at greenbelt|battle 4 at ford|battle 5 at greenbelt|battle 6 at tradepost|battle 7 at tradepost"
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
	if h.Grid != "hex" || h.Days != 6 || h.Battles != 7 {
		t.Errorf("grid %q, %d day ends, %d battles; want hex, 6, 7", h.Grid, h.Days, h.Battles)
	}
	if got := strings.Join(h.Who, ","); got != "cavalry,militia,orcs,wolfriders" {
		t.Fatalf("who %s", got)
	}
	// Day ends by army (cavalry, militia, orcs, wolfriders) and battles, hex by hex.
	want := map[string]struct {
		count  [4]int
		fought int
	}{
		"tradepost":   {[4]int{3, 1, 1, 0}, 2},
		"greenbelt":   {[4]int{3, 1, 1, 1}, 2},
		"ford":        {[4]int{0, 0, 3, 1}, 3},
		"hills":       {[4]int{0, 0, 0, 0}, 0},
		"thorn":       {[4]int{0, 4, 1, 0}, 0},
		"narlmarches": {[4]int{0, 0, 0, 1}, 0},
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

	// The page draws the battles' map: ford's hex holds 3 of the 7 battles (42.9%).
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`aria-label="where they fought"`, "battles fought (7)", "ford: 3 of 7 battles fought here (42.9%)", `aria-label="where orcs stood"`} {
		if !strings.Contains(string(html), s) {
			t.Errorf("the HTML page lacks %q", s)
		}
	}

	// The text report lists where they fought, in map order.
	code, out, errs = runMain("simulate", dir, "--runs", "1", "--seed", "3", "--policy", "random")
	if code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "battles by hex (7 battles, all runs)\n  tradepost 2 (28.6%), greenbelt 2 (28.6%), ford 3 (42.9%)\n") {
		t.Errorf("the text report lacks the battles by hex:\n%s", out)
	}
}
