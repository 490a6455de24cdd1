package replay

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner/clash"
)

// U-50, U-80, by hand on a hand-written stretch of events of the March of Harrow (the players
// are side 0, U-78): the wolves' first stand hides (line 4); on the archers' turn the players' mage casts an area
// spell (line 6) that catches it and the wolves' second stand: their saves and damage (lines
// 7-10) and the push of each (lines 11, 12; runner/clash's own event type, clash.TypePush). Being
// hit reveals no one (U-80 names attacking, casting and a Perception check), so every line of
// the hidden "wolves 1" is the GM's, and it is on the GM's map at the square it was pushed to
// (10,1 -> 10,2) and on no players' map; every line of the seen "wolves 2" is everyone's, and
// both views have it pushed 11,0 -> 11,1. The players' mage's cast is everyone's. The round's
// ASCII map (line 13), which draws every stand, is the GM's while the wolves' first stand hides.
func TestClashHiddenEnemyHitByAreaU50U80(t *testing.T) {
	c := harrowField(t)
	lines := []string{
		`{"type":"clash.start"}`,
		`{"type":"clash.round","round":1}`,
		`{"type":"clash.turn","who":"wolves"}`,
		`{"type":"clash.hide","who":"wolves 1","face":15,"mod":3,"total":18}`,
		`{"type":"clash.turn","who":"archers"}`,
		`{"type":"clash.spell","caster":"mage","spell":"thunderwave"}`,
		`{"type":"clash.save","who":"wolves 1","ability":"con","faces":[4,0],"face":4,"mod":1,"total":5,"dc":13,"ok":false,"why":"thunderwave"}`,
		`{"type":"clash.damage","target":"wolves 1","amount":9,"before":11,"hp":2,"cause":"thunderwave"}`,
		`{"type":"clash.save","who":"wolves 2","ability":"con","faces":[17,0],"face":17,"mod":1,"total":18,"dc":13,"ok":true,"why":"thunderwave"}`,
		`{"type":"clash.damage","target":"wolves 2","amount":4,"before":11,"hp":7,"cause":"thunderwave"}`,
		`{"type":"` + clash.TypePush + `","who":"wolves 1","from":"10,1","to":"10,2","squares":1,"of":2,"blocked":"wolves 3","cause":"thunderwave"}`,
		`{"type":"` + clash.TypePush + `","who":"wolves 2","from":"11,0","to":"11,1","squares":1,"of":1,"cause":"thunderwave"}`,
		`{"type":"clash.map","round":1,"rows":["..........w","..........W"],"legend":"W wolves"}`,
	}
	in := Input{Clash: c}
	for _, l := range lines {
		in.Events = append(in.Events, []byte(l))
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"all", "all", "all", "gm", "all", "all", "gm", "gm", "all", "all", "gm", "all", "gm"}
	for i, a := range want {
		if p.Aud[i] != a {
			t.Errorf("line %d %s: audience %s, want %s", i+1, lines[i], p.Aud[i], a)
		}
	}
	last := p.Steps[len(p.Steps)-1]
	for _, w := range []struct {
		view, id, at string
	}{
		{"gm", "wolves 1", "10,2"},
		{"party", "wolves 1", ""},
		{"gm", "wolves 2", "11,1"},
		{"party", "wolves 2", "11,1"},
	} {
		marks := last.GM
		if w.view == "party" {
			marks = last.Party
		}
		if got, _, _ := at(p, marks, w.id); got != w.at {
			t.Errorf("%s view: %s at %q, want %q", w.view, w.id, got, w.at)
		}
	}
}
