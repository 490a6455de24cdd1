package clash

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Setting up the stat blocks and spells (distances to squares, dice parsed, traits known).

func (s *Setup) setupCreatures() error {
	c := s.Plan
	s.cr = make([]creature, len(c.Creatures))
	for i := range c.Creatures {
		pc := &c.Creatures[i]
		cr := &s.cr[i]
		cr.id, cr.name = pc.ID, pc.Name
		if cr.name == "" {
			cr.name = pc.ID
		}
		cr.rank, cr.space = pc.Size.Rank(), pc.Size.Space()
		if cr.rank < 0 {
			return errAt(pc.Pos, "creature %s: size %q is not one of tiny, small, medium, large, huge, gargantuan", pc.ID, pc.Size)
		}
		if pc.HP < 1 || pc.HP > clashrules.MaxHP {
			return errAt(pc.Pos, "creature %s: hp %d: want 1..%d", pc.ID, pc.HP, clashrules.MaxHP)
		}
		if pc.AC < 0 || pc.AC > 50 {
			return errAt(pc.Pos, "creature %s: AC %d: want 0..50", pc.ID, pc.AC)
		}
		sp := pc.Speed
		for _, v := range []int{sp.Walk, sp.Swim, sp.Fly, sp.Climb} {
			if v < 0 || v > 1000 {
				return errAt(pc.Pos, "creature %s: speed %d ft: want 0..1000", pc.ID, v)
			}
		}
		cr.ac, cr.hp = pc.AC, pc.HP
		if f := strings.Fields(strings.ToLower(pc.Type)); len(f) > 0 {
			cr.ctype = f[0]
		}
		cr.walk = SquaresForSpeed(sp.Walk, s.Opt.SpeedScale)
		cr.swim = SquaresForSpeed(sp.Swim, s.Opt.SpeedScale)
		cr.fly = SquaresForSpeed(sp.Fly, s.Opt.SpeedScale)
		for k := 0; k < 6; k++ {
			if a, v := pc.Abilities[k], pc.Saves[k]; a < -10 || a > 20 || v < -10 || v > 30 {
				return errAt(pc.Pos, "creature %s: %s modifier %d / save %d out of range", pc.ID, plan.AbilityNames[k], a, v)
			}
		}
		cr.abil, cr.saves = pc.Abilities, pc.Saves
		cr.stealth, cr.percept = pc.Skills.Stealth, pc.Skills.Perception
		cr.command = max(pc.Skills.Intimidation, pc.Skills.Persuasion)
		cr.resist, cr.immune, cr.vuln = s.mask(pc.Resistances), s.mask(pc.Immunities), s.mask(pc.Vulnerabilities)
		if len(pc.Attacks) > maxAttacks {
			return errAt(pc.Pos, "creature %s: %d attacks: at most %d", pc.ID, len(pc.Attacks), maxAttacks)
		}
		cr.reachAttack = -1
		for j := range pc.Attacks {
			pa := &pc.Attacks[j]
			what := fmt.Sprintf("creature %s, attack %q", pc.ID, pa.Name)
			if pa.Reach < 0 || pa.Range < 0 || pa.LongRange < 0 || (pa.LongRange > 0 && pa.LongRange < pa.Range) {
				return errAt(pc.Pos, "%s: reach %d, range %d/%d ft: want reach >= 0 and normal <= long range", what, pa.Reach, pa.Range, pa.LongRange)
			}
			if pa.Reach == 0 && pa.Range == 0 {
				return errAt(pc.Pos, "%s: neither a reach (melee) nor a range (ranged)", what)
			}
			if pa.ToHit < -10 || pa.ToHit > 30 {
				return errAt(pc.Pos, "%s: to-hit %+d out of range", what, pa.ToHit)
			}
			if len(pa.Damage) == 0 {
				return errAt(pc.Pos, "%s: no damage", what)
			}
			dmg, avg2, err := s.parseDamage(pc.Pos, what, pa.Damage)
			if err != nil {
				return err
			}
			a := attack{name: pa.Name, toHit: pa.ToHit, melee: pa.Reach > 0, ranged: pa.Range > 0, reach: pa.Reach,
				dmg: dmg, avg2: avg2}
			if a.ranged {
				a.rng = clashrules.SquaresForRange(pa.Range, s.Opt.RangeOrigin)
				if pa.LongRange > 0 && s.Opt.LongRange == clashrules.LongRangeDisadvantage {
					a.long = clashrules.SquaresForRange(pa.LongRange, s.Opt.RangeOrigin)
				}
			}
			if a.melee {
				cr.hasMelee = true
				if pa.Reach >= 10 && (cr.reachAttack < 0 || pa.Reach > cr.attacks[cr.reachAttack].reach) {
					cr.reachAttack = j
				}
			}
			if a.ranged {
				cr.hasRanged = true
			}
			cr.attacks = append(cr.attacks, a)
		}
		for _, r := range pc.Multiattack {
			if len(r) == 0 || len(r) > maxRoutine {
				return errAt(pc.Pos, "creature %s: a Multiattack routine of %d attacks: want 1..%d", pc.ID, len(r), maxRoutine)
			}
			for _, k := range r {
				if k < 0 || k >= len(cr.attacks) {
					return errAt(pc.Pos, "creature %s: Multiattack names attack %d of %d", pc.ID, k, len(cr.attacks))
				}
			}
			cr.routines = append(cr.routines, append([]int(nil), r...))
		}
		// Without Multiattack, or besides it, each attack alone is a routine (5e: Multiattack is one
		// option of the Attack action).
		for j := range cr.attacks {
			cr.routines = append(cr.routines, []int{j})
		}
		for _, r := range cr.routines {
			m, g := 0, 0
			for _, k := range r {
				a := &cr.attacks[k]
				if a.melee {
					m += a.avg2
				}
				if a.ranged {
					g += a.avg2
				}
			}
			cr.bestMelee, cr.bestRanged = max(cr.bestMelee, m), max(cr.bestRanged, g)
		}
		cr.rangedBest = cr.bestRanged
		for _, a := range cr.attacks {
			if a.ranged {
				cr.rangedReach = max(cr.rangedReach, a.rng)
			}
		}
		for _, t := range pc.Traits {
			switch strings.ToLower(t.Name) {
			case plan.TraitPackTactics:
				cr.traits |= trPack
			case plan.TraitMartialAdvantage:
				e, err := parseDice(t.Dice)
				if err != nil {
					return errAt(pc.Pos, "creature %s: martial advantage dice %q: %v", pc.ID, t.Dice, err)
				}
				cr.traits |= trMartial
				cr.martial = e
			case plan.TraitMagicResistance:
				cr.traits |= trMagicRes
			case plan.TraitUndeadFortitude:
				cr.traits |= trFortitude
			case plan.TraitReckless:
				cr.traits |= trReckless
			case plan.TraitKeenSenses:
				cr.traits |= trKeen
			case plan.TraitSunlightSensitivity:
				cr.traits |= trSunlight
			case plan.TraitBrave:
				cr.traits |= trBrave
			case plan.TraitSurpriseAttack:
				e, err := parseDice(t.Dice)
				if err != nil {
					return errAt(pc.Pos, "creature %s: surprise attack dice %q: %v", pc.ID, t.Dice, err)
				}
				cr.traits |= trSurprise
				cr.surprise = e
			case plan.TraitCharge:
				e, err := parseDice(t.Dice)
				if err != nil {
					return errAt(pc.Pos, "creature %s: charge dice %q: %v", pc.ID, t.Dice, err)
				}
				if t.Attack < 0 || t.Attack >= len(cr.attacks) || t.DC < 0 || t.DC > 40 || t.Push < 0 || t.Push > 1000 {
					return errAt(pc.Pos, "creature %s: charge attack %d of %d, DC %d, push %d ft: out of range", pc.ID, t.Attack, len(cr.attacks), t.DC, t.Push)
				}
				cr.traits |= trCharge
				cr.charge = charge{attack: t.Attack, dmg: e, dc: t.DC, push: SquaresForSpeed(t.Push, s.Opt.SpeedScale)}
			default:
				return errAt(pc.Pos, "creature %s: trait %q is not one the engine simulates", pc.ID, t.Name)
			}
		}
	}
	return nil
}

func (s *Setup) setupSpells() error {
	c := s.Plan
	s.sp = make([]spell, len(c.Spells))
	for i := range c.Spells {
		ps := &c.Spells[i]
		sp := &s.sp[i]
		sp.id, sp.name, sp.level = ps.ID, ps.Name, ps.Level
		if sp.name == "" {
			sp.name = ps.ID
		}
		if ps.Range < 0 || ps.Range > 10000 || ps.Level < 0 || ps.Level > 9 {
			return errAt(ps.Pos, "spell %s: range %d ft, level %d: want range 0..10000, level 0..9", ps.ID, ps.Range, ps.Level)
		}
		sp.self = ps.Self
		if !ps.Self {
			if ps.Range == 0 {
				return errAt(ps.Pos, "spell %s: no range and not Self", ps.ID)
			}
			sp.rng = clashrules.SquaresForRange(ps.Range, s.Opt.RangeOrigin)
		}
		sp.resolve, sp.melee, sp.half, sp.targets = ps.Resolve, ps.Melee, ps.HalfOnSave, ps.Targets
		switch ps.Resolve {
		case plan.ResolveAttack, plan.ResolveAuto:
		case plan.ResolveSave:
			sp.save = -1
			for k, n := range plan.AbilityNames {
				if n == strings.ToLower(ps.Save) {
					sp.save = k
				}
			}
			if sp.save < 0 {
				return errAt(ps.Pos, "spell %s: save %q is not one of %s", ps.ID, ps.Save, strings.Join(plan.AbilityNames[:], ", "))
			}
		case plan.ResolveHeal:
			if ps.Heal == "" {
				return errAt(ps.Pos, "spell %s: a healing spell without heal dice", ps.ID)
			}
		default:
			return errAt(ps.Pos, "spell %s: resolve %q is not one of attack, save, auto, heal", ps.ID, ps.Resolve)
		}
		dmg, _, err := s.parseDamage(ps.Pos, "spell "+ps.ID, ps.Damage)
		if err != nil {
			return err
		}
		sp.dmg = dmg
		if ps.Heal != "" {
			e, err := parseDice(ps.Heal)
			if err != nil {
				return errAt(ps.Pos, "spell %s: heal %q: %v", ps.ID, ps.Heal, err)
			}
			sp.heal, sp.hasHeal = e, true
		}
		if err := s.setupEffect(ps, sp); err != nil {
			return err
		}
		if ps.Resolve != plan.ResolveHeal && len(dmg) == 0 && sp.fx == nil {
			return errAt(ps.Pos, "spell %s: no damage and no effect: nothing to play", ps.ID)
		}
		if a := ps.Area; a != nil {
			switch a.Shape {
			case plan.AreaCone, plan.AreaCube, plan.AreaCylinder, plan.AreaLine, plan.AreaSphere:
			default:
				return errAt(ps.Pos, "spell %s: area shape %q is not one of cone, cube, cylinder, line, sphere", ps.ID, a.Shape)
			}
			if a.Size < 1 || a.Size > clashrules.MaxAreaFt {
				return errAt(ps.Pos, "spell %s: area size %d ft: want 1..%d", ps.ID, a.Size, clashrules.MaxAreaFt)
			}
			if ps.Resolve == plan.ResolveHeal {
				return errAt(ps.Pos, "spell %s: the engine does not simulate area healing", ps.ID)
			}
			sp.shape, sp.size = a.Shape, a.Size
			if (a.Shape == plan.AreaCone || a.Shape == plan.AreaLine) && !ps.Self {
				return errAt(ps.Pos, "spell %s: a %s starts at the caster (range Self)", ps.ID, a.Shape)
			}
		} else {
			if ps.Self {
				return errAt(ps.Pos, "spell %s: a Self spell needs an area", ps.ID)
			}
			if ps.Targets < 1 || ps.Targets > 100 {
				return errAt(ps.Pos, "spell %s: a targeted spell needs 1..100 targets, has %d", ps.ID, ps.Targets)
			}
		}
	}
	// The creatures' known spells, now that the spells are parsed.
	for i := range c.Creatures {
		pc := &c.Creatures[i]
		cr := &s.cr[i]
		for j, ks := range pc.Spells {
			if ks.Spell < 0 || ks.Spell >= len(s.sp) {
				return errAt(pc.Pos, "creature %s: spell %d of %d", pc.ID, ks.Spell, len(s.sp))
			}
			if ks.Uses < 0 || ks.Uses > 100 || ks.DC < 0 || ks.DC > 40 || ks.Attack < -10 || ks.Attack > 30 {
				return errAt(pc.Pos, "creature %s, spell %s: uses %d, DC %d, attack %+d out of range", pc.ID, s.sp[ks.Spell].id, ks.Uses, ks.DC, ks.Attack)
			}
			k := knownSpell{sp: ks.Spell, atk: ks.Attack, dc: ks.DC, uses: ks.Uses, use: j}
			sp := &s.sp[ks.Spell]
			k.dmg, k.heal, k.hasHeal = sp.dmg, sp.heal, sp.hasHeal
			if len(ks.Damage) > 0 {
				d, _, err := s.parseDamage(pc.Pos, "creature "+pc.ID+", spell "+sp.id, ks.Damage)
				if err != nil {
					return err
				}
				k.dmg = d
			}
			if ks.Heal != "" {
				e, err := parseDice(ks.Heal)
				if err != nil {
					return errAt(pc.Pos, "creature %s, spell %s: heal %q: %v", pc.ID, sp.id, ks.Heal, err)
				}
				k.heal, k.hasHeal = e, true
			}
			for _, d := range k.dmg {
				k.avg2 += expect2(d.e)
			}
			cr.spells = append(cr.spells, k)
			if k.uses == 0 && sp.shape == "" && sp.rng > 1 && sp.resolve != plan.ResolveHeal {
				cr.rangedBest = max(cr.rangedBest, k.avg2*max(1, sp.targets))
				cr.rangedReach = max(cr.rangedReach, sp.rng)
			}
		}
	}
	return nil
}
