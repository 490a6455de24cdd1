package pathfinder

import (
	"slices"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// What special abilities (abilities.go) and battlefield conditions do in a battle: set up once in
// Reset per army and pair of armies, then read by the offense, defense, morale and resolve steps.
// Readings, where the published text leaves a gap (Ultimate Campaign, Mass Combat, Special
// Abilities and Battlefield Conditions):
//   - bleed's 1d6 is part of the next phase's damage, rolled at its start, army by army;
//   - a fear check follows the phase's damage, one per fear army that damaged the army; failing one,
//     or a tactic, strategy or Taunt check, while afraid routs the army at once;
//   - ferocity's extra phase is the next phase; at its end the army is destroyed or routs as it would
//     have;
//   - a regenerating army at 0 hp or less is destroyed at the end of the phase only if an enemy army
//     is still on the field; otherwise it stays, and heals;
//   - breath weapon's 1d4 and rock throwing's +4 add to a check that deals damage, as Sniper Support;
//   - "magical attacks" (incorporeal, swarm) are those of armies with magic weapons, spellcasting
//     or incorporeal units;
//   - grab's -2 lasts the battle once a grabbing army has attacked the army;
//   - rain, snow and wind touch offense checks in the Ranged Phase only; the worst of them counts;
//   - scent, blindsense and tremorsense halve darkness (OM -1, DV -1), dim light (0), weather's
//     ranged penalty and invisibility's; in fog they lose a quarter of their damage, not half.

// dynamicAbilities are the abilities whose effects the plain path (plain.go) does not play.
var dynamicAbilities = (pfarmy.AbilitySet{}.With(pfarmy.AbGeneric).With(pfarmy.AbUndead).With(pfarmy.AbConstruct).With(pfarmy.AbPlant).
	With(pfarmy.AbDarkvision).With(pfarmy.AbLowLightVision).With(pfarmy.AbScent).With(pfarmy.AbBlindsight).With(pfarmy.AbSpellcasting).
	With(pfarmy.AbPounce).With(pfarmy.AbMount).With(pfarmy.AbShieldAlly).With(pfarmy.AbTactician).With(pfarmy.AbCannibalize).
	With(pfarmy.AbNoBattleEffect).With(pfarmy.AbDivineHealth).With(pfarmy.AbLightSensitivity).With(pfarmy.AbLightBlindness).With(pfarmy.AbBravery).
	With(pfarmy.AbInspireCourage).With(pfarmy.AbAuraOfCourage)).Not()

// checkKind says what a morale check is for: bravery, rage and grab touch only some (P-8).
type checkKind uint8

const (
	checkOther    checkKind = iota // tactic and strategy changes, Taunt
	checkRout                      // to avoid a rout (P-55)
	checkFear                      // against fear
	checkWithdraw                  // to withdraw, or to stop a withdrawal (P-25)
)

// setupConditions sets army u's darkness, dim light, weather and light modifiers from the field
// and its senses.
func (b *Battle) setupConditions(u *unit) {
	f := &b.field
	st := &u.st
	sees, half := st.Darkvision || u.has(pfarmy.AbDarkvision), u.has(pfarmy.AbScent)
	blind := u.has(pfarmy.AbBlindsight)
	u.condOM, u.condDV = 0, 0 // wild shape sets the senses again (abilityonce.go)
	switch {
	case blind || sees:
	case f.Darkness && half:
		u.condOM, u.condDV = -1, -1 // 2/2, 3/2 rounded down
	case f.Darkness:
		u.condOM, u.condDV = -2, -3
	case f.DimLight && !half && !u.has(pfarmy.AbLowLightVision):
		u.condOM = -1
	}
	u.rangedOM = f.rangedPenalty()
	switch {
	case blind && u.rangedOM > 0:
		u.rangedOM = 0
	case half && u.rangedOM > 0:
		u.rangedOM /= 2
	}
	u.fogMode = 0
	if f.foggy() && !blind {
		u.fogMode = 1
		if half || u.has(pfarmy.AbTrack) {
			u.fogMode = 2
		}
	}
	u.brightOM = 0
	if f.BrightLight {
		switch {
		case st.Abil.Has(pfarmy.AbLightBlindness):
			u.brightOM = -2
		case st.Abil.Has(pfarmy.AbLightSensitivity):
			u.brightOM = -1
		}
	}
}

// setupAbilities sets what the armies' abilities do to each other (after every unit is set).
func (b *Battle) setupAbilities() {
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		st := &u.st
		u.magic = st.Parts.Weapons >= 2 || st.Spellcasting || st.Abil.Has(pfarmy.AbIncorporeal) || st.Abil.Has(pfarmy.AbKiPool)
		u.setSenses(b) // seesInvis, fogStorm (the conditions are already set: no change)
		u.fastHeal = half1(st.FastHealing) + half1(st.Regeneration)
		u.dyn = st.Abil.Any(dynamicAbilities) || len(st.Cond) > 0 || u.drain0 > 0 || u.sick > 0 // carried: omOrders, dvOrders
		u.moraleFx = u.dyn || st.Bravery != 0 || st.Abil.Has(pfarmy.AbInspireCourage)
		u.immFear, u.immBleed, u.immPara, u.sigDef = 0, 0, 0, 0
	}
	if b.n > 2 {
		b.inspireSide()
	}
	for i := 0; i < b.n; i++ {
		t := &b.u[i]
		for j := 0; j < b.n; j++ {
			a := &b.u[j]
			bit := uint16(1) << j
			if !b.affects(a, t, pfarmy.AbFear) || t.st.Abil.Has(pfarmy.AbMindless) {
				t.immFear |= bit
			}
			if !b.affects(a, t, pfarmy.AbBleed) {
				t.immBleed |= bit
			}
			if !b.affects(a, t, pfarmy.AbParalysis) {
				t.immPara |= bit
			}
			if t.st.Abil.Has(pfarmy.AbSignificantDefense) && !overcomes(a, t) {
				t.sigDef |= bit
			}
		}
	}
}

// half1 is half a fast healing or regeneration value, at least 1 (P-4), or 0 for none.
func half1(v int) int {
	if v <= 0 {
		return 0
	}
	return max(1, v/2)
}

// affects reports whether attacker a's ability k can touch target t: t is immune neither to k nor
// to the name a wrote it under (undead are immune to poison, not to bleed).
func (b *Battle) affects(a, t *unit, k pfarmy.AbilityKind) bool {
	if !a.st.Abil.Has(k) {
		return false
	}
	if slices.Contains(t.st.Immune, pfarmy.Norm(k.String())) {
		return false
	}
	for _, n := range a.abilityNames(k) {
		if slices.Contains(t.st.Immune, n) {
			return false
		}
	}
	return true
}

// abilityNames are the folded names army u wrote for abilities of kind k.
func (u *unit) abilityNames(k pfarmy.AbilityKind) []string {
	var out []string
	for _, n := range u.st.AbilityNames {
		if pfarmy.AbilityOf(n) == k {
			out = append(out, pfarmy.Norm(n))
		}
	}
	return out
}

// overcomes reports whether attacker a gets past target t's significant defense: t names what
// overcomes it ("magic" for magic weapons or spellcasting, or an ability a has).
func overcomes(a, t *unit) bool {
	for _, o := range t.st.Overcome {
		if o == "magic" && a.magic {
			return true
		}
		if k := pfarmy.AbilityOf(o); k != pfarmy.AbGeneric && a.st.Abil.Has(k) {
			return true
		}
	}
	return false
}

// evil reports whether army u is evil, and whether it counts double for smite evil (undead, or an
// evil outsider).
func (u *unit) evil() (evil, double bool) {
	undead := u.st.Abil.Has(pfarmy.AbUndead) || u.st.Type == "undead"
	e := pfarmy.AlignmentEvil(u.st.Alignment)
	return e || undead, undead || (e && u.st.Type == "outsider")
}

// condApplies reports whether a generic ability's When holds for army a's check against army t
// (offense: a attacks t; defense: t attacks a).
func (b *Battle) condApplies(w pfarmy.When, a, t int) bool {
	ut := &b.u[t]
	switch w {
	case pfarmy.WhenAlways:
		return true
	case pfarmy.WhenRanged:
		return b.atRange(a, t)
	case pfarmy.WhenMelee:
		return b.phase == PhaseMelee && !b.atRange(a, t)
	case pfarmy.WhenFirstMelee:
		return b.phase == PhaseMelee && b.meleeNo == 1 && !b.atRange(a, t)
	case pfarmy.WhenVsMounted:
		return ut.st.Mounted
	case pfarmy.WhenVsUnmounted:
		return !ut.st.Mounted
	case pfarmy.WhenVsSpellcaster:
		return ut.st.Spellcasting
	case pfarmy.WhenVsUndead:
		return ut.st.Abil.Has(pfarmy.AbUndead) || ut.st.Type == "undead"
	case pfarmy.WhenVsEvil:
		e, _ := ut.evil()
		return e
	case pfarmy.WhenVsFortified:
		return ut.s.fort > 0
	}
	return false
}

// moraleAbility adds the morale modifiers of army i's abilities for a check of kind k: bravery,
// rage, inspire courage and generic ones on fear and rout checks; generic withdrawal ones; grab's
// -2 on rout and withdrawal checks.
func (b *Battle) moraleAbility(i int, k checkKind, x *acc) {
	u := &b.u[i]
	st := &u.st
	if k == checkFear || k == checkRout {
		x.add(ModAbility, uint8(pfarmy.AbBravery), st.Bravery)
		if u.s.raging {
			x.add(ModAbility, uint8(pfarmy.AbRage), 1)
		}
		if u.inspiredMorale() {
			x.add(ModAbility, uint8(pfarmy.AbInspireCourage), 2)
		}
	}
	for _, c := range st.Cond {
		if (c.When == pfarmy.WhenFearAndRout && (k == checkFear || k == checkRout)) || (c.When == pfarmy.WhenWithdraw && k == checkWithdraw) {
			x.add(ModAbilities, 0, int(c.Morale))
		}
	}
	if u.s.grabbed && (k == checkRout || k == checkWithdraw) {
		x.add(ModAbility, uint8(pfarmy.AbGrab), -2)
	}
}

// never reports whether army i cannot fail a DC morale check of kind k: mindless armies never fail
// one; an aura of courage never fails to avoid a rout.
func (b *Battle) never(i int, k checkKind) bool {
	ab := b.u[i].st.Abil
	return ab.Has(pfarmy.AbMindless) || (k == checkRout && ab.Has(pfarmy.AbAuraOfCourage))
}

// failedAfraid is the fear rule's second half: an army that fails a morale check in a phase in which
// it is afraid routs at once.
func (b *Battle) failedAfraid(i int) {
	s := &b.u[i].s
	if !s.p.afraid || s.p.routing {
		return
	}
	s.p.routing = true // resolve settles it (ferocity) and logs it
}

// withdrawsAtWill reports whether army w wins its withdrawal against army e without a check:
// incorporeal, swarm and teleporting armies always do; an invisible one against armies that do not
// see it.
func (b *Battle) withdrawsAtWill(w, e int) bool {
	uw, ue := &b.u[w], &b.u[e]
	ab := uw.st.Abil
	if ab.Has(pfarmy.AbIncorporeal) || ab.Has(pfarmy.AbSwarm) || ab.Has(pfarmy.AbTeleportation) {
		return true
	}
	return ab.Has(pfarmy.AbInvisibility) && !ue.seesInvis
}

// rageForbidden reports whether a raging army may not use tactic t (Rage).
func rageForbidden(t pfarmy.Tactic) bool {
	switch t {
	case pfarmy.TacCautiousCombat, pfarmy.TacDefensiveWall, pfarmy.TacExpertFlankers, pfarmy.TacSniperSupport, pfarmy.TacWithdraw:
		return true
	}
	return false
}

// StrategyAllowed reports whether army i may take strategy s now: a mindless army only Standard, a
// raging one neither Defensive nor Cautious.
func (b *Battle) StrategyAllowed(i int, s Strategy) bool {
	u := &b.u[i]
	switch {
	case !s.Valid():
		return false
	case u.st.Abil.Has(pfarmy.AbMindless):
		return s == StratStandard
	case u.s.raging:
		return s != StratDefensive && s != StratCautious
	}
	return true
}

// rage starts army i's rage (once a battle): forbidden tactic and strategy fall back to Standard.
func (b *Battle) rage(i int) {
	u := &b.u[i]
	s := &u.s
	s.raging, s.rageUsed = true, true
	if b.log != nil {
		b.emit(EvRage, i, -1)
		b.send()
	}
	b.gmStale = true
	if rageForbidden(s.tactic) {
		from := s.tactic
		b.setTactic(i, pfarmy.TacStandard)
		if b.log != nil {
			e := b.emit(EvTactic, i, -1)
			e.Tactic, e.FromTactic, e.OK = pfarmy.TacStandard, from, true
			b.send()
		}
	}
	if s.strategy == StratDefensive || s.strategy == StratCautious {
		from := s.strategy
		s.strategy = StratStandard
		if b.log != nil {
			e := b.emit(EvStrategy, i, -1)
			e.Strategy, e.FromStrategy, e.OK = StratStandard, from, true
			b.send()
		}
	}
}

// phaseStart plays what abilities do at the start of a Ranged or Melee Phase: bleed's 1d6 (army
// order), then the rage orders.
func (b *Battle) phaseStart() {
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		if s.status != StatusActive || s.bleed == 0 {
			continue
		}
		dmg := 0
		res := b.u[i].st.PoisonRes / 2
		for k := int8(0); k < s.bleed; k++ {
			d := b.d(6)
			if k < s.poison {
				// Poison Resistance (Alchemist 2): "If the army takes poison damage, reduce the
				// damage by half of the unit's poison resistance bonus."
				d = max(0, d-res)
			}
			dmg += d
		}
		s.bleed, s.poison = 0, 0
		s.p.dmg += dmg
		if b.log != nil {
			b.emit(EvBleed, i, -1).Damage = dmg
			b.send()
		}
	}
	for i := 0; i < b.n && b.err == nil; i++ {
		u := &b.u[i]
		if u.s.status == StatusActive && u.st.Abil.Has(pfarmy.AbRage) && !u.s.rageUsed && b.decide(i, AskRage, -1) {
			b.rage(i)
		}
	}
	for i := 0; i < b.n && b.err == nil; i++ {
		if b.u[i].s.status == StatusActive && b.u[i].st.Abil.Any(orderAbilities) {
			b.phaseOrders(i)
		}
	}
}

// onDamage plays what attacker a's abilities do to target t when a check deals damage: bleed (in
// melee), paralysis, fear.
func (b *Battle) onDamage(a, t int, melee bool) {
	ua, ut := &b.u[a], &b.u[t]
	bit := uint16(1) << a
	if melee && ua.st.Abil.Has(pfarmy.AbBleed) && ut.immBleed&bit == 0 {
		if ut.s.bleed < 100 && ut.st.PoisonRes > 0 && ua.wrote("poison") {
			ut.s.poison++ // poison dice first: poison resistance cuts them (abilityonce.go)
		}
		ut.s.bleed = min(ut.s.bleed+1, 100)
	}
	if ua.st.Abil.Has(pfarmy.AbParalysis) && ut.immPara&bit == 0 {
		ut.s.paraDV = min(ut.s.paraDV+1, 100)
	}
	if ua.st.Abil.Has(pfarmy.AbFear) && ut.immFear&bit == 0 {
		ut.s.p.feared |= bit
	}
	b.onDamage24(a, t)
}

// wrote reports whether army u wrote an ability under the name n (folded).
func (u *unit) wrote(n string) bool {
	for _, w := range u.st.AbilityNames {
		if pfarmy.Norm(w) == n {
			return true
		}
	}
	return false
}

// fearChecks makes army i's checks against the fear armies that damaged it this phase (DC 10 +
// their ACR): failing, it is afraid next phase, or routs when it is afraid now.
func (b *Battle) fearChecks(i int) {
	s := &b.u[i].s
	for a := 0; a < b.n && s.p.feared != 0; a++ {
		if s.p.feared&(1<<a) == 0 {
			continue
		}
		s.p.feared &^= 1 << a
		dc := 10 + b.u[a].acrBonus
		x := &b.xa
		x.reset(b.log != nil)
		b.moraleMods(i, x, checkFear)
		die := b.d(20)
		ok := die+x.sum >= dc
		if b.log != nil {
			e := b.emit(EvFear, i, a)
			e.Roll.set(die, x, dc)
			e.OK = ok
			b.send()
		}
		if !ok {
			if s.p.afraid {
				s.p.routing = true // resolve settles it
				return
			}
			s.fearNext = true
		}
	}
}

// damageBy adjusts the damage of attacker a's check against target t for their abilities, after
// P-18/P-19 and before fog: its damage bonuses (rake, generic, breath weapon, rock throwing) and what
// the target's nature lets through (incorporeal, swarm).
func (b *Battle) damageBy(a, t int, dmg int, ranged bool) int {
	ua, ut := &b.u[a], &b.u[t]
	d := &b.xd // each bonus and halving itemised (offense reads it into Event.DamageMods)
	if ua.st.Abil.Has(pfarmy.AbSwarm) && (ut.st.Abil.Has(pfarmy.AbIncorporeal) || ut.st.Abil.Has(pfarmy.AbSignificantDefense)) {
		d.to(ModAbility, uint8(pfarmy.AbSwarm), 0)
		return 0
	}
	if dmg <= 0 {
		return dmg
	}
	dmg += ua.st.Damage
	d.add(ModAbilities, 0, ua.st.Damage)
	if ua.s.p.judg == judgDamage {
		dmg++ // judgment: "increase its damage by 1"
		d.add(ModAbility, uint8(pfarmy.AbJudgment), 1)
	}
	for _, c := range ua.st.Cond {
		if c.Damage != 0 && b.condApplies(c.When, a, t) {
			dmg += int(c.Damage)
			d.add(ModCondition, 0, int(c.Damage))
		}
	}
	if ua.st.Abil.Has(pfarmy.AbBreathWeapon) && (b.phase == PhaseRanged || b.phase == PhaseMelee) {
		bw := b.d(4)
		if ut.st.Abil.Has(pfarmy.AbEvasion) {
			bw /= 2
		}
		dmg += bw
		d.add(ModAbility, uint8(pfarmy.AbBreathWeapon), bw)
	}
	if ua.st.Abil.Has(pfarmy.AbRockThrowing) && b.phase == PhaseRanged && ranged {
		dmg += 4
		d.add(ModAbility, uint8(pfarmy.AbRockThrowing), 4)
	}
	// Channel Positive Energy (Cleric 1, Paladin 4; lay on hands): "In the Melee phase, the army
	// deals +1d4 points of damage against an undead target army"; Channel Negative Energy (Cleric
	// 1): the same against a living one (neither undead nor a construct). Read as breath weapon's
	// 1d4: added to a check that deals damage. In a phase the army heals itself instead
	// (channelHeal), no 1d4.
	if ch := ua.st.Abil; (ch.Has(pfarmy.AbChannelPositive) || ch.Has(pfarmy.AbChannelNegative)) && b.phase == PhaseMelee && !ranged && !ua.s.p.chanNow {
		undead := isUndead(ut)
		living := !undead && !ut.st.Abil.Has(pfarmy.AbConstruct) && ut.st.Type != "construct"
		if (ch.Has(pfarmy.AbChannelPositive) && undead) || (ch.Has(pfarmy.AbChannelNegative) && living) {
			c := b.d(4)
			dmg += c
			k := pfarmy.AbChannelPositive
			if !(ch.Has(pfarmy.AbChannelPositive) && undead) {
				k = pfarmy.AbChannelNegative
			}
			d.add(ModAbility, uint8(k), c)
		}
	}
	switch {
	case ut.st.Abil.Has(pfarmy.AbIncorporeal) && !ua.magicNow():
		dmg = 0
	case ut.st.Abil.Has(pfarmy.AbIncorporeal):
		dmg = max(1, dmg/2)
	case ut.st.Abil.Has(pfarmy.AbSwarm) && ua.magicNow():
		dmg += dmg / 2
	case ut.st.Abil.Has(pfarmy.AbSwarm):
		dmg = max(1, dmg/2)
	}
	if ut.st.Abil.Has(pfarmy.AbIncorporeal) {
		d.to(ModAbility, uint8(pfarmy.AbIncorporeal), dmg) // the target's nature
	} else if ut.st.Abil.Has(pfarmy.AbSwarm) {
		d.to(ModAbility, uint8(pfarmy.AbSwarm), dmg)
	}
	return dmg
}
