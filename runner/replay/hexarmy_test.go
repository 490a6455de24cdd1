package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// stolenLandsWin is the recorded run testdata/stolen-lands-win.jsonl (sortie run
// scenarios/pathfinder/stolen-lands --script scenarios/pathfinder/stolen-lands/win.yaml --format
// jsonl) with the scenario's plan: the orcs withdraw from battle 1 and come back.
func stolenLandsWin(t *testing.T) Input {
	t.Helper()
	in := stolenLands(t)
	run, err := os.ReadFile(filepath.Join("testdata", "stolen-lands-win.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	in.Events = bytes.Split(bytes.TrimSpace(run), []byte("\n"))
	return in
}

// A withdrawn army stays on the field (P-62; the engine's behaviour since a7: it is placed on an
// adjacent hex and marches on along its route), worked by hand from the lines of
// testdata/stolen-lands-win.jsonl:
//   - battle 1 at the ford: the cavalry's offense takes the orcs from 16 to 4 hp; line 27, their
//     aftermath: withdrawn, hp 4; line 28: placed at the hills (P-62). The GM's map has them
//     there with 4 hp; the players saw them leave the ford (P-14: they fought the cavalry) and
//     not where they went, so theirs has them at the ford as last seen on day 1, 4 hp.
//   - day 2, line 52: the orcs march hills -> ford: the GM's map has them at the ford, 4 hp.
//   - day 3: the militia marches onto the ford and battle 3 is fought (line 55): both views have
//     the orcs there; line 70, their aftermath: destroyed, and both maps lose them.
//
// The orcs' hp line on the chart reads 4 after battle 1 and on day 2, not "gone" (-1).
func TestHexWithdrawnArmyStaysP62(t *testing.T) {
	p, err := build(stolenLandsWin(t))
	if err != nil {
		t.Fatal(err)
	}
	type want struct{ label, view, hex, text, kind string }
	for _, w := range []want{
		{"day 1: after battle 1", "gm", "hills", "4", "enemy"},
		{"day 1: after battle 1", "party", "ford", "4", "enemy seen"},
		{"day 2: marches", "gm", "ford", "4", "enemy"},
		{"day 3: battle 3 at ford", "gm", "ford", "4", "enemy"},
		{"day 3: battle 3 at ford", "party", "ford", "4", "enemy"},
		{"day 3: after battle 3", "gm", "", "", ""},
		{"day 3: after battle 3", "party", "", "", ""},
	} {
		s := stepNamed(t, p, w.label)
		marks := s.GM
		if w.view == "party" {
			marks = s.Party
		}
		hex, text, kind := at(p, marks, "orcs")
		if hex != w.hex || text != w.text || kind != w.kind {
			t.Errorf("%s, %s view: orcs at %q %q %q, want %q %q %q", w.label, w.view, hex, text, kind, w.hex, w.text, w.kind)
		}
	}
	var orcs []point
	for _, s := range p.Chart.Series {
		if s.Name == "orcs hp" {
			orcs = s.Values
		}
	}
	for i, s := range p.Steps {
		if (s.Label == "day 1: after battle 1" || s.Label == "day 2: marches") && (i >= len(orcs) || orcs[i] != val(4)) {
			t.Errorf("chart, %s: orcs hp %v, want 4", s.Label, orcs)
		}
	}
}

// hexLeaves against the engine's events, by hand: a routed army stays (P-59) and is placed
// (P-62); a surrendered one (P-55, no hex to go to) and one that disbands at Morale -5 (P-7, in
// an aftermath's notes or a week's pay event, as the engine writes it) leave the field.
func TestHexLeavesP55P59P62P7(t *testing.T) {
	for _, c := range []struct {
		typ, status, note string
		to                int
		toOK              bool
		hex               int
		gone              string
	}{
		{"aftermath", "routed", "routed state (P-59)", 0, false, 3, ""},
		{"placed", "routed", "", 5, true, 5, ""},
		{"placed", "surrendered", "", 0, false, -1, "surrendered"},
		{"aftermath", "destroyed", "", 0, false, -1, "destroyed"},
		{"aftermath", "active", "Loyalty 3 vs DC 20; disbands at Morale -5 (P-7)", 0, false, -1, "disbanded"},
		{"pay", "", "disbands at Morale -5 (P-7)", 0, false, -1, "disbanded"},
		{"pay", "", "no commander: Morale -1", 0, false, 3, ""},
	} {
		a := &hexArmy{hex: 3}
		hexLeaves(a, c.typ, c.status, c.note, c.to, c.toOK)
		if a.hex != c.hex || a.gone != c.gone {
			t.Errorf("%s %s %q: hex %d gone %q, want %d %q", c.typ, c.status, c.note, a.hex, a.gone, c.hex, c.gone)
		}
	}
}
