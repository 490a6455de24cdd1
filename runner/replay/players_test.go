package replay

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// playersPage is the players-only page of in (Input.View "players").
func playersPage(t *testing.T, in Input) string {
	t.Helper()
	in.View = "players"
	var b bytes.Buffer
	if err := WriteHTML(&b, in); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A players-only page of field01 (seed 1, goal) holds none of the GM's data (K-23): no event
// for the GM (each of the run's audience-gm lines, byte for byte, and "gm" as an audience),
// none of their transcript lines (the warband holding at the gate, line 5; the supply camp
// burning it 75 -> 45, line 51; the strength battle at 09, line 67), no army
// strength series, and no view switch to the GM; it still draws the party (the viewer's data).
// Cut at day 3's end (line 41), box A (blocks 12-15, K-31) was never opened: the terrain of its
// blocks ("supply camp", "sunken bog") is not in the file, and neither are their ids as cells.
func TestPlayersOnlyKarzoral(t *testing.T) {
	in := field01Input(t)
	page := playersPage(t, in)
	if !strings.Contains(page, playersMarker) || strings.Contains(page, `<option value="gm">`) {
		t.Error("not marked players-only, or a GM option in the view switch")
	}
	for _, l := range in.Events {
		if bytes.Contains(l, []byte(`"audience":"gm"`)) && strings.Contains(page, string(l)) {
			t.Errorf("a GM event is in the page: %s", l)
		}
	}
	for _, gm := range []string{`"audience":"gm"`, "holding at gate", "strengthBattle", `"before":75`, "boggardWarband strength"} {
		if strings.Contains(page, gm) {
			t.Errorf("GM-only %q is in the players' page", gm)
		}
	}
	if regexp.MustCompile(`"aud":\[[^\]]*"gm"`).MatchString(page) {
		t.Error("an event for the GM is listed in the page's audiences")
	}
	if !strings.Contains(page, `"k":"party"`) {
		t.Error("the party's mark is not in the data")
	}
	in.Events = in.Events[:41]
	page = playersPage(t, in)
	// ("supply camp" itself is in the scouts' report, day 2, told to everyone.)
	for _, box := range []string{">supply camp<", "sunken bog", `data-at="14"`, `"14"`, "14 (supply camp)"} {
		if strings.Contains(page, box) {
			t.Errorf("box A was never opened, but %q is in the page (K-31)", box)
		}
	}
	if full := playersPage(t, field01Input(t)); !strings.Contains(full, ">supply camp<") {
		t.Error("box A opened on day 4: its terrain should be on the full run's page")
	}
}

// A players-only page of a Pathfinder hex run (stolen-lands, seed 3) leaves out the enemies'
// setting out (lines 3 and 4, the GM's: no friendly army at hills or thorn) and the enemies'
// hp series; the page of a Pathfinder battle file, which names no players' side, is refused.
func TestPlayersOnlyPathfinder(t *testing.T) {
	in := stolenLands(t)
	page := playersPage(t, in)
	for _, gm := range []string{string(in.Events[2]), string(in.Events[3]), "orcs hp", "wolfriders hp", `"hex":"thorn"`} {
		if strings.Contains(page, gm) {
			t.Errorf("GM-only %q is in the players' page", gm)
		}
	}
	b := orcHordeInput(t)
	b.View = "players"
	if err := WriteHTML(&bytes.Buffer{}, b); err == nil || !strings.Contains(err.Error(), "names no players' side") {
		t.Errorf("a battle file's players-only page: %v, want a refusal", err)
	}
}

// The players-only page of a clash battle (U-50, U-78, U-80): the hand-written stretch of
// TestClashFogU50U78U80 keeps the players' own archers' Hide (line 7) and the wolves' reveal and
// move after it (lines 9, 10), and leaves out the wolves' Hide roll and hidden move (lines 4, 5).
func TestPlayersOnlyClash(t *testing.T) {
	in := Input{Clash: harrowField(t)}
	for _, l := range []string{
		`{"type":"clash.start"}`,
		`{"type":"clash.round","round":1}`,
		`{"type":"clash.turn","who":"wolves"}`,
		`{"type":"clash.hide","who":"wolves 1","face":15,"mod":3,"total":18}`,
		`{"type":"clash.move","who":"wolves 1","to":"9,1"}`,
		`{"type":"clash.turn","who":"archers"}`,
		`{"type":"clash.hide","who":"archers 1","face":12,"mod":4,"total":16}`,
		`{"type":"clash.turn","who":"wolves"}`,
		`{"type":"clash.reveal","who":"wolves 1","why":"it attacks"}`,
		`{"type":"clash.move","who":"wolves 1","to":"8,1"}`,
	} {
		in.Events = append(in.Events, []byte(l))
	}
	page := playersPage(t, in)
	for _, gm := range []string{`"total":18`, `"to":"9,1"`, "wolves 1 at 9,1"} {
		if strings.Contains(page, gm) {
			t.Errorf("GM-only %q is in the players' page", gm)
		}
	}
	for _, seen := range []string{`"total":16`, `"to":"8,1"`, "wolves 1 at 8,1"} {
		if !strings.Contains(page, seen) {
			t.Errorf("%q, which the players saw, is not in their page", seen)
		}
	}
}
