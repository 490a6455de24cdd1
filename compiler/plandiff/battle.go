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
// oldDecl and newDecl (Declarations of each version's files) place what the plan holds no
// position of: the battlefield: field (the plan's battle position is the file's top).
func ClashEntities(old, new *plan.Clash, oldDecl, newDecl map[string]diag.Pos) []EntityChange {
	a, ap := clashEntities(old)
	b, bp := clashEntities(new)
	for _, v := range []struct{ pos, decl map[string]diag.Pos }{{ap, oldDecl}, {bp, newDecl}} {
		if d, ok := v.decl["battlefield"]; ok {
			v.pos["battlefield"] = d
		}
	}
	return compare(a, b, ap, bp)
}

// BattleEntities compares two versions of a Pathfinder battle file: the sides, each army by id
// (what the author wrote and its derived statistics, P-1..P-11, and what is particular to the
// battle) and the conditions and options, each at its declaration in oldDecl and newDecl
// (Declarations of each version's files: "sides.armies.orcs", "conditions").
func BattleEntities(old, new *plan.Battle, oldDecl, newDecl map[string]diag.Pos) []EntityChange {
	return compare(battleEntities(old), battleEntities(new), battlePos(old, oldDecl), battlePos(new, newDecl))
}

// battlePos maps BattleEntities' keys to their declarations.
func battlePos(b *plan.Battle, decl map[string]diag.Pos) map[string]diag.Pos {
	pos := map[string]diag.Pos{}
	for key, d := range map[string]string{"sides": "sides", "conditions": "conditions", "options": "options"} {
		if p, ok := decl[d]; ok {
			pos[key] = p
		}
	}
	for _, a := range b.Armies {
		if p, ok := decl["sides.armies."+a.ID]; ok {
			pos["armies."+a.ID] = p
		}
	}
	return pos
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
	fields := []string{"size", fmt.Sprintf("%d x %d", g.Width, g.Height)}
	// One field a square (terrain "6,3", elevation "5,4"), so that a change names the squares
	// that changed, never a whole grid or a Go slice (issue 20 review).
	for y, row := range g.Rows {
		for x, t := range row {
			if t != plan.TerrClear { // clear is the field's ground: a square made clear reads "forest -> (none)"
				fields = append(fields, fmt.Sprintf("terrain %d,%d", x, y), terrainWord(t))
			}
		}
	}
	for i, h := range g.Elevation {
		if h != 0 && g.Width > 0 {
			fields = append(fields, fmt.Sprintf("elevation %d,%d", i%g.Width, i/g.Width), fmt.Sprintf("%d (%d ft)", h, 20*h))
		}
	}
	fields = append(fields, "light", g.Light)
	add("battlefield", c.Pos, fields...)
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
			when = flatText(*o.When)
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
		fields := []string{"side", b.Sides[a.Side&1], "name", in.Name, "size", in.Size, "cr", in.CR, "hitDie", in.HitDie,
			"tactics", strings.Join(in.Tactics, ", ")}
		fields = append(fields, flatFields("resources", in.Resources)...)
		if in.Commander != nil {
			fields = append(fields, flatFields("commander", *in.Commander)...)
		}
		add("armies."+a.ID, append(fields,
			"stats", fmt.Sprintf("ACR %s, hp %d, OM %+d, DV %d, morale %+d", st.ACR, st.HP, st.OM, st.DV, st.MoraleMod),
			"startHP", intText(a.StartHP), "routed", boolText(a.Routed), "fortification", intText(a.Fortification),
			"fortificationKind", a.FortKind,
			"advantageousTerrain", boolText(a.AdvantageousTerrain), "battlefieldAdvantage", boolText(a.BattlefieldAdvantage), "ambusher", boolText(a.Ambusher))...)
	}
	add("conditions", flatFields("", b.Conditions)...)
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
