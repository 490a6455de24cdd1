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

// U-15, U-82 [AI], issue 21's lapse: the casting regiment that split its line.
// testdata/clash/lapses/cast-line.cue as round 2 of its seed-1 battle found it: adept stands a1
// 1,1, a2 1,0, a3 2,0 (a regiment: each must stay edge-adjacent to another, U-15) and one soldier
// stand at 3,1 (the other gone). The adepts want Cast; stands move nearest the enemy first, a1 and
// a3 (2 squares, U-2) before a2 (3). a1 steps back to 1,5; a3's only ways out are 1,0 (a2, not
// moved yet) and squares beside the soldier, so before the fix it stayed at 2,0, cut off, and the
// soldier's spear then hit it with advantage for double damage (U-16). Now a3 waits for a2 and
// follows: after the move every adept stand is beside another. Then, seeds 1..20 of the battle:
// no adept stand is ever attacked as isolated.
func TestCastingRegimentKeepsItsLineU15(t *testing.T) {
	b := NewBattle(mustSetup(t, loadLapse(t, "cast-line"), clashrules.Options{}))
	b.Reset(Config{})
	b.round, b.turnUnit = 2, 0
	b.moveStand(3, Flee)
	b.moveStand(1, int32(0*b.w+1))
	b.moveStand(2, int32(0*b.w+2))
	b.moveStand(4, int32(1*b.w+3))
	if got := b.tacWant(0, -1); got != ActCast {
		t.Fatalf("the adepts want %s, want cast", got)
	}
	b.moveUnit(0, ActCast, 1)
	for i := int32(0); i < 3; i++ {
		if b.standIsolated(i) {
			t.Errorf("adept stand %d at %d,%d is cut off from its unit (a1 %d,%d a2 %d,%d a3 %d,%d)", i+1, b.st[i].x, b.st[i].y,
				b.st[0].x, b.st[0].y, b.st[1].x, b.st[1].y, b.st[2].x, b.st[2].y)
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		l := &Log{}
		b.Reset(Config{Seed: seed, Rec: l})
		if _, err := b.Run(); err != nil {
			t.Fatal(err)
		}
		for _, e := range l.Events {
			if a, ok := e.(*AttackRollEvent); ok && strings.HasPrefix(a.Target, "a ") && strings.Contains(e.Line(), "target isolated") {
				t.Errorf("seed %d: %s", seed, e.Line())
				break
			}
		}
	}
}
