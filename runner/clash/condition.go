package clash

import (
	"fmt"
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The condition model (U-76 [5E-CORE]: 「標準の戦闘ルール」 for what the seed does not cover, each
// stand treated as one creature): effects on stands and solos, each with its cause (a spell or a
// trait), its source (the caster, for concentration) and its end (a save, an escape, damage, the
// caster's concentration or its duration).

// Condition bits of stand.cond and solo.cond (recomputed from Battle.fx by recond).
const (
	cParalyzed   uint16 = 1 << iota // plan.CondParalyzed
	cRestrained                     // plan.CondRestrained
	cProne                          // plan.CondProne
	cIncap                          // plan.CondIncapacitated
	cOutlined                       // plan.CondOutlined
	cUnconscious                    // plan.CondUnconscious
	cFrightened                     // plan.CondFrightened
	cStunned                        // plan.CondStunned
	cBlinded                        // plan.CondBlinded
	cPoisoned                       // plan.CondPoisoned
	cCharmed                        // plan.CondCharmed
	cMods        uint16 = 1 << 15   // some effect adds dice to its attacks or saves, or to its AC
)

// cNoAct are the conditions under which a stand or solo neither moves nor acts [5E-CORE: paralyzed,
// stunned and unconscious creatures are incapacitated; an incapacitated one takes no actions, and a
// paralyzed or stunned one cannot move].
const cNoAct = cParalyzed | cIncap | cUnconscious | cStunned

// cHelpless are the conditions under which Strength and Dexterity saves fail, attacks against
// have advantage and a hit from an adjacent square is critical [5E-CORE: paralyzed, unconscious].
const cHelpless = cParalyzed | cUnconscious

// cFailStrDex are the conditions under which Strength and Dexterity saves fail automatically
// [5E-CORE: paralyzed, stunned, unconscious]; a stunned creature's adjacent hits are not critical.
const cFailStrDex = cHelpless | cStunned

// condBit is the bit of a plan.Cond* name, 0 for "" or an unknown name.
func condBit(name string) uint16 {
	for k, n := range plan.ClashConditions {
		if n == name {
			return 1 << k
		}
	}
	return 0
}

// condName is the plan name of one condition bit.
func condName(bit uint16) string {
	for k, n := range plan.ClashConditions {
		if bit == 1<<k {
			return n
		}
	}
	return ""
}

// effect is one effect on a stand or solo.
type effect struct {
	target Ref
	src    Ref    // the caster (RefStand, RefSolo); Kind RefNone: none (a trait's prone)
	sp     int32  // spell index into Setup.sp; -1: a trait's
	cond   uint16 // one condition bit, or 0 (a boon or bane only)
	dc     int32
	until  int32 // ends at the start of its source's turn in this round (U-1: 1 minute = 1 round); 0 never by time
	stand  bool  // cast by a stand (an aura's damage doubled, aura.go)
}

// condOf is t's condition bits (0 for a resource square).
func (b *Battle) condOf(t Ref) uint16 {
	switch t.Kind {
	case RefStand:
		return b.st[t.Index].cond
	case RefSolo:
		return b.so[t.Index].cond
	}
	return 0
}

// actorRef is the Ref of an actor.
func actorRef(at *actor) Ref {
	if at.stand >= 0 {
		return Ref{RefStand, int(at.stand)}
	}
	return Ref{RefSolo, int(at.solo)}
}

// recond recomputes t's condition bits from the effects on it.
func (b *Battle) recond(t Ref) {
	var c uint16
	for k := range b.fx {
		e := &b.fx[k]
		if e.target != t {
			continue
		}
		c |= e.cond
		if e.sp >= 0 && b.s.sp[e.sp].fx.mods() {
			c |= cMods
		}
	}
	switch t.Kind {
	case RefStand:
		b.st[t.Index].cond = c
	case RefSolo:
		b.so[t.Index].cond = c
	}
}

// effectName is what an effect is called in the transcript: its condition, or its spell's name.
func (b *Battle) effectName(e *effect) string {
	if e.cond != 0 {
		return condName(e.cond)
	}
	if e.sp >= 0 {
		return b.s.sp[e.sp].name
	}
	return "effect"
}

// effectCause names what caused an effect: the spell (and its caster) or the trait.
func (b *Battle) effectCause(e *effect, trait string) string {
	if e.sp < 0 {
		return trait
	}
	s := b.s.sp[e.sp].name
	if e.src.Kind != RefNone {
		s += " by " + b.refName(e.src)
	}
	return s
}

// addEffect puts effect e on its target; the same spell from the same source on the same target
// is refreshed, not stacked (5e: effects of the same spell do not combine). A caster made unable to
// act (paralyzed, stunned, incapacitated, unconscious) loses its concentration spell at once
// (U-76 [5E-CORE]), and a commanding solo so made stops commanding (U-13).
func (b *Battle) addEffect(e effect, trait string) {
	if e.cond != 0 && b.s.cr[b.crOf(e.target)].condImm&e.cond != 0 {
		// A stat block's Condition Immunities [SRD] (the zombie's poisoned): it never has it.
		b.emit(func() Event {
			return &ConditionEvent{Who: b.refName(e.target), Condition: condName(e.cond), Cause: b.effectCause(&e, trait), Immune: true}
		})
		return
	}
	for k := range b.fx {
		o := &b.fx[k]
		if o.target == e.target && o.sp == e.sp && o.cond == e.cond && (e.sp < 0 || o.src == e.src) {
			*o = e
			return
		}
	}
	b.fx = append(b.fx, e)
	b.recond(e.target)
	b.emit(func() Event {
		ev := &ConditionEvent{Who: b.refName(e.target), Condition: b.effectName(&e), Cause: b.effectCause(&e, trait), Boon: e.cond == 0}
		if e.sp >= 0 {
			ev.Effect = b.s.sp[e.sp].fx.words()
		} else if e.cond == cProne {
			ev.Effect = proneWords
		}
		if e.until > 0 {
			ev.Until = int(e.until)
		}
		return ev
	})
	if e.cond&cNoAct != 0 && b.concentrating(e.target) {
		// U-76 [5E-CORE] (the seed says nothing of concentration): SRD 5.1, Concentration, "Being
		// incapacitated or killed. You lose concentration on a spell if you are incapacitated or if
		// you die"; paralyzed, stunned and unconscious creatures are incapacitated.
		b.dropConcentration(e.target, b.refName(e.target)+" is "+condName(e.cond)+": incapacitated")
	}
	if e.target.Kind == RefSolo && e.cond&cNoAct != 0 {
		// U-13: 「またアクションを取ることができなくなったなら、もはや指揮官としての役割を果たさなくなる」;
		// 5e: an incapacitated creature (paralyzed, unconscious) takes no actions or bonus actions.
		b.commandEnds(int32(e.target.Index), "can no longer act")
	}
}

// proneWords says what prone does, as the engine plays it (U-76 [5E-CORE] prone; attack.go,
// startOfTurn): a trait's prone (the minotaur's charge, U-3) has no spell text to show.
const proneWords = "attacks against it have advantage from an adjacent square (within 5 ft) and disadvantage from farther, " +
	"its attacks have disadvantage, standing up costs half its speed"

// endEffect ends effect k (in place order, so the rest keep theirs) and says why.
func (b *Battle) endEffect(k int, why string) {
	e := b.fx[k]
	b.fx = append(b.fx[:k], b.fx[k+1:]...)
	b.recond(e.target)
	b.emit(func() Event {
		return &ConditionEvent{Who: b.refName(e.target), Condition: b.effectName(&e), Cause: b.effectCause(&e, "charge"),
			Ended: true, Why: why, Boon: e.cond == 0}
	})
}

// endEffects ends every effect for which f is true.
func (b *Battle) endEffects(f func(e *effect) bool, why string) {
	for k := 0; k < len(b.fx); {
		if f(&b.fx[k]) {
			b.endEffect(k, why)
			continue
		}
		k++
	}
}

// concentrating reports whether src holds a concentration spell.
func (b *Battle) concentrating(src Ref) bool {
	for k := range b.fx {
		if e := &b.fx[k]; e.src == src && e.sp >= 0 && b.s.sp[e.sp].fx.conc {
			return true
		}
	}
	for k := range b.zones {
		if z := &b.zones[k]; z.src == src && b.s.sp[z.sp].fx.conc {
			return true // a web that caught no one still holds its caster's concentration
		}
	}
	return false
}

// dropConcentration ends every effect of src's concentration spell [5E-CORE: one concentration
// spell at a time; it ends when the caster casts another, is incapacitated or killed, or fails
// a concentration save].
func (b *Battle) dropConcentration(src Ref, why string) {
	b.endEffects(func(e *effect) bool { return e.src == src && e.sp >= 0 && b.s.sp[e.sp].fx.conc }, why)
	if len(b.zones) > 0 {
		b.endZones(func(z *zone) bool { return z.src == src && b.s.sp[z.sp].fx.conc }, why)
	}
}

// startConcentration is a caster beginning a concentration spell: the one it held ends.
func (b *Battle) startConcentration(at *actor, sp *spell) {
	if sp.fx != nil && sp.fx.conc {
		b.dropConcentration(actorRef(at), "concentration: "+b.actorName(at)+" casts "+sp.name)
	}
}

// damaged is what taking amount damage does to t's effects [5E-CORE]: effects that end on damage
// end on it (hypnotic pattern, sleep), and a caster holding concentration makes a Constitution
// save, DC 10 or half the damage if higher, or loses the spell. Called with the damage a stand or
// solo took (after resistances, before overflow).
func (b *Battle) damaged(t Ref, amount int) {
	if len(b.fx) == 0 && len(b.zones) == 0 || amount <= 0 {
		return
	}
	b.endEffects(func(e *effect) bool { return e.target == t && e.sp >= 0 && b.s.sp[e.sp].fx.endsOnDmg }, "took damage")
	if !b.concentrating(t) {
		return
	}
	dc := max(10, amount/2)
	if !b.save(t, plan.AbCon, dc, false, false, "concentration") {
		b.dropConcentration(t, "concentration broken by "+strconv.Itoa(amount)+" damage")
	}
}

// gone ends what a stand or solo leaving the fight (removed, fled, dead, dying) held and bore:
// its concentration and every effect on it.
func (b *Battle) gone(t Ref) {
	if len(b.fx) == 0 && len(b.zones) == 0 {
		return
	}
	b.dropConcentration(t, b.refName(t)+" is out of the fight")
	for k := 0; k < len(b.fx); {
		if b.fx[k].target == t {
			b.fx = append(b.fx[:k], b.fx[k+1:]...) // no event: the one it was on is gone
			continue
		}
		k++
	}
	b.recond(t)
}

// expire ends the timed effects of src whose duration is over, at the start of src's turn (U-1:
// a 1-minute spell cast in round r lasts until its caster's turn in round r + 1).
func (b *Battle) expire(src Ref) {
	if len(b.fx) == 0 && len(b.zones) == 0 {
		return
	}
	r := int32(b.round)
	b.endEffects(func(e *effect) bool { return e.src == src && e.until > 0 && r >= e.until }, "duration over")
	b.endZones(func(z *zone) bool { return z.src == src && z.until > 0 && r >= z.until }, "duration over")
}

// expireOrphans ends, at the end of a round, timed effects whose source is no longer there to
// start a turn.
func (b *Battle) expireOrphans() {
	if len(b.fx) == 0 && len(b.zones) == 0 {
		return
	}
	r := int32(b.round)
	b.endEffects(func(e *effect) bool { return e.until > 0 && r >= e.until && !b.present(e.src) }, "duration over")
	b.endZones(func(z *zone) bool { return z.until > 0 && r >= z.until && !b.present(z.src) }, "duration over")
}

// present reports whether a source still takes turns.
func (b *Battle) present(r Ref) bool {
	switch r.Kind {
	case RefStand:
		return b.st[r.Index].on
	case RefSolo:
		return b.so[r.Index].state == soloUp
	}
	return false
}

// modRoll rolls the dice effects on t add to its attack rolls (atk) or saving throws: bless +1d4,
// bane -1d4, each spell once however many cast it. r notes them ("bless +3": an attack's mod, a
// save's cover).
func (b *Battle) modRoll(t Ref, atk bool, r *reasons) int {
	if b.condOf(t)&cMods == 0 {
		return 0
	}
	total := 0
	var seen [8]int32
	n := 0
	for k := range b.fx {
		e := &b.fx[k]
		if e.target != t || e.sp < 0 {
			continue
		}
		f := b.s.sp[e.sp].fx
		d, neg, has := f.sav, f.savNeg, f.hasSav
		if atk {
			d, neg, has = f.atk, f.atkNeg, f.hasAtk
		}
		if !has || contains32(seen[:n], e.sp) {
			continue
		}
		if n < len(seen) {
			seen[n] = e.sp
			n++
		}
		v := b.rollDice(d, false)
		if neg {
			v = -v
		}
		total += v
		if atk {
			r.mod(fmt.Sprintf("%s %+d", b.s.sp[e.sp].id, v))
		} else {
			r.cover(fmt.Sprintf("%s %+d", b.s.sp[e.sp].id, v))
		}
	}
	return total
}

// acMod is what effects on t add to its AC (shield of faith +2), each spell once.
func (b *Battle) acMod(t Ref, r *reasons) int {
	if b.condOf(t)&cMods == 0 {
		return 0
	}
	total := 0
	var seen [8]int32
	n := 0
	for k := range b.fx {
		e := &b.fx[k]
		if e.target != t || e.sp < 0 || b.s.sp[e.sp].fx.ac == 0 || contains32(seen[:n], e.sp) {
			continue
		}
		if n < len(seen) {
			seen[n] = e.sp
			n++
		}
		total += b.s.sp[e.sp].fx.ac
		r.cover(fmt.Sprintf("%s %+d", b.s.sp[e.sp].id, b.s.sp[e.sp].fx.ac))
	}
	return total
}

func contains32(l []int32, v int32) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}

// repeatSaves is the end of t's turn for effects that allow a save then (hold person: "At the end
// of each of its turns, the target can make another Wisdom saving throw"; power word stun: "The
// stunned target must make a Constitution saving throw at the end of each of its turns", U-76): a
// success ends the effect on t.
func (b *Battle) repeatSaves(t Ref) {
	if b.condOf(t) == 0 {
		return
	}
	for k := 0; k < len(b.fx); {
		e := &b.fx[k]
		if e.target == t && e.sp >= 0 && b.s.sp[e.sp].fx.repeat {
			sp := &b.s.sp[e.sp]
			ab := sp.save
			if sp.fx.repeatAb >= 0 {
				ab = sp.fx.repeatAb // power word stun: a Constitution save though the spell has none
			}
			if b.save(t, ab, int(e.dc), false, false, sp.name) {
				b.endEffect(k, "saved at the end of its turn")
				continue
			}
		}
		k++
	}
}

// startOfTurn is what t's conditions do as its turn starts [5E-CORE]: a prone stand or solo
// stands up, which costs half its speed (rose); a restrained one with an escape spends its action
// on the check (web: a Strength check against the caster's DC) and is free on a success (busy:
// its action is spent). It returns whether t may move and act this turn at all (not paralyzed or
// incapacitated).
//
// Default (U-33 with U-76; docs/rulings.md): a restrained stand makes its escape check instead of
// taking its unit's action, a U-39-like exception. U-33 (「個々のスタンドがそれぞれにそのアクション
// を取るか、何もアクションを取らないかする」) lets each stand take the unit's action or none; the
// seed's one stated exception (U-39, 「通常許されている任意のアクションを取ることができる」) lets
// a stand that cannot usefully take the unit's action take another open to it; the escape is the
// condition's own 5e rule ("can use its action to make a Strength check", SRD web, entangle),
// which U-76 brings in for a stand as one creature, and no battle action of U-33..U-55 holds it.
// Read strictly, a webbed stand could never escape and web (1 hour, 60 rounds, U-1) would take it
// out of the battle. The escape is the stand's whole action: it takes no part in its unit's
// Attack or Cast that turn, whether the check succeeds or not (TestRestrainedStandEscapesInstead
// OfUnitActionU33). The engine always makes the check (restrained, the stand cannot move and its
// attacks have disadvantage) at the start of the turn, before the move its speed 0 forbids; a
// stand freed moves with its unit that turn, as a 5e creature may move after its action.
func (b *Battle) startOfTurn(t Ref) (rose, busy, able bool) {
	c := b.condOf(t)
	if c == 0 {
		return false, false, true
	}
	if c&cNoAct != 0 {
		return false, true, false
	}
	if c&cRestrained != 0 {
		for k := 0; k < len(b.fx); k++ {
			e := &b.fx[k]
			if e.target != t || e.cond != cRestrained || e.sp < 0 || b.s.sp[e.sp].fx.escape < 0 {
				continue
			}
			busy = true
			ab := b.s.sp[e.sp].fx.escape
			mod := b.s.cr[b.crOf(t)].abil[ab]
			// A frightened or poisoned one's ability check: disadvantage [5E-CORE, U-76].
			face, _ := b.d20(false, b.frightOf(t).Kind != RefNone || b.condOf(t)&cPoisoned != 0)
			ok := face+mod >= int(e.dc)
			ev := &EscapeEvent{Who: b.refName(t), Ability: plan.AbilityNames[ab], Face: face, Mod: mod, Total: face + mod,
				DC: int(e.dc), OK: ok, Spell: b.s.sp[e.sp].name}
			b.emit(func() Event { return ev })
			if ok {
				b.endEffect(k, "escaped")
			}
			break // one action: one escape check
		}
	}
	if b.condOf(t)&cProne != 0 && b.condOf(t)&cRestrained == 0 {
		// Standing up costs half its speed; a restrained one (speed 0) stays down.
		b.endEffects(func(e *effect) bool { return e.target == t && e.cond == cProne }, "stands up (half its speed)")
		rose = true
	}
	return rose, busy, true
}

// charmedBy reports whether who is charmed by by (an effect of condition charmed on who whose
// source is by): it cannot attack by [5E-CORE charmed, U-76].
func (b *Battle) charmedBy(who, by Ref) bool {
	if b.condOf(who)&cCharmed == 0 {
		return false
	}
	for k := range b.fx {
		if e := &b.fx[k]; e.target == who && e.cond == cCharmed && e.src == by {
			return true
		}
	}
	return false
}

// crOf is t's creature index.
func (b *Battle) crOf(t Ref) int32 {
	if t.Kind == RefStand {
		return b.st[t.Index].cr
	}
	return b.so[t.Index].cr
}
