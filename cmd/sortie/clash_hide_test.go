package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// U-50, U-78, U-80 on a bundled battle (issue 25: the clash fog shows on one): the Ashford Bridge
// played by scenarios/clash/bridge/skulk.yaml, whose goblins (the DM's Wood skulkers, U-78)
// Hide on their turn of round 1. By hand from the SRD stat blocks (schema/srd):
//   - each goblin stand's Stealth total is its d20 + 6 (goblin: Stealth +6);
//   - Ostric (mage: Wis 12, no Perception skill) sees with a passive 10 + 1 = 11 at the start of
//     his turn: a stand whose total is 11 or less stays hidden, the others are spotted;
//   - the scouts (Perception +5, Keen Hearing and Sight: +5 to a passive score, 5E-CORE) see
//     with 10 + 5 + 5 = 20 at the start of theirs, next in the initiative.
//
// The replay page: a stand hidden at a step is on the GM's map and off the players' (the
// wardens', whose general is "the players"), and a players-only page does not have it at all.
func TestBridgeSkulkersHideU50U80(t *testing.T) {
	dir := t.TempDir()
	bridge := repo(t, "scenarios", "clash", "bridge")
	args := []string{"battle", bridge, "--script", filepath.Join(bridge, "skulk.yaml")}
	page, players := filepath.Join(dir, "all.html"), filepath.Join(dir, "players.html")
	code, out, errs := runMain(append(args, "--format", "jsonl", "--html", page)...)
	if code != 0 {
		t.Fatalf("battle: exit %d: %s", code, errs)
	}
	if code, _, errs := runMain(append(args, "--html", players, "--html-view", "players")...); code != 0 {
		t.Fatalf("battle --html-view players: exit %d: %s", code, errs)
	}
	var turn string
	hid := map[string]int{}           // stand -> Stealth total
	revealedAt := map[string]string{} // stand -> whose turn
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e struct {
			Type, Who, Why   string
			Face, Mod, Total int
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		switch e.Type {
		case "clash.turn":
			turn = e.Who
		case "clash.hide":
			if e.Mod != 6 || e.Total != e.Face+6 {
				t.Errorf("%s hides with %d + %d = %d, want d20 + 6 (goblin Stealth +6)", e.Who, e.Face, e.Mod, e.Total)
			}
			hid[e.Who] = e.Total
		case "clash.reveal":
			if _, ok := revealedAt[e.Who]; !ok {
				revealedAt[e.Who] = turn
			}
		}
	}
	if len(hid) != 3 {
		t.Fatalf("%d goblin stands hid, want the three (U-50)", len(hid))
	}
	var hiddenThrough []string // stands still hidden through Ostric's turn
	for who, total := range hid {
		want := "ostric"
		if total >= 11 {
			want = "scouts" // 11..19: the scouts' 20 beats it; 20 or more: never spotted
			hiddenThrough = append(hiddenThrough, who)
			if total >= 20 {
				want = ""
			}
		}
		if got := revealedAt[who]; want != "" && got != want {
			t.Errorf("%s (Stealth %d) revealed at %q's turn, want %q's (U-80: passive 11, then 20)", who, total, got, want)
		}
	}
	slices.Sort(hiddenThrough)
	if len(hiddenThrough) == 0 {
		t.Fatal("no stand stays hidden through Ostric's turn: the script shows no fog")
	}
	steps := func(name string) []struct {
		Label     string
		GM, Party []struct{ ID string }
	} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`).FindSubmatch(data)
		if m == nil {
			t.Fatalf("%s: no page data", name)
		}
		var p struct {
			Steps []struct {
				Label     string
				GM, Party []struct{ ID string }
			}
		}
		if err := json.Unmarshal(m[1], &p); err != nil {
			t.Fatal(err)
		}
		return p.Steps
	}
	has := func(ms []struct{ ID string }, id string) bool {
		return slices.ContainsFunc(ms, func(m struct{ ID string }) bool { return m.ID == id })
	}
	found := false
	for _, s := range steps(page) {
		if s.Label != "round 1: ostric's turn" {
			continue
		}
		found = true
		for _, id := range hiddenThrough {
			if !has(s.GM, id) || has(s.Party, id) {
				t.Errorf("%s: %s on the GM's map %v, on the players' %v; want only the GM's (U-50, U-78)", s.Label, id, has(s.GM, id), has(s.Party, id))
			}
		}
	}
	if !found {
		t.Fatal("no step \"round 1: ostric's turn\"")
	}
	for _, s := range steps(players) {
		if s.Label == "round 1: ostric's turn" {
			for _, id := range hiddenThrough {
				if has(s.GM, id) || has(s.Party, id) {
					t.Errorf("players-only page, %s: %s is on the map", s.Label, id)
				}
			}
		}
	}
	t.Logf("hidden: %v; through Ostric's turn: %v; revealed at: %v", hid, hiddenThrough, revealedAt)
}
