package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// The plain path: a Ranged or Melee Phase of the most common battle, two armies under the default
// Policy without a log, in which no tactic, choice or pairing changes the sums. The Policy keeps
// Standard tactics and strategy, so every offense modifier and DV is fixed for the battle except
// Bloodied but Unbroken's (it depends on hp); fightPlain adds them from sums made once in Reset,
// instead of fight's general steps. It rolls the same dice in the same order and leaves the same state
// as fight: TestPlainMatchesGeneral fights random plain battles both ways and compares. Rare events
// (destruction, rout checks, parting shots) go through the general code.

// setupPlain decides whether the setup allows the plain path and makes its sums. It needs two armies,
// no ambush (a roll in the Tactics Phase), no routed army forced to Withdraw (P-60), no healing
// potions (the Policy drinks them) and no siege engines against a fortification (cut each phase).
func (b *Battle) setupPlain() {
	b.plain = false
	if b.n != 2 {
		return
	}
	for i := 0; i < 2; i++ {
		u, e := &b.u[i], &b.u[1-i]
		if u.ambusher || (u.routed0 && b.opt.RoutedAttacked == pfarmy.Seed) || u.st.HealingPotions ||
			(u.st.SiegeEngines > 0 && e.fort0 > 0) || u.dyn || (!b.std && u.boons.Has(pfarmy.BoonTriage)) {
			return // the Policy uses Triage
		}
	}
	for i := 0; i < 2; i++ {
		u, e := &b.u[i], &b.u[1-i]
		// omMods and dvMods with Standard tactic and strategy, no taunt, no False Retreat, no
		// Triage, the target never withdrawing; parting shots take the general path.
		u.plainOM = u.omStatic + u.brightOM
		if u.st.SiegeEngines > 0 {
			u.plainOM += u.st.Parts.Siege
		}
		if u.boons.Has(pfarmy.BoonSharpshooter) && u.st.Ranged && e.fort0 > 0 {
			u.plainOM += 2
		}
		u.plainDV = u.dvStatic + u.fort0
		if u.boons.Has(pfarmy.BoonDefensiveTactics) {
			u.plainDV += 2
		}
		u.bloodied = 0
		if u.boons.Has(pfarmy.BoonBloodiedButUnbroken) {
			u.bloodied = 1
			if u.lead >= 10 {
				u.bloodied = 2
			}
		}
	}
	b.plain = true
}

// plainTactics reports whether both armies' tactics keep the plain path's sums fixed for the battle
// (flat modifiers, or conditional ones that hold all battle against the one enemy), and sets their
// modifiers.
func (b *Battle) plainTactics() bool {
	for i := 0; i < 2; i++ {
		switch b.u[i].s.tactic {
		case pfarmy.TacStandard, pfarmy.TacCautiousCombat, pfarmy.TacDefensiveWall, pfarmy.TacExpertFlankers, pfarmy.TacRelentlessBrutality,
			pfarmy.TacFullDefense, pfarmy.TacCavalryExperts, pfarmy.TacSpellbreaker:
		case pfarmy.TacSiegebreaker:
			if b.u[1-i].st.SiegeEngines > 0 {
				return false
			}
		default:
			return false
		}
	}
	for i := 0; i < 2; i++ {
		u, e := &b.u[i], &b.u[1-i]
		t := u.s.tactic
		u.plainAtk, u.plainDef = u.plainOM+t.OM(), u.plainDV+t.DV()
		switch {
		case t == pfarmy.TacCavalryExperts && u.st.Mounted && !e.st.Mounted:
			u.plainAtk += 2
		case t == pfarmy.TacSpellbreaker && e.st.Spellcasting && b.opt.Spellbreaker == pfarmy.Seed:
			u.plainAtk += 4
		case t == pfarmy.TacSpellbreaker && e.st.Spellcasting:
			u.plainDef += 4
		}
	}
	return true
}

// fightPlain is fight for a plain battle (see the top of the file). When the Policy would change
// a tactic (to Withdraw), the phase, and the rest of the battle, take the general path.
func (b *Battle) fightPlain() {
	u0, u1 := &b.u[0], &b.u[1]
	s0, s1 := &u0.s, &u1.s
	if !b.std {
		b.gmPlainEstimates()
		if b.gmTactic(0) != s0.tactic || b.gmTactic(1) != s1.tactic {
			b.plainOn = false
			b.fight()
			return
		}
	}
	s0.p = phase{target: -1, skipNow: s0.skipNext, frTarget: -1}
	s1.p = phase{target: -1, skipNow: s1.skipNext, frTarget: -1}
	s0.skipNext, s1.skipNext = false, false
	ranged := b.phase == PhaseRanged
	switch {
	case ranged:
	case b.std:
		if b.meleeNo == 1 {
			s0.strategy, s1.strategy = StratStandard, StratStandard // P-52 under Standard
		}
	default:
		s0.strategy, s1.strategy = b.gmStrategy(0), b.gmStrategy(1) // one rung at most: no check
	}
	om0, om1, dv0, dv1, sd0, sd1 := u0.plainAtk, u1.plainAtk, u0.plainDef, u1.plainDef, 0, 0
	switch {
	case ranged:
		om0 -= u0.rangedOM
		om1 -= u1.rangedOM
	case !b.std: // the Policy's strategies (Standard's are all Standard: no modifier)
		i0, i1 := &strategyInfo[s0.strategy], &strategyInfo[s1.strategy]
		om0, om1, dv0, dv1 = om0+int(i0.om), om1+int(i1.om), dv0+int(i0.dv), dv1+int(i1.dv)
		sd0, sd1 = int(i0.dmg), int(i1.dmg)
		if b.opt.StrategyDamage == pfarmy.DamageTaken {
			sd0, sd1 = sd1, sd0
		}
	}
	if !s0.p.skipNow && (!ranged || (u0.ranged && u0.rangedOM >= 0)) {
		s0.p.target = 1
		s1.p.dmg += b.plainCheck(u0, om0, dv1, sd0)
	}
	if !s1.p.skipNow && (!ranged || (u1.ranged && u1.rangedOM >= 0)) {
		s1.p.target = 0
		s0.p.dmg += b.plainCheck(u1, om1, dv0, sd1)
	}
	if b.field.Sandstorm {
		s0.p.dmg++
		s1.p.dmg++
	}
	b.resolve()
}

// gmPlainEstimates sets the Policy's estimates for this phase from those kept for the Reset (at range
// and in melee they differ by weather), making them the first time.
func (b *Battle) gmPlainEstimates() {
	k := 0
	if b.phase == PhaseMelee {
		k = 1
	}
	c := &b.gmPlain[k]
	if !c.ok {
		b.gmUpdate()
		c.ok = true
		c.dealt = [2]int{b.gmDealt[0], b.gmDealt[1]}
		c.taken = [2]int{b.gmTaken[0], b.gmTaken[1]}
		c.aim = [2]int8{b.gmAim[0], b.gmAim[1]}
		return
	}
	b.gmDealt[0], b.gmDealt[1] = c.dealt[0], c.dealt[1]
	b.gmTaken[0], b.gmTaken[1] = c.taken[0], c.taken[1]
	b.gmAim[0], b.gmAim[1] = c.aim[0], c.aim[1]
	b.gmStale, b.gmAt = false, b.phase
}

// plainCheck is offense for a plain battle: a's check with offense modifier om against a DV of dv
// with damage modifier sd (P-17..P-20, P-53), returning the damage.
func (b *Battle) plainCheck(a *unit, om, dv, sd int) int {
	if a.bloodied != 0 && 2*a.s.hp <= a.maxHP {
		om += a.bloodied
	}
	die := b.d(20)
	dmg := 0
	if total := die + om; total > dv || (sd != 0 && b.opt.Miss == pfarmy.MissStrategyDamage) {
		dmg = max(0, total-dv+sd)
	}
	if die == 20 && dmg < 1 {
		dmg = 1
	}
	if dmg > 0 {
		dmg += a.damage // rake, an ability's constant damage (as damageBy)
	}
	switch {
	case dmg <= 0:
	case a.fogMode == 1:
		dmg = max(1, dmg/2)
	case a.fogMode == 2:
		dmg = max(1, dmg-dmg/4)
	}
	if die == 1 {
		a.s.skipNext = true
	}
	return dmg
}
