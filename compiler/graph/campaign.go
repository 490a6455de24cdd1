package graph

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
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
		label = fmt.Sprintf(", label=%s, labelloc=t, fontsize=20", dotLabel(c.Title))
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
	fmt.Fprintf(&b, "  %%%% %s: %s\n", esc.Short(c.ID), esc.Short(c.Title))
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

// Campaign lays the unlock graph out (layoutCampaign: layered, left to right, as Graphviz's dot
// would) and draws it: nodes as boxes with their lines of text, edges as curves with arrow
// heads, the prologue's "then" edges dashed and labelled. The error is always nil (kept for the
// callers: the layout needs no external renderer and cannot fail).
func Campaign(c *plan.Campaign) (*Scene, error) {
	nodes := campaignNodes(c)
	edges, then := campaignEdges(c)
	lay := layoutCampaign(nodes, edges)
	const top = 60.0
	title := esc.Cut(c.ID+": "+c.Title, esc.Max)
	s := &Scene{Title: title, W: max(lay.w, textWidth(title, true, 22)) + 2*margin, H: lay.h + top + margin}
	pt := func(p Pt) Pt { return Pt{margin + p.X, top + p.Y} }
	s.text(margin, 36, 22, "start", true, ink, s.Title)
	for _, e := range lay.edges {
		var pts []Pt
		for _, p := range e.pts {
			pts = append(pts, pt(p))
		}
		dashed := then[[2]int{e.from, e.to}]
		s.add(Item{Shape: Line, Pts: pts, Curve: true, Stroke: ink, Width: 2, Dash: dashed})
		s.head(ink, pts[len(pts)-2], pts[len(pts)-1], 12)
		if dashed {
			m := pt(e.mid)
			s.text(m.X, m.Y-6, 12, "middle", false, faint, "then")
		}
	}
	for i, n := range nodes {
		l := lay.nodes[i]
		cp := pt(Pt{l.x, l.y})
		width := 1.5
		if n.bold {
			width = 3
		}
		s.rect(cp.X-l.w/2, cp.Y-l.h/2, l.w, l.h, n.fill, ink, width, false)
		y := cp.Y - float64(len(n.lines)-1)*lineStep/2 + 4
		for k, t := range n.lines {
			size, b := 12.0, false
			if k == 0 {
				size, b = 13, true
			}
			s.text(cp.X, y, size, "middle", b, ink, t)
			y += lineStep
		}
	}
	return s, nil
}
