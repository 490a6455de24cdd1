package pfarmy

import (
	"fmt"
	"slices"
	"strings"
)

// Deriving an army's statistics from what the author wrote (P-1..P-11, P-66, Special Abilities,
// Kingdom Leader Commanders), with a Finding for everything inconsistent.

func FloorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// deriver collects the findings of one derivation.
type deriver struct {
	a  *Army
	o  *Options
	fs *[]Finding
	st Stats
}

func (d *deriver) add(code, field, format string, args ...any) {
	*d.fs = append(*d.fs, Finding{Code: code, Field: field, Message: fmt.Sprintf(format, args...)})
}

func derive(a *Army, o *Options, fs *[]Finding) Stats {
	d := &deriver{a: a, o: o, fs: fs}
	d.st = Stats{Name: a.Name, Size: a.Size, HitDie: a.HitDie, Morale: a.Morale, Alignment: a.Alignment, Type: Norm(a.Type)}
	st := &d.st
	fatal := d.fields()

	// Flags from resources and abilities.
	r := &a.Resources
	st.Ranged = r.Ranged
	st.Mounted = r.Mounts || a.MountCR != 0
	st.SiegeEngines = max(r.SiegeEngines, 0)
	st.HealingPotions = r.HealingPotions
	d.abilities()
	d.tactics()
	boons := d.commander()

	// Prerequisites (P-27, P-36, P-46; Army Resources: mindless creatures use no siege engines;
	// Mindless: Standard tactics only).
	all := st.Tactics
	if a.Commander != nil {
		for _, t := range a.Commander.BonusTactics {
			all = all.With(t)
		}
	}
	if all.Has(TacCavalryExperts) && !st.Mounted {
		d.add(CodePrereq, "tactics", "tactic Cavalry Experts needs a mounted army (mounts or a mount cr)")
	}
	if all.Has(TacSniperSupport) && !st.Ranged {
		d.add(CodePrereq, "tactics", "tactic Sniper Support needs ranged attacks")
	}
	if boons.Has(BoonSharpshooter) && !st.Ranged {
		d.add(CodePrereq, "commander.boons", "boon Sharpshooter needs ranged attacks")
	}
	if st.Abil.Has(AbMindless) {
		if st.Known > 0 {
			d.add(CodePrereq, "tactics", "a mindless army uses only the Standard tactic (Mindless): drop its tactics")
		}
		if st.SiegeEngines > 0 {
			d.add(CodePrereq, "resources.siegeEngines", "mindless creatures cannot use siege engines (Army Resources)")
		}
	}

	// Speed (P-6).
	switch {
	case a.Speed > 0:
		st.Speed = a.Speed
	case a.SpeedFeet > 0:
		st.Speed = hexesPerDay(a.SpeedFeet, o.HexRounding)
	}
	if fatal {
		return *st
	}
	d.numbers()
	return *st
}

// fields reports the values that are out of range (M001); true when the statistics cannot be
// derived at all.
func (d *deriver) fields() (fatal bool) {
	a := d.a
	if !a.Size.Valid() {
		d.add(CodeInvalid, "size", "army size is missing or unknown")
		fatal = true
	}
	if !a.CR.Valid() || a.CR > CRInt(MaxCreatureCR) {
		d.add(CodeInvalid, "cr", "creature cr %s is not on the ladder 1/8 ... %d", a.CR, MaxCreatureCR)
		fatal = true
	}
	if a.MountCR != 0 && (!a.MountCR.Valid() || a.MountCR > CRInt(MaxCreatureCR)) {
		d.add(CodeInvalid, "mountCR", "mount cr %s is not on the ladder 1/8 ... %d", a.MountCR, MaxCreatureCR)
		fatal = true
	}
	if !a.HitDie.Valid() {
		d.add(CodeInvalid, "hitDie", "hit die %s is not d6, d8, d10 or d12", a.HitDie)
		fatal = true
	}
	if a.Morale < -4 || a.Morale > 4 {
		d.add(CodeInvalid, "morale", "morale %d is outside -4..+4", a.Morale)
	}
	if a.Alignment != "" && !slices.Contains(Alignments, a.Alignment) {
		d.add(CodeInvalid, "alignment", "alignment %q is not one of LG, NG, CG, LN, N, CN, LE, NE, CE", a.Alignment)
	}
	if a.Type != "" && !slices.Contains(CreatureTypes, a.Type) {
		d.add(CodeInvalid, "type", "creature type %q is not a Pathfinder type (humanoid, undead, outsider ...)", a.Type)
	}
	r := &a.Resources
	if !r.Armor.Valid() {
		d.add(CodeInvalid, "resources.armor", "armor grade %s is not none, improved or magic", r.Armor)
	}
	if !r.Weapons.Valid() {
		d.add(CodeInvalid, "resources.weapons", "weapons grade %s is not none, improved or magic", r.Weapons)
	}
	if r.SiegeEngines < 0 {
		d.add(CodeInvalid, "resources.siegeEngines", "siege engines %d is negative", r.SiegeEngines)
	}
	if a.Speed < 0 {
		d.add(CodeInvalid, "speed", "speed %d is negative", a.Speed)
	}
	if a.SpeedFeet < 0 {
		d.add(CodeInvalid, "speedFeet", "speed %d ft is negative", a.SpeedFeet)
	}
	if a.ACR != 0 && !a.ACR.Valid() {
		d.add(CodeInvalid, "acr", "acr %s is not on the ladder", a.ACR)
	}
	if a.HP < 0 {
		d.add(CodeInvalid, "hp", "hp %d is negative", a.HP)
	}
	return fatal
}

// immune adds the abilities named to those the army is immune to (folded, once each).
func (d *deriver) immune(names ...string) {
	for _, n := range names {
		if f := Norm(n); !slices.Contains(d.st.Immune, f) {
			d.st.Immune = append(d.st.Immune, f)
		}
	}
}

// abilities reads the special abilities (abilities.go): the published ones by name, the author's
// own as modifiers; constant modifiers go into the stat block, situational ones to the battle.
func (d *deriver) abilities() {
	st, p := &d.st, &d.st.Parts
	immune := d.immune
	for i, ab := range d.a.Abilities {
		field := fmt.Sprintf("abilities[%d]", i)
		k := AbilityOf(ab.Name)
		switch {
		case Norm(ab.Name) == "":
			d.add(CodeInvalid, field, "an ability needs a name")
			continue
		case k.TakesValue() && ab.Value < 0:
			d.add(CodeInvalid, field+".value", "%s value %d is negative (e.g. %s)", k, ab.Value, valueExample(k))
			continue
		case k.TakesValue() && ab.Value == 0 && k != AbSpellcasting:
			d.add(CodeInvalid, field+".value", "%s needs its value (e.g. %s)", k, valueExample(k))
			continue
		case k.TakesValue() && outOfRange(k, ab.Value) != "":
			d.add(CodeInvalid, field+".value", "%s", outOfRange(k, ab.Value))
			continue
		case k == AbGeneric && ab.Value != 0:
			d.add(CodeInvalid, field+".value", "ability %q is not a published army ability: a value means nothing to it", ab.Name)
			continue
		case !k.TakesValue() && ab.Value != 0:
			d.add(CodeInvalid, field+".value", "%s takes no value", k)
			continue
		case ab.When >= NumWhen:
			d.add(CodeInvalid, field+".when", "unknown when %d", int(ab.When))
			continue
		case (ab.When == WhenFearAndRout || ab.When == WhenWithdraw) && (ab.OM != 0 || ab.DV != 0 || ab.Damage != 0):
			d.add(CodeInvalid, field+".when", "when %q is for morale checks only: om, dv and damage never apply", ab.When)
			continue
		case k == AbGeneric && ab.OM == 0 && ab.DV == 0 && ab.Damage == 0 && ab.Morale == 0 &&
			!ab.Ranged && !ab.Spellcasting && !ab.Darkvision && !ab.Mounted:
			d.add(CodeAbility, field, "ability %q is not a published army ability and changes nothing: give its om, dv, damage or morale", ab.Name)
		}
		st.Abil = st.Abil.With(k)
		st.AbilityNames = append(st.AbilityNames, ab.Name)
		if ab.When.Situational() {
			st.Cond = append(st.Cond, CondMod{When: ab.When, OM: int8(ab.OM), DV: int8(ab.DV), Damage: int8(ab.Damage), Morale: int8(ab.Morale)})
		} else {
			p.AbilityOM += ab.OM
			p.AbilityDV += ab.DV
			p.AbilityMorale += ab.Morale
			st.Damage += ab.Damage
		}
		st.Ranged = st.Ranged || ab.Ranged
		st.Spellcasting = st.Spellcasting || ab.Spellcasting
		st.Darkvision = st.Darkvision || ab.Darkvision
		st.Mounted = st.Mounted || ab.Mounted
		switch k {
		case AbBreathWeapon, AbRockThrowing:
			st.Ranged = true
		case AbFastHealing:
			st.FastHealing += ab.Value
		case AbRegeneration:
			st.Regeneration += ab.Value
		case AbBravery:
			st.Bravery += ab.Value
		case AbUndead:
			p.AbilityDV += 2
			immune("disease", "fear", "paralysis", "poison")
		case AbConstruct:
			immune("disease", "fear", "paralysis", "poison")
		case AbPlant:
			immune("fear", "paralysis", "poison")
		case AbAuraOfCourage:
			immune("fear")
		case AbImmunity:
			if len(ab.Of) == 0 {
				d.add(CodeInvalid, field+".of", "immunity needs what it is immune to (of: [\"fear\", \"poison\"])")
			}
			immune(ab.Of...)
		case AbFavoredEnemy:
			// Favored Enemy (Ranger 1): "increases its OM by 1 against an army of a type of creature
			// chosen from the ranger favored enemy list" (Ultimate Campaign, Mass Combat, Special
			// Abilities): of names the types.
			if len(ab.Of) == 0 {
				d.add(CodeInvalid, field+".of", "favored enemy needs the creature types it is against (of: [\"undead\"])")
			}
			for _, o := range ab.Of {
				if !slices.ContainsFunc(CreatureTypes, func(c string) bool { return Norm(c) == Norm(o) }) {
					d.add(CodeInvalid, field+".of", "favored enemy: unknown creature type %q (one of %s)", o, strings.Join(CreatureTypes, ", "))
					continue
				}
				st.Favored = append(st.Favored, Norm(o))
			}
		case AbSignificantDefense:
			for _, o := range ab.Of {
				st.Overcome = append(st.Overcome, Norm(o))
			}
		case AbSpellcasting:
			st.Spellcasting = true
			st.SpellLevel = max(st.SpellLevel, ab.Value)
		case AbDarkvision:
			st.Darkvision = true
		case AbInspireCourage, AbPounce:
			p.AbilityOM++
		case AbMount:
			p.AbilityOM++
			p.AbilityDV++
		case AbShieldAlly:
			p.AbilityDV++
		case AbRake:
			st.Damage++
		default:
			d.ability24(k, ab, field)
		}
	}
	if st.Abil.Has(AbOrder) && !st.Abil.Has(AbChallenge) {
		d.add(CodeAbility, "abilities", "order works only with challenge (Order, Cavalier 1: \"when using the challenge ability\"), which the army does not have, so it changes nothing")
	}
	p.AbilityOM += st.SpellLevel
	p.AbilityDV += st.SpellLevel
	if st.Abil.Has(AbUndead) && st.Type == "" {
		st.Type = "undead"
	}
}

// outOfRange is the finding for a value of ability k outside its published range (valueRange):
// "bravery value 9 is out of range: the fighter's bravery bonus is +1 (2nd level) to +5 (18th)",
// or "" when v is within it.
func outOfRange(k AbilityKind, v int) string {
	lo, hi, why, ok := valueRange(k)
	if !ok || (v >= lo && v <= hi) {
		return ""
	}
	return fmt.Sprintf("%s value %d is out of range: %s", k, v, why)
}

// valueExample is a value of ability k as an author writes it, within its range (valueRange).
func valueExample(k AbilityKind) string {
	switch k {
	case AbBravery:
		return "value: 1"
	case AbFastHealing:
		return "value: 5"
	case AbPoisonResistance:
		return "value: 2"
	case AbSpellcasting:
		return "value: 3"
	}
	return "value: 40"
}

// tactics reads the tactics known (P-10, P-22); a tactician's tactic does not count.
func (d *deriver) tactics() {
	st := &d.st
	st.Tactics = TacticSet(0).With(TacStandard).With(TacWithdraw)
	seen := TacticSet(0)
	for i, t := range d.a.Tactics {
		field := fmt.Sprintf("tactics[%d]", i)
		switch {
		case !t.Valid():
			d.add(CodeInvalid, field, "unknown tactic %d", int(t))
			continue
		case seen.Has(t):
			d.add(CodeInvalid, field, "tactic %s is listed twice", t)
			continue
		}
		seen = seen.With(t)
		if t != TacStandard && t != TacWithdraw {
			st.Known++
		}
		st.Tactics = st.Tactics.With(t)
	}
	for i, ab := range d.a.Abilities {
		if AbilityOf(ab.Name) != AbTactician {
			continue
		}
		field := fmt.Sprintf("abilities[%d].of", i)
		var t Tactic
		var err error
		if len(ab.Of) == 1 {
			t, err = ParseTactic(ab.Of[0])
		}
		switch {
		case len(ab.Of) != 1 || err != nil:
			d.add(CodeInvalid, field, "tactician names the one tactic it teaches (of: [\"Cavalry Experts\"])")
		case !seen.Has(t) || t == TacStandard || t == TacWithdraw:
			d.add(CodeInvalid, field, "tactician's tactic %s is not among the army's tactics", t)
		default:
			st.Known-- // Tactician: "this doesn't count toward an army's maximum number of known tactics"
		}
	}
}

// commander reads the commander (P-9; Kingdom Leader Commanders) and returns every boon known.
func (d *deriver) commander() BoonSet {
	st, p := &d.st, &d.st.Parts
	c := d.a.Commander
	if c == nil {
		return 0
	}
	var boons BoonSet
	st.Commander, st.CommanderPC, st.CommanderPresent = true, c.PC, !c.Absent
	st.Leadership = c.Leadership()
	st.BoonsLimit = c.BoonsLimit()
	if c.Unlucky {
		// Losing Commanders (Ultimate Campaign, Mass Combat, Commanders): "A commander with a
		// history of losing battles, being captured, and being ransomed gains an unlucky
		// reputation among your troops and reduces the Morale of any army under her by 1." The
		// Morale score itself, so the stat block, every morale check and P-7's -5 see it; whether
		// or not she is with the army this week (a reputation, not a bonus P-9 ties to presence).
		st.Morale--
	}
	if c.SoldierRanks < 0 {
		d.add(CodeInvalid, "commander.soldierRanks", "ranks %d is negative", c.SoldierRanks)
	}
	// P-9: Leadership is level (a monster's HD) + Charisma modifier. A level is at least 1; the
	// published creatures top out near 40 HD and a Charisma score near 40 (modifier +15), so the
	// bounds below catch a score written for its modifier (charisma: 16) or a typo, not a real
	// commander.
	if c.Level < MinCommanderLevel || c.Level > MaxCommanderLevel {
		d.add(CodeInvalid, "commander.level", "level %d is outside %d..%d (character level, or a monster's Hit Dice; P-9)", c.Level, MinCommanderLevel, MaxCommanderLevel)
	}
	if c.Charisma < MinCharismaMod || c.Charisma > MaxCharismaMod {
		d.add(CodeInvalid, "commander.charisma", "Charisma modifier %+d is outside %d..%+d: write the modifier, not the score (a score of 16 is +3; P-8, P-9)", c.Charisma, MinCharismaMod, MaxCharismaMod)
	}
	roleBoon := BoonSet(0)
	count := len(c.Boons) + len(c.BonusTactics)
	if c.Role != RoleNone {
		rb := c.RoleBoon
		options := RoleBoons(c.Role)
		switch {
		case !c.Role.Valid():
			d.add(CodeInvalid, "commander.role", "unknown leadership role %d", int(c.Role))
		case rb == 0 && len(options) > 1:
			d.add(CodeInvalid, "commander.role", "a %s knows one of %s: choose it with roleBoon", c.Role, boonList(options))
		case rb == 0:
			rb = options[0]
		case !slices.Contains(options, rb):
			d.add(CodeInvalid, "commander.roleBoon", "boon %s is not one a %s knows (%s)", rb, c.Role, boonList(options))
			rb = 0
		}
		switch {
		case rb == BoonBonusTactic && len(c.BonusTactics) == 0:
			d.add(CodeInvalid, "commander.roleBoon", "the role's Bonus Tactic needs its tactic under bonusTactics")
		case rb == BoonBonusTactic:
			// the first bonus tactic is the role's boon, counted once
		case rb != 0:
			roleBoon = roleBoon.With(rb)
			count++
		}
	}
	for i, b := range c.Boons {
		field := fmt.Sprintf("commander.boons[%d]", i)
		switch {
		case !b.Valid():
			d.add(CodeInvalid, field, "unknown boon %d", int(b))
			continue
		case b == BoonBonusTactic:
			d.add(CodeInvalid, field, "list a bonus tactic's tactic under bonusTactics, not the boon")
			continue
		case boons.Has(b) || roleBoon.Has(b):
			d.add(CodeInvalid, field, "boon %s is listed twice", b)
			continue
		}
		boons = boons.With(b)
		if need := b.MinLeadership(); st.Leadership < need {
			d.add(CodePrereq, field, "boon %s needs leadership %d, the commander has %d", b, need, st.Leadership)
		}
	}
	boons |= roleBoon
	bonus := TacticSet(0)
	for i, t := range c.BonusTactics {
		field := fmt.Sprintf("commander.bonusTactics[%d]", i)
		switch {
		case !t.Valid():
			d.add(CodeInvalid, field, "unknown tactic %d", int(t))
			continue
		case t == TacStandard || t == TacWithdraw:
			d.add(CodeInvalid, field, "every army knows %s; a bonus tactic must be another", t)
			continue
		case bonus.Has(t):
			d.add(CodeInvalid, field, "bonus tactic %s is listed twice", t)
			continue
		}
		bonus = bonus.With(t)
		boons = boons.With(BoonBonusTactic)
		if !c.Absent {
			st.Tactics = st.Tactics.With(t)
		}
	}
	if count > st.BoonsLimit {
		how := fmt.Sprintf("%d soldier ranks allow %d (1 + ranks/5)", c.SoldierRanks, st.BoonsLimit)
		if c.Role != RoleNone {
			how = fmt.Sprintf("a %s allows %d (1 + the higher of ranks/5 and level/6, at least 1)", c.Role, st.BoonsLimit)
		}
		d.add(CodeTooManyBoons, "commander.boons", "%d boons, but %s", count, how)
	}
	if !c.Absent {
		st.Boons = boons
		p.Charisma = c.Charisma
		p.Soldier = c.Soldier()
		if boons.Has(BoonLoyalty) {
			p.Loyalty = 2
			if st.Leadership >= 12 {
				p.Loyalty = 4
			}
		}
	}
	return boons
}

func boonList(bs []Boon) string {
	s := ""
	for i, b := range bs {
		if i > 0 {
			s += ", "
		}
		s += b.String()
	}
	return s
}

// numbers derives ACR, hp, OM, DV, the tactics limit and the consumption (P-2..P-5, P-10, P-11, P-66),
// comparing the hand-written values (M003..M007).
func (d *deriver) numbers() {
	a, o, st, p := d.a, d.o, &d.st, &d.st.Parts
	r := &a.Resources

	// ACR (P-2, P-3).
	cr := max(a.CR, a.MountCR)
	acr, ok := cr.Shift(a.Size.Rungs())
	if !ok {
		if int(cr)+a.Size.Rungs() < int(CR1_8) {
			d.add(CodeNotArmy, "size", "%d creatures of cr %s make an acr below 1/8: not an army", a.Size.Units(), cr)
		} else {
			d.add(CodeInvalid, "cr", "cr %s at size %s is above %d", cr, a.Size, MaxCR)
		}
		return
	}
	// A hand-written hp, OM or DV is reported only when it agrees with neither the derived ACR
	// nor the hand-written one, so that one wrong acr gives one finding (M003), whichever of the
	// two the other values follow; what is played follows Options.Given.
	derived := acr
	if a.ACR.Valid() && a.ACR != acr {
		d.add(CodeACR, "acr", "acr %s, but %s (%d creatures) of cr %s give %s", a.ACR, a.Size, a.Size.Units(), cr, acr)
		if o.Given == GivenUsed {
			acr = a.ACR
		}
	}
	st.ACR = acr
	st.XP = XP(acr)

	// Hit points (P-4): floor(ACR x average hit die), the average of dN being (N+1)/2.
	hpOf := func(x CR) int {
		num, den := x.Frac()
		return num * (int(a.HitDie) + 1) / (2 * den)
	}
	hp := hpOf(acr)
	if hp < 1 {
		if o.HPMin == HPMinNone {
			d.add(CodeNotArmy, "hp", "acr %s with %s gives 0 hp: not an army", acr, a.HitDie)
			return
		}
		hp = 1
	}
	if want := max(hpOf(derived), 1); a.HP > 0 && a.HP != want && a.HP != hp {
		d.add(CodeHP, "hp", "hp %d, but acr %s with %s gives %d", a.HP, derived, a.HitDie, want)
	}
	if a.HP > 0 && a.HP != hp && o.Given == GivenUsed {
		hp = a.HP
	}
	st.HP = hp

	// OM and DV (P-5, P-66).
	p.ACR = o.ACRBonus(acr)
	p.Armor = r.Armor.Bonus()
	p.Weapons = r.Weapons.Bonus()
	if r.Mounts {
		p.Mounts = 2
	}
	if r.SiegeEngines > 0 {
		p.Siege = 2
	}
	om := p.ACR + p.Weapons + p.Mounts + p.Siege + p.AbilityOM
	dv := 10 + p.ACR + p.Armor + p.Mounts + p.AbilityDV
	shift := o.ACRBonus(derived) - p.ACR // the findings compare with the derived ACR
	if want := om + shift; a.OM != nil && *a.OM != want && *a.OM != om {
		d.add(CodeOM, "om", "om %+d, but acr %s, resources and abilities give %+d", *a.OM, derived, want)
	}
	if a.OM != nil && *a.OM != om && o.Given == GivenUsed {
		p.GivenOM = *a.OM - om
		om = *a.OM
	}
	if want := dv + shift; a.DV != nil && *a.DV != want && *a.DV != dv {
		d.add(CodeDV, "dv", "dv %d, but acr %s, resources and abilities give %d", *a.DV, derived, want)
	}
	if a.DV != nil && *a.DV != dv && o.Given == GivenUsed {
		p.GivenDV = *a.DV - dv
		dv = *a.DV
	}
	st.OM, st.DV = om, dv
	st.MoraleMod = st.Morale + p.Charisma + p.Soldier + p.Loyalty + p.AbilityMorale

	// Tactics known (P-10).
	st.TacticsLimit = o.TacticsAllowed(acr)
	if st.Known > st.TacticsLimit {
		rule := "acr/2 rounded up"
		if o.TacticsLimit == TacticsFloor {
			rule = "acr/2 rounded down"
		}
		d.add(CodeTooManyTacts, "tactics", "%d tactics known, but acr %s allows %d (%s, besides Standard and Withdraw): the GM's to allow, and a victory teaches no more",
			st.Known, acr, st.TacticsLimit, rule)
	}
	d.upkeep(acr)
}

// resourceScale is each size's multiplier of a resource's cost and consumption (P-66, Resource
// Scaling), as num/den: Fine 1/8 ... Medium 1 ... Colossal 20.
var resourceScale = [...][2]int{{0, 1}, {1, 8}, {1, 6}, {1, 4}, {1, 2}, {1, 1}, {2, 1}, {4, 1}, {10, 1}, {20, 1}}

// ScaledUpkeep is a resource's consumption for size s: bp x the size's multiplier, rounded down,
// at least 1 (Resource Scaling: "The multiplier can't reduce the cost of a resource below 1 BP").
func ScaledUpkeep(s Size, bp int) int {
	if !s.Valid() || bp <= 0 {
		return 0
	}
	m := resourceScale[s]
	return max(1, bp*m[0]/m[1])
}

// upkeep is the consumption in BP a week (P-11; P-66, Army Resources): max(1, floor(ACR/2)), plus
// improved armor 1 (magic 2), improved weapons 1 (magic 2), mounts 1 and ranged weapons 1, each
// scaled by size, plus 3 per siege engine (unscaled); healing potions add 3 (scaled) a use.
func (d *deriver) upkeep(acr CR) {
	st, p, r := &d.st, &d.st.Parts, &d.a.Resources
	s := d.a.Size
	p.BaseUpkeep = max(1, acr.Floor()/2)
	res := ScaledUpkeep(s, r.Armor.Bonus()) + ScaledUpkeep(s, r.Weapons.Bonus())
	if r.Mounts {
		res += ScaledUpkeep(s, 1)
	}
	if r.Ranged {
		res += ScaledUpkeep(s, 1)
	}
	res += 3 * max(0, r.SiegeEngines)
	p.ResourceUpkeep = res
	st.Consumption = p.BaseUpkeep + res
	if r.HealingPotions {
		st.PotionUse = ScaledUpkeep(s, 3)
	}
}
