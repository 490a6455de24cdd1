package simreport

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	show "github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/words"
)

// htmlMarker is in the head of every page WriteHTML writes (IsReport).
const htmlMarker = `<meta name="generator" content="sortie simulate">`

// IsReport reports whether data is a page WriteHTML wrote (the CLI overwrites only those).
func IsReport(data []byte) bool { return bytes.Contains(data, []byte(htmlMarker)) }

// Source is a scenario source file the page shows, so that the coverage lists link to the line
// that declares each entity (#src-N-LINE) without leaving the page.
type Source struct {
	Name  string // as positions name it: "./scenarios/karzoral/field01/field01.cue"
	Lines []string
}

// WriteHTML writes r as one self-contained HTML page: inline CSS and SVG, no script, no font or
// image from elsewhere. It shows the outcome rates, the histograms of the days and of each value
// at the end, one heat map per field and per who (the party, each army: the share of day ends
// spent on each block or hex), the coverage lists with what never happened marked and linked to
// its declaration in sources, and the checks.
func WriteHTML(w io.Writer, r *Report, sources []Source) error {
	// Strangers' strings (ids, titles, names, file names): one line each, no control character
	// (show.Strings; html/template escapes the rest). A source keeps its tabs (show.Lines).
	r = show.Strings(r)
	shown := make([]Source, len(sources))
	for i, s := range sources {
		shown[i] = Source{Name: show.Text(s.Name), Lines: make([]string, len(s.Lines))}
		for k, l := range s.Lines {
			shown[i].Lines[k] = show.Lines(l)
		}
	}
	sources = shown
	pg := &page{r: r, src: map[string]int{}}
	for i, s := range sources {
		pg.src[s.Name] = i
	}
	var b bytes.Buffer
	if err := pageTmpl().Execute(&b, pageData{R: r, P: pg, Sources: sources}); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

type page struct {
	r   *Report
	src map[string]int
}

type pageData struct {
	R       *Report
	P       *page
	Sources []Source
}

// Link returns the in-page link to a position "file:line:col" ("" when its file is not shown).
func (p *page) Link(pos string) string {
	file, line, ok := splitPos(pos)
	if !ok {
		return ""
	}
	i, ok := p.src[file]
	if !ok {
		return ""
	}
	return fmt.Sprintf("#src-%d-L%d", i, line)
}

func splitPos(pos string) (string, int, bool) {
	parts := strings.Split(pos, ":")
	if len(parts) < 3 {
		return "", 0, false
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return "", 0, false
	}
	return strings.Join(parts[:len(parts)-2], ":"), line, true
}

// Pct writes a rate as a percentage with one decimal.
func (p *page) Pct(x float64) string { return pct(x) }

// Hist draws a histogram as an SVG bar chart: one bar per Bar, heights scaled to the tallest.
func (p *page) Hist(bars []Bar, unit string) template.HTML {
	const h, bw, gap, pad = 120.0, 18.0, 2.0, 24.0
	top, wide := 0, 1
	for _, x := range bars {
		top = max(top, x.Runs)
		wide = max(wide, len(strconv.Itoa(x.Value)))
	}
	// A tick label every step bars, so that the labels (about 6 pixels a character) never meet.
	step := max(1, (wide*6+6+int(bw+gap)-1)/int(bw+gap))
	width := pad*2 + float64(len(bars))*(bw+gap)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="hist" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="histogram of %s">`, width, h+2*pad, width, h+2*pad, esc(unit))
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" class="axis"/>`, pad, pad+h, width-pad, pad+h)
	for i, x := range bars {
		bh := 0.0
		if top > 0 {
			bh = h * float64(x.Runs) / float64(top)
		}
		xx := pad + float64(i)*(bw+gap)
		label := strconv.Itoa(x.Value)
		if x.To > x.Value {
			label += "-" + strconv.Itoa(x.To)
		}
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.1f" class="bar"><title>%s %s: %d runs</title></rect>`,
			xx, pad+h-bh, bw, bh, esc(unit), esc(label), x.Runs)
		if i%step == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" class="tick">%s</text>`, xx+bw/2, pad+h+14, esc(strconv.Itoa(x.Value)))
		}
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" class="tick">%d</text></svg>`, pad, pad-6, top)
	return template.HTML(b.String())
}

// Heat draws one heat map (who's column w of h): each cell coloured by the share of day ends
// (a battle's round ends: the report's DayUnit) spent there, from white (never) to deep red (the
// busiest cell of the map), with its id and share as text and a tooltip: "ford: wardens stood
// here 3 of 20 round ends (15.0%)" for a battle (issue 20: it said "day ends" for rounds).
func (p *page) Heat(h Heat, w int) template.HTML {
	unit := strings.TrimSuffix(p.r.DayUnit, "s")
	if unit == "" {
		unit = "day"
	}
	return heatMap(h, "where "+h.Who[w]+" stood", h.Days, func(c Cell) int { return c.Count[w] },
		func(name string, n int, share float64) string {
			return fmt.Sprintf("%s: %s stood here %d of %s (%s)", name, h.Who[w], n, words.Count(h.Days, unit+" end"), pct(share))
		})
}

// Fought draws the heat map of where battles were fought (P-14 for a Pathfinder hex map): each
// cell coloured by its share of h.Battles, the battles of every run.
func (p *page) Fought(h Heat) template.HTML {
	return heatMap(h, "where they fought", h.Battles, func(c Cell) int { return c.Fought },
		func(name string, n int, share float64) string {
			return fmt.Sprintf("%s: %d of %d battles fought here (%s)", name, n, h.Battles, pct(share))
		})
}

// heatMap draws h's cells as an SVG map labelled label: cell c shaded by count(c) against the
// busiest cell, its share count(c)/total as text, and tip(name, count, share) as its tooltip.
func heatMap(h Heat, label string, total int, count func(Cell) int, tip func(name string, n int, share float64) string) template.HTML {
	cell := 44.0
	if h.Grid == "hex" {
		cell = 64 // a hexagon's text needs more room
	}
	top := 0
	for _, c := range h.Cells {
		top = max(top, count(c))
	}
	type pt struct{ x, y float64 }
	place := func(at [2]int) pt {
		if h.Grid == "hex" {
			q, r := float64(at[0]), float64(at[1])
			return pt{cell * 0.5 * math.Sqrt(3) * (q + r/2), cell * 0.75 * r}
		}
		return pt{cell * float64(at[0]), cell * float64(at[1])}
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range h.Cells {
		q := place(c.At)
		minX, minY, maxX, maxY = math.Min(minX, q.x), math.Min(minY, q.y), math.Max(maxX, q.x), math.Max(maxY, q.y)
	}
	pad := cell
	width, height := maxX-minX+2*pad, maxY-minY+2*pad
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="heat" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s">`,
		width, height, width, height, esc(label))
	for _, c := range h.Cells {
		q := place(c.At)
		x, y := q.x-minX+pad, q.y-minY+pad
		n := count(c)
		share := 0.0
		if total > 0 {
			share = float64(n) / float64(total)
		}
		fill := heatColour(n, top)
		name := c.ID
		if c.Name != "" {
			name += " (" + c.Name + ")"
		}
		t := tip(name, n, share)
		if h.Grid == "hex" {
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" class="cell"><title>%s</title></polygon>`, hexPoints(x, y, cell/2), fill, esc(t))
		} else {
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" fill="%s" class="cell"><title>%s</title></rect>`,
				x-cell/2, y-cell/2, cell-2, cell-2, fill, esc(t))
		}
		id := c.ID
		if r := []rune(id); len(r) > 7 {
			id = string(r[:6]) + "…"
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="id">%s</text>`, x-1, y-3, esc(id))
		if n > 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="share">%s</text>`, x-1, y+11, esc(pct(share)))
		}
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// heatColour runs from white (0) to a deep red (top).
func heatColour(n, top int) string {
	if n == 0 || top == 0 {
		return "#ffffff"
	}
	f := 0.15 + 0.85*float64(n)/float64(top)
	r := 255 - int(f*(255-178))
	g := 255 - int(f*(255-24))
	bl := 255 - int(f*(255-43))
	return fmt.Sprintf("#%02x%02x%02x", r, g, bl)
}

// hexPoints are the corners of a pointy-top hexagon of radius r around (x, y).
func hexPoints(x, y, r float64) string {
	var parts []string
	for i := 0; i < 6; i++ {
		a := math.Pi / 180 * float64(60*i-30)
		parts = append(parts, fmt.Sprintf("%.1f,%.1f", x+r*math.Cos(a), y+r*math.Sin(a)))
	}
	return strings.Join(parts, " ")
}

// Plural names a kind's entities.
func (p *page) Plural(kind string) string { return plural(kind) }

// Heading is a kind's heading: its plural and what it counts (heading).
func (p *page) Heading(kind string) string { return heading(kind) }

// Scoped prefixes s with a campaign scenario's id.
func (p *page) Scoped(scope, s string) string { return scoped(scope, s) }

// Never lists the entities no run covered: the gaps (none for a non-event, Coverage.Optional).
func (p *page) Never(c Coverage) []Entity {
	var out []Entity
	if c.Optional {
		return nil
	}
	for _, e := range c.Entities {
		if e.Runs == 0 && !e.Optional {
			out = append(out, e)
		}
	}
	return out
}

// RateBar draws a rate as a bar 200 pixels long at 100%.
func (p *page) RateBar(x float64) template.HTML {
	return template.HTML(fmt.Sprintf(`<svg width="202" height="12" role="img" aria-label="%s"><rect x="1" y="1" width="200" height="10" class="track"/><rect x="1" y="1" width="%.1f" height="10" class="bar"/></svg>`,
		esc(pct(x)), 200*x))
}

// Short is a position as the page shows it: the file's base name, the line and the column.
func (p *page) Short(pos string) string {
	if i := strings.LastIndexAny(pos, "/\\"); i >= 0 {
		return pos[i+1:]
	}
	return pos
}

func esc(s string) string { return template.HTMLEscapeString(show.Text(s)) }

// pageTmpl is parsed at the first page written, not at start-up (issue 29).
var pageTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{"inc": func(n int) int { return n + 1 }}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
` + htmlMarker + `
<title>sortie simulate: {{.R.ID}}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1b1b1b; background: #fafafa; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ccc; }
h3 { font-size: 15px; margin: 16px 0 6px; }
table { border-collapse: collapse; background: #fff; } td, th { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.cause td:first-child { padding-left: 22px; color: #444; }
svg .track { fill: #e8e8e8; } svg .bar { fill: #3b6fb6; }
.hist .bar { fill: #3b6fb6; } .hist .axis { stroke: #555; } .hist .tick { font-size: 10px; text-anchor: middle; fill: #333; }
.heat .cell { stroke: #888; stroke-width: 1; } .heat .id { font-size: 10px; text-anchor: middle; }
.heat .share { font-size: 9px; text-anchor: middle; fill: #222; }
.maps { display: flex; flex-wrap: wrap; gap: 16px; } .map { background: #fff; border: 1px solid #ddd; padding: 6px; }
.never { color: #b00020; font-weight: 600; } .covered { color: #1b5e20; } .none { color: #555; }
ul.ents { columns: 3; list-style: none; padding-left: 0; } ul.ents li { break-inside: avoid; }
.fail { color: #b00020; font-weight: 700; } .ok { color: #1b5e20; font-weight: 700; }
pre.src { background: #fff; border: 1px solid #ddd; padding: 8px; overflow-x: auto; font-size: 12px; }
pre.src span:target { background: #ffe08a; }
</style>
</head>
<body>
<h1>{{.R.Kind}} {{.R.ID}}{{if .R.Title}}: {{.R.Title}}{{end}}</h1>
<p>{{.R.Runs}} runs ({{.R.Rules}}), policy <b>{{.R.Policy}}</b>, seeds {{.R.Seed}}..{{.R.LastSeed}}.</p>
{{if .R.Watch}}<h2 id="watch">Watch a run</h2><ul>{{range .R.Watch}}<li><a href="{{.Href}}">{{.Why}}</a>: run {{.Run}}, seed {{.Seed}}</li>{{end}}</ul>{{end}}
{{if .R.Checks}}<h2 id="checks">Checks</h2>
<table><tr><th></th><th>check</th><th>want</th><th>got</th><th>smallest failing seed</th><th>replay</th></tr>
{{range .R.Checks}}<tr><td>{{if .OK}}<span class="ok">ok</span>{{else}}<span class="fail">FAIL</span>{{end}}</td><td>{{.Name}}{{if .Pos}}<br><small>{{.Pos}}</small>{{end}}</td><td>{{.Want}}</td><td>{{.Got}}</td><td class="n">{{if .Seed}}{{.Seed}}{{end}}</td><td>{{.Replay}}</td></tr>
{{end}}</table>{{end}}
<h2 id="outcomes">Outcomes</h2>
<table><tr><th>outcome / cause</th><th>runs</th><th>rate</th><th>95% interval</th><th></th></tr>
{{range .R.Outcomes}}<tr><td><b>{{.Outcome}}</b></td><td class="n">{{.Runs}}</td><td class="n">{{$.P.Pct .Rate}}</td><td class="n">{{$.P.Pct .Low}} - {{$.P.Pct .High}}</td><td>{{$.P.RateBar .Rate}}</td></tr>
{{range .Causes}}<tr class="cause"><td>{{.Cause}}</td><td class="n">{{.Runs}}</td><td class="n">{{$.P.Pct .Rate}}</td><td></td><td></td></tr>
{{end}}{{end}}</table>
<h2 id="days">{{.R.DayUnit}} to the end</h2>
<p>min {{.R.Days.Min}}, median {{.R.Days.Median}}, p90 {{.R.Days.P90}}, max {{.R.Days.Max}}, mean {{printf "%.2f" .R.Days.Mean}}</p>
{{.P.Hist .R.DaysHist .R.DayUnit}}
{{if .R.Measures}}<h2 id="measures">At the end of the runs</h2>
<table><tr><th>value</th><th>runs</th><th>min</th><th>median</th><th>p90</th><th>max</th><th>mean</th><th>histogram</th></tr>
{{range .R.Measures}}<tr><td>{{$.P.Scoped .Scope .Name}} {{.Who}}</td><td class="n">{{.N}}</td><td class="n">{{.Min}}</td><td class="n">{{.Median}}</td><td class="n">{{.P90}}</td><td class="n">{{.Max}}</td><td class="n">{{printf "%.1f" .Mean}}</td><td>{{$.P.Hist .Hist .Name}}</td></tr>
{{end}}</table>{{end}}
{{if .R.Heat}}<h2 id="heat">Where they stood</h2>
<p>Each map shades the {{if eq .R.DayUnit "rounds"}}squares by the share of round ends a stand of the unit stood there{{else}}blocks (hexes) by the share of day ends spent there{{end}}, over every run.</p>
{{range $h := .R.Heat}}{{if $h.Scope}}<h3>{{$h.Scope}}</h3>{{end}}<div class="maps">
{{range $i, $who := $h.Who}}<div class="map"><b>{{$who}}</b><br>{{$.P.Heat $h $i}}</div>
{{end}}{{if $h.Battles}}<div class="map"><b>battles fought ({{$h.Battles}})</b><br>{{$.P.Fought $h}}</div>
{{end}}</div>
{{end}}{{end}}
<h2 id="coverage">Coverage</h2>
{{range .R.Coverage}}<h3>{{$.P.Scoped .Scope ($.P.Heading .Kind)}}: {{.Covered}} of {{.Total}} covered</h3>
{{$never := $.P.Never .}}{{if $never}}<p class="never">never: {{range $i, $e := $never}}{{if $i}}, {{end}}{{with $.P.Link $e.Pos}}<a href="{{.}}">{{$e.ID}}</a>{{else}}{{$e.ID}}{{end}}{{if $e.Pos}} <small>({{$.P.Short $e.Pos}})</small>{{end}}{{end}}</p>{{end}}
<ul class="ents">{{$opt := .Optional}}{{range .Entities}}<li class="{{if .Runs}}covered{{else if or $opt .Optional}}none{{else}}never{{end}}">{{with $.P.Link .Pos}}<a href="{{.}}">{{end}}{{.ID}}{{with $.P.Link .Pos}}</a>{{end}}{{if .Name}} <small>{{.Name}}</small>{{end}}: {{$.P.Pct .Rate}}</li>
{{end}}</ul>
{{end}}
{{if .R.Errors}}<h2 id="errors">Errors</h2><ul>{{range .R.Errors}}<li>{{.Runs}} runs (first seed {{.FirstSeed}}): {{.Error}}</li>{{end}}</ul>{{end}}
{{if .Sources}}<h2 id="sources">Sources</h2>
{{range $i, $s := .Sources}}<h3>{{$s.Name}}</h3><pre class="src">{{range $n, $l := $s.Lines}}<span id="src-{{$i}}-L{{inc $n}}">{{printf "%4d" (inc $n)}}  {{$l}}</span>
{{end}}</pre>
{{end}}{{end}}
</body>
</html>
`))
})
