package replay

import (
	"strings"
	"testing"
)

// The second stand (issue 23 review; U-3, U-50, U-56, U-57, U-60, U-80), worked by hand on
// harrow field (the players are side 0): wolves 1 hides (line 4) and an area spell makes it a
// casualty unseen (line 6); 5 damage overflows out of it into wolves 2 (lines 7, 8), which the
// players see: for them it is the damage of the spell they saw cast ("wolves 2 takes 5 damage:
// 7 -> 2 hp (spell)", no "(overflow)", which would tell of the hidden stand), in the mixed page's players' line and in the players-only page's event. The
// players' archers 1 is pushed 1 of 3 squares, stopped by hidden wolves 1 (line 9): they see the
// push, 1 square, without its blocker. Wolves 1 is spotted (line 10), removed (line 11) and
// wolves 3 fills its gap (line 12): a casualty the players never saw fall is not revealed to
// them, nor its removal, nor its gap.
func TestClashFogSecondStand(t *testing.T) {
	lines := []string{
		`{"type":"clash.start"}`,
		`{"type":"clash.round","round":1}`,
		`{"type":"clash.turn","who":"wolves"}`,
		`{"type":"clash.hide","who":"wolves 1","face":15,"mod":3,"total":18}`,
		`{"type":"clash.turn","who":"archers"}`,
		`{"type":"clash.damage","target":"wolves 1","amount":12,"before":7,"hp":0,"cause":"spell","casualty":true}`,
		`{"type":"clash.overflow","from":"wolves 1","to":"wolves 2","amount":5}`,
		`{"type":"clash.damage","target":"wolves 2","amount":5,"before":7,"hp":2,"cause":"overflow"}`,
		`{"type":"clash.push","who":"archers 1","from":"3,1","to":"4,1","squares":1,"of":3,"blocked":"wolves 1","cause":"charge"}`,
		`{"type":"clash.reveal","who":"wolves 1","why":"spotted"}`,
		`{"type":"clash.removed","stand":"wolves 1"}`,
		`{"type":"clash.fill","stand":"wolves 3","into":"10,2 -> 10,1"}`,
	}
	in := Input{Clash: harrowField(t)}
	for _, l := range lines {
		in.Events = append(in.Events, []byte(l))
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	wantAud := []string{"all", "all", "all", "gm", "all", "gm", "gm", "all", "all", "gm", "gm", "gm"}
	for i, a := range wantAud {
		if p.Aud[i] != a {
			t.Errorf("line %d: audience %s, want %s", i+1, p.Aud[i], a)
		}
	}
	wantP := map[int]string{7: "wolves 2 takes 5 damage: 7 -> 2 hp (spell)\n", 8: "archers 1 is pushed 1 square, 3,1 -> 4,1 (charge)\n"}
	for i, w := range wantP {
		if got := strings.TrimLeft(p.PLines[i], " "); got != w {
			t.Errorf("line %d: players' text %q, want %q (GM's: %q)", i+1, got, w, p.Lines[i])
		}
	}
	if len(p.PLines) != len(wantP) {
		t.Errorf("players' texts %v, want lines 8 and 9 only", p.PLines)
	}
	if !strings.Contains(p.Lines[7], "(overflow)") {
		t.Errorf("the GM's line 8 %q lost its cause", p.Lines[7])
	}
	if err := playersOnly(p); err != nil {
		t.Fatal(err)
	}
	for i, e := range p.Events {
		if s := string(e); strings.Contains(s, "overflow") || strings.Contains(s, "wolves 1") {
			t.Errorf("players-only event %d names the hidden stand or its overflow: %s", i+1, s)
		}
	}
}
