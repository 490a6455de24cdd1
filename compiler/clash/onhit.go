package clash

// An attack's rider (#ClashOnHit, plan.OnHit; U-76): a save the target of a hit makes, with
// damage and an effect on a failure (the quasit's claws). Decoded, checked and lowered here.

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// clashOnHit is an attack's onHit.
type clashOnHit struct {
	Pos    diag.Pos // its label
	Save   Str
	DC     Int
	Damage []clashDamage
	Effect *clashEffect
}

// onHit reads an attack's onHit; nil when absent.
func (d *clashDecoder) onHit(n node) *clashOnHit {
	if !n.Exists() {
		return nil
	}
	dc := d.dc
	return &clashOnHit{Pos: dc.Label(n), Save: dc.Str(n.Get("save")), DC: dc.Int(n.Get("dc")), Damage: d.damage(n),
		Effect: d.effect(n.Get("effect"))}
}

// checkOnHit is U014 for attack a's rider: its dice parse, it does something (damage or an
// effect), and its effect passes the checks of a save spell's effect (a boon for allies, an area's
// ground or aura, a pool: refused, for a hit lands on one enemy).
func (p *clashPass) checkOnHit(a *clashAttack, what string) {
	o := a.OnHit
	if o == nil {
		return
	}
	what += " onHit"
	for _, d := range o.Damage {
		p.checkDice(d.Dice, what)
	}
	if len(o.Damage) == 0 && o.Effect == nil {
		p.reportf(o.Pos, codeClashStatBlock, "%s: a rider with neither damage nor an effect does nothing", what).Hint =
			`the quasit's claws: onHit: {save: "con", dc: 10, damage: "2d4", type: "poison", effect: {condition: "poisoned", rounds: 1, repeat: true}}`
	}
	e := o.Effect
	if e == nil {
		return
	}
	if e.Ally || e.Ground || e.Aura || e.Pool.Set || e.EnterSave || e.RepeatSave.Set || e.Concentration {
		p.reportf(e.Pos, codeClashStatBlock, "%s: a rider's effect lands on the one hit: ally, ground, aura, pool, enterSave, repeatSave and concentration do not apply", what)
	}
	// The rest as a save spell's effect (its dice, that it does something).
	p.checkEffect(&clashSpell{Save: o.Save, Damage: o.Damage, Effect: e}, what)
}

// lowerOnHit lowers an attack's rider (nil: none).
func lowerOnHit(o *clashOnHit) *plan.OnHit {
	if o == nil {
		return nil
	}
	return &plan.OnHit{Save: o.Save.V, DC: o.DC.V, Damage: lowerDamage(o.Damage), Effect: lowerEffect(o.Effect)}
}
