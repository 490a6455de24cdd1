package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-33 with U-76 (the Default in startOfTurn; SRD web: "A creature restrained by the webs can use
// its action to make a Strength check against your spell save DC"): a stand restrained by web
// spends its own action on the escape instead of taking part in its unit's action (as U-39 lets a
// stand take another action), and takes no part in the unit's Attack whether the check succeeds or
// not; its unit-mate attacks as usual. Unit e (soldier stands e 1 at 4,5 and e 2 at 4,6: Str +1, Dex
// +1, spear +3 1d6+1) faces unit w (soldier stands w 1 at 5,5 and w 2 at 5,6, AC 12, 10 hp); the
// cleric's web (DC 13, a 20-ft cube: the one square 4,5, U-46) from 4,8, 3 squares away (60 ft,
// U-37), on e 1: Dex save d20 5 + 1 = 6 < 13, restrained.
//   - fails: the Str check d20 10 + 1 = 11 < 13, still restrained;
//   - succeeds: d20 12 + 1 = 13 >= 13, free, its action spent.
//
// Either way e 2's spear, d20 12 + 3 = 15 >= 12, hits w 2 (the only enemy beside 4,6) for
// 1d6+1 = 4 + 1 = 5 (10 -> 5), and e 1 makes no attack though w 1 is beside it.
func TestRestrainedStandEscapesInsteadOfUnitActionU33(t *testing.T) {
	for _, c := range []struct {
		name   string
		check  int
		freed  bool
		result string
	}{
		{"fails", 10, false, "e 1 uses its action to escape Web: str check d20 10 + 1 = 11 vs DC 13: stays restrained"},
		{"succeeds", 12, true, "e 1 uses its action to escape Web: str check d20 12 + 1 = 13 vs DC 13: breaks free"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
				{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}, {5, 6}}},
				{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 5}, {4, 6}}},
				{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{4, 8}}},
			}, nil)
			cl.Spells = fxSpells()
			b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
			l := &Log{}
			b.Reset(Config{Dice: script(t, 5, c.check, 12, 4), Rec: l})
			b.round = 1
			at := b.standActor(4)
			sp := &b.s.sp[2]
			op := Option{Square: 5*10 + 4}
			b.placeArea(&at, sp, &op)
			b.castArea(&at, b.knownAt(&at, 2), sp, 13, true)
			if b.st[2].cond&cRestrained == 0 {
				t.Fatalf("web's Dex save 5 + 1 = 6 vs DC 13 did not restrain e 2\n%s", logText(l))
			}
			b.standsStartTurn(1)
			b.unitAttack(1, false)
			text := logText(l)
			if !strings.Contains(text, c.result) {
				t.Errorf("no %q line\n%s", c.result, text)
			}
			if got := b.st[2].cond&cRestrained == 0; got != c.freed {
				t.Errorf("e 1 free %v, want %v\n%s", got, c.freed, text)
			}
			if strings.Contains(text, "e 1 -> ") {
				t.Errorf("e 1 attacked as well as escaping: one action (U-33)\n%s", text)
			}
			if !strings.Contains(text, "e 2 -> w 2, Spear: d20 12 + 3 = 15 vs AC 12: hit") || b.st[1].hp != 5 {
				t.Errorf("e 2's spear: w 2 at %d hp, want 10 - 5\n%s", b.st[1].hp, text)
			}
		})
	}
}
