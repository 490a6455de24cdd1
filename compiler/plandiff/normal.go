package plandiff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Field is one named property of an entity in normal form.
type Field struct {
	Name, Value string
}

// entity is an entity in normal form: its key ("armies.mercenaries") and its fields in a fixed
// order. Absent properties are left out.
type entity struct {
	Key    string
	Fields []Field
}

type builder struct{ fs []Field }

func (b *builder) add(name string, v any) {
	var s string
	switch x := v.(type) {
	case string:
		if x == "" {
			return
		}
		s = strconv.Quote(x)
	case int:
		s = strconv.Itoa(x)
	case bool:
		if !x {
			return
		}
		s = "true"
	case raw:
		if x == "" {
			return
		}
		s = string(x)
	default:
		s = fmt.Sprint(x)
	}
	b.fs = append(b.fs, Field{name, s})
}

// raw is a value already rendered.
type raw string

// entities lists p's entities in normal form, in plan order within each section.
func entities(p *plan.Plan) []entity {
	if p.Pathfinder != nil {
		return pfEntities(p)
	}
	var out []entity
	blockID := func(i int) string {
		if i >= 0 && i < len(p.Field.Blocks) {
			return p.Field.Blocks[i].ID
		}
		return "?"
	}
	ids := func(is []int) raw {
		var s []string
		for _, i := range is {
			s = append(s, blockID(i))
		}
		return raw(strings.Join(s, " "))
	}
	settings := &builder{}
	settings.add("days.limit", p.DayLimit)
	settings.add("party.start", raw(blockID(p.Party.Start)))
	settings.add("party.members", p.Party.Members)
	settings.add("party.rations", p.Party.Rations)
	for _, pc := range p.Party.PCs {
		settings.add("party.pcs."+pc.Name, raw(fmt.Sprintf("%+v", pc)))
	}
	for _, b := range p.Party.Burdens {
		settings.add("party.burdens."+b.Name, true)
	}
	settings.add("party.torches", p.Party.Torches)
	settings.add("party.lanternOil", p.Party.LanternOil)
	if p.NightRaid >= 0 && p.NightRaid < len(p.Encounters) {
		settings.add("nightRaid", raw(p.Encounters[p.NightRaid].ID))
	}
	settings.add("nightRaidTN", p.NightRaidTN)
	settings.add("failureXP", p.FailureXP)
	for i, e := range p.Episodes {
		settings.add(fmt.Sprintf("episodes[%d]", i), raw(strconv.Quote(e.Say)+actions(p, e.Do)))
	}
	for _, r := range p.Pursuit {
		settings.add(fmt.Sprintf("pursuit.level%d", r.Level), r.Damage)
	}
	if p.Options != nil {
		settings.add("options", raw(fmt.Sprintf("%+v", *p.Options)))
	}
	for _, t := range p.Traversals {
		settings.add("traversals."+t.ID, raw(fmt.Sprintf("blocks %s, threshold %d, exit %s, %d faces", ids(t.Blocks), t.Threshold, t.Exit, len(t.Faces))))
	}
	out = append(out, entity{Key: "settings", Fields: settings.fs})
	for _, b := range p.Field.Blocks {
		e := &builder{}
		e.add("at", raw(fmt.Sprintf("[%d, %d]", b.At[0], b.At[1])))
		e.add("kind", b.Kind)
		e.add("terrain", b.Terrain)
		e.add("name", b.Name)
		if b.Box >= 0 && b.Box < len(p.Field.Boxes) {
			e.add("box", p.Field.Boxes[b.Box].Name)
		}
		e.add("dark", b.Dark)
		var from []string
		for _, d := range b.EnterFrom {
			from = append(from, d.String())
		}
		e.add("enterFrom", raw(strings.Join(from, " ")))
		out = append(out, entity{Key: "field.blocks." + b.ID, Fields: e.fs})
	}
	for _, a := range p.Armies {
		e := &builder{}
		e.add("side", a.Side)
		e.add("name", a.Name)
		e.add("strength", a.Strength)
		e.add("route", ids(a.Route))
		if a.Speed != 1 {
			e.add("speed", a.Speed)
		}
		e.add("morale", a.Morale)
		e.add("training", a.Training)
		e.add("support", raw(strings.Join(a.Support, " ")))
		e.add("supportPhysical", a.SupportPhysical)
		if a.Encounter >= 0 && a.Encounter < len(p.Encounters) {
			e.add("encounter", raw(p.Encounters[a.Encounter].ID))
		}
		e.add("reserve", a.Reserve)
		e.add("accompany", a.Accompany)
		out = append(out, entity{Key: "armies." + a.ID, Fields: e.fs})
	}
	for _, en := range p.Encounters {
		e := &builder{}
		e.add("title", en.Title)
		var ms []string
		for _, m := range en.Monsters {
			s := fmt.Sprintf("%s L%d x%d", m.Name, m.Level, m.Count)
			if m.Leader {
				s += " leader"
			}
			if m.Named {
				s += " named"
			}
			ms = append(ms, s)
		}
		e.add("monsters", raw(strings.Join(ms, ", ")))
		if en.Next != nil && *en.Next >= 0 && *en.Next < len(p.Encounters) {
			e.add("next", raw(p.Encounters[*en.Next].ID))
		}
		out = append(out, entity{Key: "encounters." + en.ID, Fields: e.fs})
	}
	for _, ev := range p.Events {
		e := &builder{}
		switch ev.On.Kind {
		case plan.OnEnter:
			e.add("on", raw("enter "+blockID(ev.On.Block)))
		case plan.OnDay:
			e.add("on", raw(fmt.Sprintf("day %d", ev.On.Day)))
		}
		e.add("once", ev.Once)
		if ev.If != nil {
			e.add("if", raw(cond(p, ev.If)))
		}
		e.add("do", raw(strings.TrimPrefix(actions(p, ev.Do), "; ")))
		out = append(out, entity{Key: "events." + ev.ID, Fields: e.fs})
	}
	for _, o := range p.Objectives {
		e := &builder{}
		e.add("when", raw(cond(p, &o.When)))
		e.add("outcome", o.Outcome)
		e.add("xp", o.XP)
		e.add("say", o.Say)
		out = append(out, entity{Key: "objectives." + o.ID, Fields: e.fs})
	}
	return out
}

// cond renders a compiled condition with ids.
func cond(p *plan.Plan, c *plan.Cond) string {
	list := func(sep string) string {
		var s []string
		for i := range c.Args {
			s = append(s, cond(p, &c.Args[i]))
		}
		return strings.Join(s, sep)
	}
	switch c.Op {
	case plan.CondFlag:
		if c.Flag >= 0 && c.Flag < len(p.Flags) {
			return "flag " + p.Flags[c.Flag]
		}
	case plan.CondNot:
		return "not (" + list(", ") + ")"
	case plan.CondAll:
		return list(" and ")
	case plan.CondAny:
		return "any (" + list(", ") + ")"
	case plan.CondAt:
		if c.Block >= 0 && c.Block < len(p.Field.Blocks) {
			return "at " + p.Field.Blocks[c.Block].ID
		}
	case plan.CondDay:
		return fmt.Sprintf("day >= %d", c.Day)
	case plan.CondArmyGone:
		if c.Army >= 0 && c.Army < len(p.Armies) {
			return "armyGone " + p.Armies[c.Army].ID
		}
	case plan.CondTrue:
		return "true"
	}
	return c.Op.String()
}

// actions renders actions with ids, each after "; ".
func actions(p *plan.Plan, as []plan.Action) string {
	var b strings.Builder
	army := func(i int) string {
		if i >= 0 && i < len(p.Armies) {
			return p.Armies[i].ID
		}
		return "?"
	}
	for _, a := range as {
		b.WriteString("; ")
		switch a.Op {
		case plan.ActSay:
			b.WriteString("say " + strconv.Quote(a.Text))
		case plan.ActSet, plan.ActClear:
			f := "?"
			if a.Flag >= 0 && a.Flag < len(p.Flags) {
				f = p.Flags[a.Flag]
			}
			b.WriteString(a.Op.String() + " " + f)
		case plan.ActBattle:
			en := "?"
			if a.Encounter >= 0 && a.Encounter < len(p.Encounters) {
				en = p.Encounters[a.Encounter].ID
			}
			b.WriteString("battle " + en)
		case plan.ActStrength:
			fmt.Fprintf(&b, "army %s strength %+d", army(a.Army), a.Delta)
		case plan.ActSpawn, plan.ActRemove:
			b.WriteString(a.Op.String() + " " + army(a.Army))
		case plan.ActEnd:
			b.WriteString("end " + a.Outcome)
		}
	}
	return b.String()
}

func pfEntities(p *plan.Plan) []entity {
	pf := p.Pathfinder
	hex := func(i int) string {
		if i >= 0 && i < len(pf.Hexes) {
			return pf.Hexes[i].ID
		}
		return "?"
	}
	settings := &builder{}
	settings.add("days.limit", p.DayLimit)
	for side, k := range pf.Kingdoms {
		if k != nil {
			settings.add("kingdoms."+[2]string{"friendly", "enemy"}[side], raw(fmt.Sprintf("%+v", *k)))
		}
	}
	for _, name := range sortedKeys(pf.Options) {
		settings.add("options."+name, pf.Options[name])
	}
	out := []entity{{Key: "settings", Fields: settings.fs}}
	for _, h := range pf.Hexes {
		e := &builder{}
		e.add("at", raw(fmt.Sprintf("[%d, %d]", h.At[0], h.At[1])))
		e.add("name", h.Name)
		e.add("terrain", h.Terrain)
		e.add("difficult", h.Difficult)
		e.add("fortification", h.Fortification)
		e.add("advantageousTerrain", h.AdvantageousTerrain)
		out = append(out, entity{Key: "field.hexes." + h.ID, Fields: e.fs})
	}
	for _, a := range pf.Armies {
		e := &builder{}
		e.add("side", [2]string{"friendly", "enemy"}[a.Side&1])
		e.add("start", raw(hex(a.Start)))
		var r []string
		for _, h := range a.Route {
			r = append(r, hex(h))
		}
		e.add("route", raw(strings.Join(r, " ")))
		in := a.Army
		e.add("name", in.Name)
		e.add("army", raw(fmt.Sprintf("%v %v %v, morale %d, tactics %v, resources %+v", in.Size, in.CR, in.HitDie, in.Morale, in.Tactics, in.Resources)))
		if in.Commander != nil {
			e.add("commander", raw(fmt.Sprintf("%+v", *in.Commander)))
		}
		st := a.Stats
		e.add("stats", raw(fmt.Sprintf("ACR %v, hp %d, OM %+d, DV %d, speed %d", st.ACR, st.HP, st.OM, st.DV, st.Speed)))
		out = append(out, entity{Key: "armies." + a.ID, Fields: e.fs})
	}
	for _, o := range pf.Objectives {
		e := &builder{}
		e.add("outcome", o.Outcome)
		var d []string
		for _, a := range o.Defeat {
			if a >= 0 && a < len(pf.Armies) {
				d = append(d, pf.Armies[a].ID)
			}
		}
		e.add("defeat", raw(strings.Join(d, " ")))
		if o.Reach != nil && o.Reach[0] >= 0 && o.Reach[0] < len(pf.Armies) {
			e.add("reach", raw(pf.Armies[o.Reach[0]].ID+" at "+hex(o.Reach[1])))
		}
		e.add("say", o.Say)
		out = append(out, entity{Key: "objectives." + o.ID, Fields: e.fs})
	}
	return out
}
