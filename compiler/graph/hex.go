package graph

import (
	"fmt"
	"math"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/forecast"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// hexSize is the distance from a hex's centre to a corner, in pixels.
const hexSize = 84.0

// Hexes draws a Pathfinder plan's field: pointy-top hexes at their axial [q, r] (centre x =
// size*sqrt(3)*(q + r/2), y = size*3/2*r), filled by terrain, labelled with id, name and terrain,
// difficult terrain (P-6) dashed, fortification and advantageous terrain (P-65) noted; each army's
// march as a coloured path from its start along its route with the day it reaches each hex as
// the forecast gives it (P-6, P-12, P-13), meetings of hostile armies (P-14) ringed; objectives
// (reach) marked on their hex. A legend names the armies with their derived stats, the kingdoms,
// the objectives and the meetings.
func Hexes(p *plan.Plan) *Scene {
	pf := p.Pathfinder
	s := &Scene{Title: fmt.Sprintf("%s: %s", p.Scenario.ID, p.Scenario.Title)}
	raw := func(h *plan.Hex) Pt {
		q, r := float64(h.At[0]), float64(h.At[1])
		return Pt{hexSize * math.Sqrt(3) * (q + r/2), hexSize * 1.5 * r}
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range pf.Hexes {
		c := raw(&pf.Hexes[i])
		minX, minY, maxX, maxY = min(minX, c.X), min(minY, c.Y), max(maxX, c.X), max(maxY, c.Y)
	}
	if len(pf.Hexes) == 0 {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	w := hexSize * math.Sqrt(3) / 2
	centre := func(i int) Pt {
		c := raw(&pf.Hexes[i])
		return Pt{margin + w + c.X - minX, header + hexSize + c.Y - minY}
	}
	gridW := maxX - minX + 2*w
	s.text(margin, 34, 22, "start", true, ink, s.Title)
	notes := make([][]string, len(pf.Hexes))
	for _, o := range pf.Objectives {
		if o.Reach != nil && o.Reach[1] >= 0 && o.Reach[1] < len(notes) {
			notes[o.Reach[1]] = append(notes[o.Reach[1]], fmt.Sprintf("o %s (%s)", o.ID, o.Outcome))
		}
	}
	for i := range pf.Hexes {
		h := &pf.Hexes[i]
		c := centre(i)
		var corners []Pt
		for k := 0; k < 6; k++ {
			a := math.Pi / 180 * float64(60*k-30)
			corners = append(corners, Pt{c.X + (hexSize-2)*math.Cos(a), c.Y + (hexSize-2)*math.Sin(a)})
		}
		stroke, width := "#9a9a9a", 1.0
		if h.Difficult {
			stroke, width = "#6b4f2a", 2.5
		}
		s.add(Item{Shape: Poly, Pts: corners, Fill: fillFor("", h.Terrain), Stroke: stroke, Width: width, Dash: h.Difficult})
		y := c.Y - 34
		s.text(c.X, y, 15, "middle", true, ink, h.ID)
		y += 15
		var label []string
		if h.Name != "" {
			label = append(label, h.Name)
		}
		if h.Terrain != "" {
			label = append(label, h.Terrain)
		}
		for _, l := range label {
			for _, ln := range wrap(l, 18) {
				if y > c.Y {
					break
				}
				s.text(c.X, y, 11, "middle", false, ink, ln)
				y += 13
			}
		}
		var marks []string
		if h.Difficult {
			marks = append(marks, "difficult")
		}
		if h.Fortification > 0 {
			marks = append(marks, fmt.Sprintf("fort +%d", h.Fortification))
		}
		if h.AdvantageousTerrain {
			marks = append(marks, "adv. terrain")
		}
		ny := c.Y + 44
		if len(marks) > 0 {
			s.text(c.X, ny, 10, "middle", true, "#6b4f2a", strings.Join(marks, ", "))
			ny -= 12
		}
		for _, n := range notes[i] {
			s.text(c.X, ny, 10, "middle", true, goalInk, n)
			ny -= 12
		}
	}
	fc := forecast.Of(p)
	cs := colours(fc)
	// Every march first, then every label: a label is never under another army's line.
	arrives := make([]map[int]int, len(fc.Armies))
	orders := make([][]int, len(fc.Armies))
	pts := make([]func(int) Pt, len(fc.Armies))
	for k, a := range fc.Armies {
		off := float64(k%5-2) * 8
		pts[k] = func(h int) Pt { c := centre(h); return Pt{c.X + off, c.Y + 14 + off*0.5} }
		var path []Pt
		arrive := map[int]int{}
		var order []int
		for d, h := range a.At {
			if h < 0 {
				continue // a Formed army, off the map until its order
			}
			if _, ok := arrive[h]; ok && len(order) > 0 && order[len(order)-1] == h {
				continue
			}
			arrive[h] = d
			order = append(order, h)
			path = append(path, pts[k](h))
		}
		arrives[k], orders[k] = arrive, order
		if len(path) > 1 {
			s.add(Item{Shape: Line, Pts: path, Stroke: cs[k], Width: 4})
			s.head(cs[k], path[len(path)-2], path[len(path)-1], 13)
		}
		if len(path) > 0 {
			s.add(Item{Shape: Circle, Pts: []Pt{path[0]}, R: 6, Fill: cs[k], Stroke: "#ffffff", Width: 1.5})
		}
	}
	var placed labels
	for k := range fc.Armies {
		arrive, order, pt := arrives[k], orders[k], pts[k]
		for i, h := range order {
			label := fmt.Sprintf("d%d", arrive[h])
			if i == 0 {
				label = "start"
			}
			c := pt(h)
			lw := 6.5*float64(len(label)) + 6
			x := c.X + 8
			if k%2 == 1 {
				x = c.X - 8 - lw
			}
			y := placed.place(x, c.Y-8, lw, 15)
			s.rect(x, y, lw, 15, "#ffffff", cs[k], 1.5, false)
			s.text(x+3, y+11.5, 10, "start", true, cs[k], label)
		}
	}
	ringed := map[int]bool{}
	for _, m := range fc.Meetings {
		if ringed[m.Place] {
			continue
		}
		ringed[m.Place] = true
		c := centre(m.Place)
		s.add(Item{Shape: Circle, Pts: []Pt{c}, R: hexSize - 14, Stroke: meetInk, Width: 3, Dash: true})
	}
	y := header + maxY - minY + 2*hexSize + 24
	x := margin
	s.text(x, y, 15, "start", true, ink, "Armies (marches as forecast if no battle stopped them, P-6, P-12, P-13)")
	y += 22
	for k, a := range pf.Armies {
		side := "friendly"
		if a.Side != plan.Friendly {
			side = "enemy"
		}
		s.line(cs[k], 5, false, Pt{x, y - 5}, Pt{x + 34, y - 5})
		st := a.Stats
		s.text(x+44, y, 13, "start", false, ink, fmt.Sprintf("%s (%s): %s, ACR %s, hp %d, OM %+d, DV %d, speed %d", a.ID, side, a.Army.Name, st.ACR, st.HP, st.OM, st.DV, st.Speed))
		y += 19
	}
	y += 6
	if len(fc.Meetings) > 0 {
		s.text(x, y, 15, "start", true, ink, "Forecast meetings (a battle, P-14)")
		y += 20
		for _, m := range fc.Meetings {
			s.text(x, y, 13, "start", false, meetInk, fmt.Sprintf("day %d at %s: %s meets %s", m.Day, pf.Hexes[m.Place].ID, m.Friendly, m.Enemy))
			y += 18
		}
		y += 6
	}
	for side, k := range pf.Kingdoms {
		if k == nil {
			continue
		}
		name := [2]string{"friendly", "enemy"}[side]
		s.text(x, y, 13, "start", false, ink, fmt.Sprintf("%s kingdom %s: Economy %d, Loyalty %d, Stability %d", name, k.Name, k.Economy, k.Loyalty, k.Stability))
		y += 18
	}
	for _, o := range pf.Objectives {
		var what []string
		for _, a := range o.Defeat {
			if a >= 0 && a < len(pf.Armies) {
				what = append(what, "defeat "+pf.Armies[a].ID)
			}
		}
		if o.Reach != nil && o.Reach[0] >= 0 && o.Reach[0] < len(pf.Armies) && o.Reach[1] >= 0 && o.Reach[1] < len(pf.Hexes) {
			what = append(what, fmt.Sprintf("%s reached by %s", pf.Hexes[o.Reach[1]].ID, pf.Armies[o.Reach[0]].ID))
		}
		s.text(x, y, 13, "start", false, goalInk, fmt.Sprintf("objective %s (%s): %s", o.ID, o.Outcome, strings.Join(what, ", ")))
		y += 18
	}
	y += 6
	s.text(x, y, 12, "start", false, faint, "dashed brown border: difficult terrain (P-6)   red ring: hostile armies meet   dN: the day an army enters the hex")
	y += 24
	s.W = max(gridW, 700) + 2*margin
	s.H = y
	return s
}
