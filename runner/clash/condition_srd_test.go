package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The four conditions U-76 sends to 5e that the model added last: stunned, blinded, poisoned,
// charmed, each put on a stand of fxField (stand 1 w of side 0 at 4,5, adjacent to stand 2 e of
// side 1 at 5,5; soldiers: spear +3, 1d6+1, AC 12, 10 hp, Str +1) as a trait's effect would
// (sp -1), its source the cleric's stand 0.

func putCond(b *Battle, t, src Ref, c uint16) {
	b.addEffect(effect{target: t, src: src, sp: -1, cond: c}, "test")
}

// U-76 [5E-CORE] stunned: "A stunned creature is incapacitated, can't move, and can speak only
// falteringly. The creature automatically fails Strength and Dexterity saving throws. Attack rolls
// against the creature have advantage." The stunned e neither moves nor acts (startOfTurn: not
// able), fails a Dex save DC 5 with no roll, and w's spear has advantage: d20s 4, 15 -> 15, 15 + 3
// = 18 vs AC 12, a hit; not critical (only paralyzed and unconscious make an adjacent hit
// critical): 1d6+1 = 2 + 1 = 3, 10 -> 7 hp.
func TestStunnedU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 4, 15, 2), Rec: l})
	b.round = 1
	e := Ref{RefStand, 2}
	putCond(b, e, Ref{RefStand, 0}, cStunned)
	if _, _, able := b.startOfTurn(e); able {
		t.Error("a stunned stand may move and act")
	}
	if b.save(e, plan.AbDex, 5, false, false, "test") || b.save(e, plan.AbStr, 5, false, false, "test") {
		t.Error("a stunned stand made a Strength or Dexterity save")
	}
	w := b.standActor(1)
	if adv, dis := b.attackMods(&w, e, true, false); !adv || dis {
		t.Errorf("attack on a stunned stand: adv %v dis %v, want advantage only", adv, dis)
	}
	b.attack(&w, 0, e, false)
	if b.st[2].hp != 7 {
		t.Errorf("stunned soldier %d hp, want 10 - (2 + 1) = 7 (a hit, not critical)\n%s", b.st[2].hp, logText(l))
	}
	txt := logText(l)
	for _, want := range []string{"e 1 is stunned", "fails its dex save automatically (test): stunned", "target stunned"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}

// U-76 [5E-CORE] blinded: "A blinded creature can't see ... Attack rolls against the creature have
// advantage, and the creature's attack rolls have disadvantage." w blinded: its spear at e has
// disadvantage; e's spear at the blinded w has advantage.
func TestBlindedU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	w, e := Ref{RefStand, 1}, Ref{RefStand, 2}
	putCond(b, w, Ref{RefStand, 0}, cBlinded)
	wa, ea := b.standActor(1), b.standActor(2)
	if adv, dis := b.attackMods(&wa, e, true, false); adv || !dis {
		t.Errorf("blinded attacker: adv %v dis %v, want disadvantage only", adv, dis)
	}
	if adv, dis := b.attackMods(&ea, w, true, false); !adv || dis {
		t.Errorf("attack on a blinded stand: adv %v dis %v, want advantage only", adv, dis)
	}
}

// U-76 [5E-CORE] poisoned: "A poisoned creature has disadvantage on attack rolls and ability
// checks." The poisoned e's spear has disadvantage, and attacks against it nothing (no
// advantage). Caught in a web (restrained, escape Str DC 13) too, its escape check has
// disadvantage: d20s 15, 3 -> 3, 3 + 1 = 4 < 13, still restrained (without poison 15 + 1 = 16
// would have freed it).
func TestPoisonedU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 15, 3), Rec: l})
	b.round = 1
	w, e := Ref{RefStand, 1}, Ref{RefStand, 2}
	putCond(b, e, Ref{RefStand, 0}, cPoisoned)
	wa, ea := b.standActor(1), b.standActor(2)
	if adv, dis := b.attackMods(&ea, w, true, false); adv || !dis {
		t.Errorf("poisoned attacker: adv %v dis %v, want disadvantage only", adv, dis)
	}
	if adv, dis := b.attackMods(&wa, e, true, false); adv || dis {
		t.Errorf("attack on a poisoned stand: adv %v dis %v, want neither", adv, dis)
	}
	b.addEffect(effect{target: e, src: Ref{RefStand, 0}, sp: 2, cond: cRestrained, dc: 13}, "")
	if _, busy, able := b.startOfTurn(e); !busy || !able {
		t.Fatalf("restrained by web: busy %v able %v, want an escape check as its action", busy, able)
	}
	if b.st[2].cond&cRestrained == 0 {
		t.Errorf("a poisoned stand escaped the web on 3 + 1 = 4 vs DC 13 (disadvantage: 15, 3)\n%s", logText(l))
	}
}

// U-76 [5E-CORE] charmed: "A charmed creature can't attack the charmer or target the charmer with
// harmful abilities or magical effects." e charmed by w cannot attack w, though adjacent; charmed
// by the cleric instead, it may attack w again.
func TestCharmedU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	w, e := Ref{RefStand, 1}, Ref{RefStand, 2}
	ea := b.standActor(2)
	putCond(b, e, w, cCharmed)
	if ok, _, _ := b.canTarget(&ea, &ea.cr.attacks[0], w); ok {
		t.Error("a charmed stand may attack its charmer")
	}
	b.endEffects(func(x *effect) bool { return x.target == e }, "test")
	putCond(b, e, Ref{RefStand, 0}, cCharmed)
	if ok, melee, _ := b.canTarget(&ea, &ea.cr.attacks[0], w); !ok || !melee {
		t.Errorf("charmed by another, e may not attack the adjacent w: ok %v melee %v", ok, melee)
	}
}

// U-13 (seed: 「またアクションを取ることができなくなったなら、もはや指揮官としての役割を果たさなくなる」)
// and U-76 [5E-CORE]: "A stunned creature is incapacitated": the stunned commander h stops
// commanding a at once, as a paralyzed one does (TestIncapacitatedCommanderU13).
func TestStunnedCommanderU13U76(t *testing.T) {
	b, l := incapBattle(t)
	putCond(b, Ref{RefSolo, 0}, Ref{RefStand, 2}, cStunned)
	if b.un[0].cmd != -1 || b.so[0].cmd != -1 {
		t.Errorf("a stunned h still commands a: unit cmd %d, solo cmd %d\n%s", b.un[0].cmd, b.so[0].cmd, logText(l))
	}
	if !strings.Contains(logText(l), "h no longer commands a (can no longer act)") {
		t.Errorf("no command-ended line:\n%s", logText(l))
	}
}

// U-14 (Prepare: a DC 15 Charisma check) and U-76 [5E-CORE] poisoned: "A poisoned creature has
// disadvantage on attack rolls and ability checks." The poisoned hero h (+5) rolls d20s 10, 3 ->
// 3, 3 + 5 = 8 < 15: Prepare fails (unpoisoned, 10 + 5 = 15 would have succeeded, TestPrepareU14).
func TestPoisonedCommanderU14U76(t *testing.T) {
	cl := newClash(open(8, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {0, 1}}, cmd: 1},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{7, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0, PC: true}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	ch := &picker{t: t, answers: map[Ask][]string{AskCommand: {"prepare"}}}
	b.Reset(Config{Dice: script(t, 10, 3), Chooser: ch, Rec: &l})
	b.round, b.turnUnit = 1, 0
	putCond(b, Ref{RefSolo, 0}, Ref{RefStand, 1}, cPoisoned)
	b.commandBonus(0)
	if b.un[0].prep != 0 {
		t.Errorf("a poisoned commander prepared on d20s 10, 3 (disadvantage: 3 + 5 = 8 vs DC 15)\n%s", logText(&l))
	}
	if !strings.Contains(logText(&l), "h prepares a: ") || !strings.Contains(logText(&l), "= 8 vs DC 15: fails") {
		t.Errorf("transcript lacks the failed check at 8:\n%s", logText(&l))
	}
}

// U-76 [5E-CORE] charmed: "A charmed creature can't ... target the charmer with harmful abilities
// or magical effects." The cleric (stand 0) charmed by the enemy soldier e (stand 2, 3 squares
// away, in hold person's range, U-37) may not cast hold person at e; charmed by another, it may.
func TestCharmedCasterU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	c, e := Ref{RefStand, 0}, Ref{RefStand, 2}
	at := b.standActor(0)
	if !b.spellTargetable(&at, &b.s.sp[0], e) {
		t.Fatal("setup: hold person cannot target e")
	}
	putCond(b, c, e, cCharmed)
	if b.spellTargetable(&at, &b.s.sp[0], e) {
		t.Error("a caster charmed by e may cast hold person at e")
	}
	b.endEffects(func(x *effect) bool { return x.target == c }, "test")
	putCond(b, c, Ref{RefStand, 1}, cCharmed)
	if !b.spellTargetable(&at, &b.s.sp[0], e) {
		t.Error("a caster charmed by another may not cast hold person at e")
	}
}

// U-76 [5E-CORE], SRD 5.1 Concentration: "Being incapacitated or killed. You lose concentration on
// a spell if you are incapacitated or if you die." The cleric (stand 0) holds hold person on e
// (Wisdom save d20 5 + 0 = 5 < DC 13: paralyzed). Made paralyzed, stunned, incapacitated or
// unconscious, the cleric loses the spell at once and e is free; made prone, blinded, poisoned,
// charmed or frightened (none of them incapacitating), it keeps the spell and e stays paralyzed.
func TestIncapacitatedCasterLosesConcentrationU76(t *testing.T) {
	for _, tc := range []struct {
		c    uint16
		lose bool
	}{{cParalyzed, true}, {cStunned, true}, {cIncap, true}, {cUnconscious, true},
		{cProne, false}, {cBlinded, false}, {cPoisoned, false}, {cCharmed, false}, {cFrightened, false}} {
		b, l := fxField(t)
		b.Reset(Config{Dice: script(t, 5), Rec: l})
		b.round = 1
		at := b.standActor(0)
		e, cl := Ref{RefStand, 2}, Ref{RefStand, 0}
		b.castTargeted(&at, b.knownAt(&at, 0), &b.s.sp[0], e)
		if b.st[2].cond&cParalyzed == 0 {
			t.Fatalf("hold person: not paralyzed after a failed save\n%s", logText(l))
		}
		putCond(b, cl, e, tc.c)
		held := b.st[2].cond&cParalyzed != 0
		if held == tc.lose || b.concentrating(cl) == tc.lose {
			t.Errorf("cleric %s: e paralyzed %v, cleric concentrating %v; want %v\n%s", condName(tc.c), held, b.concentrating(cl), !tc.lose, logText(l))
		}
		want := "e 1 is no longer paralyzed (Hold Person by c 1): c 1 is " + condName(tc.c) + ": incapacitated"
		if tc.lose && !strings.Contains(logText(l), want) {
			t.Errorf("transcript lacks %q\n%s", want, logText(l))
		}
	}
}
