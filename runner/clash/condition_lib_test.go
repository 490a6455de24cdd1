package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The library's sources of stunned, blinded and charmed (schema/srd spells.cue, SRD 5.1), as the
// compiler lowers them, cast by the cleric of fxField (stand 0, DC 13) on the enemy soldier e
// (stand 2: humanoid, 10 hp, Con save +1, Wis save +0).

func condLibSpells() []plan.Spell {
	return []plan.Spell{
		{ID: "blindness-deafness", Name: "Blindness/Deafness", Level: 2, Range: 30, Resolve: plan.ResolveSave, Save: "con", Targets: 1,
			Effect: &plan.SpellEffect{Condition: plan.CondBlinded, Repeat: true, Rounds: 1}},
		{ID: "charm-person", Name: "Charm Person", Level: 1, Range: 30, Resolve: plan.ResolveSave, Save: "wis", Targets: 1,
			Effect: &plan.SpellEffect{Condition: plan.CondCharmed, Advantage: true, CreatureType: "humanoid", EndsOnDamage: true, Rounds: 60}},
		{ID: "power-word-stun", Name: "Power Word Stun", Level: 8, Range: 60, Resolve: plan.ResolveAuto, Targets: 1,
			Effect: &plan.SpellEffect{Condition: plan.CondStunned, RepeatSave: "con", MaxHP: 150}},
	}
}

// condLibField is fxField with the three spells known to the cleric (spell indices 4, 5, 6).
func condLibField(t *testing.T) (*Battle, *Log) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric(), ogre()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 5}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
	}, nil)
	cl.Spells = append(fxSpells(), condLibSpells()...)
	for k := 4; k < 7; k++ {
		cl.Creatures[1].Spells = append(cl.Creatures[1].Spells, plan.KnownSpell{Spell: k, DC: 13, Uses: 2})
	}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	return b, &Log{}
}

// U-40, U-76, SRD 5.1 Blindness/Deafness: "Choose one creature that you can see within range to
// make a Constitution saving throw. If it fails, the target is either blinded or deafened ... At
// the end of each of its turns, the target can make a Constitution saving throw. On a success, the
// spell ends." Save d20 6 + 1 = 7 < 13: blinded, and e's spear at w has disadvantage; the spell
// needs no concentration. End of its turn: d20 12 + 1 = 13 >= 13: no longer blinded.
func TestBlindnessDeafnessU40U76(t *testing.T) {
	b, l := condLibField(t)
	b.Reset(Config{Dice: script(t, 6, 12), Rec: l})
	b.round = 1
	at := b.standActor(0)
	e := Ref{RefStand, 2}
	b.castTargeted(&at, b.knownAt(&at, 4), &b.s.sp[4], e)
	if b.st[2].cond&cBlinded == 0 {
		t.Fatalf("not blinded after a failed save (7 vs 13)\n%s", logText(l))
	}
	ea := b.standActor(2)
	if adv, dis := b.attackMods(&ea, Ref{RefStand, 1}, true, false); adv || !dis {
		t.Errorf("blinded e attacks w: adv %v dis %v, want disadvantage only", adv, dis)
	}
	if b.concentrating(Ref{RefStand, 0}) {
		t.Error("Blindness/Deafness held as a concentration spell")
	}
	b.repeatSaves(e)
	if b.st[2].cond != 0 {
		t.Errorf("still blinded after 12 + 1 = 13 vs DC 13\n%s", logText(l))
	}
	txt := logText(l)
	for _, want := range []string{"e 1 CON save (Blindness/Deafness): d20 6 + 1 = 7 vs DC 13: fails", "e 1 is blinded (Blindness/Deafness by c 1)",
		"e 1 is no longer blinded (Blindness/Deafness by c 1): saved at the end of its turn"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}

// U-40, U-76, SRD 5.1 Charm Person: "It must make a Wisdom saving throw, and does so with advantage
// if you or your companions are fighting it. If it fails the saving throw, it is charmed by you
// until the spell ends or until you or your companions do anything harmful to it." With
// advantage, d20s 4 and 15 -> 15 + 0 >= 13: resisted (a single die, 4, would have failed). Cast
// again: 4 and 9 -> 9 < 13: charmed by the cleric, so e cannot attack the cleric. 3 damage ends it.
func TestCharmPersonU40U76(t *testing.T) {
	b, l := condLibField(t)
	b.Reset(Config{Dice: script(t, 4, 15, 4, 9), Rec: l})
	b.round = 1
	at := b.standActor(0)
	c, e := Ref{RefStand, 0}, Ref{RefStand, 2}
	b.castTargeted(&at, b.knownAt(&at, 5), &b.s.sp[5], e)
	if b.st[2].cond != 0 {
		t.Fatalf("charmed though the save with advantage (4, 15) made DC 13\n%s", logText(l))
	}
	b.castTargeted(&at, b.knownAt(&at, 5), &b.s.sp[5], e)
	if !b.charmedBy(e, c) {
		t.Fatalf("not charmed by the cleric after 4, 9 vs DC 13\n%s", logText(l))
	}
	b.damage(e, 3, 1, false, "test")
	if b.st[2].cond != 0 {
		t.Errorf("still charmed after taking damage\n%s", logText(l))
	}
	txt := logText(l)
	for _, want := range []string{"e 1 is charmed (Charm Person by c 1)", "e 1 is no longer charmed (Charm Person by c 1): took damage"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}

// U-40, U-76, SRD 5.1 Power Word Stun: "If the target has 150 hit points or fewer, it is stunned.
// Otherwise, the spell has no effect. The stunned target must make a Constitution saving throw at
// the end of each of its turns. On a successful save, this stunning effect ends." No roll to
// resist: e (10 hp) is stunned and cannot act. End of its turns: d20 11 + 1 = 12 < 13, still
// stunned; 12 + 1 = 13: free. A stand of 151 hp is not affected and no die is rolled.
func TestPowerWordStunU40U76(t *testing.T) {
	b, l := condLibField(t)
	b.Reset(Config{Dice: script(t, 11, 12), Rec: l})
	b.round = 1
	at := b.standActor(0)
	e := Ref{RefStand, 2}
	sp := &b.s.sp[6]
	b.castTargeted(&at, b.knownAt(&at, 6), sp, e)
	if b.st[2].cond&cStunned == 0 {
		t.Fatalf("a 10 hp stand not stunned\n%s", logText(l))
	}
	if _, _, able := b.startOfTurn(e); able {
		t.Error("a stunned stand may act")
	}
	b.repeatSaves(e)
	if b.st[2].cond&cStunned == 0 {
		t.Fatalf("free after 11 + 1 = 12 vs DC 13\n%s", logText(l))
	}
	b.repeatSaves(e)
	if b.st[2].cond != 0 {
		t.Fatalf("still stunned after 12 + 1 = 13 vs DC 13\n%s", logText(l))
	}
	if !strings.Contains(logText(l), "e 1 CON save (Power Word Stun): d20 12 + 1 = 13 vs DC 13") {
		t.Errorf("the repeat save is not a Constitution save against the DC\n%s", logText(l))
	}
	b.st[2].hp = 151
	if b.spellTargetable(&at, sp, e) {
		t.Error("a 151 hp stand is a target of power word stun")
	}
	b.castTargeted(&at, b.knownAt(&at, 6), sp, e)
	if b.st[2].cond != 0 {
		t.Errorf("a 151 hp stand stunned\n%s", logText(l))
	}
}

// U-43, U-76, SRD 5.1 web: "A creature that starts its turn in the webs or enters them during its
// turn must make a Dexterity saving throw. On a failed save, the creature is restrained." The
// cleric webs the empty square 6,5 (a 20-ft cube, 1 square, U-46: no one to save). e moves 5,5 ->
// 6,5, into it: Dexterity save d20 15 + 1 = 16 >= 13, free. At the start of its next turn it is in
// the webs: d20 5 + 1 = 6 < 13: restrained by the cleric's web. Restrained already, it saves no more
// (no die left).
func TestWebEnterAndStartSaveU43U76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 15, 5), Rec: l})
	b.round = 1
	at := b.standActor(0)
	sp := &b.s.sp[2]
	op := Option{Square: 5*10 + 6}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 2), sp, 13, true)
	e := Ref{RefStand, 2}
	from := b.standBox(2)
	b.moveStand(2, 5*10+6)
	b.groundSaves(e, &from)
	if b.st[2].cond != 0 {
		t.Fatalf("restrained after a made save (16 vs 13)\n%s", logText(l))
	}
	b.round = 2
	b.groundSaves(e, nil)
	if b.st[2].cond&cRestrained == 0 || !b.bears(e, Ref{RefStand, 0}, 2) {
		t.Fatalf("not restrained by the cleric's web after 6 vs 13\n%s", logText(l))
	}
	b.groundSaves(e, nil)
	txt := logText(l)
	for _, want := range []string{"e 1 DEX save (Web): d20 15 + 1 = 16 vs DC 13: succeeds", "e 1 DEX save (Web): d20 5 + 1 = 6 vs DC 13: fails",
		"e 1 is restrained (Web by c 1)"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}
