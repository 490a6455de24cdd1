package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// The end of a phase: damage, routs and parting shots (P-17, P-53..P-56).

// resolve applies the phase's damage and healing together (P-16; fast healing and regeneration
// heal each phase), then, army by army, destruction (P-57; ferocity, regeneration), withdrawal
// (P-25), fear checks and the rout check (P-55); then Hit and Run's withdrawals after the attacks
// (P-42), the end of ferocity's extra phase, and parting shots (P-56).
func (b *Battle) resolve() {
	parting, leaving, regen := false, false, false
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		s := &u.s
		if s.status != StatusActive {
			continue
		}
		s.engines = max(0, s.engines-s.p.lost)
		if s.p.dmg != 0 || s.p.heal != 0 || (b.dyn && u.fastHeal != 0 && s.hp < u.maxHP) {
			heal := s.p.heal + u.fastHeal // fast healing and regeneration are dynamic abilities
			s.hp = min(u.maxHP, s.hp+heal) - s.p.dmg
			if b.log != nil {
				e := b.emit(EvHP, i, -1)
				e.Damage, e.Heal, e.HP = s.p.dmg, heal, s.hp
				b.send()
			}
		}
		if b.dyn && s.ferocious {
			leaving = leaving || s.p.leaving // its extra phase: only its end ends it
			continue
		}
		switch {
		case s.hp <= 0:
			switch {
			case b.ferocity(i, StatusDestroyed):
			case u.st.Regeneration > 0:
				regen = true
			default:
				b.destroy(i)
				if b.dyn {
					b.createSpawn(i)
				}
			}
			continue
		case b.dyn && s.p.routing: // failed a morale check while afraid
			parting = b.routed(i) || parting
			continue
		case s.p.leaving:
			leaving = true
			parting = parting || b.opt.PartingWhen == pfarmy.PartingRoutsAndWithdraw
			continue
		}
		if b.dyn && s.p.feared != 0 {
			b.fearChecks(i)
			if s.p.routing {
				parting = b.routed(i) || parting
				continue
			}
		}
		if !u.covers(s.hp) {
			continue
		}
		check := false
		switch b.opt.Rout {
		case pfarmy.RoutEveryPhase:
			check = true
		case pfarmy.RoutOnce:
			check = s.p.dmg > 0 && !s.routChecked
		default:
			check = s.p.dmg > 0
		}
		if check {
			s.routChecked = true
			if b.routs(i) {
				s.p.routing = true
				parting = b.routed(i) || parting
			}
		}
	}
	if regen {
		b.regenerate()
	}
	for i := 0; i < b.n && b.err == nil && b.hnr; i++ {
		if b.u[i].boons.Has(pfarmy.BoonHitAndRun) && b.hitAndRunAfter(i) {
			leaving = true
			parting = parting || b.opt.PartingWhen == pfarmy.PartingRoutsAndWithdraw
		}
	}
	if b.dyn && b.ferocityEnds() {
		parting = true
	}
	if parting {
		b.partingShots()
	}
	if !parting && !leaving {
		return
	}
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		switch {
		case s.status != StatusActive:
		case s.p.routing:
			s.status = StatusRouted
			b.active[b.u[i].side]--
		case s.p.leaving:
			s.status = StatusWithdrawn
			b.active[b.u[i].side]--
			if b.log != nil {
				b.emit(EvWithdrawn, i, -1)
				b.send()
			}
		}
	}
}

// routed settles army i's rout (s.p.routing set): ferocity keeps it fighting one more phase;
// otherwise it routs. True when it routs.
func (b *Battle) routed(i int) bool {
	s := &b.u[i].s
	if b.ferocity(i, StatusRouted) {
		s.p.routing = false
		return false
	}
	if b.log != nil {
		b.emit(EvRouted, i, -1)
		b.send()
	}
	return true
}

// hitAndRunAfter is Hit and Run (P-42): after the attacks of a Ranged Phase or the first Melee
// Phase, an army still on the field may withdraw (the tactic it took for this, or a choice now:
// AskHitAndRun) with the boon's bonus; true when it leaves.
func (b *Battle) hitAndRunAfter(i int) bool {
	s := &b.u[i].s
	if s.status != StatusActive || s.p.routing || s.p.leaving || s.ferocious || !b.hitAndRun(i) {
		return false
	}
	if s.tactic != pfarmy.TacWithdraw {
		if !b.Allowed(i).Has(pfarmy.TacWithdraw) || !b.decide(i, AskHitAndRun, -1) {
			return false
		}
		from := s.tactic
		b.setTactic(i, pfarmy.TacWithdraw) // no check to switch to Withdraw (P-23)
		if b.log != nil {
			e := b.emit(EvTactic, i, -1)
			e.Tactic, e.FromTactic, e.OK = pfarmy.TacWithdraw, from, true
			b.send()
		}
	}
	b.withdraw(i, true)
	return s.p.leaving
}

// ferocity is the ferocity ability: an army destroyed or routed fights one more phase at OM and DV
// -4, once a battle; end is what it will be when that phase ends. False when it has no ferocity left.
func (b *Battle) ferocity(i int, end Status) bool {
	u := &b.u[i]
	s := &u.s
	if !u.st.Abil.Has(pfarmy.AbFerocity) || s.ferocAt != 0 {
		return false
	}
	s.ferocious, s.ferocEnd, s.ferocAt = true, end, int16(b.phaseNo)
	if b.log != nil {
		e := b.emit(EvFerocity, i, -1)
		e.HP, e.End = s.hp, end
		b.send()
	}
	return true
}

// ferocityEnds ends the extra phase of the armies whose ferocity began in an earlier phase: destroyed
// (so too a routed one at 0 hp or less) or routing; true when one routs.
func (b *Battle) ferocityEnds() bool {
	routs := false
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		if s.status != StatusActive || !s.ferocious || int(s.ferocAt) >= b.phaseNo {
			continue
		}
		s.ferocious = false
		if s.ferocEnd == StatusDestroyed || s.hp <= 0 {
			b.destroy(i)
			continue
		}
		s.p.routing, s.p.leaving = true, false
		routs = true
		if b.log != nil {
			b.emit(EvRouted, i, -1)
			b.send()
		}
	}
	return routs
}

// ferocityOver ends ferocity for the armies still in it when the battle is over.
func (b *Battle) ferocityOver() {
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		s := &u.s
		if s.status != StatusActive || !s.ferocious {
			continue
		}
		s.ferocious = false
		if s.ferocEnd == StatusDestroyed || s.hp <= 0 {
			b.destroy(i)
			continue
		}
		s.status = StatusRouted
		b.active[u.side]--
		if b.log != nil {
			b.emit(EvRouted, i, -1)
			b.send()
		}
	}
}

// regenerate decides the regenerating armies at 0 hp or less: destroyed when an enemy army is still
// on the field at the end of the phase, else they stay (regeneration).
func (b *Battle) regenerate() {
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		if u.s.status != StatusActive || u.s.hp > 0 || u.s.ferocious || u.st.Regeneration == 0 {
			continue
		}
		enemy := false
		for j := 0; j < b.n; j++ {
			v := &b.u[j]
			if v.side != u.side && v.s.status == StatusActive && !v.s.p.routing && !v.s.p.leaving && (v.s.hp > 0 || v.st.Regeneration > 0) {
				enemy = true
			}
		}
		if enemy {
			b.destroy(i)
		} else if b.log != nil {
			e := b.emit(EvRegenerate, i, -1)
			e.HP = u.s.hp
			b.send()
		}
	}
}

// routs makes army i's DC 15 rout check, with Hold the Line's reroll (P-43, P-55); true: it routs.
func (b *Battle) routs(i int) bool {
	u := &b.u[i]
	ok := b.routCheck(i, false)
	if !ok && u.boons.Has(pfarmy.BoonHoldTheLine) && (b.opt.HoldTheLine == pfarmy.HoldEveryCheck || !u.s.holdUsed) {
		u.s.holdUsed = true
		ok = b.routCheck(i, true)
	}
	return !ok
}

func (b *Battle) routCheck(i int, reroll bool) bool {
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x, checkRout)
	die := b.d(20)
	ok := die+x.sum >= 15 || b.never(i, checkRout)
	if b.log != nil {
		e := b.emit(EvRoutCheck, i, -1)
		e.Roll.set(die, x, 15)
		e.OK, e.Reroll = ok, reroll
		b.send()
	}
	return ok
}

// partingShots is P-56: every routing army (and, by option, every army leaving by Withdraw) takes one
// offense check from each army still fighting (enemies, or all by option), all at once.
func (b *Battle) partingShots() {
	melee := b.phase == PhaseMelee
	for r := 0; r < b.n; r++ {
		ur := &b.u[r]
		if ur.s.status != StatusActive || !(ur.s.p.routing || ur.s.p.leaving) {
			continue
		}
		if ur.s.p.leaving && b.opt.PartingWhen != pfarmy.PartingRoutsAndWithdraw {
			continue
		}
		ur.s.p.dmg = 0
		for a := 0; a < b.n; a++ {
			ua := &b.u[a]
			if a == r || ua.s.status != StatusActive || ua.s.p.routing || ua.s.p.leaving || ua.s.p.skipNow || ua.s.p.afraid {
				continue
			}
			if ua.side == ur.side && b.opt.PartingWho != pfarmy.PartingAll {
				continue
			}
			b.offense(a, r, melee, true)
		}
	}
	for r := 0; r < b.n; r++ {
		s := &b.u[r].s
		if s.status != StatusActive || s.p.dmg == 0 || !(s.p.routing || s.p.leaving) {
			continue
		}
		s.hp -= s.p.dmg
		if b.log != nil {
			e := b.emit(EvHP, r, -1)
			e.Damage, e.HP = s.p.dmg, s.hp
			b.send()
		}
		if s.hp <= 0 {
			b.destroy(r)
		}
	}
}

// mindlessCaptors reports whether every enemy army of army i still on the field is mindless: its
// captured commander would be the captive of mindless creatures.
func (b *Battle) mindlessCaptors(i int) bool {
	any := false
	for j := 0; j < b.n; j++ {
		v := &b.u[j]
		if v.side == b.u[i].side || v.s.status != StatusActive {
			continue
		}
		if !v.st.Abil.Has(pfarmy.AbMindless) {
			return false
		}
		any = true
	}
	return any
}

// destroy is P-57 and P-58: the army is destroyed; a present NPC commander's fate is a d100 (killed
// when its captors are mindless).
func (b *Battle) destroy(i int) {
	u := &b.u[i]
	u.s.status = StatusDestroyed
	b.active[u.side]--
	u.s.fate = FateNone
	if u.st.Commander && u.st.CommanderPresent {
		if u.st.CommanderPC {
			u.s.fate = FatePC
		} else {
			u.s.fate = FateOf(b.d(100))
		}
		if u.s.fate == FateCaptured && b.mindlessCaptors(i) {
			u.s.fate = FateKilled // "An army of mindless creatures kills all captured NPC commanders."
		}
	}
	if b.log != nil {
		e := b.emit(EvDestroyed, i, -1)
		e.Fate, e.Penalty, e.HP = u.s.fate, u.st.Size.Penalty(), u.s.hp
		b.send()
	}
}
