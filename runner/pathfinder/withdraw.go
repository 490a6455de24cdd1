package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// Withdrawing from a battle (P-25): the opposed morale checks.

// withdraw is P-25: opposed morale checks against the enemy armies (Options.Withdraw); having won
// any, the army leaves at the end of the phase or treats the phase as a Ranged Phase. after is a
// Hit and Run withdrawal, once the phase's attacks are resolved (P-42): no Ranged Phase to treat it
// as then.
func (b *Battle) withdraw(w int, after bool) {
	uw := &b.u[w]
	var enemies uint16
	for e := 0; e < b.n; e++ {
		if ue := &b.u[e]; ue.s.status == StatusActive && ue.side != uw.side {
			enemies |= 1 << e
		}
	}
	var beat uint16
	if b.opt.Withdraw == pfarmy.WithdrawSingle {
		best, bestMod := -1, 0
		for e := 0; e < b.n; e++ {
			if enemies&(1<<e) == 0 || b.withdrawsAtWill(w, e) || !b.decide(e, AskOppose, w) {
				continue
			}
			x := &b.xb
			x.reset(false)
			b.opposeMods(e, x)
			if best < 0 || x.sum > bestMod {
				best, bestMod = e, x.sum
			}
		}
		if best < 0 || b.opposed(w, best) {
			beat = enemies
		}
	} else {
		for e := 0; e < b.n; e++ {
			if enemies&(1<<e) == 0 {
				continue
			}
			if b.withdrawsAtWill(w, e) || !b.decide(e, AskOppose, w) {
				beat |= 1 << e
				if b.log != nil {
					b.emit(EvWithdraw, w, e).OK = true
					b.send()
				}
				continue
			}
			if b.opposed(w, e) {
				beat |= 1 << e
			}
		}
	}
	if b.err != nil || beat == 0 {
		return
	}
	uw.s.p.beat, uw.s.p.withdrawing = beat, true
	leave := b.decide(w, AskLeave, -1)
	if leave {
		uw.s.p.leaving = true
	} else if b.phase == PhaseMelee && !after {
		uw.s.p.rangedTreat = true
	}
	if b.log != nil {
		b.emit(EvLeave, w, -1).OK = leave
		b.send()
	}
}

// hitAndRun reports whether army i's withdrawal waits for this phase's attacks: Hit and Run's
// withdrawal comes "after attacks are resolved in the Ranged phase or the first Melee phase"
// (P-42), with its bonus; the army attacks first.
func (b *Battle) hitAndRun(i int) bool {
	return b.u[i].boons.Has(pfarmy.BoonHitAndRun) && (b.phase == PhaseRanged || b.meleeNo == 1)
}

// opposeMods are the modifiers of an army's check against a withdrawal (P-8, P-45; track: + ACR).
func (b *Battle) opposeMods(e int, x *acc) {
	b.moraleMods(e, x, checkWithdraw)
	u := &b.u[e]
	if u.boons.Has(pfarmy.BoonMerciless) {
		x.add(ModBoon, uint8(pfarmy.BoonMerciless), 1)
	}
	if u.st.Abil.Has(pfarmy.AbTrack) {
		x.add(ModAbility, uint8(pfarmy.AbTrack), u.acrBonus)
	}
}

// opposed is one opposed morale check of withdrawing army w against army e (P-25): the higher total
// wins; on a tie the higher modifier, then a reroll (at most 100 times; then w loses).
func (b *Battle) opposed(w, e int) bool {
	uw := &b.u[w]
	for try := 0; try < 100 && b.err == nil; try++ {
		x, y := &b.xa, &b.xb
		x.reset(b.log != nil)
		y.reset(b.log != nil)
		b.moraleMods(w, x, checkWithdraw)
		if b.field.Fog || b.sandstorm() {
			x.add(ModFog, 0, 2)
		}
		if uw.boons.Has(pfarmy.BoonHitAndRun) && (b.phase == PhaseRanged || b.meleeNo == 1) {
			v := 2
			if uw.lead >= 10 {
				v = 4
			}
			x.add(ModBoon, uint8(pfarmy.BoonHitAndRun), v)
		}
		b.opposeMods(e, y)
		dw := b.d(20)
		de := b.d(20)
		tw, te := dw+x.sum, de+y.sum
		won, done := tw > te, tw != te
		if !done && x.sum != y.sum {
			won, done = x.sum > y.sum, true
		}
		if b.log != nil {
			ev := b.emit(EvWithdraw, w, e)
			ev.Roll.set(dw, x, 0)
			ev.Against.set(de, y, 0)
			ev.OK = won
			b.send()
		}
		if done {
			return won
		}
	}
	return false
}
