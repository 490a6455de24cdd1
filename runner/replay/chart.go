package replay

import (
	"encoding/json"
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// point is one value of a chart series at a step, or none: the series has no value there (an
// army off the field). It is JSON null when none, so that no number can stand for "absent".
type point struct {
	v  float64
	ok bool
}

// val is the point of value v.
func val(v float64) point { return point{v: v, ok: true} }

// none is the absent point: a gap in the line.
var none = point{}

// value is the point's value and whether it has one.
func (p point) value() (float64, bool) { return p.v, p.ok }

// String is the value, or "-" for none (as a test prints it).
func (p point) String() string {
	if !p.ok {
		return "-"
	}
	return strconv.FormatFloat(p.v, 'f', -1, 64)
}

// UnmarshalJSON reads a number, or null for none.
func (p *point) UnmarshalJSON(b []byte) error {
	var v *float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = none
	if v != nil {
		*p = val(*v)
	}
	return nil
}

// MarshalJSON writes the value, or null for none.
func (p point) MarshalJSON() ([]byte, error) {
	if !p.ok {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, p.v, 'f', -1, 64), nil
}

// Chart geometry, px.
const (
	chartW    = 900
	chartH    = 170
	chartLeft = 40
)

// chartColours are the series' strokes, in turn.
var chartColours = []string{"#444", "#b3261e", "#1f5fae", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#6d4c41", "#c2185b", "#558b2f"}

// chartSVG draws the page's chart: one line per series over the steps (x: the step, y: the
// value from 0 to the largest), a gap where a series has no value (a none point: an army not
// yet placed or gone), a legend, and the cursor line the viewer moves to the current step. Each
// polyline says the step of its first point (data-first) and its values (data-values, in order);
// a series whose line has gaps says why (series.Why) in its tooltip (a <title>) and in the
// legend's. A series for the GM only (army strengths in a Karzoral run, K-23) has class "gm":
// the players' view hides it.
func chartSVG(p *page) template.HTML {
	n := len(p.Steps)
	top := 1.0
	for _, s := range p.Chart.Series {
		for _, p := range s.Values {
			if v, ok := p.value(); ok {
				top = max(top, v)
			}
		}
	}
	x := func(i int) float64 {
		if n <= 1 {
			return chartLeft
		}
		return chartLeft + float64(i)*float64(chartW-chartLeft-10)/float64(n-1)
	}
	y := func(v float64) float64 { return 10 + (chartH-30)*(1-v/top) }
	var b strings.Builder
	slots := 0 // legend places: a twin takes its other view's (series.twin)
	for _, s := range p.Chart.Series {
		if !s.twin {
			slots++
		}
	}
	legendH := 16 * ((slots + 3) / 4)
	notes := 0
	for _, s := range p.Chart.Series {
		if s.Why != "" {
			notes++
		}
	}
	notesY := chartH + legendH
	legendH += 14 * notes
	fmt.Fprintf(&b, `<svg id="chart" viewBox="0 0 %d %d" width="%d" height="%d" data-steps="%d" data-left="%d" data-right="%d">`,
		chartW, chartH+legendH, chartW, chartH+legendH, n, chartLeft, chartW-10)
	fmt.Fprintf(&b, `<line class="axis" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`, chartLeft, y(0), chartW-10, y(0))
	fmt.Fprintf(&b, `<text class="tick" x="%d" y="%.1f">0</text><text class="tick" x="%d" y="%.1f">%.0f</text>`, chartLeft-4, y(0)+4, chartLeft-4, y(top)+4, top)
	k := -1
	for _, s := range p.Chart.Series {
		if !s.twin || k < 0 {
			k++
		}
		col := chartColours[k%len(chartColours)]
		tip := s.Name
		if s.Why != "" {
			tip += ": " + s.Why
		}
		fmt.Fprintf(&b, `<g class="series %s" data-name="%s" style="stroke:%s"><title>%s</title>`, s.Aud, svgText(s.Name), col, svgText(tip))
		var pts, vals []string
		first := 0
		flush := func() {
			if len(pts) > 0 {
				fmt.Fprintf(&b, `<polyline points="%s" data-first="%d" data-values="%s"/>`, strings.Join(pts, " "), first, strings.Join(vals, " "))
			}
			if len(pts) == 1 { // a line of one point: a dot, or it would not show
				xy := strings.Split(pts[0], ",")
				fmt.Fprintf(&b, `<circle class="dot" cx="%s" cy="%s" r="2" style="fill:%s"/>`, xy[0], xy[1], col)
			}
			pts, vals = pts[:0], vals[:0]
		}
		for i, p := range s.Values {
			v, ok := p.value()
			if !ok {
				flush()
				continue
			}
			if len(pts) == 0 {
				first = i
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
			vals = append(vals, strconv.FormatFloat(v, 'f', -1, 64))
		}
		flush()
		lx, ly := chartLeft+(k%4)*215, chartH+(k/4)*16
		mark := ""
		if s.Why != "" {
			mark = " *" // the note under the legend says why the line has gaps
		}
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/><text class="legend" x="%d" y="%d">%s%s</text>`,
			lx, ly-4, lx+18, ly-4, lx+22, ly, svgText(s.Name), mark)
		if s.Why != "" {
			fmt.Fprintf(&b, `<text class="legend why" x="%d" y="%d">* %s</text>`, chartLeft, notesY, svgText(tip))
			notesY += 14
		}
		b.WriteString(`</g>`)
	}
	fmt.Fprintf(&b, `<line id="cursor" x1="%d" y1="4" x2="%d" y2="%.1f"/>`, chartLeft, chartLeft, y(0))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
