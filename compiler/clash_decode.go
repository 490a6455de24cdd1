package compiler

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Decoding a clash battle file into the clash model (clash_model.go), best-effort: what the
// schema rejected decodes with OK false and is not checked again.

// clashDecoder reads clash values with the positions of the author's files.
type clashDecoder struct {
	dc  *decoder
	lib bool // decoding the bundled library
}

func (d *clashDecoder) square(n node) clashSquare {
	sq := clashSquare{Pos: d.dc.pos(n), Set: n.exists()}
	ok, count := true, 0
	n.elems(func(i int, e node) {
		count++
		v := d.dc.int(e)
		switch {
		case !v.OK:
			ok = false
		case i == 0:
			sq.X = v.V
		case i == 1:
			sq.Y = v.V
		}
	})
	sq.OK = sq.Set && ok && count == 2
	return sq
}

func (d *clashDecoder) rect(n node) clashRect {
	return clashRect{At: d.square(n.get("at")), To: d.square(n.get("to"))}
}

// battle decodes the whole file; root is the position of its top.
func (d *clashDecoder) battle(n node, root diag.Pos) *clashBattle {
	dc := d.dc
	b := &clashBattle{Pos: root, ID: dc.str(n.get("id")), Title: dc.str(n.get("title"))}
	n.get("options").fields(func(name string, v node) {
		val, ok := v.value()
		if !ok {
			return
		}
		o := clashOption{Name: name, Pos: dc.pos(v)}
		if s, err := val.String(); err == nil {
			o.Value = s
		} else if i, err := val.Int64(); err == nil {
			o.Value = strconv.FormatInt(i, 10)
		} else {
			return // reported by the schema
		}
		b.Options = append(b.Options, o)
	})

	f := n.get("battlefield")
	b.Width, b.Height = dc.int(f.get("width")), dc.int(f.get("height"))
	f.get("terrain").elems(func(_ int, e node) {
		b.Patches = append(b.Patches, &clashPatch{Pos: dc.pos(e), Rect: d.rect(e), Type: dc.str(e.get("type")),
			Elevation: dc.int(e.get("elevation"))})
	})
	f.get("resources").fields(func(id string, e node) {
		r := &clashResource{ID: id, Pos: dc.label(e), Name: dc.str(e.get("name"))}
		e.get("squares").elems(func(_ int, s node) {
			r.Squares = append(r.Squares, clashResourceSquare{At: d.square(s.get("at")), HP: dc.int(s.get("hp")), VP: dc.int(s.get("vp"))})
		})
		b.Resources = append(b.Resources, r)
	})
	b.Light = dc.str(f.get("light"))
	f.get("obscured").elems(func(_ int, e node) { b.Obscured = append(b.Obscured, d.rect(e)) })
	f.get("zones").fields(func(id string, e node) {
		b.Zones = append(b.Zones, &clashZone{ID: id, Pos: dc.label(e), Rect: d.rect(e)})
	})

	b.SidesPos = root
	if s := n.get("sides"); s.exists() {
		b.SidesPos = dc.label(s)
	}
	n.get("sides").fields(func(id string, e node) {
		b.Sides = append(b.Sides, &clashSide{ID: id, Pos: dc.label(e), Name: dc.str(e.get("name")), General: dc.str(e.get("general"))})
	})
	n.get("units").fields(func(id string, e node) { b.Units = append(b.Units, d.unit(id, e)) })
	n.get("solos").fields(func(id string, e node) { b.Solos = append(b.Solos, d.solo(id, e)) })
	n.get("objectives").fields(func(id string, e node) { b.Objectives = append(b.Objectives, d.objective(id, e)) })
	n.get("creatures").fields(func(id string, e node) { b.Creatures = append(b.Creatures, d.creature(id, e)) })
	n.get("spells").fields(func(id string, e node) { b.Spells = append(b.Spells, d.spell(id, e)) })
	return b
}

func (d *clashDecoder) unit(id string, n node) *clashUnit {
	dc := d.dc
	u := &clashUnit{ID: id, Pos: dc.label(n), Side: dc.str(n.get("side")), Name: dc.str(n.get("name")),
		Type: dc.str(n.get("type")), Config: dc.str(n.get("configuration")), Creature: dc.str(n.get("creature")),
		Surprised: dc.bool(n.get("surprised")), Mark: dc.str(n.get("mark")), side: -1}
	n.get("stands").elems(func(_ int, e node) {
		u.Stands = append(u.Stands, &clashStand{Pos: dc.pos(e), Rect: d.rect(e), Creature: dc.str(e.get("creature")),
			HP: dc.int(e.get("hp"))})
	})
	return u
}

func (d *clashDecoder) solo(id string, n node) *clashSolo {
	dc := d.dc
	s := &clashSolo{ID: id, Pos: dc.label(n), Creature: dc.str(n.get("creature")), Name: dc.str(n.get("name")),
		Side: dc.str(n.get("side")), At: d.square(n.get("at")), Join: dc.str(n.get("join")),
		PC: dc.bool(n.get("pc")), HP: dc.int(n.get("hp")), Surprised: dc.bool(n.get("surprised")),
		Mark: dc.str(n.get("mark")), side: -1, unit: -1, stand: -1}
	if c := n.get("commander"); c.exists() {
		s.Commander = Str{Pos: dc.pos(c), Set: true}
		if dc.bool(c) {
			s.Commander.V, s.Commander.OK = "true", true
		}
	}
	return s
}

func (d *clashDecoder) objective(id string, n node) *clashObjective {
	dc := d.dc
	o := &clashObjective{ID: id, Pos: dc.label(n), Side: dc.str(n.get("side")), Name: dc.str(n.get("name")),
		Destroy: dc.str(n.get("destroy")), Protect: dc.str(n.get("protect")), VP: dc.int(n.get("vp")),
		Every: dc.str(n.get("every")), side: -1}
	if a := n.get("attrition"); a.exists() {
		o.AttritionSet, o.AttritionPos = true, dc.label(a)
		if a.isStruct() {
			a.fields(func(unit string, e node) {
				o.AttritionUnits = append(o.AttritionUnits, clashUnitVP{Unit: Str{V: unit, Pos: dc.label(e), OK: true, Set: true}, VP: dc.int(e)})
			})
		} else {
			o.AttritionVP = dc.int(a)
		}
	}
	if w := n.get("when"); w.exists() {
		o.When = d.cond(w, 0)
	}
	return o
}

// cond decodes a #ClashCond, at most maxCondDepth deep.
func (d *clashDecoder) cond(n node, depth int) *clashCond {
	dc := d.dc
	c := &clashCond{Pos: dc.pos(n)}
	if depth > maxCondDepth || !n.isStruct() {
		c.Unread = true
		return c
	}
	for _, f := range []string{"all", "any", "not", "in", "eliminated", "broken", "down", "noCommander", "destroyed", "round"} {
		if n.get(f).exists() {
			c.Given = append(c.Given, f)
		}
	}
	n.get("all").elems(func(_ int, e node) { c.All = append(c.All, d.cond(e, depth+1)) })
	n.get("any").elems(func(_ int, e node) { c.Any = append(c.Any, d.cond(e, depth+1)) })
	if x := n.get("not"); x.exists() {
		c.Not = d.cond(x, depth+1)
	}
	if x := n.get("in"); x.exists() {
		c.InPos = dc.label(x)
		c.In = &clashIn{Zone: dc.str(x.get("zone")), Side: dc.str(x.get("side")), Unit: dc.str(x.get("unit")), Count: dc.int(x.get("count"))}
	}
	for _, f := range []string{"eliminated", "broken", "noCommander"} {
		if x := n.get(f); x.exists() {
			c.Unit = dc.str(x)
		}
	}
	c.Solo = dc.str(n.get("down"))
	c.Res = dc.str(n.get("destroyed"))
	c.Round = dc.int(n.get("round"))
	return c
}

// abilityKey maps the schema's ability names to plan indices.
var abilityKey = plan.AbilityNames

func (d *clashDecoder) creature(id string, n node) *clashCreature {
	dc := d.dc
	c := &clashCreature{ID: id, Pos: dc.label(n), Lib: d.lib, Name: dc.str(n.get("name")), Size: dc.str(n.get("size")),
		Type: dc.str(n.get("type")), AC: dc.int(n.get("ac")), HP: dc.int(n.get("hp")), Skills: map[string]Int{}}
	if v, ok := n.get("cr").value(); ok {
		if s, err := v.String(); err == nil {
			c.CR = s
		} else if i, err := v.Int64(); err == nil {
			c.CR = strconv.FormatInt(i, 10)
		}
	}
	sp := n.get("speed")
	c.Speed = clashSpeeds{Walk: dc.int(sp.get("walk")), Swim: dc.int(sp.get("swim")), Fly: dc.int(sp.get("fly")), Climb: dc.int(sp.get("climb"))}
	ab, sv := n.get("abilities"), n.get("saves")
	for i, k := range abilityKey {
		c.Scores[i] = dc.int(ab.get(k))
		c.Saves[i] = dc.int(sv.get(k))
	}
	n.get("skills").fields(func(k string, e node) { c.Skills[k] = dc.int(e) })
	n.get("attacks").elems(func(_ int, e node) {
		c.Attacks = append(c.Attacks, &clashAttack{Pos: dc.pos(e), Name: dc.str(e.get("name")), ToHit: dc.int(e.get("toHit")),
			Reach: dc.int(e.get("reach")), Range: dc.int(e.get("range")), LongRange: dc.int(e.get("longRange")),
			Damage: d.damage(e)})
	})
	c.MultiOK = true
	n.get("multiattack").elems(func(_ int, r node) {
		var names []Str
		r.elems(func(_ int, e node) {
			s := dc.str(e)
			if !s.OK {
				c.MultiOK = false
			}
			names = append(names, s)
		})
		c.Multi = append(c.Multi, names)
	})
	if sc := n.get("spellcasting"); sc.exists() {
		cs := &clashCasting{Pos: dc.label(sc), Ability: dc.str(sc.get("ability")), Level: dc.int(sc.get("level")),
			DC: dc.int(sc.get("dc")), ToHit: dc.int(sc.get("toHit"))}
		sc.get("spells").fields(func(name string, e node) {
			k := clashKnown{Name: Str{V: name, Pos: dc.label(e), OK: true, Set: true}}
			if i := dc.int(e); i.OK {
				k.Uses = i.V
			}
			cs.Spells = append(cs.Spells, k)
		})
		c.Casting = cs
	}
	strs := func(l node) []Str {
		var out []Str
		l.elems(func(_ int, e node) { out = append(out, dc.str(e)) })
		return out
	}
	c.Resist, c.Immune, c.Vuln = strs(n.get("resistances")), strs(n.get("immunities")), strs(n.get("vulnerabilities"))
	n.get("traits").elems(func(_ int, e node) {
		c.Traits = append(c.Traits, clashTrait{Name: dc.str(e.get("name")), Dice: dc.str(e.get("dice")), Text: dc.str(e.get("text")),
			Attack: dc.str(e.get("attack")), DC: dc.int(e.get("dc")), Push: dc.int(e.get("push")), NoEffect: dc.str(e.get("noEffect"))})
	})
	return c
}

// damage reads damage, type and plus of an attack or spell; nil when damage is absent.
func (d *clashDecoder) damage(n node) []clashDamage {
	dc := d.dc
	if !n.get("damage").exists() {
		return nil
	}
	out := []clashDamage{{Dice: dc.str(n.get("damage")), Type: dc.str(n.get("type"))}}
	n.get("plus").elems(func(_ int, e node) {
		out = append(out, clashDamage{Dice: dc.str(e.get("damage")), Type: dc.str(e.get("type"))})
	})
	return out
}

func (d *clashDecoder) spell(id string, n node) *clashSpell {
	dc := d.dc
	s := &clashSpell{ID: id, Pos: dc.label(n), Lib: d.lib, Name: dc.str(n.get("name")), Level: dc.int(n.get("level")),
		Attack: dc.str(n.get("attack")), Save: dc.str(n.get("save")), HalfOnSave: dc.bool(n.get("halfOnSave")),
		Damage: d.damage(n), Heal: dc.str(n.get("heal")), Targets: dc.int(n.get("targets"))}
	if h := n.get("halfOnSave"); h.exists() {
		s.HalfSet, s.HalfPos = true, dc.pos(h)
	}
	r := n.get("range")
	s.RangePos = dc.pos(r)
	if v, ok := r.value(); ok {
		if str, err := v.String(); err == nil {
			s.Self, s.Touch = str == "self", str == "touch"
			if s.Touch {
				s.Range = Int{V: 5, Pos: s.RangePos, OK: true, Set: true}
			}
		} else {
			s.Range = dc.int(r)
		}
	}
	s.Effect = d.effect(n.get("effect"))
	if a := n.get("area"); a.exists() {
		s.Area = &clashArea{Pos: dc.label(a), Shape: dc.str(a.get("shape")), Size: dc.int(a.get("size")),
			Width: dc.int(a.get("width")), Height: dc.int(a.get("height"))}
	}
	return s
}
