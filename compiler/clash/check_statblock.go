package clash

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// clashStatBlockCheck checks the battle's own stat blocks and spells (the library's are checked
// by its tests) and resolves the spells every caster in the battle knows.
var clashStatBlockCheck = &clashCheck{
	Name: "clashStatBlock",
	Doc: `stat blocks and spells the battle rules can play

Attacks need reach or range (U-35, U-37), dice must parse, multiattack routines name attacks,
spells resolve one way (attack, save, heal or automatically) and can be cast by their caster
(U014); spell areas are one of the five shapes of U-45..U-47 (U009); spell names resolve (U012);
traits of the battle's own stat blocks other than the four the engine knows are warned of at
their line (U015).`,
	Codes: []string{codeClashStatBlock, codeClashArea, codeClashUnknown, codeClashTrait},
	Run:   runClashStatBlock,
}

// clashTraits are the traits the engine simulates, by clashKey, with the plan's names.
var clashTraits = map[string]string{
	"pack-tactics":           plan.TraitPackTactics,
	"martial-advantage":      plan.TraitMartialAdvantage,
	"magic-resistance":       plan.TraitMagicResistance,
	"undead-fortitude":       plan.TraitUndeadFortitude,
	"charge":                 plan.TraitCharge,
	"reckless":               plan.TraitReckless,
	"surprise-attack":        plan.TraitSurpriseAttack,
	"keen-hearing-and-sight": plan.TraitKeenSenses,
	"keen-hearing-and-smell": plan.TraitKeenSenses,
	"keen-sight":             plan.TraitKeenSenses,
	"keen-smell":             plan.TraitKeenSenses,
	"keen-hearing":           plan.TraitKeenSenses,
	"keen-senses":            plan.TraitKeenSenses,
	"sunlight-sensitivity":   plan.TraitSunlightSensitivity,
	"brave":                  plan.TraitBrave,
}

// traitHint is the hint of a U015 warning.
const traitHint = "the engine plays pack tactics, martial advantage, magic resistance, undead fortitude, charge, reckless, surprise attack, keen senses, sunlight sensitivity and brave; rule on the others at the table, or say why the trait does nothing in a mass battle with noEffect"

// clashShapes are the area shapes of U-45..U-47.
var clashShapes = []string{"cone", "cube", "cylinder", "line", "sphere"}

func runClashStatBlock(p *clashPass) {
	for _, c := range p.b.Creatures {
		p.checkCreature(c)
	}
	for _, s := range p.b.Spells {
		p.checkSpell(s)
	}
	p.checkLibraryTraits()
	// Every caster's spells resolve (the library's casters know library spells, or the battle's
	// own spells of the same name, which hide them).
	p.known = map[*clashCreature][]*clashSpell{}
	casters := p.usedCreatures()
	for _, c := range p.b.Creatures {
		if !containsCreature(casters, c) {
			casters = append(casters, c)
		}
	}
	for _, c := range casters {
		if c.Casting == nil {
			continue
		}
		var list []*clashSpell
		for _, k := range c.Casting.Spells {
			s := p.spell(k.Name)
			list = append(list, s)
			if s == nil || c.Lib && s.Lib {
				continue
			}
			if s.Save.Set && !c.Casting.DC.OK {
				p.reportf(k.Name.Pos, codeClashStatBlock, "creature %s casts %s, which calls for a save, but its spellcasting gives no dc", c.ID, s.ID)
			}
			if s.Attack.Set && !c.Casting.ToHit.OK {
				p.reportf(k.Name.Pos, codeClashStatBlock, "creature %s casts %s, a spell attack, but its spellcasting gives no toHit", c.ID, s.ID)
			}
		}
		p.known[c] = list
	}
}

// usedCreatures lists the stat blocks the battle's stands and solos use, each once, in order of
// first use (units, then solos).
func (p *clashPass) usedCreatures() []*clashCreature {
	var out []*clashCreature
	seen := map[*clashCreature]bool{}
	add := func(c *clashCreature) {
		if c != nil && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, u := range p.b.Units {
		for _, s := range u.Stands {
			add(s.cr)
		}
	}
	for _, s := range p.b.Solos {
		add(s.cr)
	}
	return out
}

func containsCreature(list []*clashCreature, c *clashCreature) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}

// diceError says what is wrong with damage or healing dice, or "" when they are fine: a number,
// or a sum of dice and numbers ("1d8+2", "2d6 + 1d4").
func diceError(s string) string {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n >= 0 {
		if n > dice.MaxNumber {
			return "a fixed amount of more than " + strconv.Itoa(dice.MaxNumber) // runner/clash's limit
		}
		return ""
	}
	e, err := dice.Parse(s)
	if err != nil {
		msg := err.Error()
		if pe, ok := err.(*dice.ParseError); ok {
			msg = "col " + strconv.Itoa(pe.Col) + ": " + pe.Msg
		}
		return msg
	}
	if e.Kind != dice.KindDice {
		return "a power roll is not 5e damage"
	}
	if e.Dice() > maxClashDice {
		return "more than " + strconv.Itoa(maxClashDice) + " dice"
	}
	return ""
}

// Limits of runner/clash that the schema cannot say: dice in one damage roll, attacks of a stat
// block, attacks in one multiattack routine.
const (
	maxClashDice    = 100
	maxClashAttacks = 32
	maxClashRoutine = 16
)

func (p *clashPass) checkDice(d Str, what string) {
	if !d.OK {
		return
	}
	if msg := diceError(d.V); msg != "" {
		p.reportf(d.Pos, codeClashStatBlock, "%s: dice %q do not parse: %s", what, d.V, msg).Hint = `write dice as a stat block does: "1d6+2", "2d8", "3d6 + 1d4", or a number`
	}
}

func (p *clashPass) checkCreature(c *clashCreature) {
	if len(c.Attacks) > maxClashAttacks {
		p.reportf(c.Pos, codeClashStatBlock, "creature %s has %d attacks; the battle rules take at most %d", c.ID, len(c.Attacks), maxClashAttacks)
	}
	names := map[string]bool{}
	var attackNames []string
	for _, a := range c.Attacks {
		what := "creature " + c.ID + " attack " + a.Name.V
		names[clashKey(a.Name.V)] = true
		attackNames = append(attackNames, clashKey(a.Name.V))
		switch {
		case !a.Reach.Set && !a.Range.Set:
			p.reportf(a.Pos, codeClashStatBlock, "%s has neither reach (melee) nor range (ranged)", what).Hint = "add reach: 5 for a melee attack, or range and longRange in ft for a ranged one"
		case a.LongRange.Set && !a.Range.Set:
			p.reportf(a.LongRange.Pos, codeClashStatBlock, "%s has a longRange but no range", what)
		case a.LongRange.OK && a.Range.OK && a.LongRange.V < a.Range.V:
			p.reportf(a.LongRange.Pos, codeClashStatBlock, "%s: longRange %d ft is shorter than its range %d ft", what, a.LongRange.V, a.Range.V)
		}
		for _, d := range a.Damage {
			p.checkDice(d.Dice, what)
		}
		p.checkOnHit(a, what)
	}
	for i, r := range c.Multi {
		if len(r) == 0 {
			p.reportf(c.Pos, codeClashStatBlock, "creature %s: multiattack routine %d names no attack", c.ID, i+1)
		}
		if len(r) > maxClashRoutine {
			p.reportf(c.Pos, codeClashStatBlock, "creature %s: multiattack routine %d has %d attacks; at most %d", c.ID, i+1, len(r), maxClashRoutine)
		}
		for _, n := range r {
			if n.OK && !names[clashKey(n.V)] {
				p.reportf(n.Pos, codeClashUnknown, "creature %s: multiattack names no attack %q of its stat block%s", c.ID, n.V, dym(clashKey(n.V), attackNames))
			}
		}
	}
	for _, t := range c.Traits {
		if !t.Name.OK {
			continue
		}
		k := clashKey(t.Name.V)
		if _, known := clashTraits[k]; !known {
			if t.NoEffect.Set {
				continue // the author says why it does nothing in a mass battle
			}
			p.reportf(t.Name.Pos, codeClashTrait, "creature %s: trait %q is not simulated: the battle plays without it", c.ID, t.Name.V).Hint = traitHint
			continue
		}
		if k == "charge" {
			p.checkCharge(c, &t)
		}
		if k == "surprise-attack" && !t.Dice.Set {
			p.reportf(t.Name.Pos, codeClashStatBlock, "creature %s: surprise attack needs its extra damage dice", c.ID).Hint = `add dice: "2d6" (the bugbear's)`
		}
		if k == "martial-advantage" {
			if !t.Dice.Set {
				p.reportf(t.Name.Pos, codeClashStatBlock, "creature %s: martial advantage needs its extra damage dice", c.ID).Hint = `add dice: "2d6" (the hobgoblin's)`
			}
			p.checkDice(t.Dice, "creature "+c.ID+" martial advantage")
		}
	}
}

func (p *clashPass) checkSpell(s *clashSpell) {
	what := "spell " + s.ID
	switch {
	case s.Attack.Set && s.Save.Set:
		p.reportf(s.Save.Pos, codeClashStatBlock, "%s gives both attack and save: it resolves one way", what)
	case s.Heal.Set && (s.Attack.Set || s.Save.Set || s.Damage != nil):
		p.reportf(s.Heal.Pos, codeClashStatBlock, "%s heals and also attacks or deals damage: the battle rules play one of them", what)
	case !s.Heal.Set && s.Damage == nil && s.Effect == nil:
		p.reportf(s.Pos, codeClashStatBlock, "%s has neither damage, heal nor effect: the battle rules cannot play it", what).Hint = "give damage and type (and attack or save), heal, or an effect (condition, attack/save dice, ac, push)"
	}
	if s.HalfSet && s.HalfOnSave && !s.Save.Set {
		p.reportf(s.HalfPos, codeClashStatBlock, "%s: halfOnSave without a save", what)
	}
	if s.Targets.Set && s.Area != nil {
		p.reportf(s.Targets.Pos, codeClashStatBlock, "%s has targets and an area: a spell is targeted or covers an area (U-40, U-43)", what)
	}
	if a := s.Area; a != nil && s.Heal.Set {
		p.reportf(a.Pos, codeClashStatBlock, "%s heals an area: the battle rules heal targets only", what)
	}
	if a := s.Area; a != nil && a.Shape.OK && (a.Shape.V == "cone" || a.Shape.V == "line") && !s.Self && s.RangePos.IsValid() {
		p.reportf(s.RangePos, codeClashArea, "%s: a %s starts at its caster (U-44: the midpoint of a side of the caster's space): its range is self", what, a.Shape.V).Hint = `write range: "self"`
	}
	if s.Self && s.Area == nil {
		p.reportf(s.RangePos, codeClashStatBlock, "%s has range self and no area: it affects only its caster, which the battle rules do not play", what)
	}
	for _, d := range s.Damage {
		p.checkDice(d.Dice, what)
	}
	p.checkDice(s.Heal, what+" heal")
	p.checkEffect(s, what)
	if a := s.Area; a != nil {
		if a.Shape.OK && !slices.Contains(clashShapes, a.Shape.V) {
			d := p.reportf(a.Shape.Pos, codeClashArea, "%s: a %q area cannot be drawn on the grid, which knows cone, cube, cylinder, line and sphere (U-45..U-47)", what, a.Shape.V)
			if h := diag.DidYouMean(a.Shape.V, clashShapes); h != "" {
				d.Hint = h
			} else {
				d.Hint = "a 20-ft square is a cube of side 20; a wall of squares in a row is a line"
			}
		}
		if a.Size.OK && a.Size.V%5 != 0 {
			p.reportf(a.Size.Pos, codeClashArea, "%s: area size %d ft is not a multiple of 5 ft", what, a.Size.V)
		}
		if a.Width.OK {
			switch {
			case a.Shape.V != "line":
				p.reportf(a.Width.Pos, codeClashArea, "%s: only a line has a width", what)
			case a.Width.V > 20:
				p.reportf(a.Width.Pos, codeClashArea, "%s: a line %d ft wide cannot be drawn: a line is one 20-ft square wide (U-47)", what, a.Width.V).Hint = "split it into several lines, or use a cube"
			}
		}
	}
}
