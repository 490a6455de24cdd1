package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// orcHordeInput is the recorded log testdata/orc-horde-1.jsonl (sortie battle
// scenarios/pathfinder/orc-horde/battle.cue --format jsonl, seed 1, the engine's own commanders)
// with the battle's two armies as the file gives them: the militia (Large, ACR 3, hp 16, OM +4,
// DV 14) and the orcs (Huge, ACR 3, hp 16, OM +3, DV 13; P-2..P-5).
func orcHordeInput(t *testing.T) Input {
	t.Helper()
	run, err := os.ReadFile(filepath.Join("testdata", "orc-horde-1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	b := &plan.Battle{ID: "orcs-vs-militia", Title: "The Orc Horde at the Ford", Sides: [2]string{"Stolen Lands", "Orc horde"},
		Armies: []plan.PFArmy{
			{ID: "militia", Side: 0, Start: -1, Army: plan.ArmyInput{Name: "Restov militia"}, Stats: plan.StatBlock{ACR: "3", HP: 16, OM: 4, DV: 14}},
			{ID: "orcs", Side: 1, Start: -1, Army: plan.ArmyInput{Name: "Tusk warband"}, Stats: plan.StatBlock{ACR: "3", HP: 16, OM: 3, DV: 13}},
		}}
	return Input{Battle: b, Events: bytes.Split(bytes.TrimSpace(run), []byte("\n"))}
}

// A Pathfinder battle file's page, worked by hand from the log's lines (numbers of
// testdata/orc-horde-1.jsonl):
//   - steps: the battle lines, then one per phase (P-15): tactics (lines 1-3), ranged 1 (line 4),
//     melee 2 (lines 5-10), melee 3 (lines 11-16);
//   - melee 2: the militia's offense 15 against the orcs' DV 13 - 4 (Relentless Brutality, P-32)
//     = 9 deals 15 - 9 = 6, + 3 for its Aggressive strategy (P-51, P-53) = 9; the orcs roll a
//     natural 1 (P-20): nothing. The orcs go 16 -> 7 (line 10), the militia stay at 16;
//   - melee 3: the orcs withdraw (P-25, lines 12-15): greyed (down) at 7 hp, with the fate in
//     the tip and the status; the militia's tactic is Defensive Wall (line 2), its strategy
//     Aggressive (line 6).
func TestPFBattleStepsByHand(t *testing.T) {
	p, err := build(orcHordeInput(t))
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range p.Steps {
		labels = append(labels, s.Label)
	}
	want := []string{"the battle lines (P-15)", "the tactics phase (P-15, P-22)", "phase 1: ranged (P-48)", "phase 2: melee", "phase 3: melee"}
	if !slices.Equal(labels, want) {
		t.Fatalf("steps %q, want %q", labels, want)
	}
	for i, r := range [][2]int{{0, 0}, {0, 3}, {3, 4}, {4, 10}, {10, 16}} {
		if s := p.Steps[i]; s.First != r[0] || s.End != r[1] {
			t.Errorf("%s: events [%d, %d), want [%d, %d)", s.Label, s.First, s.End, r[0], r[1])
		}
	}
	hp := func(s step, id string) (string, string, string) {
		for _, m := range s.GM {
			if m.ID == id {
				return m.Text, m.Kind, m.Tip
			}
		}
		return "", "", ""
	}
	if txt, _, _ := hp(p.Steps[2], "orcs"); txt != "16" {
		t.Errorf("ranged 1: orcs at %s hp, want 16 (no army shoots)", txt)
	}
	if txt, _, _ := hp(p.Steps[3], "orcs"); txt != "7" {
		t.Errorf("melee 2: orcs at %s hp, want 16 - 9 = 7 (P-18, P-51, P-53)", txt)
	}
	if txt, k, tip := hp(p.Steps[3], "militia"); txt != "16" || k != "side0" || tip != "militia (Stolen Lands): 16/16 hp, tactic Defensive Wall, strategy Aggressive" {
		t.Errorf("melee 2: militia %q %q %q", txt, k, tip)
	}
	if txt, k, tip := hp(p.Steps[4], "orcs"); txt != "7" || k != "side1 down" || !strings.HasSuffix(tip, ", tactic Withdraw, strategy Standard, withdrawn") {
		t.Errorf("melee 3: orcs %q %q %q, want 7, side1 down, withdrawn (P-25)", txt, k, tip)
	}
	if got := p.Steps[4].Status; got != "hp: militia 16, orcs 7 (withdrawn)" {
		t.Errorf("melee 3: status %q", got)
	}
	if o := p.Chart.Series[1]; o.Name != "orcs hp" || !slices.Equal(o.Values, []point{val(16), val(16), val(16), val(7), val(7)}) {
		t.Errorf("chart %s %v, want orcs hp 16 16 16 7 7", o.Name, o.Values)
	}
	if p.Steps[4].Party != nil || p.Steps[4].Fog != nil {
		t.Error("a lone battle has no players' side: no fog")
	}
	// The transcript: each entry's own line (pfLogLine), the offense of line 8 with its numbers.
	if got, want := p.Lines[7], "  militia attacks orcs: d20 11, total 15 vs 9: damage 9\n"; got != want {
		t.Errorf("line 8: %q, want %q", got, want)
	}
	if got, want := p.Lines[15], "  the Stolen Lands side wins\n"; got != want {
		t.Errorf("line 16: %q, want %q", got, want)
	}
}

// A line of another file (a run's event, no "kind") is refused for a battle page.
func TestPFBattleBadLine(t *testing.T) {
	in := orcHordeInput(t)
	in.Events = [][]byte{[]byte(`{"phase":"melee"}`)}
	if err := WriteHTML(&bytes.Buffer{}, in); err == nil || !strings.Contains(err.Error(), `event 1: no "kind"`) {
		t.Errorf("%v, want event 1: no \"kind\"", err)
	}
}

// hexEventLine on lines of a recorded stolen-lands run (sortie run scenarios/pathfinder/
// stolen-lands --seed 3 --policy first --format jsonl, battle 1 at the ford), each wanted line
// read off its fields: the cavalry's natural 20 (P-19) totals 23 against the orcs' DV 7 and
// deals 16; the orcs, at 16 hp, lose 16 (the "hp" field, 0, is left out of the JSON) and are
// destroyed, their commander captured. A line that is not a battle's event has none.
func TestHexEventLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"phase","phase":"tactics","phaseNo":0}}`, "  tactics phase\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"tactic","phase":"tactics","phaseNo":0,"army":"orcs","tactic":"Relentless Brutality","fromTactic":"Standard","ok":true}}`, "  orcs: tactic Relentless Brutality\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"tactic","phase":"melee","phaseNo":3,"army":"orcs","tactic":"Expert Flankers","fromTactic":"Standard"}}`, "  orcs: fails to change tactic to Expert Flankers\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"strategy","phase":"melee","phaseNo":2,"army":"orcs","strategy":"Aggressive","ok":true}}`, "  orcs: strategy Aggressive\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"offense","phase":"melee","phaseNo":2,"army":"cavalry","other":"orcs","die":20,"mods":[{"name":"ACR","value":1},{"name":"mounts","value":2}],"total":23,"against":7,"natural":20,"damage":16,"hp":16}}`, "  cavalry attacks orcs: d20 20, total 23 vs 7: damage 16\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"hp","phase":"melee","phaseNo":2,"army":"orcs","damage":16}}`, "  orcs loses 16 hp, 0 left\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"destroyed","phase":"melee","phaseNo":2,"army":"orcs","fate":"captured","penalty":[-4,-2,-2]}}`, "  orcs is destroyed (commander captured)\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"end","phase":"melee","phaseNo":2,"winner":"friendly"}}`, "  the friendly side wins\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"end","phase":"melee","phaseNo":9,"winner":"none","limit":true}}`, "  no side wins\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"routed","phase":"melee","phaseNo":2,"army":"wolfriders"}}`, "  wolfriders is routed (P-55)\n"},
		{`{"type":"event","day":1,"battle":1,"event":{"kind":"bleed","phase":"melee","phaseNo":2,"army":"wolfriders"}}`, "  bleed: wolfriders\n"},
		{`{"type":"move","day":1,"army":"orcs","from":"hills","to":"ford"}`, ""},
		{`{"type":"event","day":1}`, ""},
		{`not json`, ""},
	} {
		if got := hexEventLine([]byte(c.in)); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}
