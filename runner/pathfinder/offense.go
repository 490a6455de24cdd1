package pathfinder

import (
	"slices"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Offense checks and their modifiers (P-16..P-21, P-26..P-36, P-48, P-65, P-66).

// act decides what army i does this phase: drink a potion (P-66), feign retreat (P-31), skip after a
// natural 1 (P-20), or pick a target (P-21) with Dirty Fighters (P-29) and Triage (P-47).
func (b *Battle) act(i int, melee bool) {
	u := &b.u[i]
	s := &u.s
	if (s.potions > 0 || s.elixir) && b.decide(i, AskPotion, -1) {
		s.p.heal += u.heal2
		if s.elixir {
			// Alchemy (Alchemist 1): "Once per battle, the army can heal itself as if it had the
			// healing potions resource. This doesn't cost BP." Drunk before the bought ones.
			s.elixir = false
			b.abilityEvent(i, -1, pfarmy.AbAlchemy, u.heal2)
			return
		}
		s.potions--
		if b.log != nil {
			b.emit(EvPotion, i, -1).Heal = u.heal2
			b.send()
		}
		return
	}
	if s.p.burrowing {
		return // digs this phase (burrow): no attack
	}
	if melee && s.tactic == pfarmy.TacFalseRetreat && !s.frUsed {
		s.frUsed, s.frNext = true, true
		if b.opt.FalseRetreat == pfarmy.Std && b.anyTarget(i) {
			s.frNextT = int8(b.chooseTarget(i))
		}
		if b.log != nil {
			b.emit(EvFalseRetreat, i, int(s.frNextT))
			b.send()
		}
		return
	}
	if melee && s.p.leaving {
		return // it has left the field: no "no check" row after it (the log keeps the order of events)
	}
	if s.p.skipNow {
		if b.log != nil {
			b.emit(EvSkip, i, -1)
			b.send()
		}
		return
	}
	if s.p.afraid || s.p.routing {
		if b.log != nil && s.p.afraid {
			b.emit(EvAfraid, i, -1)
			b.send()
		}
		return
	}
	if melee && u.has(pfarmy.AbFlight) && b.decide(i, AskAloft, -1) {
		s.p.aloft = true
		if b.log != nil {
			b.emit(EvAloft, i, -1)
			b.send()
		}
		return
	}
	var t int
	if b.ch == nil {
		t = b.builtinTarget(i)
	} else if b.anyTarget(i) {
		t = b.chooseTarget(i)
	} else {
		return
	}
	if t < 0 || b.err != nil {
		return
	}
	s.p.target = int8(t)
	if u.dyn {
		b.targeted(i, t, melee)
		b.targetOrders(i, t, melee && !b.atRange(i, t))
	}
	if melee && s.tactic == pfarmy.TacDirtyFighters {
		if b.opt.DirtyFighters == pfarmy.Seed {
			s.p.dirtyNow = b.meleeNo == 1
		} else if !s.dirtyUsed && b.decide(i, AskDirtyFighters, t) {
			s.p.dirtyNow, s.dirtyUsed = true, true
		}
	}
	if u.boons.Has(pfarmy.BoonTriage) && !s.triageUsed && b.decide(i, AskTriage, t) {
		s.triageUsed, s.p.triageNow = true, true
		s.p.heal += u.triage
		if b.log != nil {
			b.emit(EvTriage, i, -1).Heal = u.triage
			b.send()
		}
	}
}

// siegeEngines is P-66: each Melee Phase an army's siege engines cut its target's fortification by
// 1d4 each.
func (b *Battle) siegeEngines() {
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		if s.status != StatusActive || s.p.target < 0 || s.engines <= 0 {
			continue
		}
		ts := &b.u[s.p.target].s
		if ts.fort <= 0 {
			continue
		}
		cut := 0
		for k := 0; k < s.engines; k++ {
			cut += b.d(4)
		}
		ts.fort = max(0, ts.fort-cut)
		if b.log != nil {
			e := b.emit(EvFortification, i, int(s.p.target))
			e.Damage, e.HP = cut, ts.fort
			b.send()
		}
	}
}

// attack makes army i's offense check against its target, and Siegebreaker's second check (P-33).
func (b *Battle) attack(i int) {
	u := &b.u[i]
	t := int(u.s.p.target)
	melee := !b.atRange(i, t)
	dmg := b.offense(i, t, melee, false)
	ut := &b.u[t]
	if dmg <= 0 || u.s.tactic != pfarmy.TacSiegebreaker || ut.s.engines-ut.s.p.lost <= 0 {
		return
	}
	// The modifiers of the first check still stand in b.xa and b.xb.
	if u.st.Abil.Has(pfarmy.AbTrapSense) {
		// Trap Sense (Rogue 3): "When using the siegebreaker tactic, the army adds half its ACR
		// to the Offense check to determine if a siege engine is destroyed."
		b.xa.add(ModAbility, uint8(pfarmy.AbTrapSense), u.num/(2*u.den))
	}
	die := b.d(20)
	total := die + b.xa.sum
	ok := die == 20 || total > b.xb.sum || (b.opt.Siegebreaker == pfarmy.SiegeMeetDV && total == b.xb.sum)
	if die == 1 {
		u.s.skipNext = true
	}
	if ok {
		ut.s.p.lost++
	}
	if b.log != nil {
		e := b.emit(EvSiegebreaker, i, t)
		e.Roll.set(die, &b.xa, 0)
		e.Against.set(0, &b.xb, 0)
		e.OK = ok
		if die == 20 || die == 1 {
			e.Natural = die
		}
		b.send()
	}
}

// offense is one offense check of army a against army t (P-17..P-20, P-53, P-65, P-36), adding the
// damage to t's pending damage. melee says whether strategy applies; parting marks a parting shot.
// It leaves the modifiers in b.xa (offense) and b.xb (DV).
func (b *Battle) offense(a, t int, melee, parting bool) int {
	ua, ut := &b.u[a], &b.u[t]
	x, y := &b.xa, &b.xb
	rec := b.log != nil
	x.reset(rec)
	y.reset(rec)
	b.omMods(a, t, melee, parting, x)
	b.dvMods(t, a, melee, y)
	die := b.d(20)
	total := die + x.sum
	sd := 0
	if melee {
		if b.opt.StrategyDamage == pfarmy.DamageTaken {
			sd = int(strategyInfo[ut.s.strategy].dmg)
		} else {
			sd = int(strategyInfo[ua.s.strategy].dmg)
		}
	}
	dmg := 0
	d := &b.xd // every step of the damage, itemised for the log (Event.DamageMods)
	d.reset(rec)
	if total > y.sum || b.opt.Miss == pfarmy.MissStrategyDamage {
		d.add(ModOverDV, 0, total-y.sum)
		srung := ua.s.strategy
		if b.opt.StrategyDamage == pfarmy.DamageTaken {
			srung = ut.s.strategy
		}
		d.add(ModStrategy, uint8(srung), sd)
		dmg = max(0, total-y.sum+sd)
		d.to(ModAtLeast, 0, dmg)
	}
	if die == 20 && dmg < 1 {
		dmg = 1 // P-19
		d.to(ModAtLeast, 0, dmg)
	}
	if dmg > 0 && !parting && b.phase == PhaseMelee && ua.s.tactic == pfarmy.TacSniperSupport && ua.st.Ranged {
		dmg += 2 // P-36
		d.add(ModTactic, uint8(pfarmy.TacSniperSupport), 2)
	}
	if ua.dyn || ut.dyn || ua.st.Damage != 0 {
		dmg = b.damageBy(a, t, dmg, !melee)
	}
	switch {
	case dmg <= 0:
	case b.fogOf(ua) == 1:
		dmg = max(1, dmg/2) // P-65, P-4
		d.to(ModFog, 0, dmg)
	case b.fogOf(ua) == 2:
		dmg = max(1, dmg-dmg/4) // scent, track: a quarter off
		d.to(ModFog, 0, dmg)
	}
	if die == 1 {
		ua.s.skipNext = true // P-20
	}
	if dmg > 0 && ua.dyn {
		b.onDamage(a, t, melee)
	}
	ut.s.p.dmg += dmg
	if rec {
		k := EvOffense
		if parting {
			k = EvPartingShot
		}
		e := b.emit(k, a, t)
		e.Roll.set(die, x, 0)
		e.Against.set(0, y, 0)
		e.Damage = dmg
		e.DamageMods = d.l
		e.HP = ut.s.hp
		if die == 20 || die == 1 {
			e.Natural = die
		}
		b.send()
		if ut.s.p.caught {
			ut.s.p.caught = false
			b.abilityEvent(a, t, pfarmy.AbDisease, 0)
		}
	}
	return dmg
}

// omMods adds army a's offense modifiers against army t (P-17).
func (b *Battle) omMods(a, t int, melee, parting bool, x *acc) {
	u, tu := &b.u[a], &b.u[t]
	s := &u.s
	if x.rec {
		p := &u.st.Parts
		x.add(ModACR, 0, p.ACR)
		x.add(ModWeapons, 0, p.Weapons)
		x.add(ModMounts, 0, p.Mounts)
		x.add(ModAbilities, 0, p.AbilityOM)
		x.add(ModGiven, 0, p.GivenOM)
		x.add(ModRuling, 0, u.ruling)
		if u.adv {
			x.add(ModAdvantage, 0, 2)
		}
		b.addCond(u, x, true)
	} else {
		x.sum += u.omStatic
	}
	if s.engines > 0 {
		x.add(ModSiegeEngines, 0, u.st.Parts.Siege)
	}
	tac := s.tactic
	x.add(ModTactic, uint8(tac), tac.OM())
	switch tac {
	case pfarmy.TacCavalryExperts:
		if u.st.Mounted && !tu.st.Mounted {
			x.add(ModTactic, uint8(tac), 2)
		}
	case pfarmy.TacDirtyFighters:
		if s.p.dirtyNow {
			x.add(ModTactic, uint8(tac), 6)
		}
	case pfarmy.TacSpellbreaker:
		if b.opt.Spellbreaker == pfarmy.Seed && tu.casting() {
			x.add(ModTactic, uint8(tac), 4)
		}
	}
	if s.p.frNow && (b.opt.FalseRetreat == pfarmy.Seed || int(s.p.frTarget) == t) {
		x.add(ModTactic, uint8(pfarmy.TacFalseRetreat), 6)
	}
	if melee {
		x.add(ModStrategy, uint8(s.strategy), int(strategyInfo[s.strategy].om))
	}
	if u.boons != 0 {
		if u.boons.Has(pfarmy.BoonBloodiedButUnbroken) && 2*s.hp <= u.maxHP && !b.estimating {
			v := 1
			if u.lead >= 10 {
				v = 2
			}
			x.add(ModBoon, uint8(pfarmy.BoonBloodiedButUnbroken), v)
		}
		if u.boons.Has(pfarmy.BoonSharpshooter) && u.st.Ranged && tu.s.fort > 0 {
			x.add(ModBoon, uint8(pfarmy.BoonSharpshooter), 2)
		}
		if u.boons.Has(pfarmy.BoonMerciless) && b.merciless(t, parting) {
			x.add(ModBoon, uint8(pfarmy.BoonMerciless), 1)
		}
		if s.p.triageNow {
			x.add(ModBoon, uint8(pfarmy.BoonTriage), -4)
		}
	}
	if s.p.tauntedBy != 0 && (b.opt.Taunt == pfarmy.TauntAgainstAll || s.p.tauntedBy&(1<<t) != 0) {
		x.add(ModTaunted, 0, -2)
	}
	if b.phase == PhaseRanged && u.rangedOM > 0 {
		x.add(ModWeather, 0, -u.rangedOM)
	}
	x.add(ModBrightLight, 0, u.brightOM)
	if u.dyn || tu.dyn {
		b.omAbilities(a, t, x)
		b.omField(a, t, x)
		b.omOrders(a, t, melee, x)
	}
}

// omAbilities adds army a's offense modifiers from its and its target t's special abilities.
func (b *Battle) omAbilities(a, t int, x *acc) {
	u, tu := &b.u[a], &b.u[t]
	s, ab, tab := &u.s, u.st.Abil, tu.st.Abil
	for _, c := range u.st.Cond {
		if c.OM != 0 && b.condApplies(c.When, a, t) {
			x.add(ModAbilities, 0, int(c.OM))
		}
	}
	if s.raging {
		x.add(ModAbility, uint8(pfarmy.AbRage), 2)
	}
	if s.ferocious {
		x.add(ModAbility, uint8(pfarmy.AbFerocity), -4)
	}
	if s.p.smiteNow && int(s.p.target) == t {
		if _, double := tu.evil(); double {
			x.add(ModAbility, uint8(pfarmy.AbSmiteEvil), 4)
		} else {
			x.add(ModAbility, uint8(pfarmy.AbSmiteEvil), 2)
		}
	}
	if ab.Has(pfarmy.AbFavoredEnemy) && tu.st.Type != "" && slices.Contains(u.st.Favored, pfarmy.Norm(tu.st.Type)) {
		x.add(ModAbility, uint8(pfarmy.AbFavoredEnemy), 1) // Favored Enemy (Ranger 1): OM +1 against the type
	}
	if ab.Has(pfarmy.AbFlurryOfBlows) && b.phase == PhaseMelee {
		x.add(ModAbility, uint8(pfarmy.AbFlurryOfBlows), min(b.meleeNo, 2))
	}
	if ab.Has(pfarmy.AbSneakAttack) && (b.phase == PhaseTactics || s.tactic == pfarmy.TacExpertFlankers || s.p.frNow) {
		x.add(ModAbility, uint8(pfarmy.AbSneakAttack), 1)
	}
	if tab.Has(pfarmy.AbInvisibility) && !u.has(pfarmy.AbBlindsight) {
		v := -2
		if u.has(pfarmy.AbScent) {
			v = -1
		}
		x.add(ModAbility, uint8(pfarmy.AbInvisibility), v)
	}
	if tab.Has(pfarmy.AbEvasion) && u.st.SpellLevel > 0 && !s.shaped {
		x.add(ModAbility, uint8(pfarmy.AbEvasion), -(u.st.SpellLevel - u.st.SpellLevel/2))
	}
}

// merciless reports whether Merciless's OM +1 applies against army t (P-45, Options.Merciless).
func (b *Battle) merciless(t int, parting bool) bool {
	ts := &b.u[t].s
	switch b.opt.Merciless {
	case pfarmy.MercilessWithdrawOnly:
		return ts.tactic == pfarmy.TacWithdraw
	case pfarmy.MercilessLastCheck:
		return parting || ts.p.leaving
	}
	return parting || ts.tactic == pfarmy.TacWithdraw
}

func (b *Battle) addCond(u *unit, x *acc, om bool) {
	if u.condOM == 0 && u.condDV == 0 {
		return
	}
	k := ModDimLight
	if b.field.Darkness {
		k = ModDarkness
	}
	if om {
		x.add(k, 0, u.condOM)
	} else {
		x.add(k, 0, u.condDV)
	}
}

// dvMods adds army t's defense value against army a (P-5, P-53).
func (b *Battle) dvMods(t, a int, melee bool, x *acc) {
	u, au := &b.u[t], &b.u[a]
	s := &u.s
	if x.rec {
		p := &u.st.Parts
		x.add(ModBase, 0, 10)
		x.add(ModACR, 0, p.ACR)
		x.add(ModArmor, 0, p.Armor)
		x.add(ModMounts, 0, p.Mounts)
		x.add(ModAbilities, 0, p.AbilityDV)
		x.add(ModGiven, 0, p.GivenDV)
		x.add(ModRuling, 0, u.ruling)
		if u.terrain {
			x.add(ModTerrain, 0, 2)
		}
		if u.adv {
			x.add(ModAdvantage, 0, 2)
		}
		b.addCond(u, x, false)
	} else {
		x.sum += u.dvStatic
	}
	if s.fort > 0 {
		x.add(ModFortification, 0, b.fortDefense(t, a))
	}
	tac := s.tactic
	x.add(ModTactic, uint8(tac), tac.DV())
	if tac == pfarmy.TacSpellbreaker && b.opt.Spellbreaker == pfarmy.Std && au.casting() {
		x.add(ModTactic, uint8(tac), 4)
	}
	if s.p.frNow && b.opt.FalseRetreat == pfarmy.Std && int(s.p.frTarget) == a {
		x.add(ModTactic, uint8(pfarmy.TacFalseRetreat), 6)
	}
	if u.boons.Has(pfarmy.BoonDefensiveTactics) {
		x.add(ModBoon, uint8(pfarmy.BoonDefensiveTactics), 2)
	}
	if melee {
		x.add(ModStrategy, uint8(s.strategy), int(strategyInfo[s.strategy].dv))
	}
	if s.p.tauntedBy != 0 && (b.opt.Taunt == pfarmy.TauntAgainstAll || s.p.tauntedBy&(1<<a) != 0) {
		x.add(ModTaunted, 0, -2)
	}
	if u.dyn || au.dyn {
		b.dvAbilities(t, a, x)
		b.dvField(t, a, x)
		b.dvOrders(t, a, x)
	}
}

// dvAbilities adds army t's defense modifiers against army a from their special abilities.
func (b *Battle) dvAbilities(t, a int, x *acc) {
	u, au := &b.u[t], &b.u[a]
	s, ab, aab := &u.s, u.st.Abil, au.st.Abil
	for _, c := range u.st.Cond {
		if c.DV != 0 && b.condApplies(c.When, t, a) {
			x.add(ModAbilities, 0, int(c.DV))
		}
	}
	if s.raging {
		x.add(ModAbility, uint8(pfarmy.AbRage), -1)
	}
	if s.ferocious {
		x.add(ModAbility, uint8(pfarmy.AbFerocity), -4)
	}
	x.add(ModAbility, uint8(pfarmy.AbParalysis), -int(s.paraDV))
	if s.p.tripped {
		x.add(ModAbility, uint8(pfarmy.AbTrip), -1)
	}
	if ab.Has(pfarmy.AbSpellResistance) && au.casting() {
		x.add(ModAbility, uint8(pfarmy.AbSpellResistance), 6)
	}
	if u.sigDef&(1<<a) != 0 && (au.s.p.judg != judgMagic || !slicesHas(u.st.Overcome, "magic")) {
		x.add(ModAbility, uint8(pfarmy.AbSignificantDefense), 10)
	}
	if (aab.Has(pfarmy.AbIncorporeal) || aab.Has(pfarmy.AbSwarm)) && u.st.Parts.Armor > 0 {
		k := pfarmy.AbIncorporeal
		if aab.Has(pfarmy.AbSwarm) {
			k = pfarmy.AbSwarm
		}
		x.add(ModAbility, uint8(k), -u.st.Parts.Armor) // ignores armor resources
	}
	if ab.Has(pfarmy.AbRockCatching) && b.atRange(a, t) {
		v := 1
		if au.st.SiegeEngines > 0 || aab.Has(pfarmy.AbRockThrowing) {
			v = 2
		}
		x.add(ModAbility, uint8(pfarmy.AbRockCatching), v)
	}
	if aab.Has(pfarmy.AbInvisibility) && !u.has(pfarmy.AbBlindsight) {
		v := -2
		if u.has(pfarmy.AbScent) {
			v = -1
		}
		x.add(ModAbility, uint8(pfarmy.AbInvisibility), v)
	}
	if ab.Has(pfarmy.AbTrack) && b.phase == PhaseTactics {
		x.add(ModAbility, uint8(pfarmy.AbTrack), u.acrBonus) // against an ambush
	}
}

// targeted records what army i's abilities do to its target t when it picks it: trip (its DV -1 this
// Melee Phase), grab (-2 on its rout and withdrawal checks for the battle), smite evil.
func (b *Battle) targeted(i, t int, melee bool) {
	u, tu := &b.u[i], &b.u[t]
	if melee && u.st.Abil.Has(pfarmy.AbTrip) {
		tu.s.p.tripped = true
	}
	if u.st.Abil.Has(pfarmy.AbGrab) {
		tu.s.grabbed = true
	}
	if melee && u.st.Abil.Has(pfarmy.AbSmiteEvil) && !u.s.smiteUsed {
		if evil, _ := tu.evil(); evil && b.decide(i, AskSmite, t) {
			u.s.smiteUsed, u.s.p.smiteNow = true, true
		}
	}
}

// moraleMods adds army i's morale check modifiers (P-8): Morale, commander, Loyalty, abilities,
// those of its abilities that touch a check of kind k (abilityfx.go), and the tactic's (Cautious
// Combat +2, P-26).
func (b *Battle) moraleMods(i int, x *acc, k checkKind) {
	u := &b.u[i]
	if x.rec {
		p := &u.st.Parts
		x.add(ModMorale, 0, u.st.Morale)
		x.add(ModCharisma, 0, p.Charisma)
		x.add(ModSoldier, 0, p.Soldier)
		x.add(ModBoon, uint8(pfarmy.BoonLoyalty), p.Loyalty)
		x.add(ModAbilities, 0, p.AbilityMorale)
	} else {
		x.sum += u.st.MoraleMod
	}
	if u.moraleFx || u.s.grabbed {
		b.moraleAbility(i, k, x)
	}
	x.add(ModTactic, uint8(u.s.tactic), u.s.tactic.Morale())
}
