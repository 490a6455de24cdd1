package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// spellField: a mage stand (side 0) at 0,5; enemy soldier stand A at 5,5; an ogre stand (2 x 2)
// at 6,4..7,5; a hero solo joined to A; all on a 10 x 10 field.
func spellField(t *testing.T, o clashrules.Options) (*Battle, *Log, []int) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), archer(), ogre(), hero(), mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 4, at: [][2]int{{0, 5}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
		{id: "o", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{6, 4}}},
	}, []plan.ClashSolo{{ID: "h", Side: 1, Creature: 3, Unit: 1, Stand: 0}})
	b := NewBattle(mustSetup(t, cl, o))
	var l Log
	dice := []int{3, 3, 3, 3, 3, 3, 3, 3} // 8d6 = 24
	return b, &l, dice
}

// U-43, U-46, U-52: a stand's fireball (20-ft sphere at 5,5: 5,5 4,5 6,5 5,4 5,6) is one area for
// its casters and deals double damage: 8d6 = 24 -> 48. Stand A (fully inside, 10 hp) fails its DEX
// save (5 + 1 = 6 vs DC 14): 48, a casualty. Its joined hero saves on its own (U-52: 5 + 1 = 6,
// fails) and takes double damage too (U-43, the seed: 「目標は…その呪文からは2倍のダメージを受け
// る」: every target, solos included): 48 >= 40 hp, and a non-PC solo at 0 hp is dead (U-58). The
// ogre stand has one of its four squares inside: half damage, 48 / 2 = 24 on a failed save
// (5 - 1 = 4): 59 -> 35.
func TestStandAreaSpellU43(t *testing.T) {
	b, l, d := spellField(t, clashrules.Options{})
	b.Reset(Config{Dice: script(t, append(d, 5, 5, 5)...), Rec: l})
	at := b.standActor(0)
	sp := &b.s.sp[0]
	op := Option{Square: 5*10 + 5, Ref: Ref{RefStand, 0}}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, &at.cr.spells[0], sp, 14, true)
	if !b.st[1].cas {
		t.Errorf("stand A not a casualty: %d hp\n%s", b.st[1].hp, logText(l))
	}
	if b.so[0].hp != 0 || b.so[0].state != soloDead {
		t.Errorf("joined hero %d hp (state %d), want 40 - 48: dead\n%s", b.so[0].hp, b.so[0].state, logText(l))
	}
	if b.st[2].hp != 59-24 {
		t.Errorf("ogre stand %d hp, want 59 - 24 = 35\n%s", b.st[2].hp, logText(l))
	}
	if !strings.Contains(logText(l), "(cast by a stand: double damage)") {
		t.Errorf("no doubling noted:\n%s", logText(l))
	}
}

// U-43: a successful save against a half-on-save spell halves the damage, and a partly covered
// stand halves again: 48 / 2 / 2 = 12 (the ogre rolls 20).
func TestPartialAndSaveHalveU43(t *testing.T) {
	b, l, d := spellField(t, clashrules.Options{})
	b.Reset(Config{Dice: script(t, append(d, 5, 5, 20)...), Rec: l})
	at := b.standActor(0)
	sp := &b.s.sp[0]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, &at.cr.spells[0], sp, 14, true)
	if b.st[2].hp != 59-12 {
		t.Errorf("ogre stand %d hp, want 59 - 12 = 47\n%s", b.st[2].hp, logText(l))
	}
}

// U-43: a solo's area spell deals normal damage: 24 to stand A (10 hp: a casualty), a partly
// covered ogre 12 on a failed save.
func TestSoloAreaSpellU43(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), archer(), ogre(), hero(), mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
		{id: "o", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{6, 4}}},
	}, []plan.ClashSolo{{ID: "z", Side: 0, Creature: 4, Unit: -1, At: [2]int{1, 5}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 3, 3, 3, 3, 3, 3, 3, 3, 5, 5), Rec: &l})
	at := b.soloActor(0)
	sp := &b.s.sp[0]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, &at.cr.spells[0], sp, 14, false)
	if b.st[2].hp != 59-12 {
		t.Errorf("ogre %d hp, want 59 - 24 / 2 = 47\n%s", b.st[2].hp, logText(&l))
	}
}

// U-42: a solo's targeted spell may target a stand only when it targets five or more creatures
// (fire bolt: 1 target: no); U-40: a stand's may (fire bolt from the mage stand at A, 5 squares:
// 120 ft is floor(130 / 20) = 6 squares of range).
func TestSpellTargetsU40U42(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 5}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
	}, []plan.ClashSolo{{ID: "z", Side: 0, Creature: 1, Unit: -1, At: [2]int{1, 5}},
		{ID: "y", Side: 1, Creature: 1, Unit: -1, At: [2]int{4, 2}}}) // 3 + 3 = 6 squares from z
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	bolt := &b.s.sp[1]
	solo := b.soloActor(0)
	stand := b.standActor(0)
	if b.spellTargetable(&solo, bolt, Ref{RefStand, 1}) {
		t.Errorf("a solo's one-target fire bolt may target a stand (U-42)")
	}
	if !b.spellTargetable(&solo, bolt, Ref{RefSolo, 1}) {
		t.Errorf("a solo's fire bolt may not target a solo")
	}
	if !b.spellTargetable(&stand, bolt, Ref{RefStand, 1}) {
		t.Errorf("a stand's fire bolt may not target a stand 5 squares off (U-40)")
	}
	many := *bolt
	many.targets = 5
	if !b.spellTargetable(&solo, &many, Ref{RefStand, 1}) {
		t.Errorf("a solo's 5-target spell may not target a stand (U-42)")
	}
}

// spellNames records the names of the spells a Chooser is offered.
type spellNames struct{ got []string }

func (c *spellNames) Choose(b *Battle, q *Question) int {
	if q.Ask == AskSpell {
		for _, o := range q.Options {
			c.got = append(c.got, o.Name)
		}
	}
	return q.Policy
}

// U-42 in the spell list: a solo mage is offered only the spells it can cast at something now.
// Fireball (an area) always; fire bolt (one target) not with only enemy stands around (U-42: it
// cannot affect a stand), but with an enemy solo 3 + 3 = 6 squares off (120 ft: floor(130 / 20)
// = 6 squares, U-37) it is.
func TestSpellListNeedsATargetU42(t *testing.T) {
	for _, tc := range []struct {
		solos []plan.ClashSolo
		want  string
	}{
		{nil, "fireball none"},
		{[]plan.ClashSolo{{ID: "y", Side: 1, Creature: 1, Unit: -1, At: [2]int{4, 2}}}, "fireball fire bolt none"},
	} {
		cl := newClash(open(10, 10), []plan.Creature{soldier(), mage()}, []ub{
			{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 5}}},
			{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
		}, append([]plan.ClashSolo{{ID: "z", Side: 0, Creature: 1, Unit: -1, At: [2]int{1, 5}}}, tc.solos...))
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		ch := &spellNames{}
		b.Reset(Config{Chooser: ch})
		b.decideSpell(Ref{RefSolo, 0})
		if got := strings.Join(ch.got, " "); got != tc.want {
			t.Errorf("%d enemy solos: offered %q, want %q", len(tc.solos), got, tc.want)
		}
	}
}

// U-41: a stand's attack-roll spell against an isolated solo has advantage and doubles the
// damage: fire bolt d20 [3, 12] keeps 12 (+6 = 18 vs AC 12), 2d10 = 4 + 5 = 9 -> 18 (30 -> 12).
// The solo (unattached, no allied stand within 2 squares) is isolated (U-15).
func TestStandSpellIsolatedSoloU41(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 5}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 9}}},
	}, []plan.ClashSolo{{ID: "y", Side: 1, Creature: 1, Unit: -1, At: [2]int{4, 5}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 3, 12, 4, 5), Rec: &l})
	at := b.standActor(0)
	b.castTargeted(&at, &at.cr.spells[1], &b.s.sp[1], Ref{RefSolo, 0})
	if b.so[0].hp != 12 {
		t.Errorf("isolated solo %d hp, want 30 - 18 = 12\n%s", b.so[0].hp, logText(&l))
	}
}
