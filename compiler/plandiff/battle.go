package plandiff

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// ClashEntities compares two versions of a When Armies Clash battle file (Part U) as Entities
// compares scenarios: the battlefield (size, terrain rows, elevation), each side, unit, solo,
// resource and objective by id ("units.spears"), and the options; each change at its declaration
// in both versions (the entities' own positions).
func ClashEntities(old, new *plan.Clash) []EntityChange {
	a, ap := clashEntities(old)
	b, bp := clashEntities(new)
	return compare(a, b, ap, bp)
}

// BattleEntities compares two versions of a Pathfinder battle file: the sides, each army by id
// (what the author wrote and its derived statistics, P-1..P-11, and what is particular to the
// battle) and the conditions and options.
func BattleEntities(old, new *plan.Battle) []EntityChange {
	return compare(battleEntities(old), battleEntities(new), nil, nil)
}

func clashEntities(c *plan.Clash) ([]entity, map[string]diag.Pos) {
	pos := map[string]diag.Pos{}
	var out []entity
	add := func(key string, p plan.Pos, fields ...string) {
		e := entity{Key: key}
		for i := 0; i+1 < len(fields); i += 2 {
			if fields[i+1] != "" {
				e.Fields = append(e.Fields, Field{Name: fields[i], Value: fields[i+1]})
			}
		}
		out = append(out, e)
		if p.File != "" {
			pos[key] = diag.Pos(p)
		}
	}
	unitID := func(i int) string {
		if i >= 0 && i < len(c.Units) {
			return c.Units[i].ID
		}
		return ""
	}
	creature := func(i int) string {
		if i >= 0 && i < len(c.Creatures) {
			return c.Creatures[i].ID
		}
		return ""
	}
	g := &c.Grid
	elev := ""
	if len(g.Elevation) > 0 {
		elev = fmt.Sprint(g.Elevation)
	}
	add("battlefield", c.Pos, "size", fmt.Sprintf("%d x %d", g.Width, g.Height), "terrain", strings.Join(g.Rows, "/"), "elevation", elev)
	for _, s := range c.Sides {
		add("sides."+s.ID, s.Pos, "name", s.Name, "general", s.General)
	}
	for _, u := range c.Units {
		var at []string
		for _, st := range u.Stands {
			hp := ""
			if st.HP > 0 {
				hp = fmt.Sprintf(" %d hp", st.HP)
			}
			at = append(at, fmt.Sprintf("%s [%d, %d]%s", creature(st.Creature), st.At[0], st.At[1], hp))
		}
		cmd := ""
		if u.Commander >= 0 && u.Commander < len(c.Solos) {
			cmd = c.Solos[u.Commander].ID
		}
		add("units."+u.ID, u.Pos, "side", c.Sides[u.Side&1].ID, "name", u.Name, "type", string(u.Type), "configuration", string(u.Config),
			"stands", strings.Join(at, ", "), "commander", cmd, "surprised", boolText(u.Surprised))
	}
	for _, s := range c.Solos {
		where := fmt.Sprintf("[%d, %d]", s.At[0], s.At[1])
		if s.Unit >= 0 {
			where = fmt.Sprintf("joined to %s, stand %d", unitID(s.Unit), s.Stand+1)
		}
		hp := ""
		if s.HP > 0 {
			hp = fmt.Sprint(s.HP)
		}
		add("solos."+s.ID, s.Pos, "side", c.Sides[s.Side&1].ID, "name", s.Name, "creature", creature(s.Creature), "at", where, "pc", boolText(s.PC), "hp", hp)
	}
	for _, r := range c.Resources {
		var sq []string
		for _, x := range r.Squares {
			sq = append(sq, fmt.Sprintf("[%d, %d] %d hp", x.At[0], x.At[1], x.HP))
		}
		add("resources."+r.ID, r.Pos, "name", r.Name, "squares", strings.Join(sq, ", "))
	}
	for _, o := range c.Objectives {
		var units []string
		for _, u := range o.Units {
			units = append(units, fmt.Sprintf("%s %d VP", unitID(u.Unit), u.VP))
		}
		vp := ""
		if o.VP > 0 {
			vp = fmt.Sprint(o.VP)
		}
		when := ""
		if o.When != nil {
			when = fmt.Sprintf("%+v", *o.When)
		}
		add("objectives."+o.ID, o.Pos, "side", c.Sides[o.Side&1].ID, "name", o.Name, "kind", string(o.Kind), "units", strings.Join(units, ", "),
			"vp", vp, "when", when, "repeat", boolText(o.Repeat))
	}
	add("options", plan.Pos{}, optionFields(c.Options)...)
	return out, pos
}

func battleEntities(b *plan.Battle) []entity {
	var out []entity
	add := func(key string, fields ...string) {
		e := entity{Key: key}
		for i := 0; i+1 < len(fields); i += 2 {
			if fields[i+1] != "" {
				e.Fields = append(e.Fields, Field{Name: fields[i], Value: fields[i+1]})
			}
		}
		out = append(out, e)
	}
	add("sides", "first", b.Sides[0], "second", b.Sides[1])
	for _, a := range b.Armies {
		in, st := &a.Army, &a.Stats
		// What the author wrote, field by field ("commander.level", "resources.armor"), then
		// the derived statistics and what is particular to the battle.
		fields := append([]string{"side", b.Sides[a.Side&1]}, walkFields("", *in)...)
		fields = append(fields,
			"stats", fmt.Sprintf("ACR %s, hp %d, OM %+d, DV %d, morale %+d", st.ACR, st.HP, st.OM, st.DV, st.MoraleMod),
			"startHP", intText(a.StartHP), "routed", boolText(a.Routed), "fortification", intText(a.Fortification),
			"fortificationKind", a.FortKind,
			"advantageousTerrain", boolText(a.AdvantageousTerrain), "battlefieldAdvantage", boolText(a.BattlefieldAdvantage), "ambusher", boolText(a.Ambusher))
		add("armies."+a.ID, fields...)
	}
	add("conditions", walkFields("", b.Conditions)...)
	add("options", optionFields(b.Options)...)
	return out
}

// optionFields lists rule switches as name, value pairs, by name.
func optionFields(m map[string]string) []string {
	var out []string
	for _, k := range sortedKeys(m) {
		out = append(out, k, m[k])
	}
	return out
}

func boolText(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

func intText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}
