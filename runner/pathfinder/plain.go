package pathfinder

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
		if u.ambusher || (u.routed0 && b.opt.RoutedAttacked == Seed) || u.st.HealingPotions ||
			(u.st.SiegeEngines > 0 && e.fort0 > 0) || u.dyn {
			return
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
		if u.boons.Has(BoonSharpshooter) && u.st.Ranged && e.fort0 > 0 {
			u.plainOM += 2
		}
		u.plainDV = u.dvStatic + u.fort0
		if u.boons.Has(BoonDefensiveTactics) {
			u.plainDV += 2
		}
		u.bloodied = 0
		if u.boons.Has(BoonBloodiedButUnbroken) {
			u.bloodied = 1
			if u.lead >= 10 {
				u.bloodied = 2
			}
		}
	}
	b.plain = true
}

// fightPlain is fight for a plain battle (see the top of the file).
func (b *Battle) fightPlain() {
	u0, u1 := &b.u[0], &b.u[1]
	s0, s1 := &u0.s, &u1.s
	s0.p = phase{target: -1, skipNow: s0.skipNext, frTarget: -1}
	s1.p = phase{target: -1, skipNow: s1.skipNext, frTarget: -1}
	s0.skipNext, s1.skipNext = false, false
	ranged := b.phase == PhaseRanged
	if !ranged && b.meleeNo == 1 {
		s0.strategy, s1.strategy = StratStandard, StratStandard // P-52 under the Policy
	}
	if !s0.p.skipNow && (!ranged || (u0.st.Ranged && u0.rangedOM >= 0)) {
		s0.p.target = 1
		s1.p.dmg += b.plainCheck(u0, u1, ranged)
	}
	if !s1.p.skipNow && (!ranged || (u1.st.Ranged && u1.rangedOM >= 0)) {
		s1.p.target = 0
		s0.p.dmg += b.plainCheck(u1, u0, ranged)
	}
	if b.field.Sandstorm {
		s0.p.dmg++
		s1.p.dmg++
	}
	b.resolve()
}

// plainCheck is offense for a plain battle: a's check against t, returning the damage.
func (b *Battle) plainCheck(a, t *unit, ranged bool) int {
	om := a.plainOM
	if a.bloodied != 0 && 2*a.s.hp <= a.maxHP {
		om += a.bloodied
	}
	if ranged {
		om -= a.rangedOM
	}
	die := b.d(20)
	dmg := max(0, die+om-t.plainDV)
	if die == 20 && dmg < 1 {
		dmg = 1
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
