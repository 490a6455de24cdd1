package clash

// A clash spell's effect besides damage (#ClashEffect, U-76) and the Charge trait (U-3): decoded,
// checked and lowered here so that the per-file jobs of the clash pass keep one hook each.

import (
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// clashEffect is a spell's effect (#ClashEffect).
type clashEffect struct {
	Pos           diag.Pos // its label
	Condition     Str
	Attack, Save  Str
	AC            Int
	Ally          bool
	Concentration bool
	Repeat        bool
	Escape        Str
	EndsOnDamage  bool
	Push          Int
	CreatureType  Str
	Rounds        Int
	Pool          Str
	NotType       Str
	Ground        bool
	Aura          bool
	Advantage     bool
	RepeatSave    Str
	MaxHP         Int
	EnterSave     bool
}

// effect reads a spell's effect; nil when absent.
func (d *clashDecoder) effect(n node) *clashEffect {
	if !n.Exists() {
		return nil
	}
	dc := d.dc
	e := &clashEffect{Condition: dc.Str(n.Get("condition")), Attack: dc.Str(n.Get("attack")), Save: dc.Str(n.Get("save")),
		AC: dc.Int(n.Get("ac")), Ally: dc.Bool(n.Get("ally")), Concentration: dc.Bool(n.Get("concentration")),
		Repeat: dc.Bool(n.Get("repeat")), Escape: dc.Str(n.Get("escape")), EndsOnDamage: dc.Bool(n.Get("endsOnDamage")),
		Push: dc.Int(n.Get("push")), CreatureType: dc.Str(n.Get("creatureType")), Rounds: dc.Int(n.Get("rounds")),
		Pool: dc.Str(n.Get("pool")), NotType: dc.Str(n.Get("notType")), Ground: dc.Bool(n.Get("ground")), Aura: dc.Bool(n.Get("aura")),
		Advantage: dc.Bool(n.Get("advantage")), RepeatSave: dc.Str(n.Get("repeatSave")), MaxHP: dc.Int(n.Get("maxHP")),
		EnterSave: dc.Bool(n.Get("enterSave"))}
	e.Pos = dc.Label(n)
	return e
}

// checkEffect checks spell s's effect: its dice parse (a leading "-" takes them away: bane), it
// does something, a repeated save has a save to repeat (the spell's, or repeatSave for a spell
// with none), advantage has a save to give it to, a boon has no save.
func (p *clashPass) checkEffect(s *clashSpell, what string) {
	e := s.Effect
	if e == nil {
		return
	}
	for _, d := range []Str{e.Attack, e.Save, e.Pool} {
		if d.OK {
			p.checkDice(Str{V: strings.TrimPrefix(strings.TrimSpace(d.V), "-"), Pos: d.Pos, OK: true, Set: true}, what+" effect")
		}
	}
	if !e.Condition.Set && !e.Attack.Set && !e.Save.Set && !e.AC.Set && !e.Push.Set && !e.Ground && !e.Aura {
		p.reportf(e.Pos, codeClashStatBlock, "%s: an effect with no condition, attack or save dice, ac, push, ground or aura does nothing", what)
	}
	if e.Pool.Set && (s.Area == nil || !e.Condition.Set) {
		p.reportf(e.Pos, codeClashStatBlock, "%s: a pool of hit points (sleep) needs an area and a condition", what)
	}
	if e.Ground && s.Area == nil {
		p.reportf(e.Pos, codeClashStatBlock, "%s: difficult ground (ground: true) needs an area", what)
	}
	if e.Aura && (s.Area == nil || !s.Self || len(s.Damage) == 0 || !s.Save.Set) {
		p.reportf(e.Pos, codeClashStatBlock, "%s: an aura (spirit guardians) needs range \"self\", an area, damage and a save", what)
	}
	if e.Repeat && !s.Save.Set {
		p.reportf(e.Pos, codeClashStatBlock, "%s: repeat: a save again at the end of a turn needs the spell's save", what)
	}
	if e.RepeatSave.Set && (s.Save.Set || e.Repeat) {
		p.reportf(e.RepeatSave.Pos, codeClashStatBlock, "%s: repeatSave is for a spell with no save of its own; a save spell repeats its save with repeat: true", what)
	}
	if e.EnterSave && (!e.Ground || !s.Save.Set || !e.Condition.Set) {
		p.reportf(e.Pos, codeClashStatBlock, "%s: enterSave (web) needs ground: true, the spell's save and a condition", what)
	}
	if e.Advantage && !s.Save.Set {
		p.reportf(e.Pos, codeClashStatBlock, "%s: advantage: true gives advantage on the spell's save, and it has none", what)
	}
	if e.Ally && (s.Save.Set || s.Attack.Set) {
		p.reportf(e.Pos, codeClashStatBlock, "%s: a boon for allies (ally: true) with an attack or a save: the battle rules cast boons without a roll", what)
	}
	if e.Ally && s.Area != nil {
		p.reportf(e.Pos, codeClashStatBlock, "%s: a boon for allies over an area: the battle rules give boons to targets only", what)
	}
}

// lowerEffect lowers a spell's effect (nil: none).
func lowerEffect(e *clashEffect) *plan.SpellEffect {
	if e == nil {
		return nil
	}
	return &plan.SpellEffect{Condition: e.Condition.V, Attack: strings.TrimSpace(e.Attack.V), Save: strings.TrimSpace(e.Save.V),
		AC: e.AC.V, Ally: e.Ally, Concentration: e.Concentration, Repeat: e.Repeat, Escape: e.Escape.V,
		EndsOnDamage: e.EndsOnDamage, Push: e.Push.V, CreatureType: e.CreatureType.V, Rounds: e.Rounds.V,
		Pool: strings.TrimSpace(e.Pool.V), NotType: e.NotType.V, Ground: e.Ground, Aura: e.Aura,
		Advantage: e.Advantage, RepeatSave: e.RepeatSave.V, MaxHP: e.MaxHP.V, EnterSave: e.EnterSave}
}

// checkCharge checks a Charge trait (U-3's example, the minotaur's): its extra damage dice, DC,
// push and the attack it rides on, one of the stat block's.
func (p *clashPass) checkCharge(c *clashCreature, t *clashTrait) {
	what := "creature " + c.ID + " charge"
	if !t.Dice.Set || !t.DC.Set || !t.Attack.Set {
		p.reportf(t.Name.Pos, codeClashStatBlock, "%s needs dice, dc and attack (push optional)", what).Hint =
			`the minotaur's: {name: "Charge", attack: "Gore", dice: "2d8", dc: 14, push: 10}`
		return
	}
	p.checkDice(t.Dice, what)
	if chargeAttack(c, t) < 0 {
		var names []string
		for _, a := range c.Attacks {
			names = append(names, a.Name.V)
		}
		p.reportf(t.Attack.Pos, codeClashUnknown, "%s: no attack %q in its stat block%s", what, t.Attack.V, dym(t.Attack.V, names))
	}
}

// chargeAttack is the index of the attack a Charge rides on, -1 when the stat block has none of
// that name.
func chargeAttack(c *clashCreature, t *clashTrait) int {
	for i, a := range c.Attacks {
		if clashKey(a.Name.V) == clashKey(t.Attack.V) {
			return i
		}
	}
	return -1
}

// lowerCharge fills the plan's Charge trait.
func lowerCharge(c *clashCreature, t *clashTrait, pt *plan.Trait) {
	pt.Dice, pt.DC, pt.Push = strings.TrimSpace(t.Dice.V), t.DC.V, t.Push.V
	pt.Attack = max(chargeAttack(c, t), 0)
}

// checkLibraryTraits is U015 for the library's stat blocks the battle uses: a trait the engine does
// not simulate, and that the library does not mark as doing nothing in a mass battle (noEffect), is
// a warning at the line where the battle names the creature (U-76: never silence).
func (p *clashPass) checkLibraryTraits() {
	for _, c := range p.usedCreatures() {
		if !c.Lib {
			continue
		}
		for _, t := range c.Traits {
			if _, known := clashTraits[clashKey(t.Name.V)]; known || t.NoEffect.Set || !t.Name.OK {
				continue
			}
			p.reportf(p.namedAt(c), codeClashTrait, "creature %s (sortie's library): trait %q is not simulated: the battle plays without it",
				c.ID, t.Name.V).Hint = traitHint
		}
	}
}

// namedAt is where the battle first names library creature c: a stand's or its unit's creature
// field, or a solo's.
func (p *clashPass) namedAt(c *clashCreature) diag.Pos {
	for _, u := range p.b.Units {
		for _, s := range u.Stands {
			if s.cr == c {
				if s.Creature.Set {
					return s.Creature.Pos
				}
				return u.Creature.Pos
			}
		}
	}
	for _, s := range p.b.Solos {
		if s.cr == c {
			return s.Creature.Pos
		}
	}
	return c.Pos
}
