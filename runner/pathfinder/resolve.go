package pathfinder

// The end of a phase: damage, routs and parting shots (P-17, P-53..P-56).

// resolve applies the phase's damage and healing together (P-16), then, army by army, destruction
// (P-57), withdrawal (P-25) or the rout check (P-55); then parting shots (P-56).
func (b *Battle) resolve() {
	parting, leaving := false, false
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		s := &u.s
		if s.status != StatusActive {
			continue
		}
		s.engines = max(0, s.engines-s.p.lost)
		if s.p.dmg != 0 || s.p.heal != 0 {
			s.hp = min(u.maxHP, s.hp+s.p.heal) - s.p.dmg
			if b.log != nil {
				e := b.emit(EvHP, i, -1)
				e.Damage, e.Heal, e.HP = s.p.dmg, s.p.heal, s.hp
				b.send()
			}
		}
		switch {
		case s.hp <= 0:
			b.destroy(i)
			continue
		case s.p.leaving:
			leaving = true
			parting = parting || b.opt.PartingWhen == PartingRoutsAndWithdraw
			continue
		case !u.st.ACR.covers(s.hp):
			continue
		}
		check := false
		switch b.opt.Rout {
		case RoutEveryPhase:
			check = true
		case RoutOnce:
			check = s.p.dmg > 0 && !s.routChecked
		default:
			check = s.p.dmg > 0
		}
		if check {
			s.routChecked = true
			if b.routs(i) {
				s.p.routing = true
				parting = true
				if b.log != nil {
					b.emit(EvRouted, i, -1)
					b.send()
				}
			}
		}
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

// routs makes army i's DC 15 rout check, with Hold the Line's reroll (P-43, P-55); true: it routs.
func (b *Battle) routs(i int) bool {
	u := &b.u[i]
	ok := b.routCheck(i, false)
	if !ok && u.boons.Has(BoonHoldTheLine) && (b.opt.HoldTheLine == HoldEveryCheck || !u.s.holdUsed) {
		u.s.holdUsed = true
		ok = b.routCheck(i, true)
	}
	return !ok
}

func (b *Battle) routCheck(i int, reroll bool) bool {
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x)
	die := b.d(20)
	ok := die+x.sum >= 15
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
		if ur.s.p.leaving && b.opt.PartingWhen != PartingRoutsAndWithdraw {
			continue
		}
		ur.s.p.dmg = 0
		for a := 0; a < b.n; a++ {
			ua := &b.u[a]
			if a == r || ua.s.status != StatusActive || ua.s.p.routing || ua.s.p.leaving || ua.s.p.skipNow {
				continue
			}
			if ua.side == ur.side && b.opt.PartingWho != PartingAll {
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

// destroy is P-57 and P-58: the army is destroyed; a present NPC commander's fate is a d100.
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
	}
	if b.log != nil {
		e := b.emit(EvDestroyed, i, -1)
		e.Fate, e.Penalty, e.HP = u.s.fate, u.st.Size.Penalty(), u.s.hp
		b.send()
	}
}
