package clash

import (
	"strings"
	"testing"
)

// Ruling (docs/rulings.md, "a casualty in a Charge"): a stand the Charge's damage makes a
// casualty is still on the grid until the end of the round (U-28, U-57: 「そのラウンドの終了時まで
// 盤面に残され…あたかも1ヒット・ポイントを残しているかのように扱われる」), so it makes the Charge's
// Strength save and, failing, is pushed and knocked prone (U-3, U-76) like any stand; U-60 removes
// it at the end of the round, from where the push left it.
//
// By hand, the numbers of TestChargePushesAndKnocksProneU3U76 on an ogre stand down to 20 hp:
// d20 15 + 6 = 21 vs AC 11, hit; 2d8+4 = 3 + 4 + 4 = 11, the Charge's 2d8 = 5 + 6 = 11: 22 >= 20,
// 0 hp, a casualty. Strength save DC 14: d20 2 + 4 = 6, failed: pushed 2 squares east (6,4 ->
// 8,4) and prone. At the end of the round (U-59 step 1, U-60) it leaves the grid.
func TestChargeCasualtyIsPushedAndProneU3U57U76(t *testing.T) {
	b, l := chargeField(t, 12, 0, 0, nil)
	b.Reset(Config{Dice: script(t, 15, 3, 4, 5, 6, 2), Rec: l})
	b.st[1].hp = 20
	b.ran(0, 2, 4)
	m := b.standActor(0)
	b.attack(&m, 1, Ref{RefStand, 1}, false)
	o := &b.st[1]
	if o.hp != 0 || !o.cas || !o.on || o.x != 8 || o.y != 4 || o.cond&cProne == 0 {
		t.Fatalf("ogre %d hp casualty %v on %v at %d,%d cond %b; want 0 hp, a casualty on the grid at 8,4, prone\n%s",
			o.hp, o.cas, o.on, o.x, o.y, o.cond, logText(l))
	}
	txt := logText(l)
	for _, want := range []string{"o 1 is pushed 2 squares", "o 1 is prone (charge by m 1)"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
	b.eliminateCasualties()
	if o.on {
		t.Errorf("the casualty is still on the grid after U-60\n%s", logText(l))
	}
}
