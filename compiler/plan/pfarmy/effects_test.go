package pfarmy

import (
	"fmt"
	"strings"
	"testing"
)

// TestTacticEffectsAgreeWithModifiers: the words a prompt shows beside a tactic (Effect) name the
// flat OM and DV modifiers the engine applies (OM, DV; P-24..P-36), so the two tables cannot drift
// apart, and each ends with its rule ID.
func TestTacticEffectsAgreeWithModifiers(t *testing.T) {
	for tc := Tactic(0); tc < NumTactics; tc++ {
		e := tc.Effect()
		if e == "" || !strings.Contains(e, ", P-") {
			t.Errorf("%s: effect %q names no rule", tc, e)
		}
		if om := tc.OM(); om != 0 && !strings.Contains(e, fmt.Sprintf("OM %+d", om)) {
			t.Errorf("%s: effect %q lacks OM %+d", tc, e, om)
		}
		if dv := tc.DV(); dv != 0 && !strings.Contains(e, fmt.Sprintf("DV %+d", dv)) {
			t.Errorf("%s: effect %q lacks DV %+d", tc, e, dv)
		}
	}
	// By hand from RULES.md: P-28 Defensive Wall is OM -2, DV +2.
	if got := TacDefensiveWall.Effect(); got != "OM -2, DV +2, P-28" {
		t.Errorf("Defensive Wall: %q", got)
	}
	if Tactic(NumTactics).Effect() != "" {
		t.Error("an invalid tactic has an effect")
	}
}
