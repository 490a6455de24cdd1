package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// blessChooser answers the spell question with bless (fxSpells' index 1) and leaves every other
// question to the policy.
type blessChooser struct{}

func (blessChooser) Choose(b *Battle, q *Question) int {
	if q.Ask == AskSpell {
		for i, o := range q.Options {
			if o.Value == 1 {
				return i
			}
		}
	}
	return q.Policy
}

// U-40 (a stand-cast targeted spell affects the stands it targets; 5e: a targeted spell is cast
// at a target): in the new-user trial of issue 21, "priests 2 casts Bless" was followed by
// nothing: priests 1's bless (3 targets) already lay on every ally in range, and priests 2's use
// was spent on no one. Here cleric stands c 1 (2,2) and c 2 (2,3) and soldier stand w 1 (3,2), the
// enemy e 1 at 4,2 beside w 1. Bless (30 ft: 2 squares, U-37; 3 targets): c 1 blesses c 1, c 2 and
// w 1 (each 0 or 1 square away); c 2 has no ally in range left unblessed (c 1 0 + 1 = 1 away, w 1
// 1 + 1 = 2 away: both in range, both blessed), so it does not cast: no "c 2 casts" line, a line
// that says why, and its 2 uses of bless (the cleric's) stay 2.
func TestStandWithNoTargetDoesNotCastU40(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{2, 2}, {2, 3}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 2}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 2}}},
	}, nil)
	cl.Spells = fxSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t), Rec: l, Chooser: blessChooser{}})
	b.round, b.turnUnit = 1, 0
	b.unitCast(0)
	text := logText(l)
	for _, want := range []string{"c 1 casts Bless", "c 1 is under Bless by c 1", "c 2 is under Bless by c 1", "w 1 is under Bless by c 1",
		"c 2 does nothing: no target for Bless"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q line\n%s", want, text)
		}
	}
	if strings.Contains(text, "c 2 casts") {
		t.Errorf("c 2 cast bless at no one\n%s", text)
	}
}
