package replay

import (
	"bytes"
	"os"
	"testing"
)

// K-23, K-63 (issue 23 review D8): field01's win (testdata/runner/field01-win.jsonl): the players
// last saw the mercenaries march into 03 on day 3 (strength 60); the clear's XP settlement on day 7
// counts 10 x 15 (K-63) and so tells them 15, where the mercenaries stand being unknown. Their map
// at the last step keeps the mercenaries at 03 and says when the 15 was learned, not that 03 holds
// 15 on day 3.
func TestKarzoralStrengthLearnedLaterK63(t *testing.T) {
	in := field01Input(t)
	run, err := os.ReadFile("../../testdata/runner/field01-win.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	in.Events = bytes.Split(bytes.TrimSpace(run), []byte("\n"))
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	last := p.Steps[len(p.Steps)-1]
	want := "mercenaries (friendly) at 03, strength 15 on day 7, last seen on day 3"
	for _, m := range last.Party {
		if m.ID == "mercenaries" {
			if m.Tip != want || m.Text != "15" || p.Maps[0].IDs[m.Cell] != "03" {
				t.Errorf("%s: the players' mark %q (%q), want %q (15)", last.Label, m.Tip, m.Text, want)
			}
			return
		}
	}
	t.Errorf("%s: no mercenaries on the players' map", last.Label)
}
