package clash

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// lowerClash turns a clash battle that passed every check (no errors) into a plan.Clash. The
// plan lists the stat blocks the stands and solos use, in order of first use (units, then solos,
// in source order), and the spells those creatures know, in order of first mention; everything
// else keeps source order. An error is a compiler bug (a check let something through).
func lowerClash(p *clashPass) (*plan.Clash, error) {
	b := p.b
	g := p.grid
	if g == nil || len(b.Sides) != 2 {
		return nil, fmt.Errorf("clash battle %s: no grid or not two sides after the checks", b.ID.V)
	}
	c := &plan.Clash{Format: plan.ClashFormat, Version: plan.Version, ID: b.ID.V, Title: b.Title.V, Pos: plan.Pos(b.Pos),
		Grid: plan.ClashGrid{Width: g.w, Height: g.h}}
	for y := 0; y < g.h; y++ {
		c.Grid.Rows = append(c.Grid.Rows, string(g.terr[y*g.w:(y+1)*g.w]))
	}
	for _, e := range g.elev {
		if e != 0 {
			c.Grid.Elevation = append([]int(nil), g.elev...)
			break
		}
	}
	c.Grid.Light, c.Grid.Obscured = lowerLight(b, g.w, g.h)

	// Stat blocks in order of first use, and the spells they know.
	used := p.usedCreatures()
	creatureIdx := map[*clashCreature]int{}
	spellIdx := map[*clashSpell]int{}
	for _, cr := range used {
		for _, s := range p.known[cr] {
			if s == nil {
				return nil, fmt.Errorf("creature %s: unresolved spell after the checks", cr.ID)
			}
			if _, ok := spellIdx[s]; !ok {
				spellIdx[s] = len(c.Spells)
				c.Spells = append(c.Spells, lowerSpell(s))
			}
		}
	}
	for i, cr := range used {
		creatureIdx[cr] = i
		pc, err := p.lowerCreature(cr, spellIdx)
		if err != nil {
			return nil, err
		}
		c.Creatures = append(c.Creatures, pc)
	}

	for i, s := range b.Sides[:2] {
		c.Sides[i] = plan.ClashSide{ID: s.ID, Name: s.Name.V, General: s.General.V, Pos: plan.Pos(s.Pos)}
	}
	marks := newMarker(b)
	for _, u := range b.Units {
		pu := plan.ClashUnit{ID: u.ID, Name: u.Name.V, Pos: plan.Pos(u.Pos), Side: u.side, Type: plan.UnitType(u.Type.V),
			Commander: -1, Surprised: u.Surprised, Mark: marks.mark(u.Mark, u.ID, u.side)}
		if pu.Type == plan.Regiment {
			pu.Config = plan.Config(u.Config.V)
		}
		for _, s := range u.Stands {
			r, _, ok := standSpace(s.Rect, s.cr)
			if !ok {
				return nil, fmt.Errorf("unit %s: unreadable stand after the checks", u.ID)
			}
			ps := plan.ClashStand{Creature: creatureIdx[s.cr], At: [2]int{r.x0, r.y0}, Pos: plan.Pos(s.Pos)}
			if s.HP.OK {
				ps.HP = s.HP.V
			}
			pu.Stands = append(pu.Stands, ps)
		}
		c.Units = append(c.Units, pu)
	}
	for i, s := range b.Solos {
		ps := plan.ClashSolo{ID: s.ID, Name: s.Name.V, Pos: plan.Pos(s.Pos), Side: s.side, Creature: creatureIdx[s.cr],
			At: [2]int{s.At.X, s.At.Y}, Unit: -1, Stand: -1, PC: s.PC, Surprised: s.Surprised, Mark: marks.mark(s.Mark, s.ID, s.side)}
		if s.HP.OK {
			ps.HP = s.HP.V
		}
		if s.unit >= 0 {
			ps.Unit, ps.Stand = s.unit, s.stand
			ps.At = c.Units[s.unit].Stands[s.stand].At
			if s.Commander.OK {
				c.Units[s.unit].Commander = i
			}
		}
		c.Solos = append(c.Solos, ps)
	}
	for _, r := range b.Resources {
		pr := plan.ClashResource{ID: r.ID, Name: r.Name.V, Pos: plan.Pos(r.Pos)}
		for _, q := range r.Squares {
			pr.Squares = append(pr.Squares, plan.ResourceSquare{At: [2]int{q.At.X, q.At.Y}, HP: q.HP.V, VP: q.VP.V})
		}
		c.Resources = append(c.Resources, pr)
	}
	for _, o := range b.Objectives {
		po, err := p.lowerObjective(o)
		if err != nil {
			return nil, err
		}
		c.Objectives = append(c.Objectives, po)
	}
	for _, o := range b.Options {
		if c.Options == nil {
			c.Options = map[string]string{}
		}
		c.Options[o.Name] = o.Value
	}
	return c, nil
}

// modifier is a 5e ability modifier: floor((score - 10) / 2).
func modifier(score int) int {
	d := score - 10
	if d < 0 {
		return -((-d + 1) / 2)
	}
	return d / 2
}

// lowerCreature resolves a stat block: modifiers from scores, the printed saves and skills or
// the modifier (U-76: a stand is one creature of the standard rules), multiattack indices, spells.
func (p *clashPass) lowerCreature(cr *clashCreature, spellIdx map[*clashSpell]int) (plan.Creature, error) {
	pc := plan.Creature{ID: cr.ID, Name: cr.Name.V, Pos: plan.Pos(cr.Pos), Size: plan.Size(cr.Size.V), AC: cr.AC.V, HP: cr.HP.V,
		Speed: plan.Speeds{Walk: cr.Speed.Walk.V, Swim: cr.Speed.Swim.V, Fly: cr.Speed.Fly.V, Climb: cr.Speed.Climb.V}, CR: cr.CR,
		Type: cr.Type.V}
	for i := range cr.Scores {
		pc.Abilities[i] = modifier(cr.Scores[i].V)
		pc.Saves[i] = pc.Abilities[i]
		if cr.Saves[i].OK {
			pc.Saves[i] = cr.Saves[i].V
		}
	}
	skill := func(name string, ab int) int {
		if v, ok := cr.Skills[name]; ok && v.OK {
			return v.V
		}
		return pc.Abilities[ab]
	}
	pc.Skills = plan.Skills{Stealth: skill("stealth", plan.AbDex), Perception: skill("perception", plan.AbWis),
		Intimidation: skill("intimidation", plan.AbCha), Persuasion: skill("persuasion", plan.AbCha)}
	attackIdx := map[string]int{}
	for i, a := range cr.Attacks {
		pa := plan.Attack{Name: a.Name.V, ToHit: a.ToHit.V, Reach: a.Reach.V, Range: a.Range.V, LongRange: a.LongRange.V,
			Damage: lowerDamage(a.Damage), OnHit: lowerOnHit(a.OnHit)}
		if _, dup := attackIdx[clashKey(a.Name.V)]; !dup {
			attackIdx[clashKey(a.Name.V)] = i
		}
		pc.Attacks = append(pc.Attacks, pa)
	}
	for _, r := range cr.Multi {
		var routine []int
		for _, n := range r {
			i, ok := attackIdx[clashKey(n.V)]
			if !ok {
				return pc, fmt.Errorf("creature %s: multiattack %q unresolved after the checks", cr.ID, n.V)
			}
			routine = append(routine, i)
		}
		pc.Multiattack = append(pc.Multiattack, routine)
	}
	if cs := cr.Casting; cs != nil {
		mod := 0
		if cs.Ability.OK {
			for i, n := range plan.AbilityNames {
				if n == cs.Ability.V {
					mod = pc.Abilities[i]
				}
			}
		}
		for i, k := range cs.Spells {
			s := p.known[cr][i]
			ks := plan.KnownSpell{Spell: spellIdx[s], Attack: cs.ToHit.V, DC: cs.DC.V, Uses: k.Uses}
			if s.Level.V == 0 && cs.Level.OK {
				if d, changed := scaleCantrip(lowerDamage(s.Damage), cs.Level.V); changed {
					ks.Damage = d
				}
			}
			if s.Heal.OK && mod != 0 {
				ks.Heal = addModifier(s.Heal.V, mod)
			}
			pc.Spells = append(pc.Spells, ks)
		}
	}
	types := func(l []Str) []string {
		var out []string
		for _, s := range l {
			out = append(out, s.V)
		}
		return out
	}
	pc.Resistances, pc.Immunities, pc.Vulnerabilities = types(cr.Resist), types(cr.Immune), types(cr.Vuln)
	pc.CondImmune = types(cr.CondImm)
	for _, t := range cr.Traits {
		if name, ok := clashTraits[clashKey(t.Name.V)]; ok {
			pt := plan.Trait{Name: name}
			if name == plan.TraitMartialAdvantage || name == plan.TraitSurpriseAttack {
				pt.Dice = t.Dice.V
			}
			if name == plan.TraitCharge {
				lowerCharge(cr, &t, &pt)
			}
			pc.Traits = append(pc.Traits, pt)
		}
	}
	return pc, nil
}

func lowerDamage(ds []clashDamage) []plan.Damage {
	var out []plan.Damage
	for _, d := range ds {
		out = append(out, plan.Damage{Dice: strings.TrimSpace(d.Dice.V), Type: d.Type.V})
	}
	return out
}

// cantripTiers is how many times a cantrip's dice a caster of this level rolls: one more at 5th,
// 11th and 17th level (5e: fire bolt 1d10, 2d10, 3d10, 4d10).
func cantripTiers(level int) int {
	n := 1
	for _, at := range []int{5, 11, 17} {
		if level >= at {
			n++
		}
	}
	return n
}

// scaleCantrip multiplies the dice of each damage part that is a single NdS group (every SRD
// cantrip's) by cantripTiers(level); changed is false when nothing grows.
func scaleCantrip(ds []plan.Damage, level int) ([]plan.Damage, bool) {
	t := cantripTiers(level)
	if t == 1 {
		return nil, false
	}
	out := make([]plan.Damage, len(ds))
	changed := false
	for i, d := range ds {
		out[i] = d
		e, err := dice.Parse(d.Dice)
		if err != nil || e.Kind != dice.KindDice || len(e.Terms) != 1 || e.Modifier != 0 || e.Terms[0].Neg {
			continue
		}
		out[i].Dice = strconv.Itoa(e.Terms[0].Count*t) + "d" + strconv.Itoa(e.Terms[0].Sides)
		changed = true
	}
	return out, changed
}

// addModifier appends a modifier to dice: "1d8" + 3 is "1d8+3".
func addModifier(d string, mod int) string {
	d = strings.TrimSpace(d)
	if mod < 0 {
		return d + strconv.Itoa(mod)
	}
	return d + "+" + strconv.Itoa(mod)
}

// lowerSpell lowers a spell (U-38..U-47): touch is 5 ft, self is range 0 with Self; it resolves
// by attack, save, heal or else automatically; a targeted spell affects targets creatures (1
// unless given, U-40).
func lowerSpell(s *clashSpell) plan.Spell {
	ps := plan.Spell{ID: s.ID, Name: s.Name.V, Pos: plan.Pos(s.Pos), Level: s.Level.V, Range: s.Range.V, Self: s.Self,
		Save: s.Save.V, HalfOnSave: s.HalfOnSave, Damage: lowerDamage(s.Damage), Heal: strings.TrimSpace(s.Heal.V)}
	switch {
	case s.Attack.Set:
		ps.Resolve, ps.Melee = plan.ResolveAttack, s.Attack.V == "melee"
	case s.Save.Set:
		ps.Resolve = plan.ResolveSave
	case s.Heal.Set:
		ps.Resolve = plan.ResolveHeal
	default:
		ps.Resolve = plan.ResolveAuto
	}
	ps.Effect = lowerEffect(s.Effect)
	if s.Area != nil {
		ps.Area = &plan.Area{Shape: plan.AreaShape(s.Area.Shape.V), Size: s.Area.Size.V}
	} else {
		ps.Targets = 1
		if s.Targets.OK {
			ps.Targets = s.Targets.V
		}
	}
	return ps
}

// lowerObjective lowers one objective (U-65..U-69): attrition to the enemy units it counts with
// their VP (an int form: every unit of the other side), destroy and protect to the resource's
// index (protect's VP per round: its vp, else option protectionVP, U-68), a custom one to its
// condition, VP and whether it repeats every round.
func (p *clashPass) lowerObjective(o *clashObjective) (plan.ClashObjective, error) {
	po := plan.ClashObjective{ID: o.ID, Name: o.Name.V, Pos: plan.Pos(o.Pos), Side: o.side}
	switch {
	case o.AttritionSet:
		po.Kind = plan.ObjAttrition
		if len(o.AttritionUnits) > 0 {
			for _, e := range o.AttritionUnits {
				po.Units = append(po.Units, plan.UnitVP{Unit: p.units[e.Unit.V], VP: e.VP.V})
			}
		} else {
			for i, u := range p.b.Units {
				if u.side != o.side {
					po.Units = append(po.Units, plan.UnitVP{Unit: i, VP: o.AttritionVP.V})
				}
			}
		}
	case o.Destroy.Set:
		po.Kind, po.Resource = plan.ObjDestroy, p.resources[o.Destroy.V]
	case o.Protect.Set:
		po.Kind, po.Resource, po.VP = plan.ObjProtect, p.resources[o.Protect.V], p.opt.protectionVP
		if o.VP.OK {
			po.VP = o.VP.V
		}
	case o.When != nil:
		w, err := p.lowerCond(o.When, o)
		if err != nil {
			return po, err
		}
		po.Kind, po.When, po.VP, po.Repeat = plan.ObjCustom, &w, o.VP.V, o.Every.V == "round"
	default:
		return po, fmt.Errorf("objective %s: no kind after the checks", o.ID)
	}
	return po, nil
}

// lowerCond lowers a condition of a custom objective (U-69): in to its zone's squares (row by
// row) with the side (the objective's unless given; a unit's when a unit is named) and count
// (default 1); unit, solo and resource tests to indices; Unit is -1 where no unit is meant.
func (p *clashPass) lowerCond(c *clashCond, o *clashObjective) (plan.ClashCond, error) {
	pc := plan.ClashCond{Unit: -1}
	if c.Unread || len(c.Given) != 1 {
		return pc, fmt.Errorf("objective %s: unreadable condition after the checks", o.ID)
	}
	op := c.Given[0]
	pc.Op = plan.ClashCondOp(op)
	args := func(cs []*clashCond) error {
		for _, x := range cs {
			a, err := p.lowerCond(x, o)
			if err != nil {
				return err
			}
			pc.Args = append(pc.Args, a)
		}
		return nil
	}
	switch op {
	case "all":
		if err := args(c.All); err != nil {
			return pc, err
		}
	case "any":
		if err := args(c.Any); err != nil {
			return pc, err
		}
	case "not":
		if err := args([]*clashCond{c.Not}); err != nil {
			return pc, err
		}
	case "in":
		pc.Side = o.side
		if c.In.Side.Set {
			pc.Side = p.sides[c.In.Side.V]
		}
		if c.In.Unit.Set {
			pc.Unit = p.units[c.In.Unit.V]
			pc.Side = p.b.Units[pc.Unit].side
		}
		x0, y0, x1, y1, _ := p.b.Zones[p.zones[c.In.Zone.V]].Rect.bounds()
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				pc.Zone = append(pc.Zone, [2]int{x, y})
			}
		}
		pc.Count = 1
		if c.In.Count.OK {
			pc.Count = c.In.Count.V
		}
	case "eliminated", "broken", "noCommander":
		pc.Unit = p.units[c.Unit.V]
	case "down":
		pc.Solo = p.solos[c.Solo.V]
	case "destroyed":
		pc.Resource = p.resources[c.Res.V]
	case "round":
		pc.Round = c.Round.V
	}
	return pc, nil
}

// marker hands out map letters (plan.ClashUnit.Mark): the author's, else the first letter of
// the id that is free, in upper case for side 0 and lower case for side 1, else the first free
// letter of that case, then of the other case.
type marker struct{ taken map[byte]bool }

func newMarker(b *clashBattle) *marker {
	m := &marker{taken: map[byte]bool{}}
	for _, u := range b.Units {
		if u.Mark.OK && len(u.Mark.V) == 1 {
			m.taken[u.Mark.V[0]] = true
		}
	}
	for _, s := range b.Solos {
		if s.Mark.OK && len(s.Mark.V) == 1 {
			m.taken[s.Mark.V[0]] = true
		}
	}
	return m
}

func (m *marker) mark(given Str, id string, side int) string {
	if given.OK && len(given.V) == 1 {
		return given.V
	}
	upper := side == 0
	cased := func(c byte) byte {
		if c >= 'a' && c <= 'z' && upper {
			return c - 'a' + 'A'
		}
		if c >= 'A' && c <= 'Z' && !upper {
			return c - 'A' + 'a'
		}
		return c
	}
	var try []byte
	for i := 0; i < len(id); i++ {
		if c := cased(id[i]); c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			try = append(try, c)
		}
	}
	own, other := byte('A'), byte('a')
	if !upper {
		own, other = other, own
	}
	for _, base := range []byte{own, other} {
		for i := byte(0); i < 26; i++ {
			try = append(try, base+i)
		}
	}
	for _, c := range try {
		if !m.taken[c] {
			m.taken[c] = true
			return string(c)
		}
	}
	return "?"
}
