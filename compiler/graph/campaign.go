package graph

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-graphviz"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// campaignNode is what a node of the unlock graph says.
type campaignNode struct {
	id    string
	lines []string // title first
	fill  string
	bold  bool
}

func campaignNodes(c *plan.Campaign) []campaignNode {
	start := map[int]bool{}
	for _, s := range c.Start {
		start[s] = true
	}
	var out []campaignNode
	for i, s := range c.Scenarios {
		n := campaignNode{id: s.ID, fill: "#eef2f7"}
		title := s.ID
		if s.Plan != nil && s.Plan.Scenario.Title != "" {
			title = s.ID + ": " + s.Plan.Scenario.Title
		}
		n.lines = append(n.lines, title)
		var tags []string
		switch {
		case i == c.Prologue:
			tags = append(tags, "prologue (K-8)")
			n.fill = "#f3cf6a"
		case start[i]:
			tags = append(tags, "open at the start (K-9)")
			n.fill = "#d4ebb0"
		}
		if i == c.Final {
			tags = append(tags, "final")
			n.bold = true
			n.fill = "#f4c6c0"
		}
		if s.Base >= 0 && s.Base < len(c.Bases) {
			tags = append(tags, "secures "+c.Bases[s.Base].Name)
		}
		if s.Reward > 0 {
			tags = append(tags, fmt.Sprintf("reward %d gamels", s.Reward))
		}
		for _, b := range s.Benefits {
			if b >= 0 && b < len(c.Benefits) {
				tags = append(tags, "benefit: "+c.Benefits[b].Name)
			}
		}
		n.lines = append(n.lines, tags...)
		out = append(out, n)
	}
	return out
}

// campaignEdges lists the edges: the prologue leads to each scenario open at the start (K-8,
// K-9), and each scenario to those its clear unlocks (K-10).
func campaignEdges(c *plan.Campaign) (edges [][2]int, then map[[2]int]bool) {
	then = map[[2]int]bool{}
	if c.Prologue >= 0 && c.Prologue < len(c.Scenarios) {
		for _, s := range c.Start {
			if s != c.Prologue {
				e := [2]int{c.Prologue, s}
				edges = append(edges, e)
				then[e] = true
			}
		}
	}
	for i, s := range c.Scenarios {
		for _, u := range s.Unlocks {
			if u >= 0 && u < len(c.Scenarios) {
				edges = append(edges, [2]int{i, u})
			}
		}
	}
	return edges, then
}

// CampaignDot writes a campaign's scenario unlock graph as a Graphviz digraph, left to right:
// a node per scenario (the prologue, those open at the start, the final one marked, with the
// base it secures), a dashed edge from the prologue to each scenario open at the start (K-8,
// K-9), a solid edge for each unlock (K-10).
func CampaignDot(c *plan.Campaign) []byte { return campaignDot(c, true) }

// campaignDot is CampaignDot, with the graph's title or without it (Campaign draws its own).
func campaignDot(c *plan.Campaign, title bool) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotID(c.ID))
	label := ""
	if title {
		label = fmt.Sprintf(", label=%s, labelloc=t, fontsize=20", dotQuote(c.Title))
	}
	fmt.Fprintf(&b, "\tgraph [rankdir=LR%s, nodesep=0.4, ranksep=0.8];\n", label)
	b.WriteString("\tnode [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=12, margin=\"0.2,0.1\"];\n")
	for _, n := range campaignNodes(c) {
		var esc []string
		for _, l := range n.lines {
			esc = append(esc, dotEsc(l))
		}
		style := "rounded,filled"
		if n.bold {
			style += ",bold"
		}
		fmt.Fprintf(&b, "\t%s [label=\"%s\", fillcolor=\"%s\", style=\"%s\"];\n", dotQuote(n.id), strings.Join(esc, `\n`), n.fill, style)
	}
	edges, then := campaignEdges(c)
	for _, e := range edges {
		attr := ""
		if then[e] {
			attr = " [style=dashed, label=\"then\"]"
		}
		fmt.Fprintf(&b, "\t%s -> %s%s;\n", dotQuote(c.Scenarios[e[0]].ID), dotQuote(c.Scenarios[e[1]].ID), attr)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// CampaignMermaid writes the unlock graph as a Mermaid flowchart (GitHub renders it).
func CampaignMermaid(c *plan.Campaign) []byte {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	fmt.Fprintf(&b, "  %%%% %s: %s\n", c.ID, c.Title)
	for i, n := range campaignNodes(c) {
		fmt.Fprintf(&b, "  s%d[\"%s\"]\n", i, mermaidEsc(strings.Join(n.lines, " / ")))
	}
	edges, then := campaignEdges(c)
	for _, e := range edges {
		if then[e] {
			fmt.Fprintf(&b, "  s%d -.->|then| s%d\n", e[0], e[1])
		} else {
			fmt.Fprintf(&b, "  s%d --> s%d\n", e[0], e[1])
		}
	}
	return []byte(b.String())
}

// pointsPerInch is Graphviz's unit: its plain output is in inches.
const pointsPerInch = 72.0

// Campaign lays the unlock graph out with Graphviz's dot layout and draws it: nodes as boxes
// with their lines of text, edges as Graphviz's splines with arrow heads. The error is for a
// Graphviz failure.
func Campaign(c *plan.Campaign) (*Scene, error) {
	lay, err := layoutDot(campaignDot(c, false), "dot")
	if err != nil {
		return nil, err
	}
	const top = 60.0
	s := &Scene{Title: c.ID + ": " + c.Title, W: lay.w*pointsPerInch + 2*margin, H: lay.h*pointsPerInch + top + margin}
	pt := func(x, y float64) Pt { return Pt{margin + x*pointsPerInch, top + (lay.h-y)*pointsPerInch} }
	s.text(margin, 36, 22, "start", true, ink, s.Title)
	_, then := campaignEdges(c)
	for _, e := range lay.edges {
		var pts []Pt
		for _, p := range e.pts {
			pts = append(pts, pt(p[0], p[1]))
		}
		if len(pts) < 4 {
			continue
		}
		from, to := indexOf(c, e.tail), indexOf(c, e.head)
		dashed := then[[2]int{from, to}]
		s.add(Item{Shape: Line, Pts: pts, Curve: true, Stroke: ink, Width: 2, Dash: dashed})
		// The spline ends short of the node in dot's "plain" form: the head spans the gap.
		end := pts[len(pts)-1]
		if n, ok := lay.nodes[e.head]; ok {
			c := pt(n.x, n.y)
			end = clip(pts[len(pts)-1], c, n.w*pointsPerInch/2, n.h*pointsPerInch/2)
		}
		s.head(ink, pts[len(pts)-2], end, 12)
		if e.label != "" {
			lp := pt(e.lx, e.ly)
			s.text(lp.X, lp.Y+4, 12, "middle", false, faint, e.label)
		}
	}
	for _, n := range campaignNodes(c) {
		l, ok := lay.nodes[n.id]
		if !ok {
			continue
		}
		cp := pt(l.x, l.y)
		w, h := l.w*pointsPerInch, l.h*pointsPerInch
		width := 1.5
		if n.bold {
			width = 3
		}
		s.rect(cp.X-w/2, cp.Y-h/2, w, h, n.fill, ink, width, false)
		y := cp.Y - float64(len(n.lines)-1)*8 + 4
		for i, t := range n.lines {
			size, b := 12.0, false
			if i == 0 {
				size, b = 13, true
			}
			s.text(cp.X, y, size, "middle", b, ink, t)
			y += 16
		}
	}
	return s, nil
}

func indexOf(c *plan.Campaign, id string) int {
	for i, s := range c.Scenarios {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// clip moves p onto the border of the box of half-sizes hw, hh around c, along the line from c.
func clip(p, c Pt, hw, hh float64) Pt {
	dx, dy := p.X-c.X, p.Y-c.Y
	if dx == 0 && dy == 0 {
		return p
	}
	t := 1e9
	if dx != 0 {
		t = min(t, hw/abs(dx))
	}
	if dy != 0 {
		t = min(t, hh/abs(dy))
	}
	return Pt{c.X + dx*t, c.Y + dy*t}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// layout is Graphviz's plain output: the graph's size, node centres and sizes, edge splines.
type layout struct {
	w, h  float64
	nodes map[string]plainNode
	edges []plainEdge
}

type plainNode struct{ x, y, w, h float64 }

type plainEdge struct {
	tail, head string
	pts        [][2]float64
	label      string
	lx, ly     float64
}

// parsePlain reads Graphviz's "plain" format: "graph scale w h", "node name x y w h label ...",
// "edge tail head n x1 y1 ... xn yn [label xl yl] style color", "stop".
func parsePlain(s string) (*layout, error) {
	lay := &layout{nodes: map[string]plainNode{}}
	for _, line := range strings.Split(s, "\n") {
		f := plainFields(line)
		if len(f) == 0 {
			continue
		}
		num := func(i int) float64 {
			if i >= len(f) {
				return 0
			}
			v, _ := strconv.ParseFloat(f[i], 64)
			return v
		}
		switch f[0] {
		case "graph":
			lay.w, lay.h = num(2), num(3)
		case "node":
			if len(f) >= 6 {
				lay.nodes[f[1]] = plainNode{num(2), num(3), num(4), num(5)}
			}
		case "edge":
			if len(f) < 4 {
				continue
			}
			n, err := strconv.Atoi(f[3])
			if err != nil || len(f) < 4+2*n {
				return nil, fmt.Errorf("graphviz: bad edge line %q", line)
			}
			e := plainEdge{tail: f[1], head: f[2]}
			for i := 0; i < n; i++ {
				e.pts = append(e.pts, [2]float64{num(4 + 2*i), num(5 + 2*i)})
			}
			if rest := f[4+2*n:]; len(rest) >= 5 {
				e.label, e.lx, e.ly = rest[0], num(4+2*n+1), num(4+2*n+2)
			}
			lay.edges = append(lay.edges, e)
		}
	}
	if lay.w == 0 || lay.h == 0 {
		return nil, fmt.Errorf("graphviz: no layout")
	}
	return lay, nil
}

// plainFields splits a plain-format line into fields; a field in double quotes may hold spaces
// and \" escapes.
func plainFields(line string) []string {
	var out []string
	for i := 0; i < len(line); {
		switch {
		case line[i] == ' ':
			i++
		case line[i] == '"':
			var b strings.Builder
			i++
			for i < len(line) && line[i] != '"' {
				if line[i] == '\\' && i+1 < len(line) {
					i++
				}
				b.WriteByte(line[i])
				i++
			}
			i++
			out = append(out, b.String())
		default:
			j := strings.IndexByte(line[i:], ' ')
			if j < 0 {
				j = len(line) - i
			}
			out = append(out, line[i:i+j])
			i += j
		}
	}
	return out
}

// layoutDot lays a dot graph out with Graphviz (engine "dot" or "neato") and returns it in the
// plain format.
func layoutDot(dot []byte, engine string) (*layout, error) {
	ctx := context.Background()
	g, err := graphviz.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("graphviz: %v", err)
	}
	defer g.Close()
	gr, err := graphviz.ParseBytes(dot)
	if err != nil {
		return nil, fmt.Errorf("graphviz: %v", err)
	}
	defer gr.Close()
	g.SetLayout(graphviz.Layout(engine))
	var buf bytes.Buffer
	if err := g.Render(ctx, gr, graphviz.Format("plain"), &buf); err != nil {
		return nil, fmt.Errorf("graphviz: %v", err)
	}
	return parsePlain(buf.String())
}
