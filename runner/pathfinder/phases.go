package pathfinder

import (
	"fmt"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// The order of a battle (P-15..P-24): the Tactics Phase, the Ranged and Melee Phases, tactic
// and strategy changes and taunts.

// Run fights the battle from the start (P-15): the Tactics Phase, Ranged Phases, then Melee Phases
// until one side has no army left on the field, or Options.MaxPhases. It returns the result and the
// first error: a chooser's invalid answer (ErrChoice) or a die face out of range (ErrDice).
func (b *Battle) Run() (Result, error) {
	b.restart()
	b.tacticsPhase()
	if b.plainTac == 0 { // the built-in policies' Tactics Phase is the same every Run of a Reset
		b.plainTac = 2
		if b.plain && b.ch == nil && b.plainTactics() {
			b.plainTac = 1
		}
	}
	b.plainOn = b.plainTac == 1 && b.log == nil && !b.noPlain
	ranged := true
	for b.err == nil && !b.over {
		if b.phaseNo >= b.max {
			if b.dyn {
				b.ferocityOver() // an army in ferocity's extra phase ends as it would have (at -3 hp: destroyed)
			}
			if b.active[0] > 0 && b.active[1] > 0 {
				b.res.Limit = true
			} else {
				b.finish()
			}
			break
		}
		b.phaseNo++
		if ranged {
			b.phase = PhaseRanged
		} else {
			b.phase = PhaseMelee
			b.meleeNo++
		}
		if b.plainOn {
			b.fightPlain()
		} else {
			b.fight()
		}
		if b.end() {
			break
		}
		if ranged {
			ranged = b.stay()
		}
	}
	b.res.Phases, b.res.Melee = b.phaseNo, b.meleeNo
	if b.dyn && b.over && b.err == nil {
		b.mercy()
	}
	if b.log != nil && b.err == nil {
		e := b.emit(EvEnd, -1, -1)
		e.Side = b.res.Winner
		e.OK = b.res.Limit // cut off at Options.MaxPhases: said so, never taken for an ending
		b.send()
	}
	return b.res, b.err
}

func (b *Battle) restart() {
	b.phase, b.phaseNo, b.meleeNo, b.over, b.err = PhaseNone, 0, 0, false, nil
	b.res = Result{Winner: NoSide}
	b.active = [2]int{}
	b.sand = false
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		b.active[u.side]++
		shaped := u.s.shaped
		u.s = state{hp: u.startHP, fort: u.fort0, engines: u.st.SiegeEngines, frNextT: -1,
			p: phase{target: -1, frTarget: -1}}
		if u.st.HealingPotions {
			u.s.potions = 2
		}
		if shaped {
			u.setSenses(b) // wild shape in the last Run: the senses the army entered with
		}
		u.s.elixir = u.st.Abil.Has(pfarmy.AbAlchemy)
		u.s.challenged = -1
		u.s.inspires, u.s.bondTo = -1, -1
		u.s.drain, u.s.diseased = u.drain0, u.sick0 // from an earlier battle (a hex run)
	}
}

// end checks whether one side has no army left on the field (P-61).
func (b *Battle) end() bool {
	if b.active[0] > 0 && b.active[1] > 0 {
		return false
	}
	b.finish()
	return true
}

// finish ends the battle: the winner is the side with armies on the field. An army in ferocity's
// extra phase when the battle ends is what it would have been: destroyed or routed.
func (b *Battle) finish() {
	a, c := b.active[0], b.active[1]
	if b.dyn {
		b.ferocityOver()
		a, c = b.active[0], b.active[1]
	}
	switch {
	case a > 0:
		b.res.Winner = SideA
	case c > 0:
		b.res.Winner = SideB
	}
	b.over = true
}

// stay decides whether another Ranged Phase follows (P-49).
func (b *Battle) stay() bool {
	if b.opt.StayAtRange == pfarmy.StayNever {
		return false
	}
	for i := 0; i < b.n; i++ {
		if u := &b.u[i]; u.s.status == StatusActive && !u.st.Ranged {
			return false
		}
	}
	for i := 0; i < b.n; i++ {
		if b.u[i].s.status == StatusActive && !b.decide(i, AskStayAtRange, -1) {
			return false
		}
	}
	return true
}

// tacticsPhase is P-22 with ambushes (P-65) and routed armies (P-60).
func (b *Battle) tacticsPhase() {
	b.phase = PhaseTactics
	if b.log != nil {
		b.emit(EvPhase, -1, -1)
		b.send()
	}
	var skip uint16
	for i := 0; i < b.n; i++ {
		if !b.u[i].ambusher || !b.anyTarget(i) {
			continue
		}
		t := b.chooseTarget(i)
		if t < 0 {
			continue
		}
		x, y := &b.xa, &b.xb
		x.reset(b.log != nil)
		y.reset(b.log != nil)
		b.omMods(i, t, false, false, x)
		b.dvMods(t, i, false, y)
		die := b.d(20)
		ok := die+x.sum > y.sum
		if ok {
			skip |= 1 << t
		}
		if b.log != nil {
			e := b.emit(EvAmbush, i, t)
			e.Roll.set(die, x, 0)
			e.Against.set(0, y, 0)
			e.OK = ok
			b.send()
		}
	}
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		var t pfarmy.Tactic
		switch {
		case u.routed0 && b.opt.RoutedAttacked == pfarmy.Seed:
			t = pfarmy.TacWithdraw
		case skip&(1<<i) != 0:
			t = pfarmy.TacStandard
		default:
			t = b.chooseTactic(i)
			if b.ch != nil && !b.Allowed(i).Has(t) { // the built-in policies pick allowed tactics
				b.fail(fmt.Errorf("%w: army %d cannot use tactic %s", ErrChoice, i, t))
				return
			}
		}
		u.s.tactic = t
		u.s.used = u.s.used.With(t)
		if b.log != nil {
			e := b.emit(EvTactic, i, -1)
			e.Tactic, e.FromTactic, e.OK = t, pfarmy.TacStandard, true
			b.send()
		}
	}
	if b.dyn {
		b.inspireAllies()
	}
	b.gmStale = true
}

// fight runs one Ranged or Melee Phase (the outline at the end of RULES.md Part P). Steps that no
// army can need this phase are skipped.
func (b *Battle) fight() {
	melee := b.phase == PhaseMelee
	if b.log != nil {
		b.emit(EvPhase, -1, -1)
		b.send()
	}
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		s.p = phase{target: -1, skipNow: s.skipNext, frNow: s.frNext, frTarget: s.frNextT, afraid: s.fearNext}
		s.skipNext, s.frNext, s.frNextT, s.fearNext = false, false, -1, false
	}
	if b.gmVolatile || b.volatileTactics() {
		b.gmStale = true
	}
	if b.dyn {
		b.phaseStart()
	}
	// Standard never changes a tactic after the Tactics Phase, and picks its strategy in the first
	// Melee Phase only.
	if b.ch != nil || !b.std {
		for i := 0; i < b.n && b.err == nil; i++ {
			if b.u[i].s.status == StatusActive {
				b.changeTactic(i)
			}
		}
	}
	if melee && (b.ch != nil || !b.std || b.meleeNo == 1) {
		for i := 0; i < b.n && b.err == nil; i++ {
			if b.u[i].s.status == StatusActive {
				b.changeStrategy(i)
			}
		}
	}
	var inUse pfarmy.TacticSet
	for i := 0; i < b.n; i++ {
		if s := &b.u[i].s; s.status == StatusActive {
			inUse |= 1 << s.tactic
		}
	}
	if inUse.Has(pfarmy.TacTaunt) {
		b.taunts()
	}
	if inUse.Has(pfarmy.TacWithdraw) {
		for i := 0; i < b.n && b.err == nil; i++ {
			if s := &b.u[i].s; s.status == StatusActive && s.tactic == pfarmy.TacWithdraw && !s.p.routing && !b.hitAndRun(i) {
				b.withdraw(i, false)
			}
		}
	}
	for i := 0; i < b.n && b.err == nil; i++ {
		if b.u[i].s.status == StatusActive {
			b.act(i, melee)
		}
	}
	if b.err != nil {
		return
	}
	if melee && b.engines {
		b.siegeEngines()
	}
	for i := 0; i < b.n; i++ {
		if s := &b.u[i].s; s.status == StatusActive && s.p.target >= 0 {
			b.attack(i)
		}
	}
	if b.sandstorm() {
		for i := 0; i < b.n; i++ {
			if s := &b.u[i].s; s.status == StatusActive {
				s.p.dmg++
			}
		}
	}
	b.resolve()
}

// volatileTactics reports whether a tactic in use changes the Policy's estimates from phase to phase
// (Taunt, False Retreat, Dirty Fighters).
func (b *Battle) volatileTactics() bool {
	for i := 0; i < b.n; i++ {
		switch b.u[i].s.tactic {
		case pfarmy.TacTaunt, pfarmy.TacFalseRetreat, pfarmy.TacDirtyFighters:
			return true
		}
	}
	return false
}

// setTactic changes army i's tactic during the battle: the Policy's estimates are stale, and the
// plain path's sums no longer hold.
func (b *Battle) setTactic(i int, t pfarmy.Tactic) {
	b.u[i].s.tactic = t
	b.u[i].s.used = b.u[i].s.used.With(t)
	b.gmStale, b.plainOn = true, false
}

// changeTactic is P-23: the chooser may pick another tactic; Withdraw is free, others need a DC 15
// morale check (+ Flexible Tactics, P-41).
func (b *Battle) changeTactic(i int) {
	u := &b.u[i]
	if u.routed0 && b.opt.RoutedAttacked == pfarmy.Seed {
		return
	}
	t := b.chooseTactic(i)
	from := u.s.tactic
	if b.err != nil || t == from {
		return
	}
	if !b.Allowed(i).Has(t) {
		b.fail(fmt.Errorf("%w: army %d cannot use tactic %s", ErrChoice, i, t))
		return
	}
	if t == pfarmy.TacWithdraw {
		b.setTactic(i, t)
		if b.log != nil {
			e := b.emit(EvTactic, i, -1)
			e.Tactic, e.FromTactic, e.OK = t, from, true
			b.send()
		}
		return
	}
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x, checkOther)
	if u.boons.Has(pfarmy.BoonFlexibleTactics) {
		v := 5
		if u.lead >= 12 {
			v = 10
		}
		x.add(ModBoon, uint8(pfarmy.BoonFlexibleTactics), v)
	}
	die := b.d(20)
	ok := die+x.sum >= 15 || b.never(i, checkOther)
	if ok {
		b.setTactic(i, t)
	}
	if b.log != nil {
		e := b.emit(EvTactic, i, -1)
		e.Tactic, e.FromTactic, e.OK = t, from, ok
		e.Roll.set(die, x, 15)
		b.send()
	}
	if !ok {
		b.failedAfraid(i)
	}
}

// changeStrategy is P-52: any rung in the army's first Melee Phase, then one rung freely, more with a
// DC 20 morale check.
func (b *Battle) changeStrategy(i int) {
	u := &b.u[i]
	st := b.chooseStrategy(i)
	from := u.s.strategy
	if b.err != nil || st == from {
		return
	}
	if !b.StrategyAllowed(i, st) {
		b.fail(fmt.Errorf("%w: army %d: strategy %s", ErrChoice, i, st))
		return
	}
	d := int(st) - int(from)
	if from == StratNone || d == 1 || d == -1 {
		u.s.strategy = st
		if b.log != nil {
			e := b.emit(EvStrategy, i, -1)
			e.Strategy, e.FromStrategy, e.OK = st, from, true
			b.send()
		}
		return
	}
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x, checkOther)
	die := b.d(20)
	ok := die+x.sum >= 20 || b.never(i, checkOther)
	if ok {
		u.s.strategy = st
	}
	if b.log != nil {
		e := b.emit(EvStrategy, i, -1)
		e.Strategy, e.FromStrategy, e.OK = st, from, ok
		e.Roll.set(die, x, 20)
		b.send()
	}
	if !ok {
		b.failedAfraid(i)
	}
}

// taunts is P-35: each enemy of a taunting army checks DC 10 + the taunter's ACR, until it has
// succeeded twice.
func (b *Battle) taunts() {
	for t := 0; t < b.n; t++ {
		ut := &b.u[t]
		if ut.s.status != StatusActive || ut.s.tactic != pfarmy.TacTaunt {
			continue
		}
		dc := 10 + ut.acrBonus
		for e := 0; e < b.n; e++ {
			ue := &b.u[e]
			if ue.s.status != StatusActive || ue.side == ut.side || ue.s.tauntOK[t] >= 2 {
				continue
			}
			x := &b.xa
			x.reset(b.log != nil)
			b.moraleMods(e, x, checkOther)
			die := b.d(20)
			ok := die+x.sum >= dc || b.never(e, checkOther)
			if ok {
				ue.s.tauntOK[t]++
			} else {
				ue.s.p.tauntedBy |= 1 << t
			}
			if b.log != nil {
				ev := b.emit(EvTaunt, e, t)
				ev.Roll.set(die, x, dc)
				ev.OK = ok
				b.send()
			}
			if !ok {
				b.failedAfraid(e)
			}
		}
	}
}
