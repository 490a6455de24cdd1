package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gmEvents is the lines of a run's JSON Lines (out) for the GM alone (audience gm).
func gmEvents(t *testing.T, out string) []string {
	t.Helper()
	var gm []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		if e["audience"] == "gm" {
			gm = append(gm, l)
		}
	}
	return gm
}

// gmOnlyLines is the transcript lines (trimmed) of the run args plays that --view gm prints and
// --view party does not, those keep takes (a table's rules and a map's rows recur in both).
func gmOnlyLines(args []string, keep func(string) bool) []string {
	_, gmText, _ := runMain(append(args, "--view", "gm")...)
	_, partyText, _ := runMain(append(args, "--view", "party")...)
	inParty := map[string]bool{}
	for _, l := range strings.Split(partyText, "\n") {
		inParty[strings.TrimSpace(l)] = true
	}
	var gmOnly []string
	for _, l := range strings.Split(gmText, "\n") {
		if l = strings.TrimSpace(l); keep(l) && !inParty[l] {
			gmOnly = append(gmOnly, l)
		}
	}
	return gmOnly
}

// noGMIn checks that the players-only page file name holds none of gmLines (byte for byte) nor
// of gmOnly (as the page's JSON writes a string: <, >, & as \u003c ...), lists no GM event or
// series, and offers no GM view.
func noGMIn(t *testing.T, name string, gmLines, gmOnly []string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	html := string(data)
	if !strings.Contains(html, `<meta name="sortie-view" content="players">`) {
		t.Errorf("%s: not marked a players-only page", filepath.Base(name))
	}
	for _, l := range gmLines {
		if strings.Contains(html, l) {
			t.Errorf("%s: a GM event is in the players' page: %s", filepath.Base(name), l)
		}
	}
	for _, l := range gmOnly {
		j, _ := json.Marshal(l)
		if strings.Contains(html, strings.Trim(string(j), `"`)) {
			t.Errorf("%s: the GM's transcript line %q is in the players' page", filepath.Base(name), l)
		}
	}
	if regexp.MustCompile(`"aud":\[[^\]]*"gm"`).MatchString(html) || strings.Contains(html, `<option value="gm">`) ||
		strings.Contains(html, `"aud":"gm"`) {
		t.Errorf("%s: the page lists a GM event or series, or offers the GM's view", filepath.Base(name))
	}
	return html
}

// --html-view players (issue 25): the players-only page holds no GM-only data. For field01
// (seed 1, goal), run with --html-view players, and for the page sortie replay --html-view
// players makes from the recorded JSON Lines: every line of the run's JSON Lines for the GM
// (audience gm) is absent from the file byte for byte, and so is every transcript line that
// only the GM's transcript has (--view gm, not --view party: the warband holding at the gate,
// the GM's end table), as the page's JSON writes it; the page lists no GM event and offers no
// GM view. A bad --html-view is a usage error, and a Pathfinder battle file (no players' side)
// is refused before the battle.
func TestReplayPlayersOnlyExport(t *testing.T) {
	dir := t.TempDir()
	field01 := repo(t, "scenarios", "karzoral", "field01")
	args := []string{"run", field01, "--seed", "1", "--policy", "goal"}
	page := filepath.Join(dir, "players.html")
	code, out, errs := runMain(append(args, "--format", "jsonl", "--html", page, "--html-view", "players")...)
	if code > 1 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
	gmLines := gmEvents(t, out)
	gmOnly := gmOnlyLines(args, func(l string) bool { return len(l) > 3 })
	if len(gmLines) == 0 || len(gmOnly) == 0 {
		t.Fatalf("%d GM events, %d GM-only transcript lines: the test wants some", len(gmLines), len(gmOnly))
	}
	noGMIn(t, page, gmLines, gmOnly)
	t.Logf("%d GM events, %d GM-only transcript lines, none in the page", len(gmLines), len(gmOnly))

	rec, again := filepath.Join(dir, "run.jsonl"), filepath.Join(dir, "again.html")
	if err := os.WriteFile(rec, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain("replay", rec, "--plan", field01, "--html", again, "--html-view", "players"); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errs)
	}
	noGMIn(t, again, gmLines, gmOnly)
	if code, _, errs := runMain("run", field01, "--html", filepath.Join(dir, "x.html"), "--html-view", "gm"); code != exitUsage || !strings.Contains(errs, `unknown --html-view "gm"`) {
		t.Errorf("--html-view gm: exit %d: %s", code, errs)
	}
	orc := repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue")
	if code, out, errs := runMain("battle", orc, "--html", filepath.Join(dir, "o.html"), "--html-view", "players"); code != exitUsage || out != "" || !strings.Contains(errs, "names no players' side") {
		t.Errorf("battle file, --html-view players: exit %d, %d bytes out: %s", code, len(out), errs)
	}
}

// --html-view players on a campaign (issue 25): the bundled campaign played by its script
// (campaign-play.yaml: the prologue, field01 failed and retried, field03 failed and retried)
// with --html-view players holds no GM-only data: no line of the campaign's JSON Lines for the
// GM, no transcript line only the GM's transcript has (--view gm, not --view party: the armies'
// marches out of sight, the GM's end tables), no GM chart series, no GM view offered. The same
// holds for the page sortie replay --html-view players makes from the recorded JSON Lines with
// the campaign file as --plan.
func TestReplayCampaignPlayersOnlyExport(t *testing.T) {
	dir := t.TempDir()
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	args := []string{"campaign", "run", camp, "--script", repo(t, "scenarios", "karzoral", "campaign-play.yaml")}
	page := filepath.Join(dir, "players.html")
	code, out, errs := runMain(append(args, "--format", "jsonl", "--html", page, "--html-view", "players")...)
	if code != 0 {
		t.Fatalf("campaign run: exit %d: %s", code, errs)
	}
	gmLines := gmEvents(t, out)
	gmOnly := gmOnlyLines(args, func(l string) bool {
		// Lines of table rules and map rows recur in both views; a GM-only line has words.
		return len(l) > 12 && strings.ContainsAny(l, "abcdefghijklmnopqrstuvwxyz")
	})
	if len(gmLines) == 0 || len(gmOnly) == 0 {
		t.Fatalf("%d GM events, %d GM-only transcript lines: the test wants some", len(gmLines), len(gmOnly))
	}
	check := func(name string) {
		t.Helper()
		html := noGMIn(t, name, gmLines, gmOnly)
		// The campaign's own steps are there: the players see the growth and the ledger.
		for _, want := range []string{"ability growth: Aldo rolled 3 and 5, kept 5: intelligence +1", "ledger: purchase potion: -100 gamels"} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: the players' page lacks %q", filepath.Base(name), want)
			}
		}
	}
	check(page)
	t.Logf("%d GM events, %d GM-only transcript lines, none in the page", len(gmLines), len(gmOnly))
	rec, again := filepath.Join(dir, "campaign.jsonl"), filepath.Join(dir, "again.html")
	if err := os.WriteFile(rec, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain("replay", rec, "--plan", camp, "--html", again, "--html-view", "players"); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errs)
	}
	check(again)
}
