package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-40, U-37 (and 5e: a targeted spell is cast at a target): a cleric stand that casts bless
// (range 30 ft: max(1, floor((30 + 10) / 20)) = 2 squares) when no enemy is near still blesses a
// stand in range. Cleric stand c 1 at 2,2, soldier stand w 1 at 2,3 (1 away), the enemy e 1 at
// 9,9 (7 + 6 = 13 squares away: no attack of either side this round or the next). Bless is worth
// nothing to the policy here, so a further target is "none"; the first is not: the cast was
// decided (by a script or a player, as in the new-user trial of issue 21, where "priests 1 casts
// Bless" was followed by nothing and its use was spent). Of the targets worth 0 the nearest is
// taken: c 1 itself (0 squares away), listed first.
func TestCastSpellTakesAFirstTargetU40(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{2, 2}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 3}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 9}}},
	}, nil)
	cl.Spells = fxSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t)})
	b.round = 1
	at := b.standActor(0)
	bless := &b.s.sp[1]
	if got := bless.rng; got != 2 {
		t.Fatalf("bless's range %d squares, want 2 (U-37)", got)
	}
	if r, ok := b.decideSpellTarget(&at, bless, false); ok {
		t.Errorf("a further target %v: bless is worth nothing here, want none", r)
	}
	r, ok := b.decideSpellTarget(&at, bless, true)
	if !ok || r != (Ref{RefStand, 0}) {
		t.Errorf("the first target %v (%v), want c 1 (stand 0), the nearest in range", r, ok)
	}
}
