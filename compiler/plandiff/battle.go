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
// in both versions (the entities' own positions; the battlefield at its battlefield: field, from
// oldDecl and newDecl, BattleDeclarations).
func ClashEntities(old, new *plan.Clash, oldDecl, newDecl map[string]diag.Pos) []EntityChange {
	squares := old.Grid.Width == new.Grid.Width && old.Grid.Height == new.Grid.Height
	a, ap := clashEntities(old, squares)
	b, bp := clashEntities(new, squares)
	for _, m := range [][2]map[string]diag.Pos{{ap, oldDecl}, {bp, newDecl}} {
		delete(m[0], "battlefield") // the Clash's Pos is the file's top: the package clause
		if p, ok := m[1]["battlefield"]; ok {
			m[0]["battlefield"] = p
		}
	}
	return compare(a, b, ap, bp)
}

// BattleEntities compares two versions of a Pathfinder battle file: the sides, each army by id
// (what the author wrote and its derived statistics, P-1..P-11, and what is particular to the
// battle) and the conditions and options; each at its declaration in oldDecl and newDecl
// (BattleDeclarations: the plan holds no positions of its own).
func BattleEntities(old, new *plan.Battle, oldDecl, newDecl map[string]diag.Pos) []EntityChange {
	return compare(battleEntities(old), battleEntities(new), oldDecl, newDecl)
}

// clashEntities lists c's entities; squares (both versions' battlefields are the same size) lists
// the battlefield square by square ("terrain [6, 3]: shallow", "elevation [5, 4]: 2"), so that a
// change names the squares it touches, else row by row.
func clashEntities(c *plan.Clash, squares bool) ([]entity, map[string]diag.Pos) {
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
	add("battlefield", c.Pos, gridFields(&c.Grid, squares)...)
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
			when = walkText(*o.When)
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

// terrainNames names the terrain letters of plan.ClashGrid.Rows (U-19..U-22).
var terrainNames = map[byte]string{plan.TerrClear: "clear", plan.TerrRough: "rough", plan.TerrRoad: "road",
	plan.TerrForest: "forest", plan.TerrShallow: "shallow", plan.TerrDeep: "deep"}

// gridFields lists a battlefield's size, light, terrain, elevation and obscured squares: square by
// square with squares ("terrain [x, y]", x from the west edge, y from the north, as stands are
// placed), else the terrain row by row ("..../----") and the elevation likewise ("0 0 1 1/...").
// Never a Go slice (issue 20 review, defect 2).
func gridFields(g *plan.ClashGrid, squares bool) []string {
	out := []string{"size", fmt.Sprintf("%d x %d", g.Width, g.Height), "light", g.Light}
	obscured := map[int]bool{}
	for _, i := range g.Obscured {
		obscured[i] = true
	}
	if !squares {
		var elev []string
		for y := 0; y < g.Height && len(g.Elevation) > 0; y++ {
			row := make([]string, 0, g.Width)
			for x := 0; x < g.Width && y*g.Width+x < len(g.Elevation); x++ {
				row = append(row, fmt.Sprint(g.Elevation[y*g.Width+x]))
			}
			elev = append(elev, strings.Join(row, " "))
		}
		var obs []string
		for _, i := range g.Obscured {
			if g.Width > 0 {
				obs = append(obs, fmt.Sprintf("[%d, %d]", i%g.Width, i/g.Width))
			}
		}
		return append(out, "terrain", strings.Join(g.Rows, "/"), "elevation", strings.Join(elev, "/"), "obscured", strings.Join(obs, ", "))
	}
	for y := 0; y < g.Height; y++ {
		for x := 0; x < g.Width; x++ {
			at := fmt.Sprintf("[%d, %d]", x, y)
			t := ""
			if y < len(g.Rows) && x < len(g.Rows[y]) {
				t = terrainNames[g.Rows[y][x]]
				if t == "" {
					t = string(g.Rows[y][x])
				}
			}
			e := ""
			if i := y*g.Width + x; i < len(g.Elevation) {
				e = intText(g.Elevation[i])
			}
			out = append(out, "terrain "+at, t, "elevation "+at, e, "obscured "+at, boolText(obscured[y*g.Width+x]))
		}
	}
	return out
}
