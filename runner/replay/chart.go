package replay

import (
	"fmt"
	"html/template"
	"strings"
)

// Chart geometry, px.
const (
	chartW    = 900
	chartH    = 170
	chartLeft = 40
)

// chartColours are the series' strokes, in turn.
var chartColours = []string{"#444", "#b3261e", "#1f5fae", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#6d4c41", "#c2185b", "#558b2f"}

// chartSVG draws the page's chart: one line per series over the steps (x: the step, y: the
// value from 0 to the largest), a gap where a series has no value (-1: an army not yet placed
// or gone), a legend, and the cursor line the viewer moves to the current step. A series for
// the GM only (army strengths in a Karzoral run, K-23) has class "gm": the players' view hides it.
func chartSVG(p *page) template.HTML {
	n := len(p.Steps)
	top := 1.0
	for _, s := range p.Chart.Series {
		for _, v := range s.Values {
			top = max(top, v)
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
	legendH := 16 * ((len(p.Chart.Series) + 3) / 4)
	fmt.Fprintf(&b, `<svg id="chart" viewBox="0 0 %d %d" width="%d" height="%d" data-steps="%d" data-left="%d" data-right="%d">`,
		chartW, chartH+legendH, chartW, chartH+legendH, n, chartLeft, chartW-10)
	fmt.Fprintf(&b, `<line class="axis" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`, chartLeft, y(0), chartW-10, y(0))
	fmt.Fprintf(&b, `<text class="tick" x="%d" y="%.1f">0</text><text class="tick" x="%d" y="%.1f">%.0f</text>`, chartLeft-4, y(0)+4, chartLeft-4, y(top)+4, top)
	for k, s := range p.Chart.Series {
		col := chartColours[k%len(chartColours)]
		fmt.Fprintf(&b, `<g class="series %s" data-name="%s" style="stroke:%s">`, s.Aud, svgText(s.Name), col)
		var pts []string
		flush := func() {
			if len(pts) > 0 {
				fmt.Fprintf(&b, `<polyline points="%s"/>`, strings.Join(pts, " "))
			}
			pts = pts[:0]
		}
		for i, v := range s.Values {
			if v < 0 {
				flush()
				continue
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
		}
		flush()
		lx, ly := chartLeft+(k%4)*215, chartH+(k/4)*16
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/><text class="legend" x="%d" y="%d">%s</text></g>`,
			lx, ly-4, lx+18, ly-4, lx+22, ly, svgText(s.Name))
	}
	fmt.Fprintf(&b, `<line id="cursor" x1="%d" y1="4" x2="%d" y2="%.1f"/>`, chartLeft, chartLeft, y(0))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
