package graph

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/image/font"

	"github.com/sortie-rpg/sortie/compiler/forecast"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Plan draws a plan's field: Field for a Karzoral plan, Hexes for a Pathfinder one.
func Plan(p *plan.Plan) *Scene {
	if p.Pathfinder != nil {
		return Hexes(p)
	}
	return Field(p)
}

// Sizes of a square field, in pixels.
const (
	cell   = 140.0 // one block
	gap    = 3.0   // between blocks
	margin = 40.0
	header = 56.0
)

// Field draws a Karzoral plan's field (K-17): every block at its [x, y] (x to the east, y to the
// south), filled by kind and terrain, labelled with its id and name or terrain; bases and trails
// (K-29), dark blocks (K-57), hidden boxes outlined with a dashed line (K-31), one-way passages as
// arrows across the shared side and closed sides as walls (K-32), the party's start, the events
// and objectives of each block (on enter); and each army's route as a coloured path with the
// days of each step as the forecast gives them (K-22), the forecast's strength battles marked
// (K-24, K-25). A legend under the field names the armies, the battles, the day events and the
// objectives with what each needs (K-60).
func Field(p *plan.Plan) *Scene {
	f := &p.Field
	cols, rows := f.MaxX-f.MinX+1, f.MaxY-f.MinY+1
	if len(f.Blocks) == 0 {
		cols, rows = 1, 1
	}
	s := &Scene{Title: fmt.Sprintf("%s: %s", p.Scenario.ID, p.Scenario.Title)}
	gridW := float64(cols) * cell
	origin := Pt{margin, header}
	at := func(b *plan.Block) Pt { // top-left corner of a block
		return Pt{origin.X + float64(b.At[0]-f.MinX)*cell, origin.Y + float64(b.At[1]-f.MinY)*cell}
	}
	centre := func(i int) Pt {
		c := at(&f.Blocks[i])
		return Pt{c.X + cell/2, c.Y + cell/2}
	}
	s.text(margin, 34, 22, "start", true, ink, s.Title)
	s.text(margin+gridW, 34, 13, "end", false, faint, fmt.Sprintf("%s rules, %d days", p.Scenario.Rules, p.DayLimit))

	// What happens in each block: events and objectives on entering it (K-33, K-60).
	notes := make([][]string, len(f.Blocks))
	if p.Party.Start >= 0 && p.Party.Start < len(notes) {
		notes[p.Party.Start] = append(notes[p.Party.Start], "party start")
	}
	for _, e := range p.Events {
		if e.On.Kind == plan.OnEnter && e.On.Block >= 0 && e.On.Block < len(notes) {
			notes[e.On.Block] = append(notes[e.On.Block], "! "+e.ID)
		}
	}
	for _, o := range p.Objectives {
		for _, b := range condBlocks(&o.When) {
			if b >= 0 && b < len(notes) {
				notes[b] = append(notes[b], "o "+o.ID+" ("+o.Outcome+")")
			}
		}
	}
	// A block's texts are drawn over the route lines (words stay whole where a route crosses);
	// beside a one-way mark on its west side they start right of it.
	texts := &Scene{}
	westMark := make([]bool, len(f.Blocks))
	for i := range f.Blocks {
		if ex := f.Blocks[i].Exits[plan.East]; ex.To >= 0 && ex.To < len(f.Blocks) && ex.Open != f.Blocks[ex.To].Exits[plan.West].Open {
			westMark[ex.To] = true
		}
	}
	for i := range f.Blocks {
		b := &f.Blocks[i]
		c := at(b)
		fill := fillFor(b.Kind, b.Terrain)
		s.rect(c.X+gap, c.Y+gap, cell-2*gap, cell-2*gap, fill, "#9a9a9a", 1, false)
		if b.Dark {
			s.rect(c.X+gap, c.Y+cell-gap-18, cell-2*gap, 18, darkInk, "", 0, false)
			s.text(c.X+cell-8, c.Y+cell-gap-5, 11, "end", true, "#ffffff", "dark")
		}
		if i == p.Party.Start {
			s.rect(c.X+gap+2, c.Y+gap+2, cell-2*gap-4, cell-2*gap-4, "", ink, 3, false)
		}
		texts.text(c.X+9, c.Y+22, 16, "start", true, ink, b.ID)
		y := c.Y + 40
		var label []string
		if b.Name != "" {
			label = append(label, b.Name)
		}
		if b.Terrain != "" {
			label = append(label, b.Terrain)
		}
		if b.Kind == "trail" && len(label) == 0 {
			label = append(label, "trail (1 move)")
		}
		for _, l := range label {
			for _, w := range wrap(l, 17) {
				if y > c.Y+cell-40 {
					break
				}
				x := c.X + 9
				if westMark[i] && y > c.Y+cell/2-12 && y < c.Y+cell/2+27 {
					x += 16 // clear of the mark's circle (radius 15 on the side)
				}
				texts.text(x, y, 12, "start", false, ink, w)
				y += 15
			}
		}
		ny := c.Y + cell - 10
		if b.Dark {
			ny -= 18
		}
		for k := len(notes[i]) - 1; k >= 0; k-- {
			n := notes[i][k]
			colour := eventInk
			switch {
			case strings.HasPrefix(n, "o "):
				colour = goalInk
			case n == "party start":
				colour = ink
			}
			texts.text(c.X+9, ny, 11, "start", true, colour, n)
			ny -= 14
		}
	}
	// K-32: each pair of neighbours: an arrow where only one way is open, a wall where neither is.
	for i := range f.Blocks {
		b := &f.Blocks[i]
		for _, d := range []plan.Dir{plan.East, plan.South} {
			ex := b.Exits[d]
			if ex.To < 0 {
				continue
			}
			back := f.Blocks[ex.To].Exits[d.Opposite()]
			a, z := centre(i), centre(ex.To)
			mid := Pt{(a.X + z.X) / 2, (a.Y + z.Y) / 2}
			dx, dy := (z.X-a.X)/cell, (z.Y-a.Y)/cell
			switch {
			case ex.Open && back.Open:
			case ex.Open || back.Open:
				from, to := Pt{mid.X - dx*16, mid.Y - dy*16}, Pt{mid.X + dx*16, mid.Y + dy*16}
				if !ex.Open {
					from, to = to, from
				}
				s.add(Item{Shape: Circle, Pts: []Pt{mid}, R: 15, Fill: "#ffffff", Stroke: wallInk, Width: 1.5})
				s.arrow(wallInk, 3, from, to)
			default:
				// the shared side, drawn thick
				px, py := dy*(cell/2-gap), dx*(cell/2-gap)
				s.line(wallInk, 6, false, Pt{mid.X - px, mid.Y - py}, Pt{mid.X + px, mid.Y + py})
			}
		}
	}
	// K-31: hidden boxes, outlined.
	for _, bx := range f.Boxes {
		if len(bx.Blocks) == 0 {
			continue
		}
		x0, y0, x1, y1 := 1e9, 1e9, -1e9, -1e9
		for _, bi := range bx.Blocks {
			c := at(&f.Blocks[bi])
			x0, y0, x1, y1 = min(x0, c.X), min(y0, c.Y), max(x1, c.X+cell), max(y1, c.Y+cell)
		}
		// The label sits on the box's centre, a corner shared by its blocks, where no passage mark is.
		s.rect(x0+1, y0+1, x1-x0-2, y1-y0-2, "", boxInk, 3, true)
		cx, cy := (x0+x1)/2, (y0+y1)/2
		s.rect(cx-34, cy-10, 68, 20, "#ffffff", boxInk, 1.5, false)
		s.text(cx, cy+4.5, 12, "middle", true, boxInk, "box "+bx.Name)
	}
	fc := forecast.Of(p)
	routes(s, p, fc, centre, func() { s.Items = append(s.Items, texts.Items...) })
	legend(s, p, fc, origin.Y+float64(rows)*cell+24, max(gridW, 640))
	return s
}

// condText says what a condition needs, with ids: "at gate and flag fordCleared".
func condText(p *plan.Plan, c *plan.Cond) string {
	args := func(sep string) string {
		var out []string
		for i := range c.Args {
			out = append(out, condText(p, &c.Args[i]))
		}
		return strings.Join(out, sep)
	}
	switch c.Op {
	case plan.CondFlag:
		if c.Flag >= 0 && c.Flag < len(p.Flags) {
			return "flag " + p.Flags[c.Flag]
		}
	case plan.CondAt:
		if c.Block >= 0 && c.Block < len(p.Field.Blocks) {
			return "at " + p.Field.Blocks[c.Block].ID
		}
	case plan.CondDay:
		return fmt.Sprintf("day %d or later", c.Day)
	case plan.CondArmyGone:
		if c.Army >= 0 && c.Army < len(p.Armies) {
			return p.Armies[c.Army].ID + " gone"
		}
	case plan.CondNot:
		return "not " + args("")
	case plan.CondAll:
		return args(" and ")
	case plan.CondAny:
		return "any of (" + args(", ") + ")"
	case plan.CondTrue:
		return "always"
	}
	return c.Op.String()
}

// condBlocks returns the blocks a condition requires the party to be in (CondAt, inside all).
func condBlocks(c *plan.Cond) []int {
	switch c.Op {
	case plan.CondAt:
		return []int{c.Block}
	case plan.CondAll:
		var out []int
		for i := range c.Args {
			out = append(out, condBlocks(&c.Args[i])...)
		}
		return out
	}
	return nil
}

// routes draws each army's forecast path: a coloured line through the centres of the blocks it
// stands on day after day (offset per army so that routes sharing blocks stay apart), a dot where
// it starts, an arrow head where it ends; then calls between (the block texts go over the lines);
// then at each block the days each army is there ("d3", "d0-2"), over every line. The forecast's
// battles get a red ring and a tag with the day.
func routes(s *Scene, p *plan.Plan, fc *forecast.Forecast, centre func(int) Pt, between func()) {
	cs := colours(fc)
	type stay struct{ block, from, to int }
	stays := make([][]stay, len(fc.Armies))
	pts := make([]func(int) Pt, len(fc.Armies))
	// Every army's path first, then every label: a label is never under another army's line.
	for k, a := range fc.Armies {
		colour := cs[k]
		off := float64(k%5-2) * 10
		pts[k] = func(b int) Pt { c := centre(b); return Pt{c.X + off, c.Y + 16 + off*0.6} }
		var path []Pt
		for d, b := range a.At {
			if n := len(stays[k]); n > 0 && stays[k][n-1].block == b {
				stays[k][n-1].to = d
				continue
			}
			stays[k] = append(stays[k], stay{b, d, d})
			path = append(path, pts[k](b))
		}
		if len(path) > 1 {
			s.add(Item{Shape: Line, Pts: path, Stroke: colour, Width: 4})
			s.head(colour, path[len(path)-2], path[len(path)-1], 14)
		}
		s.add(Item{Shape: Circle, Pts: []Pt{path[0]}, R: 6, Fill: colour, Stroke: "#ffffff", Width: 1.5})
	}
	between() // what goes over the lines and under the labels
	var placed labels
	for k := range fc.Armies {
		colour, pt := cs[k], pts[k]
		for _, st := range stays[k] {
			label := fmt.Sprintf("d%d", st.from)
			if st.to > st.from {
				label = fmt.Sprintf("d%d-%d", st.from, st.to)
			}
			// Labels go right of the path for even armies, left for odd ones.
			c := pt(st.block)
			w := 7.0*float64(len(label)) + 6
			x := c.X + 8
			if k%2 == 1 {
				x = c.X - 8 - w
			}
			y := placed.place(x, c.Y-8, w, 16)
			s.rect(x, y, w, 16, "#ffffff", colour, 1.5, false)
			s.text(x+3, y+12.5, 11, "start", true, colour, label)
		}
	}
	for _, m := range fc.Meetings {
		c := centre(m.Place)
		s.add(Item{Shape: Circle, Pts: []Pt{c}, R: cell/2 - 12, Stroke: meetInk, Width: 3, Dash: true})
		battleTag(s, c, p.Field.Blocks[m.Place].ID, m.Day)
	}
}

// battleTag marks a forecast battle on the block whose centre is c, where the block's id does
// not run under it: "battle dN" at the top right, else "dN" there, else "battle dN" at the
// bottom right (an id as wide as the block).
func battleTag(s *Scene, c Pt, id string, day int) {
	left, top := c.X-cell/2, c.Y-cell/2
	idRight := left + 9 + float64(font.MeasureString(face(true, 16), id).Ceil())
	right := left + cell - gap - 1
	long, short := fmt.Sprintf("battle d%d", day), fmt.Sprintf("d%d", day)
	width := func(t string) float64 { return float64(font.MeasureString(face(true, 11), t).Ceil()) + 10 }
	text, y := long, top+gap+1
	switch {
	case idRight+4 <= right-width(long):
	case idRight+4 <= right-width(short):
		text = short
	default:
		y = top + cell - gap - 1 - 17 - 18 // above a dark block's strip
	}
	w := width(text)
	s.rect(right-w, y, w, 17, meetInk, "", 0, false)
	s.text(right-w/2, y+12.5, 11, "middle", true, "#ffffff", text)
}

// legend lists the armies (colour, id, name, side, strength, speed), the forecast's battles, the
// day events and what the marks mean, from y down; it grows the scene to fit.
func legend(s *Scene, p *plan.Plan, fc *forecast.Forecast, y, width float64) {
	x := margin
	s.text(x, y, 15, "start", true, ink, "Armies (routes as forecast if the party does nothing, K-22/K-24)")
	y += 22
	if len(fc.Armies) == 0 {
		s.text(x, y, 13, "start", false, faint, "none")
		y += 19
	}
	cs := colours(fc)
	for k, a := range fc.Armies {
		colour := cs[k]
		side := "friendly"
		if !a.Friendly {
			side = "enemy"
		}
		var pa *plan.Army
		for i := range p.Armies {
			if p.Armies[i].ID == a.ID {
				pa = &p.Armies[i]
			}
		}
		s.line(colour, 5, false, Pt{x, y - 5}, Pt{x + 34, y - 5})
		desc := fmt.Sprintf("%s (%s): %s, strength %d", a.ID, side, a.Name, a.Strength[0])
		if a.Name == "" {
			desc = fmt.Sprintf("%s (%s): strength %d", a.ID, side, a.Strength[0])
		}
		if pa != nil && pa.Speed > 1 {
			desc += fmt.Sprintf(", speed %d", pa.Speed)
		}
		if pa != nil && pa.Accompany {
			desc += ", moves with the party"
		}
		s.text(x+44, y, 13, "start", false, ink, desc)
		y += 19
	}
	var reserves []string
	for _, a := range p.Armies {
		if a.Reserve {
			reserves = append(reserves, a.ID)
		}
	}
	if len(reserves) > 0 {
		s.text(x, y, 13, "start", false, faint, "In reserve until an event spawns them: "+strings.Join(reserves, ", "))
		y += 19
	}
	y += 6
	if len(fc.Meetings) > 0 {
		s.text(x, y, 15, "start", true, ink, "Forecast battles")
		y += 20
		for _, m := range fc.Meetings {
			t := fmt.Sprintf("day %d at %s: %s %d vs %s %d", m.Day, p.Field.Blocks[m.Place].ID, m.Friendly, m.FriendlyStr, m.Enemy, m.EnemyStr)
			if m.Fails {
				t += fmt.Sprintf(": %s is wiped out, the scenario fails (K-25)", m.Friendly)
			}
			s.text(x, y, 13, "start", false, meetInk, t)
			y += 18
		}
		y += 6
	}
	var days []plan.Event
	for _, e := range p.Events {
		if e.On.Kind == plan.OnDay {
			days = append(days, e)
		}
	}
	sort.SliceStable(days, func(i, j int) bool { return days[i].On.Day < days[j].On.Day }) // day 2 before day 10
	if len(days) > 0 {
		s.text(x, y, 15, "start", true, ink, "Day events")
		y += 20
		for _, e := range days {
			s.text(x, y, 13, "start", false, eventInk, fmt.Sprintf("day %d: %s", e.On.Day, e.ID))
			y += 18
		}
		y += 6
	}
	// K-60: every objective with what it needs (those on a block carry an "o" there too).
	if len(p.Objectives) > 0 {
		s.text(x, y, 15, "start", true, ink, "Objectives")
		y += 20
		for _, o := range p.Objectives {
			s.text(x, y, 13, "start", false, goalInk, fmt.Sprintf("%s (%s, %d xp): %s", o.ID, o.Outcome, o.XP, condText(p, &o.When)))
			y += 18
		}
		y += 6
	}
	s.text(x, y, 12, "start", false, faint, "! event on entering   o objective   framed: the party's start   dashed: hidden box (K-31)")
	y += 16
	s.text(x, y, 12, "start", false, faint, "arrow in a circle: one-way passage (K-32)   thick line: no passage   dN: the day an army stands there")
	y += 24
	s.W = width + 2*margin
	s.H = y
}

// colours gives each army of the forecast its colour: friendly and enemy armies each in their
// own palette, in plan order.
func colours(fc *forecast.Forecast) []string {
	var out []string
	nf, ne := 0, 0
	for _, a := range fc.Armies {
		if a.Friendly {
			out = append(out, armyColour(true, nf))
			nf++
		} else {
			out = append(out, armyColour(false, ne))
			ne++
		}
	}
	return out
}
