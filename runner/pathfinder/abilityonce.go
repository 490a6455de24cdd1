package pathfinder

import (
	"strconv"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Issue 24's abilities that a commander orders (once a battle, or each phase), and those that act
// when an army deals or takes damage (Ultimate Campaign, Mass Combat, Special Abilities). Readings,
// where the published text leaves a gap:
//   - the once-a-battle orders are asked when they can first matter: challenge, combat style,
//     weapon specialization and hunter's bond's companions when the army picks a target; hex's
//     healing, create sandstorm and wild shape at the start of a Ranged or Melee Phase;
//   - combat style's "ranged attacks or melee attacks" is the kind of the attack it is ordered on;
//     weapon specialization, which unlike combat style says no "for the rest of the battle", adds
//     its +2 to that one offense check;
//   - hunter's bond's companions raise the army's own OM (the allied army is not played);
//   - judgment's choice is asked as up to three questions (heal, magic weapons, DV), damage +1
//     when all are answered no; "unable to attack because of fear" is the fear rule's afraid;
//   - energy drain's -1 is, as paralysis's, each time it damages; "24 hours" outlasts the battle:
//     a hex run carries it into the next day's battles (Combatant.Drain, hexdisease.go);
//   - disease acts after the battle: the diseased army is marked in its state (ArmyState.Diseased)
//     and a hex run plays its days (hexdisease.go); create spawn's new army is not made;
//   - poison resistance cuts each poison die (bleed from an army that wrote poison) by half its
//     value; alchemy's potion is drunk as a healing potion (AskPotion), before the bought ones.

// onceUsed records the once-a-battle abilities an army used, one bit per ability kind from
// AbAlchemy on.
type onceUsed uint32

func (o onceUsed) has(k pfarmy.AbilityKind) bool {
	return k >= pfarmy.AbAlchemy && o&(1<<(k-pfarmy.AbAlchemy)) != 0
}

func (o *onceUsed) set(k pfarmy.AbilityKind) {
	if k >= pfarmy.AbAlchemy {
		*o |= 1 << (k - pfarmy.AbAlchemy)
	}
}

// Judgment's choices (Judgment, Inquisitor 1: "increase its damage by 1, increase its DV by 1,
// heal a number of hit points equal to half its ACR, or treat its attacks as magic weapons").
const (
	judgDamage uint8 = iota + 1
	judgDefense
	judgHeal
	judgMagic
)

// abilityEvent logs an ability army i uses (against army t, or -1), healing heal.
func (b *Battle) abilityEvent(i, t int, k pfarmy.AbilityKind, heal int) {
	if b.log != nil {
		e := b.emit(EvAbility, i, t)
		e.Ability, e.Heal = k, heal
		b.send()
	}
}

// phaseOrders plays army i's orders at the start of a Ranged or Melee Phase, after bleed: create
// sandstorm, wild shape, hex's healing, judgment, burrow.
func (b *Battle) phaseOrders(i int) {
	u := &b.u[i]
	s, ab := &u.s, u.st.Abil
	if ab.Has(pfarmy.AbCreateSandstorm) && !s.once.has(pfarmy.AbCreateSandstorm) && !b.sandstorm() && b.decide(i, AskSandstorm, -1) {
		// Create Sandstorm: "Once per battle, the army can affect the field of battle with the
		// sandstorm battlefield condition. The sandstorm lasts for the rest of the battle."
		s.once.set(pfarmy.AbCreateSandstorm)
		b.sand = true
		b.gmStale = true
		b.abilityEvent(i, -1, pfarmy.AbCreateSandstorm, 0)
	}
	if s.shaped && b.decide(i, AskWildShapeEnd, -1) {
		b.endWildShape(i) // taken in an earlier phase: asked before the form is offered
	}
	if ab.Has(pfarmy.AbWildShape) && !s.once.has(pfarmy.AbWildShape) && b.decide(i, AskWildShape, -1) {
		b.wildShape(i)
	}
	if u.st.HexHealing && !s.once.has(pfarmy.AbHex) && s.hp < u.maxHP && b.decide(i, AskHexHealing, -1) {
		// Hex (Witch 1), healing: "Once per battle, the army can heal a number of hit points
		// equal to half its ACR" (at least 1, P-4).
		s.once.set(pfarmy.AbHex)
		s.p.heal += u.triage
		b.abilityEvent(i, -1, pfarmy.AbHex, u.triage)
	}
	if ab.Has(pfarmy.AbJudgment) && !s.p.afraid && !s.p.routing {
		b.judgment(i)
	}
	if ab.Has(pfarmy.AbBurrow) || ab.Has(pfarmy.AbEarthGlide) {
		b.burrowStart(i)
	}
}

// judgment is Judgment (Inquisitor 1): "Once each Ranged or Melee phase, the army may choose to
// increase its damage by 1, increase its DV by 1, heal a number of hit points equal to half its
// ACR, or treat its attacks as magic weapons. This ability is suspended for any phase in which the
// army is unable to attack because of fear".
func (b *Battle) judgment(i int) {
	u := &b.u[i]
	s := &u.s
	switch {
	case s.hp < u.maxHP && b.decide(i, AskJudgmentHeal, -1):
		s.p.judg = judgHeal
		s.p.heal += u.triage
	case !u.magic && b.decide(i, AskJudgmentMagic, -1):
		s.p.judg = judgMagic
	case b.decide(i, AskJudgmentDefense, -1):
		s.p.judg = judgDefense
	default:
		s.p.judg = judgDamage
	}
	if b.log != nil {
		e := b.emit(EvAbility, i, -1)
		e.Ability, e.Choice = pfarmy.AbJudgment, s.p.judg
		if s.p.judg == judgHeal {
			e.Heal = u.triage
		}
		b.send()
	}
}

// magicNow reports whether army u's attacks are magical this phase (its weapons, spellcasting,
// incorporeal, ki pool, or judgment's choice).
func (u *unit) magicNow() bool { return u.magic || u.s.p.judg == judgMagic }

// wildShape is Wild Shape (Druid 4): "Once per battle, the army may gain the aquatic, amphibious,
// climb, darkvision, flight, low-light vision, or scent special abilities, but loses the
// spellcasting ability while this is in effect." The form's abilities are those of Of; its senses
// change the darkness, dim light, fog and invisibility penalties at once (unit.has reads the form;
// the army's Stats stay as they were). The form lasts until the battle ends or the army ends it
// (endWildShape).
func (b *Battle) wildShape(i int) {
	u := &b.u[i]
	s := &u.s
	s.once.set(pfarmy.AbWildShape)
	s.shaped = true
	u.setSenses(b)
	b.gmStale = true
	b.abilityEvent(i, -1, pfarmy.AbWildShape, 0)
}

// endWildShape is Wild Shape's "The army can end this ability in any later phase": asked at the
// start of each Ranged or Melee Phase after the one it was taken in (AskWildShapeEnd), it ends the
// form: the form's abilities and senses go, spellcasting's OM and DV come back. Once a battle, so
// the form is not taken again.
func (b *Battle) endWildShape(i int) {
	u := &b.u[i]
	u.s.shaped = false
	u.setSenses(b)
	b.gmStale = true
	if b.log != nil {
		e := b.emit(EvAbility, i, -1)
		e.Ability, e.Choice = pfarmy.AbWildShape, 1
		b.send()
	}
}

// has reports whether army u has ability k now: written, or taken with its wild shape.
func (u *unit) has(k pfarmy.AbilityKind) bool {
	return u.st.Abil.Has(k) || (u.s.shaped && u.st.WildForm.Has(k))
}

// setSenses recomputes army u's darkness, dim light and fog modifiers and whether it sees the
// invisible from its abilities now (wild shape), keeping omStatic and dvStatic in step.
func (u *unit) setSenses(b *Battle) {
	om, dv := u.condOM, u.condDV
	b.setupConditions(u)
	u.omStatic += u.condOM - om
	u.dvStatic += u.condDV - dv
	u.seesInvis = u.has(pfarmy.AbBlindsight) || u.has(pfarmy.AbScent)
	u.fogStorm = 1
	if u.has(pfarmy.AbBlindsight) {
		u.fogStorm = 0
	} else if u.has(pfarmy.AbScent) || u.has(pfarmy.AbTrack) {
		u.fogStorm = 2
	}
}

// casting reports whether army u counts as spellcasting now: not in wild shape.
func (u *unit) casting() bool { return u.st.Spellcasting && !u.s.shaped }

// targetOrders plays army i's once-a-battle orders when it picks target t: challenge, combat
// style, weapon specialization, hunter's bond's companions.
func (b *Battle) targetOrders(i, t int, melee bool) {
	u := &b.u[i]
	s, ab := &u.s, u.st.Abil
	if ab.Has(pfarmy.AbChallenge) && !s.once.has(pfarmy.AbChallenge) && b.decide(i, AskChallenge, t) {
		// Challenge (Cavalier 1): "Once per battle, the army may increase its OM by 2 against a
		// target army, but it also reduces its DV by 1 against attacks from any army that is not the
		// target army. These effects last for the rest of the battle."
		s.once.set(pfarmy.AbChallenge)
		s.challenged = int8(t)
		b.abilityEvent(i, t, pfarmy.AbChallenge, 0)
	}
	if ab.Has(pfarmy.AbCombatStyle) && !s.once.has(pfarmy.AbCombatStyle) && b.decide(i, AskCombatStyle, t) {
		// Combat Style (Ranger 2): "Once per battle, increase the army's OM for either ranged
		// attacks or melee attacks by 1 for the rest of the battle."
		s.once.set(pfarmy.AbCombatStyle)
		s.style = 1
		if melee {
			s.style = 2
		}
		b.abilityEvent(i, t, pfarmy.AbCombatStyle, 0)
	}
	if ab.Has(pfarmy.AbWeaponSpecialization) && !s.once.has(pfarmy.AbWeaponSpecialization) && b.decide(i, AskWeaponSpecialization, t) {
		// Weapon Specialization (Fighter 4): "Once per battle, increase the army's OM for either
		// ranged or melee attacks by 2."
		s.once.set(pfarmy.AbWeaponSpecialization)
		s.p.wsNow = true
		b.abilityEvent(i, t, pfarmy.AbWeaponSpecialization, 0)
	}
	if k := channelHealer(u); k != pfarmy.AbGeneric && s.hp < u.maxHP && b.decide(i, AskChannelHeal, t) {
		b.channelHeal(i, k)
	}
	if u.st.Companions && !s.once.has(pfarmy.AbHuntersBond) && b.decide(i, AskCompanions, t) {
		// Hunter's Bond (Ranger 4), companions: "Once per battle, the army may increase its OM ...
		// by 1 for the rest of the battle."
		s.once.set(pfarmy.AbHuntersBond)
		b.abilityEvent(i, t, pfarmy.AbHuntersBond, 0)
		b.companionsAlly(i)
	}
}

// channelHealer is the channel ability army u may heal itself with: channel positive energy (and
// lay on hands, its alias) in any army, channel negative energy only in an undead one; AbGeneric
// when it has neither.
func channelHealer(u *unit) pfarmy.AbilityKind {
	switch {
	case u.st.Abil.Has(pfarmy.AbChannelPositive):
		return pfarmy.AbChannelPositive
	case u.st.Abil.Has(pfarmy.AbChannelNegative) && isUndead(u):
		return pfarmy.AbChannelNegative
	}
	return pfarmy.AbGeneric
}

// channelHeal is channel energy's other use. Channel Positive Energy (Cleric 1, Paladin 4):
// "Instead of dealing extra damage to an enemy army, the army can use this ability to heal itself;
// if it takes an OM penalty equal to half its ACR for one Ranged or Melee phase, it heals a number
// of hit points equal to its ACR." Channel Negative Energy (Cleric 1): "If the army with this
// ability is undead, instead of dealing extra damage to an enemy army, it can use this ability to
// heal itself" on the same terms. Army i, which has picked its target this phase, heals ACR hp (at
// least 1, P-4) with the phase's healing, and its offense checks this phase take OM -half its ACR
// (at least 1, as hex's and judgment's halves; omOrders) and deal no channel 1d4 (damageBy). An
// army with no offense check in a phase cannot take the penalty, so it is asked only once it has
// a target (as Triage, P-47); it may heal every Ranged or Melee Phase ("can use this ability"
// names no limit).
func (b *Battle) channelHeal(i int, k pfarmy.AbilityKind) {
	u := &b.u[i]
	heal := max(1, u.num/u.den)
	u.s.p.chanNow = true
	u.s.p.heal += heal
	b.abilityEvent(i, -1, k, heal)
}

// isUndead reports whether army u is undead: the ability, or the creature type.
func isUndead(u *unit) bool { return u.st.Abil.Has(pfarmy.AbUndead) || u.st.Type == "undead" }

// omOrders adds army a's offense modifiers against army t from its orders and from what was done to
// it (energy drain; disease's penalty from days before, hexdisease.go), and its losses in wild shape
// (spellcasting's bonus).
func (b *Battle) omOrders(a, t int, melee bool, x *acc) {
	u := &b.u[a]
	s := &u.s
	if s.once.has(pfarmy.AbChallenge) && int(s.challenged) == t {
		x.add(ModAbility, uint8(pfarmy.AbChallenge), 2)
	}
	if s.style == 1 && !melee || s.style == 2 && melee {
		x.add(ModAbility, uint8(pfarmy.AbCombatStyle), 1)
	}
	if s.p.wsNow && int(s.p.target) == t {
		x.add(ModAbility, uint8(pfarmy.AbWeaponSpecialization), 2)
	}
	if (s.once.has(pfarmy.AbHuntersBond) && s.bondTo < 0) || s.bondedBy != 0 {
		x.add(ModAbility, uint8(pfarmy.AbHuntersBond), 1)
	}
	if s.p.chanNow {
		x.add(ModAbility, uint8(channelHealer(u)), -u.triage)
	}
	x.add(ModAbility, uint8(pfarmy.AbInspireCourage), u.inspireOM())
	x.add(ModAbility, uint8(pfarmy.AbEnergyDrain), -int(s.drain))
	x.add(ModAbility, uint8(pfarmy.AbDisease), -u.sick)
	if s.shaped {
		x.add(ModAbility, uint8(pfarmy.AbWildShape), -u.st.SpellLevel)
	}
}

// dvOrders adds army t's defense modifiers against army a from its orders (challenge, order,
// judgment), energy drain, disease's penalty from days before and wild shape.
func (b *Battle) dvOrders(t, a int, x *acc) {
	u := &b.u[t]
	s := &u.s
	if s.once.has(pfarmy.AbChallenge) {
		switch {
		case int(s.challenged) != a:
			x.add(ModAbility, uint8(pfarmy.AbChallenge), -1)
		case u.st.Abil.Has(pfarmy.AbOrder):
			// Order (Cavalier 1): "When using the challenge ability, increase the army's DV by 1
			// against the challenged army."
			x.add(ModAbility, uint8(pfarmy.AbOrder), 1)
		}
	}
	if s.p.judg == judgDefense {
		x.add(ModAbility, uint8(pfarmy.AbJudgment), 1)
	}
	x.add(ModAbility, uint8(pfarmy.AbEnergyDrain), -int(s.drain))
	x.add(ModAbility, uint8(pfarmy.AbDisease), -u.sick)
	if s.shaped {
		x.add(ModAbility, uint8(pfarmy.AbWildShape), -u.st.SpellLevel)
	}
}

// onDamage24 plays what attacker a's issue 24 abilities do to target t when a check deals damage:
// energy drain, disease, vortex, unnatural aura.
func (b *Battle) onDamage24(a, t int) {
	ua, ut := &b.u[a], &b.u[t]
	ab := ua.st.Abil
	if ab.Has(pfarmy.AbEnergyDrain) && b.affects(ua, ut, pfarmy.AbEnergyDrain) {
		// Energy Drain: "If the army damages an enemy, it reduces the enemy's OM and DV by 1 for
		// 24 hours."
		ut.s.drain = min(ut.s.drain+1, 100)
	}
	if ab.Has(pfarmy.AbDisease) && !ut.s.diseased && b.affects(ua, ut, pfarmy.AbDisease) {
		// Disease: "If the army damages an enemy, the enemy becomes diseased and takes a
		// cumulative -1 penalty to its OM and DV each day after the battle." The row says so when
		// it catches it (an army already diseased does not catch it twice); the days after are
		// a hex run's (hexdisease.go).
		ut.s.diseased, ut.s.p.caught = true, true // offense writes the row after the check's
	}
	if ab.Has(pfarmy.AbVortex) && b.field.Water && b.affects(ua, ut, pfarmy.AbVortex) && !immuneTo(ut, "paralysis") {
		// Vortex: "This ability functions as paralysis, but only against targets on or in the
		// water."
		ut.s.paraDV = min(ut.s.paraDV+1, 100)
	}
	if ab.Has(pfarmy.AbUnnaturalAura) && (ut.st.Type == "animal" || ut.st.Mounted) && b.affects(ua, ut, pfarmy.AbUnnaturalAura) &&
		!ut.st.Abil.Has(pfarmy.AbMindless) && !immuneTo(ut, "fear") {
		// Unnatural Aura: "This ability functions as fear, but applies only to animals (including
		// animal mounts)."
		ut.s.p.feared |= 1 << a
	}
}

// immuneTo reports whether army u is immune to the ability named n (folded).
func immuneTo(u *unit, n string) bool {
	for _, m := range u.st.Immune {
		if m == n {
			return true
		}
	}
	return false
}

// createSpawn is Create Spawn after a phase's destructions: "If the army destroys a living army of
// equal or greater size, it may immediately recover a number of hit points equal to twice its ACR"
// (the other choice, a new army two sizes smaller, is not made). Army a destroyed army t when it
// attacked t this phase and t is destroyed.
func (b *Battle) createSpawn(t int) {
	ut := &b.u[t]
	if ut.st.Abil.Has(pfarmy.AbUndead) || ut.st.Type == "undead" || ut.st.Abil.Has(pfarmy.AbConstruct) || ut.st.Type == "construct" {
		return
	}
	for a := 0; a < b.n; a++ {
		ua := &b.u[a]
		if !ua.st.Abil.Has(pfarmy.AbCreateSpawn) || ua.side == ut.side || ua.s.status != StatusActive ||
			int(ua.s.p.target) != t || ut.st.Size < ua.st.Size {
			continue
		}
		heal := min(ua.heal2, ua.maxHP-ua.s.hp)
		if heal <= 0 {
			continue
		}
		ua.s.hp += heal
		b.abilityEvent(a, t, pfarmy.AbCreateSpawn, heal)
		if b.log != nil {
			e := b.emit(EvHP, a, -1)
			e.Heal, e.HP = heal, ua.s.hp
			b.send()
		}
	}
}

// sandstorm reports whether a sandstorm blows: the field's, or one an army created.
func (b *Battle) sandstorm() bool { return b.field.Sandstorm || b.sand }

// fogOf is army u's fog mode now: a created sandstorm counts as fog (P-65).
func (b *Battle) fogOf(u *unit) uint8 {
	if b.sand && u.fogMode == 0 {
		return u.fogStorm
	}
	return u.fogMode
}

// orderAbilities are the abilities phaseOrders plays.
var orderAbilities = pfarmy.AbilitySet{}.With(pfarmy.AbCreateSandstorm).With(pfarmy.AbWildShape).With(pfarmy.AbHex).With(pfarmy.AbJudgment).
	With(pfarmy.AbBurrow).With(pfarmy.AbEarthGlide)

// slicesHas reports whether list holds s.
func slicesHas(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// abilityResult is an EvAbility row's result column: what the ability does.
func abilityResult(e *Event) string {
	heal := "heals " + strconv.Itoa(e.Heal)
	switch e.Ability {
	case pfarmy.AbAlchemy, pfarmy.AbHex, pfarmy.AbCreateSpawn:
		return heal
	case pfarmy.AbChannelPositive, pfarmy.AbChannelNegative:
		return heal + "; OM -half its ACR, no 1d4 this phase"
	case pfarmy.AbJudgment:
		return judgText(e.Choice, e.Heal)
	case pfarmy.AbBurrow:
		return "digs under its fortification: no attack"
	case pfarmy.AbChallenge:
		return "OM +2 against it, DV -1 against others"
	case pfarmy.AbCombatStyle:
		return "OM +1 on such attacks for the battle"
	case pfarmy.AbWeaponSpecialization:
		return "OM +2 on this check"
	case pfarmy.AbHuntersBond:
		if e.Choice == 1 {
			return "gives it OM +1 for the rest of the battle"
		}
		return "OM +1 for the battle"
	case pfarmy.AbCreateSandstorm:
		return "sandstorm for the rest of the battle"
	case pfarmy.AbDisease:
		return "diseased: OM and DV -1 more each day after the battle"
	case pfarmy.AbMercy:
		return "cures its disease"
	case pfarmy.AbInspireCourage:
		return "gives it OM +1 and +2 on fear and rout checks for the battle"
	case pfarmy.AbWildShape:
		if e.Choice == 1 {
			return "ends its wild shape, spellcasting back"
		}
		return "takes its wild shape, loses spellcasting"
	}
	return ""
}

// judgText says what judgment's choice c does this phase.
func judgText(c uint8, heal int) string {
	switch c {
	case judgDamage:
		return "damage +1 this phase"
	case judgDefense:
		return "DV +1 this phase"
	case judgHeal:
		return "heals " + strconv.Itoa(heal)
	case judgMagic:
		return "attacks count as magic weapons this phase"
	}
	return ""
}

// gmDecide24 is the Policy's answer to issue 24's questions: burrow under any fortification of 2
// or more; challenge, combat style, companions at the first chance (melee for combat style);
// weapon specialization in the first Melee Phase; hex's, judgment's and channel energy's healing at
// half hp or less; judgment's magic weapons against an incorporeal or swarm army, or a significant
// defense that magic overcomes, never its DV; a sandstorm when fog costs the army less than every enemy; wild
// shape when its form lifts a darkness or dim light penalty the army has, or it is aquatic on
// water, and it loses no spellcasting.
func (b *Battle) gmDecide24(i int, q Question, other int) bool {
	u := &b.u[i]
	switch q {
	case AskBurrow:
		return other >= 0 && b.u[other].s.fort >= 2
	case AskChallenge, AskCompanions:
		return true
	case AskCombatStyle:
		return b.phase == PhaseMelee && other >= 0 && !b.atRange(i, other)
	case AskWeaponSpecialization:
		return b.phase == PhaseMelee && b.meleeNo == 1
	case AskHexHealing, AskJudgmentHeal, AskChannelHeal:
		return 2*u.s.hp <= u.maxHP
	case AskJudgmentMagic:
		for j := 0; j < b.n; j++ {
			t := &b.u[j]
			if t.side != u.side && t.s.status == StatusActive && (t.st.Abil.Has(pfarmy.AbIncorporeal) || t.st.Abil.Has(pfarmy.AbSwarm) ||
				(t.sigDef&(1<<i) != 0 && slicesHas(t.st.Overcome, "magic"))) {
				return true
			}
		}
		return false
	case AskSandstorm:
		mine := b.fogStormOf(u)
		for j := 0; j < b.n; j++ {
			t := &b.u[j]
			if t.side != u.side && t.s.status == StatusActive && b.fogStormOf(t) <= mine {
				return false
			}
		}
		return true
	case AskWildShapeEnd:
		// The policy takes the form only when it costs no spellcasting (below): ending it gains
		// nothing.
		return false
	case AskWildShape:
		if u.st.SpellLevel > 0 {
			return false
		}
		f := u.st.WildForm
		sees := f.Has(pfarmy.AbDarkvision) || ((f.Has(pfarmy.AbLowLightVision) || f.Has(pfarmy.AbScent)) && !b.field.Darkness)
		return (u.condOM < 0 && sees) || (f.Has(pfarmy.AbAquatic) && b.field.Water && !u.has(pfarmy.AbAquatic))
	}
	return false
}

// fogStormOf ranks how much a sandstorm's fog costs army u: 0 nothing (blindsight), 1 a quarter
// of its damage (scent, track), 2 half.
func (b *Battle) fogStormOf(u *unit) uint8 {
	switch u.fogStorm {
	case 0:
		return 0
	case 2:
		return 1
	}
	return 2
}
