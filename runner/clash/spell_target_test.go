package clash

import (
	"slices"
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
	if r, ok := b.decideSpellTarget(&at, bless, []Ref{{RefStand, 0}}); ok {
		t.Errorf("a further target %v: bless is worth nothing here, want none", r)
	}
	r, ok := b.decideSpellTarget(&at, bless, nil)
	if !ok || r != (Ref{RefStand, 0}) {
		t.Errorf("the first target %v (%v), want c 1 (stand 0), the nearest in range", r, ok)
	}
}

// U-40 ("a spell that targets N creatures affects N stands or unattached solos"; [5E-CORE] bless:
// "up to three creatures of your choice"): a spell with an effect takes N different targets, so a
// target already chosen in this cast is not offered again (a script naming it again was
// swallowed: three "clerics 1" entries gave one Bless line and exit 0). Cleric stand c 1 at 2,2,
// soldier w 1 at 2,3 (1 square away), enemy e 1 at 2,6 (4 squares). Bless (30 ft: 2 squares,
// allies): first c 1, w 1, none; with c 1 chosen, w 1 and none only. Magic missile (120 ft:
// (120 + 10) / 20 = 6 squares, enemies, damage only): "you can direct them to hit one creature or
// several", so e 1 is offered again after it was chosen.
func TestSpellTargetNotOfferedTwiceU40(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{2, 2}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 3}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 6}}},
	}, nil)
	cl.Spells = append(fxSpells(), plan.Spell{ID: "magic missile", Name: "Magic Missile", Level: 1, Range: 120,
		Resolve: plan.ResolveAuto, Targets: 3, Damage: []plan.Damage{{Dice: "1d4+1", Type: "force"}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t)})
	b.round = 1
	at := b.standActor(0)
	refs := func() []Ref {
		var r []Ref
		for _, o := range b.q.Options {
			r = append(r, o.Ref)
		}
		return r
	}
	none := Ref{Kind: RefNone}
	c1, w1, e1 := Ref{RefStand, 0}, Ref{RefStand, 1}, Ref{RefStand, 2}
	bless, mm := &b.s.sp[1], &b.s.sp[4]
	b.decideSpellTarget(&at, bless, nil)
	if got, want := refs(), []Ref{c1, w1, none}; !slices.Equal(got, want) {
		t.Errorf("bless's first target offers %v, want %v", got, want)
	}
	b.decideSpellTarget(&at, bless, []Ref{c1})
	if got, want := refs(), []Ref{w1, none}; !slices.Equal(got, want) {
		t.Errorf("bless's second target offers %v, want %v (c 1 is already a target)", got, want)
	}
	if _, ok := b.decideSpellTarget(&at, bless, []Ref{c1, w1}); ok || len(b.q.Options) != 0 {
		t.Errorf("bless's third target with both allies chosen offers %v, want nothing", refs())
	}
	b.decideSpellTarget(&at, mm, []Ref{e1})
	if got, want := refs(), []Ref{e1, none}; !slices.Equal(got, want) {
		t.Errorf("magic missile's second dart offers %v, want %v (darts may repeat a target)", got, want)
	}
}
