package plandiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
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

// addStruct adds every exported field of the struct v by its JSON name after prefix, written as
// compact JSON, leaving out zero values (empty lists too) and the names in skip. Index-free parts
// of the plan go through it, so that a field the plan gains is compared without a change here.
func (b *builder) addStruct(prefix string, v any, skip ...string) {
	rv := reflect.ValueOf(v)
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fv := rv.Field(i)
		if slices.Contains(skip, name) || fv.IsZero() || (fv.Kind() == reflect.Slice || fv.Kind() == reflect.Map) && fv.Len() == 0 {
			continue
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(fv.Interface()); err != nil {
			b.fs = append(b.fs, Field{prefix + name, fmt.Sprint(fv.Interface())})
			continue
		}
		b.fs = append(b.fs, Field{prefix + name, strings.TrimSuffix(buf.String(), "\n")})
	}
}

// quoted renders a list of strings, each quoted: ["K20+5@10", ""] stays two entries.
func quoted(ss []string) raw {
	var q []string
	for _, s := range ss {
		q = append(q, strconv.Quote(s))
	}
	return raw(strings.Join(q, " "))
}

// meta adds the scenario's own names and format version (Meta) to the settings.
func meta(settings *builder, m plan.Meta) {
	settings.add("id", m.ID)
	settings.add("title", m.Title)
	settings.add("rules", m.Rules)
	settings.add("version", m.Version)
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
	meta(settings, p.Scenario)
	settings.add("days.limit", p.DayLimit)
	settings.add("field.grid", p.Field.Grid)
	settings.add("party.start", raw(blockID(p.Party.Start)))
	settings.add("party.members", p.Party.Members)
	settings.add("party.rations", p.Party.Rations)
	for _, pc := range p.Party.PCs {
		settings.add("party.pcs."+pc.Name, raw(walkText(pc)))
	}
	for _, b := range p.Party.Burdens {
		settings.add("party.burdens."+b.Name, true)
	}
	settings.add("party.torches", p.Party.Torches)
	settings.add("party.lanternOil", p.Party.LanternOil)
	settings.add("party.money", p.Party.Money)
	for _, it := range p.Shop { // K-12: the price list
		settings.add("shop."+it.ID, raw(walkText(it)))
	}
	if p.NightRaid >= 0 && p.NightRaid < len(p.Encounters) {
		settings.add("nightRaid", raw(p.Encounters[p.NightRaid].ID))
	}
	settings.add("nightRaidTN", p.NightRaidTN)
	settings.add("failureXP", p.FailureXP)
	for i, s := range p.FlagSummaries { // quoted: a summary the players are not told ("") shows too
		name := fmt.Sprintf("flagSummaries[%d]", i)
		if i < len(p.Flags) {
			name = "flags." + p.Flags[i] + ".summary"
		}
		settings.add(name, raw(strconv.Quote(s)))
	}
	for i, e := range p.Episodes {
		settings.add(fmt.Sprintf("episodes[%d]", i), raw(strconv.Quote(e.Say)+actions(p, e.Do)))
	}
	for _, r := range p.Pursuit {
		settings.add(fmt.Sprintf("pursuit.level%d", r.Level), raw(strconv.Quote(r.Damage)))
	}
	if p.Options != nil {
		settings.add("options", raw(walkText(*p.Options)))
	}
	if p.Midpoint != nil { // K-68: the armies a retry from the midpoint places
		settings.add("midpoint", true)
		for _, a := range p.Midpoint.Armies {
			id := "?"
			if a.Army >= 0 && a.Army < len(p.Armies) {
				id = p.Armies[a.Army].ID
			}
			r := "strength " + strconv.Itoa(a.Strength) + ", route " + string(ids(a.Route))
			if a.Reserve {
				r += ", reserve"
			}
			settings.add("midpoint.armies."+id, raw(r))
		}
	}
	out = append(out, entity{Key: "settings", Fields: settings.fs})
	for _, t := range p.Traversals {
		e := &builder{}
		e.add("name", t.Name)
		e.add("blocks", ids(t.Blocks))
		e.add("threshold", t.Threshold)
		e.add("exit", t.Exit)
		for i, f := range t.Faces {
			e.add(fmt.Sprintf("faces[%d]", i), raw(fmt.Sprintf("%q, progress %+d%s", f.Say, f.Progress, actions(p, f.Do))))
		}
		e.add("complete", raw(strings.TrimPrefix(actions(p, t.Complete), "; ")))
		e.add("say", t.Say)
		out = append(out, entity{Key: "traversals." + t.ID, Fields: e.fs})
	}
	for _, b := range p.Field.Blocks {
		e := &builder{}
		e.add("at", raw(fmt.Sprintf("[%d, %d]", b.At[0], b.At[1])))
		e.add("kind", b.Kind)
		e.add("terrain", b.Terrain)
		e.add("name", b.Name)
		if b.Box >= 0 {
			box := "?" // a hand-edited plan
			if b.Box < len(p.Field.Boxes) {
				box = p.Field.Boxes[b.Box].Name
			}
			e.add("box", box)
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
		e.add("support", quoted(a.Support))
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
			if m.Stays {
				s += " stays" // K-81
			}
			ms = append(ms, s)
		}
		e.add("monsters", raw(strings.Join(ms, ", ")))
		if en.Next != nil && *en.Next >= 0 && *en.Next < len(p.Encounters) {
			e.add("next", raw(p.Encounters[*en.Next].ID))
		}
		if l := en.Loot; l != nil { // K-98
			e.add("loot", raw(fmt.Sprintf("%d gamels %q%s", l.Money, l.Say, actions(p, l.Do))))
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
		case plan.ActSpawn, plan.ActRemove, plan.ActReveal:
			b.WriteString(a.Op.String() + " " + army(a.Army))
		case plan.ActSurvey:
			b.WriteString("survey")
		case plan.ActEnd:
			b.WriteString("end " + a.Outcome)
		case plan.ActCheck:
			if c := a.Check; c != nil { // K-4: the check, then its pass and fail in brackets
				fmt.Fprintf(&b, "check %s tn %d %s base %q later %v damage %d pass [%s] fail [%s]", c.ID, c.TN, c.Mode, c.Base, c.Later, c.Damage,
					strings.TrimPrefix(actions(p, c.Pass), "; "), strings.TrimPrefix(actions(p, c.Fail), "; "))
			}
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
	meta(settings, p.Scenario)
	settings.add("days.limit", p.DayLimit)
	for side, k := range pf.Kingdoms {
		if k != nil {
			// JSON, not %+v: a list's empty name and an empty list read alike in %+v.
			js, _ := json.Marshal(k)
			settings.add("kingdoms."+[2]string{"friendly", "enemy"}[side], raw(string(js)))
		}
	}
	for _, name := range sortedKeys(pf.Options) {
		settings.add("options."+name, pf.Options[name])
	}
	settings.add("orders", raw(pfOrders(pf)))
	out := []entity{{Key: "settings", Fields: settings.fs}}
	for _, h := range pf.Hexes {
		e := &builder{}
		e.add("at", raw(fmt.Sprintf("[%d, %d]", h.At[0], h.At[1])))
		e.add("name", h.Name)
		e.add("terrain", h.Terrain)
		e.add("difficult", h.Difficult)
		e.add("fortification", h.Fortification)
		e.add("fortificationKind", h.FortKind)
		e.add("advantageousTerrain", h.AdvantageousTerrain)
		e.addStruct("", h.Conditions) // darkness, dimLight, fog, sandstorm (P-65)
		e.add("reserve", h.Reserve)
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
		// What the author wrote (every field of the input), then the battle-time settings of the
		// army, then what sortie derives from them (P-1..P-11).
		e.addStruct("", a.Army)
		e.addStruct("", a, "id", "side", "start", "route", "army", "stats")
		e.addStruct("stats.", a.Stats)
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

// pfOrders describes the orders that change the armies ("day 3 split knights into a b; ..."),
// in plan order; "" when there are none.
func pfOrders(pf *plan.Pathfinder) string {
	army := func(i int) string {
		if i >= 0 && i < len(pf.Armies) {
			return pf.Armies[i].ID
		}
		return "?"
	}
	ids := func(list []int) string {
		var out []string
		for _, i := range list {
			out = append(out, army(i))
		}
		return strings.Join(out, " ")
	}
	var out []string
	for _, o := range pf.Orders {
		s := fmt.Sprintf("day %d %s %s", o.Day, o.Kind, ids(o.Armies))
		if len(o.Into) > 0 {
			s += " into " + ids(o.Into)
		}
		if o.Kind == "combine" {
			s += fmt.Sprintf(" keep %d", o.Keep)
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}
