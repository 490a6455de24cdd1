package graph

import (
	"math"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// Pt is a point in pixels; y grows downwards.
type Pt struct{ X, Y float64 }

// Shape is the kind of an Item.
type Shape int

const (
	Poly   Shape = iota // a closed polygon through Pts
	Line                // an open polyline through Pts (Curve: cubic Bezier segments)
	Circle              // centre Pts[0], radius R
	Text                // Text at Pts[0] (baseline), Size in pixels
)

// Item is one shape of a Scene. Colours are "#rrggbb"; "" means none.
type Item struct {
	Shape  Shape
	Pts    []Pt
	R      float64
	Fill   string
	Stroke string
	Width  float64 // stroke width in pixels
	Dash   bool
	// Curve: Pts are p0, c1, c2, p1, c1, c2, p2 ... (Graphviz's spline form).
	Curve bool
	// Text
	Text   string
	Size   float64
	Anchor string // "start" (default), "middle" or "end"
	Bold   bool
}

// Scene is a picture: W x H pixels on a white background, items painted in order.
type Scene struct {
	W, H  float64
	Title string // the SVG title (also its accessible name)
	Items []Item
}

func (s *Scene) add(it Item) { s.Items = append(s.Items, it) }

// rect adds a rectangle.
func (s *Scene) rect(x, y, w, h float64, fill, stroke string, width float64, dash bool) {
	s.add(Item{Shape: Poly, Pts: []Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, Fill: fill, Stroke: stroke, Width: width, Dash: dash})
}

// text adds a line of text with its baseline at y.
func (s *Scene) text(x, y float64, size float64, anchor string, bold bool, colour, t string) {
	t = esc.Cut(t, esc.Max) // a stranger's 100,000-character title is drawn cut, as it is printed
	s.add(Item{Shape: Text, Pts: []Pt{{x, y}}, Size: size, Anchor: anchor, Bold: bold, Fill: colour, Text: t})
}

// line adds a polyline.
func (s *Scene) line(colour string, width float64, dash bool, pts ...Pt) {
	s.add(Item{Shape: Line, Pts: pts, Stroke: colour, Width: width, Dash: dash})
}

// arrow adds a line from a to b with a filled head at b.
func (s *Scene) arrow(colour string, width float64, a, b Pt) {
	s.line(colour, width, false, a, b)
	s.head(colour, a, b, 4+2*width)
}

// head adds an arrow head at b pointing away from a, size pixels long.
func (s *Scene) head(colour string, a, b Pt, size float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	base := Pt{b.X - ux*size, b.Y - uy*size}
	s.add(Item{Shape: Poly, Pts: []Pt{b, {base.X - uy*size/2, base.Y + ux*size/2}, {base.X + uy*size/2, base.Y - ux*size/2}}, Fill: colour, Stroke: colour, Width: 1})
}

// wrap splits t into lines of at most n characters at spaces (a longer word stands alone).
func wrap(t string, n int) []string {
	var lines []string
	cur := ""
	for _, w := range splitWords(t) {
		switch {
		case cur == "":
			cur = w
		case len(cur)+1+len(w) <= n:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func splitWords(t string) []string {
	var out []string
	w := ""
	for _, r := range t {
		if r == ' ' {
			if w != "" {
				out = append(out, w)
			}
			w = ""
			continue
		}
		w += string(r)
	}
	if w != "" {
		out = append(out, w)
	}
	return out
}

// labels places small labels so that none covers another: a label that would overlap one placed
// before it moves down, a row at a time.
type labels struct{ placed [][4]float64 }

// place returns the y at which a w x h label wanted at (x, y) covers no placed label, and
// records it there.
func (l *labels) place(x, y, w, h float64) float64 {
	for moved := 0; moved < 32; moved++ {
		clear := true
		for _, b := range l.placed {
			if x < b[2] && b[0] < x+w && y < b[3] && b[1] < y+h {
				clear, y = false, b[3]+1
				break
			}
		}
		if clear {
			break
		}
	}
	l.placed = append(l.placed, [4]float64{x, y, x + w, y + h})
	return y
}
