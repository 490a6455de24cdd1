package clash

import (
	"strings"
	"testing"

	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-37, U-40 [AI], issue 21's lapse: the wizard who chose Cast before moving and had no target
// after. testdata/clash/lapses/cast-range.cue: the wizard stand at 4,1 (fire bolt at will, 120 ft
// = floor((120 + 10) / 20) = 6 squares; hold person, 60 ft = 3 squares) and the SRD knight (a
// humanoid, 52 hp, two greatsword attacks) at 7,1, 3 squares away (U-2). Hold person is worth
// more than fire bolt against it (the policy's values: 132 against 56), so the policy wants Cast;
// its move before casting must leave the knight within 3 squares. Before the fix it stepped back
// to 2,0 (6 squares: the farthest within fire bolt's 6) and cast Fire Bolt: hold person had no
// target. Played with seed 1, round 1's cast is Hold Person.
func TestCastKeepsItsSpellInRangeU40(t *testing.T) {
	b := NewBattle(mustSetup(t, loadLapse(t, "cast-range"), clashrules.Options{}))
	b.Reset(Config{})
	b.round, b.turnUnit = 1, 0
	if got := b.tacWant(0, -1); got != ActCast {
		t.Fatalf("the wizards want %s, want cast", got)
	}
	_, sp, ok := b.castPlan(Ref{RefStand, 0}, 0)
	if !ok || sp.id != "hold-person" {
		t.Fatalf("planned spell %v, want hold-person", sp)
	}
	b.moveStamp++
	m := b.moverOfStand(0, false)
	b.reach(&m, 4, 1, 6)
	q := b.mv.ends[b.tacMove(b.mv.ends, Ref{RefStand, 0}, 0, 0, 1, ActCast)]
	to := box{q % int32(b.w), q / int32(b.w), 1}
	if d := b.dist(to, b.standBox(1)); d > 3 {
		t.Errorf("before casting the wizard goes to %s, %d squares from the knight: hold person (3 squares) has no target", b.sqName(int(q)), d)
	}
	l := &Log{}
	b.Reset(Config{Seed: 1, Rec: l})
	if _, err := b.Run(); err != nil {
		t.Fatal(err)
	}
	txt := logText(l)
	if i := strings.Index(txt, " casts "); i < 0 || !strings.HasPrefix(txt[i:], " casts Hold Person") {
		t.Errorf("the first cast is not Hold Person\n%s", txt[:min(len(txt), 1500)])
	}
}
