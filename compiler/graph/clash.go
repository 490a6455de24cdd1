package graph

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Sizes of a clash battlefield, in pixels: one square of 20 ft (U-1).
const clashCell = 40.0

// clashSideInk colours the two sides of a clash battle: the first side blue, the second red.
var clashSideInk = [2]string{"#1f5fbf", "#c8201e"}

// clashTerrain is the fill and the legend's word of each terrain letter (U-18..U-22).
var clashTerrain = map[byte]struct{ fill, word string }{
	plan.TerrClear:   {"#f4f1e6", "clear"},
	plan.TerrRough:   {"#d9c9a3", "rough (difficult)"},
	plan.TerrRoad:    {"#e8d7b0", "road"},
	plan.TerrForest:  {"#9cc88c", "forest (half cover, difficult)"},
	plan.TerrShallow: {"#a9d1ee", "shallow water (difficult)"},
	plan.TerrDeep:    {"#5b93c9", "deep water (swimmers only)"},
}

// Clash draws a When Armies Clash battlefield as the battle starts (RULES.md Part U): every square
// of the grid at its [x, y] (x to the east, y to the south, U-1) filled by its terrain (U-18..U-22)
// and marked with its elevation in feet when above 0 (20-ft steps, U-23); every stand as a square
// of its creature's space (U-5) in its side's colour, with its unit's letter and its number in the
// unit (the letters of the map sortie battle prints); every unattached solo as a disc with its
// initial, a joined solo as a small disc on its stand's corner (U-10, U-25); the resources'
// squares (U-67, U-68) and the zones the custom objectives name (U-69) outlined in the colour of
// the side that scores them. A legend under the grid names the sides, the units by letter, the
// solos, the objectives with their VP, and the terrains used.
//
// The picture depends only on c. A grid with no squares is drawn as one empty square.
func Clash(c *plan.Clash) *Scene {
	g := &c.Grid
	w, h := max(g.Width, 1), max(g.Height, 1)
	s := &Scene{Title: fmt.Sprintf("%s: %s", c.ID, c.Title)}
	if c.Title == "" {
		s.Title = c.ID
	}
	origin := Pt{margin, header}
	corner := func(x, y int) Pt { return Pt{origin.X + float64(x)*clashCell, origin.Y + float64(y)*clashCell} }
	gridW, gridH := float64(w)*clashCell, float64(h)*clashCell
	s.text(margin, 34, 22, "start", true, ink, s.Title)

	// Terrain and elevation (U-18..U-23).
	used := map[byte]bool{}
	for y := 0; y < g.Height; y++ {
		for x := 0; x < g.Width; x++ {
			letter := byte(plan.TerrClear)
			if y < len(g.Rows) && x < len(g.Rows[y]) {
				letter = g.Rows[y][x]
			}
			t, ok := clashTerrain[letter]
			if !ok {
				t = clashTerrain[plan.TerrClear]
			} else {
				used[letter] = true
			}
			p := corner(x, y)
			s.rect(p.X, p.Y, clashCell, clashCell, t.fill, "#b8b2a4", 0.6, false)
			if i := y*g.Width + x; i < len(g.Elevation) && g.Elevation[i] > 0 {
				s.text(p.X+3, p.Y+10, 8, "start", false, darkInk, fmt.Sprintf("%dft", 20*g.Elevation[i]))
			}
		}
	}
	// Coordinates along the top and the left edge.
	for x := 0; x < g.Width; x++ {
		s.text(origin.X+(float64(x)+0.5)*clashCell, origin.Y-4, 9, "middle", false, faint, fmt.Sprint(x))
	}
	for y := 0; y < g.Height; y++ {
		s.text(origin.X-4, origin.Y+(float64(y)+0.6)*clashCell, 9, "end", false, faint, fmt.Sprint(y))
	}

	// Objectives on the grid: resources and zones, outlined in the scoring side's colour.
	for _, o := range c.Objectives {
		ink := clashSideInk[o.Side&1]
		var squares [][2]int
		switch o.Kind {
		case plan.ObjDestroy, plan.ObjProtect:
			if o.Resource >= 0 && o.Resource < len(c.Resources) {
				for _, sq := range c.Resources[o.Resource].Squares {
					squares = append(squares, sq.At)
				}
			}
		case plan.ObjCustom:
			squares = zonesOf(o.When)
		}
		for _, sq := range squares {
			p := corner(sq[0], sq[1])
			s.rect(p.X+2, p.Y+2, clashCell-4, clashCell-4, "", ink, 2, true)
		}
	}

	// Stands (U-4, U-5) with their unit's letter, then solos (U-10).
	space := func(creature int) int {
		if creature >= 0 && creature < len(c.Creatures) {
			return max(c.Creatures[creature].Size.Space(), 1)
		}
		return 1
	}
	for _, u := range c.Units {
		ink := clashSideInk[u.Side&1]
		for i, st := range u.Stands {
			n := float64(space(st.Creature))
			p := corner(st.At[0], st.At[1])
			s.rect(p.X+4, p.Y+4, n*clashCell-8, n*clashCell-8, ink, "#ffffff", 1.5, false)
			s.text(p.X+n*clashCell/2, p.Y+n*clashCell/2+5, 15, "middle", true, "#ffffff", u.Mark)
			s.text(p.X+n*clashCell-6, p.Y+n*clashCell-6, 8, "end", false, "#ffffff", fmt.Sprint(i+1))
		}
	}
	for _, so := range c.Solos {
		ink := clashSideInk[so.Side&1]
		at, n := so.At, float64(space(so.Creature))
		joined := so.Unit >= 0 && so.Unit < len(c.Units) && so.Stand >= 0 && so.Stand < len(c.Units[so.Unit].Stands)
		if joined {
			at = c.Units[so.Unit].Stands[so.Stand].At
			p := corner(at[0], at[1])
			s.add(Item{Shape: Circle, Pts: []Pt{{p.X + 9, p.Y + 9}}, R: 7, Fill: "#ffffff", Stroke: ink, Width: 1.5})
			s.text(p.X+9, p.Y+12, 8, "middle", true, ink, initial(so.ID))
			continue
		}
		p := corner(at[0], at[1])
		s.add(Item{Shape: Circle, Pts: []Pt{{p.X + n*clashCell/2, p.Y + n*clashCell/2}}, R: n*clashCell/2 - 6, Fill: "#ffffff", Stroke: ink, Width: 2.5})
		s.text(p.X+n*clashCell/2, p.Y+n*clashCell/2+5, 14, "middle", true, ink, initial(so.ID))
	}
	s.rect(origin.X, origin.Y, gridW, gridH, "", ink, 1.5, false)

	s.text(margin, origin.Y+gridH+22, 13, "start", false, faint, fmt.Sprintf("clash rules (RULES.md Part U): %d x %d squares of 20 ft, [x, y] from the north-west corner", g.Width, g.Height))
	s.W = max(2*margin+gridW, 720)
	y := clashLegend(s, c, used, origin.Y+gridH+48)
	s.H = y + margin/2
	return s
}

// clashLegend writes the legend from y down and returns the y under it.
func clashLegend(s *Scene, c *plan.Clash, used map[byte]bool, y float64) float64 {
	line := func(colour string, bold bool, t string) {
		s.text(margin, y, 13, "start", bold, colour, t)
		y += 18
	}
	for side := range c.Sides {
		sd := &c.Sides[side]
		name := sd.ID
		if sd.Name != "" {
			name = sd.Name + " (" + sd.ID + ")"
		}
		line(clashSideInk[side], true, name)
		for _, u := range c.Units {
			if u.Side != side {
				continue
			}
			t := fmt.Sprintf("  %s  %s: %s", u.Mark, u.ID, u.Type)
			if u.Name != "" {
				t += " \u201c" + u.Name + "\u201d"
			}
			t += fmt.Sprintf(", %d %s", len(u.Stands), map[bool]string{true: "stand", false: "stands"}[len(u.Stands) == 1])
			if u.Commander >= 0 && u.Commander < len(c.Solos) {
				t += ", commanded by " + c.Solos[u.Commander].ID
			}
			line(ink, false, t)
		}
		for _, so := range c.Solos {
			if so.Side != side {
				continue
			}
			where := fmt.Sprintf("at [%d, %d]", so.At[0], so.At[1])
			if so.Unit >= 0 && so.Unit < len(c.Units) {
				where = "joined to " + c.Units[so.Unit].ID
			}
			line(ink, false, fmt.Sprintf("  (%s) %s: solo, %s", initial(so.ID), so.ID, where))
		}
	}
	if len(c.Objectives) > 0 {
		y += 6
		line(goalInk, true, "objectives (dashed on the grid: the squares they name)")
		for _, o := range c.Objectives {
			name := o.ID
			if o.Name != "" {
				name = o.Name
			}
			line(clashSideInk[o.Side&1], false, fmt.Sprintf("  %s: %s, for %s%s", name, o.Kind, c.Sides[o.Side&1].ID, objectiveVP(o)))
		}
	}
	var words []string
	for letter, t := range clashTerrain {
		if used[letter] && letter != plan.TerrClear {
			words = append(words, fmt.Sprintf("%c %s", letter, t.word))
		}
	}
	sort.Strings(words)
	if len(words) > 0 {
		y += 6
		words = append(words, "elevation in feet at each square's corner (U-23)")
		for _, l := range wrapItems("terrain: ", words, int((s.W-2*margin)/legendCharW)) {
			line(faint, false, l)
		}
	}
	return y
}

// legendCharW is a generous width of one character of the legend's 13-pixel sans-serif text, in
// pixels (the widest common letters of DejaVu Sans are about 0.6 em; most are far narrower):
// a legend line of (scene width - margins) / legendCharW characters fits the picture.
const legendCharW = 7.5

// wrapItems joins items with "; " after prefix into lines of at most width characters (runes),
// breaking only between items; a continuation line starts with two spaces, and an item longer
// than width has a line of its own (issue 20: the terrain legend ran past the picture's edge).
func wrapItems(prefix string, items []string, width int) []string {
	var lines []string
	cur := prefix
	for i, it := range items {
		sep := ""
		if i < len(items)-1 {
			sep = ";"
		}
		switch {
		case cur == prefix || cur == "  ":
			cur += it + sep
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(it+sep) <= width:
			cur += " " + it + sep
		default:
			lines = append(lines, cur)
			cur = "  " + it + sep
		}
	}
	return append(lines, cur)
}

// objectiveVP says what an objective is worth: ", N VP" ("" when the objective counts units).
func objectiveVP(o plan.ClashObjective) string {
	switch {
	case o.Kind == plan.ObjAttrition:
		vp := 0
		for _, u := range o.Units {
			vp += u.VP
		}
		return fmt.Sprintf(", up to %d VP", vp)
	case o.VP > 0 && o.Kind == plan.ObjProtect:
		return fmt.Sprintf(", %d VP a round held", o.VP)
	case o.VP > 0:
		return fmt.Sprintf(", %d VP", o.VP)
	}
	return ""
}

// zonesOf lists the squares a custom objective's condition names (its "in" zones), in order.
func zonesOf(c *plan.ClashCond) [][2]int {
	if c == nil {
		return nil
	}
	out := append([][2]int(nil), c.Zone...)
	for i := range c.Args {
		out = append(out, zonesOf(&c.Args[i])...)
	}
	return out
}

// initial is the upper-case first letter of an id, for a solo's disc.
func initial(id string) string {
	for _, r := range id {
		return strings.ToUpper(string(r))
	}
	return "?"
}
