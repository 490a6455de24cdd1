package clash

// An attack's rider (plan.OnHit, U-76 [5E-CORE]): a hit makes the target save, and a failure
// deals the rider's damage and puts its effect on the target (the quasit's claws: a Constitution
// save DC 10 or 2d4 poison damage and poisoned, the save repeated at the end of each of its turns).
// A rider is played as a save spell of its own (Setup.sp, rider set), so its effect, its repeated
// save and the transcript are the spells' (condition.go); and conditions a stat block is immune to
// never land.

import (
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// setupRiders appends to s.sp a save spell for each attack's onHit, named as the attack, and the
// stat blocks' condition immunities. Errors name the creature and attack.
func (s *Setup) setupRiders() error {
	c := s.Plan
	for i := range c.Creatures {
		pc := &c.Creatures[i]
		cr := &s.cr[i]
		for _, n := range pc.CondImmune {
			bit := condBit(strings.ToLower(strings.TrimSpace(n)))
			if bit == 0 {
				return errAt(pc.Pos, "creature %s: condition immunity %q is not one of %s", pc.ID, n, strings.Join(plan.ClashConditions, ", "))
			}
			cr.condImm |= bit
		}
		for j := range pc.Attacks {
			oh := pc.Attacks[j].OnHit
			if oh == nil {
				continue
			}
			what := "creature " + pc.ID + " attack " + pc.Attacks[j].Name
			if oh.DC < 1 || oh.DC > 40 {
				return errAt(pc.Pos, "%s: onHit DC %d: want 1..40", what, oh.DC)
			}
			ps := plan.Spell{ID: pc.ID + " " + strings.ToLower(pc.Attacks[j].Name), Name: pc.Attacks[j].Name, Pos: pc.Pos,
				Range: 5, Resolve: plan.ResolveSave, Save: oh.Save, Damage: oh.Damage, Targets: 1, Effect: oh.Effect}
			sp := spell{id: ps.ID, name: ps.Name, rng: 1, resolve: plan.ResolveSave, save: -1, targets: 1, rider: true}
			for k, n := range plan.AbilityNames {
				if n == strings.ToLower(oh.Save) {
					sp.save = k
				}
			}
			if sp.save < 0 {
				return errAt(pc.Pos, "%s: onHit save %q is not one of %s", what, oh.Save, strings.Join(plan.AbilityNames[:], ", "))
			}
			dmg, _, err := s.parseDamage(pc.Pos, what+" onHit", oh.Damage)
			if err != nil {
				return err
			}
			sp.dmg = dmg
			if err := s.setupEffect(&ps, &sp); err != nil {
				return err
			}
			if len(dmg) == 0 && sp.fx == nil {
				return errAt(pc.Pos, "%s: onHit with neither damage nor an effect", what)
			}
			if f := sp.fx; f != nil && (f.ally || f.ground || f.aura || f.hasPool || f.conc || f.repeatAb >= 0) {
				return errAt(pc.Pos, "%s: onHit's effect lands on the one hit: no ally, ground, aura, pool, concentration or repeatSave", what)
			}
			a := &cr.attacks[j]
			a.rider, a.riderDC, a.hasRider = len(s.sp), oh.DC, true
			s.sp = append(s.sp, sp)
		}
	}
	return nil
}

// onHit is attack a's rider after its hit on t by at [SRD, U-76]: t saves against the rider's DC;
// on a failure it takes the rider's damage (rolled once; sortie's Default: not doubled against an
// isolated target, for U-16 doubles the attack's damage roll and this is a second roll the target's
// failed save deals) and gets its effect. A resource square, or a target the hit removed, is left.
func (b *Battle) onHit(at *actor, a *attack, t Ref) {
	if !a.hasRider || t.Kind == RefResource || !b.present(t) {
		return
	}
	sp := &b.s.sp[a.rider]
	if len(sp.dmg) == 0 && !b.fxApplies(sp, t) {
		return // an effect-only rider on one it cannot affect: no roll
	}
	if b.save(t, sp.save, a.riderDC, false, false, sp.name) {
		return
	}
	if len(sp.dmg) > 0 {
		total, radiant := b.rollDamage(sp.dmg, false, t)
		b.damage(t, total, at.side, radiant, strings.ToLower(sp.name)+", failed save")
	}
	b.spellEffect(at, sp, t, a.riderDC)
}

// riderWhy reports whether a save's why names an attack's rider (not a spell: magic resistance
// gives no advantage against the quasit's poison).
func (b *Battle) riderWhy(why string) bool {
	for k := len(b.s.sp) - 1; k >= 0 && b.s.sp[k].rider; k-- {
		if b.s.sp[k].name == why {
			return true
		}
	}
	return false
}
