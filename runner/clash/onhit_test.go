package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// quasit is the SRD 5.1 Quasit as schema/srd writes it (compiler/clash TestLibraryQuasitOnHit
// checks the library lowers to this): Claws +4, 1d4+3 piercing, and on a hit a Constitution save
// DC 10 or 2d4 poison damage and poisoned for 1 minute, the save repeated at the end of each of
// its turns; magic resistance; immune to poison and to the poisoned condition.
func quasit() plan.Creature {
	return plan.Creature{ID: "quasit", Name: "Quasit", Size: plan.SizeTiny, AC: 13, HP: 7, Type: "fiend (demon, shapechanger)",
		Speed: plan.Speeds{Walk: 40}, Abilities: [6]int{-3, 3, 0, -2, 0, 0}, Saves: [6]int{-3, 3, 0, -2, 0, 0},
		Attacks: []plan.Attack{{Name: "Claws", ToHit: 4, Reach: 5, Damage: []plan.Damage{{Dice: "1d4+3", Type: "piercing"}},
			OnHit: &plan.OnHit{Save: "con", DC: 10, Damage: []plan.Damage{{Dice: "2d4", Type: "poison"}},
				Effect: &plan.SpellEffect{Condition: plan.CondPoisoned, Rounds: 1, Repeat: true}}}},
		Immunities: []string{"poison"}, CondImmune: []string{plan.CondPoisoned},
		Traits: []plan.Trait{{Name: plan.TraitMagicResistance}}}
}

// onHitField: stand 0 a quasit of side 0 at 4,5; stand 1 a soldier of side 1 at 5,5 (Con save
// +1, AC 12, 10 hp, spear +3); stand 2 an undead soldier of side 1 at 4,6 (immune to poison and
// poisoned, with magic resistance), both adjacent to the quasit. Units of one stand: never
// isolated (U-81).
func onHitField(t *testing.T) (*Battle, *Log) {
	undead := soldier()
	undead.ID, undead.Name = "undead", "Undead"
	undead.Immunities, undead.CondImmune = []string{"poison"}, []string{plan.CondPoisoned}
	undead.Traits = []plan.Trait{{Name: plan.TraitMagicResistance}}
	cl := newClash(open(10, 10), []plan.Creature{quasit(), soldier(), undead}, []ub{
		{id: "q", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 5}}},
		{id: "s", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 5}}},
		{id: "u", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{4, 6}}},
	}, nil)
	return NewBattle(mustSetup(t, cl, clashrules.Options{})), &Log{}
}

// U-76 [5E-CORE] and the SRD's quasit: Claws at the soldier, d20 12 + 4 = 16 vs AC 12: a hit,
// 1d4+3 = 2 + 3 = 5, 10 -> 5 hp. The rider: Constitution save d20 6 + 1 = 7 < DC 10, failed:
// 2d4 = 3 + 1 = 4 poison, 5 -> 1 hp, and poisoned (until the quasit's turn in round 2: 1 minute is
// 1 round, U-1). Poisoned, the soldier's spear has disadvantage (U-76 poisoned). At the end of its
// turn it saves again: d20 9 + 1 = 10 >= 10: no longer poisoned.
func TestQuasitClawsPoisonU76(t *testing.T) {
	b, l := onHitField(t)
	b.Reset(Config{Dice: script(t, 12, 2, 6, 3, 1, 9), Rec: l})
	b.round = 1
	q, s := b.standActor(0), Ref{RefStand, 1}
	b.attack(&q, 0, s, false)
	if b.st[1].hp != 1 {
		t.Errorf("soldier %d hp, want 10 - 5 (claws) - 4 (poison) = 1\n%s", b.st[1].hp, logText(l))
	}
	if b.st[1].cond&cPoisoned == 0 {
		t.Fatalf("soldier not poisoned after a failed save\n%s", logText(l))
	}
	sa := b.standActor(1)
	if adv, dis := b.attackMods(&sa, Ref{RefStand, 0}, true, false); adv || !dis {
		t.Errorf("poisoned soldier's attack: adv %v dis %v, want disadvantage only", adv, dis)
	}
	b.repeatSaves(s)
	if b.st[1].cond != 0 {
		t.Errorf("still %b after a made repeat save (9 + 1 = 10 vs DC 10)\n%s", b.st[1].cond, logText(l))
	}
	txt := logText(l)
	for _, want := range []string{"s 1 is poisoned (Claws by q 1)", "until its caster's turn in round 2",
		"s 1 is no longer poisoned (Claws by q 1): saved at the end of its turn"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}

// U-76: a made save takes neither the poison nor the condition: d20 12 + 4 = 16 hits, 1d4+3 = 4
// + 3 = 7, 10 -> 3 hp; Constitution save d20 9 + 1 = 10 >= 10: nothing more (no 2d4 rolled).
func TestQuasitClawsSavedU76(t *testing.T) {
	b, l := onHitField(t)
	b.Reset(Config{Dice: script(t, 12, 4, 9), Rec: l})
	b.round = 1
	q := b.standActor(0)
	b.attack(&q, 0, Ref{RefStand, 1}, false)
	if b.st[1].hp != 3 || b.st[1].cond != 0 {
		t.Errorf("soldier hp %d cond %b, want 10 - 7 = 3 and no condition\n%s", b.st[1].hp, b.st[1].cond, logText(l))
	}
}

// U-76: against the undead soldier, immune to poison damage and to the poisoned condition: d20 12
// + 4 = 16 hits, 1d4+3 = 1 + 3 = 4, 10 -> 6 hp. Its save is one d20 (magic resistance is against
// spells and magical effects; the quasit's poison is neither): 3 + 1 = 4 < 10, failed; 2d4 = 2 + 2
// poison is 0 to it, and it is not poisoned ("immune to poisoned" in the transcript).
func TestQuasitClawsImmuneU76(t *testing.T) {
	b, l := onHitField(t)
	b.Reset(Config{Dice: script(t, 12, 1, 3, 2, 2), Rec: l})
	b.round = 1
	q := b.standActor(0)
	b.attack(&q, 0, Ref{RefStand, 2}, false)
	if b.st[2].hp != 6 || b.st[2].cond != 0 {
		t.Errorf("undead hp %d cond %b, want 10 - 4 = 6 and no condition\n%s", b.st[2].hp, b.st[2].cond, logText(l))
	}
	txt := logText(l)
	if !strings.Contains(txt, "u 1 is immune to poisoned (Claws by q 1)") {
		t.Errorf("transcript does not say the undead is immune\n%s", txt)
	}
	if strings.Contains(txt, "magic resistance") {
		t.Errorf("magic resistance against a rider's save\n%s", txt)
	}
}
