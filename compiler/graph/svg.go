package graph

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// SVG writes the scene as a standalone SVG 1.1 document. Numbers are written with one decimal,
// so the same scene always gives the same bytes.
func SVG(s *Scene) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="Go, 'DejaVu Sans', Helvetica, Arial, sans-serif">
<title>%s</title>
<rect width="100%%" height="100%%" fill="#ffffff"/>
`, num(s.W), num(s.H), num(s.W), num(s.H), html.EscapeString(esc.Short(s.Title)))
	for _, it := range s.Items {
		paint := func() string {
			var p []string
			fill := it.Fill
			if fill == "" {
				fill = "none"
			}
			p = append(p, `fill="`+fill+`"`)
			if it.Stroke != "" {
				p = append(p, `stroke="`+it.Stroke+`"`, `stroke-width="`+num(it.Width)+`"`, `stroke-linejoin="round"`, `stroke-linecap="round"`)
				if it.Dash {
					p = append(p, `stroke-dasharray="`+num(3*it.Width+2)+` `+num(2*it.Width+2)+`"`)
				}
			}
			return strings.Join(p, " ")
		}
		switch it.Shape {
		case Poly:
			fmt.Fprintf(&b, "<polygon points=\"%s\" %s/>\n", points(it.Pts), paint())
		case Line:
			it.Fill = ""
			if it.Curve && len(it.Pts) >= 4 {
				d := "M" + num(it.Pts[0].X) + "," + num(it.Pts[0].Y)
				for i := 1; i+2 < len(it.Pts); i += 3 {
					d += " C" + points(it.Pts[i:i+3])
				}
				fmt.Fprintf(&b, "<path d=\"%s\" %s/>\n", d, paint())
				continue
			}
			fmt.Fprintf(&b, "<polyline points=\"%s\" %s/>\n", points(it.Pts), paint())
		case Circle:
			fmt.Fprintf(&b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" %s/>\n", num(it.Pts[0].X), num(it.Pts[0].Y), num(it.R), paint())
		case Text:
			anchor := it.Anchor
			if anchor == "" {
				anchor = "start"
			}
			weight := ""
			if it.Bold {
				weight = ` font-weight="bold"`
			}
			fill := it.Fill
			if fill == "" {
				fill = "#000000"
			}
			fmt.Fprintf(&b, "<text x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"%s\" fill=\"%s\"%s>%s</text>\n",
				num(it.Pts[0].X), num(it.Pts[0].Y), num(it.Size), anchor, fill, weight, html.EscapeString(esc.Text(it.Text)))
		}
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func points(ps []Pt) string {
	var s []string
	for _, p := range ps {
		s = append(s, num(p.X)+","+num(p.Y))
	}
	return strings.Join(s, " ")
}

// num writes v with at most one decimal ("12", "12.5").
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	return s
}
