package clash

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Decoding a clash battle file into the clash model (clash_model.go), best-effort: what the
// schema rejected decodes with OK false and is not checked again.

// clashDecoder reads clash values with the positions of the author's files.
type clashDecoder struct {
	dc  *compiler.Decoder
	lib bool // decoding the bundled library
}

func (d *clashDecoder) square(n node) clashSquare {
	sq := clashSquare{Pos: d.dc.Pos(n), Set: n.Exists()}
	ok, count := true, 0
	n.Elems(func(i int, e node) {
		count++
		v := d.dc.Int(e)
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
	return clashRect{At: d.square(n.Get("at")), To: d.square(n.Get("to"))}
}

// battle decodes the whole file; root is the position of its top.
func (d *clashDecoder) battle(n node, root diag.Pos) *clashBattle {
	dc := d.dc
	b := &clashBattle{Pos: root, ID: dc.Str(n.Get("id")), Title: dc.Str(n.Get("title"))}
	n.Get("options").Fields(func(name string, v node) {
		val, ok := v.Value()
		if !ok {
			return
		}
		o := clashOption{Name: name, Pos: dc.Pos(v)}
		if s, err := val.String(); err == nil {
			o.Value = s
		} else if i, err := val.Int64(); err == nil {
			o.Value = strconv.FormatInt(i, 10)
		} else {
			return // reported by the schema
		}
		b.Options = append(b.Options, o)
	})

	f := n.Get("battlefield")
	b.Width, b.Height = dc.Int(f.Get("width")), dc.Int(f.Get("height"))
	f.Get("terrain").Elems(func(_ int, e node) {
		b.Patches = append(b.Patches, &clashPatch{Pos: dc.Pos(e), Rect: d.rect(e), Type: dc.Str(e.Get("type")),
			Elevation: dc.Int(e.Get("elevation"))})
	})
	f.Get("resources").Fields(func(id string, e node) {
		r := &clashResource{ID: id, Pos: dc.Label(e), Name: dc.Str(e.Get("name"))}
		e.Get("squares").Elems(func(_ int, s node) {
			r.Squares = append(r.Squares, clashResourceSquare{At: d.square(s.Get("at")), HP: dc.Int(s.Get("hp")), VP: dc.Int(s.Get("vp"))})
		})
		b.Resources = append(b.Resources, r)
	})
	b.Light = dc.Str(f.Get("light"))
	f.Get("obscured").Elems(func(_ int, e node) { b.Obscured = append(b.Obscured, d.rect(e)) })
	f.Get("zones").Fields(func(id string, e node) {
		b.Zones = append(b.Zones, &clashZone{ID: id, Pos: dc.Label(e), Rect: d.rect(e)})
	})

	b.SidesPos = root
	if s := n.Get("sides"); s.Exists() {
		b.SidesPos = dc.Label(s)
	}
	n.Get("sides").Fields(func(id string, e node) {
		b.Sides = append(b.Sides, &clashSide{ID: id, Pos: dc.Label(e), Name: dc.Str(e.Get("name")), General: dc.Str(e.Get("general"))})
	})
	n.Get("units").Fields(func(id string, e node) { b.Units = append(b.Units, d.unit(id, e)) })
	n.Get("solos").Fields(func(id string, e node) { b.Solos = append(b.Solos, d.solo(id, e)) })
	n.Get("objectives").Fields(func(id string, e node) { b.Objectives = append(b.Objectives, d.objective(id, e)) })
	n.Get("creatures").Fields(func(id string, e node) { b.Creatures = append(b.Creatures, d.creature(id, e)) })
	n.Get("spells").Fields(func(id string, e node) { b.Spells = append(b.Spells, d.spell(id, e)) })
	return b
}

func (d *clashDecoder) unit(id string, n node) *clashUnit {
	dc := d.dc
	u := &clashUnit{ID: id, Pos: dc.Label(n), Side: dc.Str(n.Get("side")), Name: dc.Str(n.Get("name")),
		Type: dc.Str(n.Get("type")), Config: dc.Str(n.Get("configuration")), Creature: dc.Str(n.Get("creature")),
		Surprised: dc.Bool(n.Get("surprised")), Mark: dc.Str(n.Get("mark")), side: -1}
	n.Get("stands").Elems(func(_ int, e node) {
		u.Stands = append(u.Stands, &clashStand{Pos: dc.Pos(e), Rect: d.rect(e), Creature: dc.Str(e.Get("creature")),
			HP: dc.Int(e.Get("hp"))})
	})
	return u
}

func (d *clashDecoder) solo(id string, n node) *clashSolo {
	dc := d.dc
	s := &clashSolo{ID: id, Pos: dc.Label(n), Creature: dc.Str(n.Get("creature")), Name: dc.Str(n.Get("name")),
		Side: dc.Str(n.Get("side")), At: d.square(n.Get("at")), Join: dc.Str(n.Get("join")),
		PC: dc.Bool(n.Get("pc")), HP: dc.Int(n.Get("hp")), Surprised: dc.Bool(n.Get("surprised")),
		Mark: dc.Str(n.Get("mark")), side: -1, unit: -1, stand: -1}
	if c := n.Get("commander"); c.Exists() {
		s.Commander = Str{Pos: dc.Pos(c), Set: true}
		if dc.Bool(c) {
			s.Commander.V, s.Commander.OK = "true", true
		}
	}
	return s
}

func (d *clashDecoder) objective(id string, n node) *clashObjective {
	dc := d.dc
	o := &clashObjective{ID: id, Pos: dc.Label(n), Side: dc.Str(n.Get("side")), Name: dc.Str(n.Get("name")),
		Destroy: dc.Str(n.Get("destroy")), Protect: dc.Str(n.Get("protect")), VP: dc.Int(n.Get("vp")),
		Every: dc.Str(n.Get("every")), side: -1}
	if a := n.Get("attrition"); a.Exists() {
		o.AttritionSet, o.AttritionPos = true, dc.Label(a)
		if a.IsStruct() {
			a.Fields(func(unit string, e node) {
				o.AttritionUnits = append(o.AttritionUnits, clashUnitVP{Unit: Str{V: unit, Pos: dc.Label(e), OK: true, Set: true}, VP: dc.Int(e)})
			})
		} else {
			o.AttritionVP = dc.Int(a)
		}
	}
	if w := n.Get("when"); w.Exists() {
		o.When = d.cond(w, 0)
	}
	return o
}

// cond decodes a #ClashCond, at most compiler.MaxCondDepth deep.
func (d *clashDecoder) cond(n node, depth int) *clashCond {
	dc := d.dc
	c := &clashCond{Pos: dc.Pos(n)}
	if depth > compiler.MaxCondDepth || !n.IsStruct() {
		c.Unread = true
		return c
	}
	for _, f := range []string{"all", "any", "not", "in", "eliminated", "broken", "down", "noCommander", "destroyed", "round"} {
		if n.Get(f).Exists() {
			c.Given = append(c.Given, f)
		}
	}
	n.Get("all").Elems(func(_ int, e node) { c.All = append(c.All, d.cond(e, depth+1)) })
	n.Get("any").Elems(func(_ int, e node) { c.Any = append(c.Any, d.cond(e, depth+1)) })
	if x := n.Get("not"); x.Exists() {
		c.Not = d.cond(x, depth+1)
	}
	if x := n.Get("in"); x.Exists() {
		c.InPos = dc.Label(x)
		c.In = &clashIn{Zone: dc.Str(x.Get("zone")), Side: dc.Str(x.Get("side")), Unit: dc.Str(x.Get("unit")), Count: dc.Int(x.Get("count"))}
	}
	for _, f := range []string{"eliminated", "broken", "noCommander"} {
		if x := n.Get(f); x.Exists() {
			c.Unit = dc.Str(x)
		}
	}
	c.Solo = dc.Str(n.Get("down"))
	c.Res = dc.Str(n.Get("destroyed"))
	c.Round = dc.Int(n.Get("round"))
	return c
}

// abilityKey maps the schema's ability names to plan indices.
var abilityKey = plan.AbilityNames

func (d *clashDecoder) creature(id string, n node) *clashCreature {
	dc := d.dc
	c := &clashCreature{ID: id, Pos: dc.Label(n), Lib: d.lib, Name: dc.Str(n.Get("name")), Size: dc.Str(n.Get("size")),
		Type: dc.Str(n.Get("type")), AC: dc.Int(n.Get("ac")), HP: dc.Int(n.Get("hp")), Skills: map[string]Int{}}
	if v, ok := n.Get("cr").Value(); ok {
		if s, err := v.String(); err == nil {
			c.CR = s
		} else if i, err := v.Int64(); err == nil {
			c.CR = strconv.FormatInt(i, 10)
		}
	}
	sp := n.Get("speed")
	c.Speed = clashSpeeds{Walk: dc.Int(sp.Get("walk")), Swim: dc.Int(sp.Get("swim")), Fly: dc.Int(sp.Get("fly")), Climb: dc.Int(sp.Get("climb"))}
	ab, sv := n.Get("abilities"), n.Get("saves")
	for i, k := range abilityKey {
		c.Scores[i] = dc.Int(ab.Get(k))
		c.Saves[i] = dc.Int(sv.Get(k))
	}
	n.Get("skills").Fields(func(k string, e node) { c.Skills[k] = dc.Int(e) })
	n.Get("attacks").Elems(func(_ int, e node) {
		c.Attacks = append(c.Attacks, &clashAttack{Pos: dc.Pos(e), Name: dc.Str(e.Get("name")), ToHit: dc.Int(e.Get("toHit")),
			Reach: dc.Int(e.Get("reach")), Range: dc.Int(e.Get("range")), LongRange: dc.Int(e.Get("longRange")),
			Damage: d.damage(e), OnHit: d.onHit(e.Get("onHit"))})
	})
	c.MultiOK = true
	n.Get("multiattack").Elems(func(_ int, r node) {
		var names []Str
		r.Elems(func(_ int, e node) {
			s := dc.Str(e)
			if !s.OK {
				c.MultiOK = false
			}
			names = append(names, s)
		})
		c.Multi = append(c.Multi, names)
	})
	if sc := n.Get("spellcasting"); sc.Exists() {
		cs := &clashCasting{Pos: dc.Label(sc), Ability: dc.Str(sc.Get("ability")), Level: dc.Int(sc.Get("level")),
			DC: dc.Int(sc.Get("dc")), ToHit: dc.Int(sc.Get("toHit"))}
		sc.Get("spells").Fields(func(name string, e node) {
			k := clashKnown{Name: Str{V: name, Pos: dc.Label(e), OK: true, Set: true}}
			if i := dc.Int(e); i.OK {
				k.Uses = i.V
			}
			cs.Spells = append(cs.Spells, k)
		})
		c.Casting = cs
	}
	strs := func(l node) []Str {
		var out []Str
		l.Elems(func(_ int, e node) { out = append(out, dc.Str(e)) })
		return out
	}
	c.Resist, c.Immune, c.Vuln = strs(n.Get("resistances")), strs(n.Get("immunities")), strs(n.Get("vulnerabilities"))
	c.CondImm = strs(n.Get("conditionImmunities"))
	n.Get("traits").Elems(func(_ int, e node) {
		c.Traits = append(c.Traits, clashTrait{Name: dc.Str(e.Get("name")), Dice: dc.Str(e.Get("dice")), Text: dc.Str(e.Get("text")),
			Attack: dc.Str(e.Get("attack")), DC: dc.Int(e.Get("dc")), Push: dc.Int(e.Get("push")), NoEffect: dc.Str(e.Get("noEffect"))})
	})
	return c
}

// damage reads damage, type and plus of an attack or spell; nil when damage is absent.
func (d *clashDecoder) damage(n node) []clashDamage {
	dc := d.dc
	if !n.Get("damage").Exists() {
		return nil
	}
	out := []clashDamage{{Dice: dc.Str(n.Get("damage")), Type: dc.Str(n.Get("type"))}}
	n.Get("plus").Elems(func(_ int, e node) {
		out = append(out, clashDamage{Dice: dc.Str(e.Get("damage")), Type: dc.Str(e.Get("type"))})
	})
	return out
}

func (d *clashDecoder) spell(id string, n node) *clashSpell {
	dc := d.dc
	s := &clashSpell{ID: id, Pos: dc.Label(n), Lib: d.lib, Name: dc.Str(n.Get("name")), Level: dc.Int(n.Get("level")),
		Attack: dc.Str(n.Get("attack")), Save: dc.Str(n.Get("save")), HalfOnSave: dc.Bool(n.Get("halfOnSave")),
		Damage: d.damage(n), Heal: dc.Str(n.Get("heal")), Targets: dc.Int(n.Get("targets"))}
	if h := n.Get("halfOnSave"); h.Exists() {
		s.HalfSet, s.HalfPos = true, dc.Pos(h)
	}
	r := n.Get("range")
	s.RangePos = dc.Pos(r)
	if v, ok := r.Value(); ok {
		if str, err := v.String(); err == nil {
			s.Self, s.Touch = str == "self", str == "touch"
			if s.Touch {
				s.Range = Int{V: 5, Pos: s.RangePos, OK: true, Set: true}
			}
		} else {
			s.Range = dc.Int(r)
		}
	}
	s.Effect = d.effect(n.Get("effect"))
	if a := n.Get("area"); a.Exists() {
		s.Area = &clashArea{Pos: dc.Label(a), Shape: dc.Str(a.Get("shape")), Size: dc.Int(a.Get("size")),
			Width: dc.Int(a.Get("width")), Height: dc.Int(a.Get("height"))}
	}
	return s
}
