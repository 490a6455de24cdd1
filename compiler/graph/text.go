package graph

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/forecast"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// FieldDot writes the field as a Graphviz digraph for neato -n (or fdp): each block or hex a
// node pinned at its coordinates (pos "x,y!" in points), passages between neighbours as edges
// without arrows, one-way passages as arrows (K-32), boxes as dashed node outlines with the box
// in the label, and each army's forecast path as coloured edges labelled with the day of arrival.
func FieldDot(p *plan.Plan) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotID(p.Scenario.ID))
	fmt.Fprintf(&b, "\tgraph [layout=neato, label=%s, labelloc=t, fontsize=20, splines=true, overlap=true];\n", dotLabel(p.Scenario.Title))
	b.WriteString("\tnode [shape=box, style=\"filled\", fontname=\"Helvetica\", fontsize=11, width=1.2, height=1.2, fixedsize=true];\n")
	b.WriteString("\tedge [dir=none, color=\"#9a9a9a\"];\n")
	fc := forecast.Of(p)
	cs := colours(fc)
	if pf := p.Pathfinder; pf != nil {
		for i, h := range pf.Hexes {
			q, r := float64(h.At[0]), float64(h.At[1])
			x, y := 110*(q+r/2), -95*r
			label := dotEsc(h.ID)
			if h.Name != "" {
				label += "\\n" + dotEsc(h.Name)
			}
			if h.Terrain != "" {
				label += "\\n" + dotEsc(h.Terrain)
			}
			style := "filled"
			if h.Difficult {
				style = "filled,dashed"
			}
			fmt.Fprintf(&b, "\t%s [shape=hexagon, label=\"%s\", pos=\"%s,%s!\", fillcolor=\"%s\", style=\"%s\"];\n", dotQuote(h.ID), label, num(x), num(y), fillFor("", h.Terrain), style)
			for _, n := range h.Neighbours {
				if n > i {
					fmt.Fprintf(&b, "\t%s -> %s;\n", dotQuote(h.ID), dotQuote(pf.Hexes[n].ID))
				}
			}
		}
		armyEdges(&b, fc, cs, func(i int) string { return pf.Hexes[i].ID })
		b.WriteString("}\n")
		return []byte(b.String())
	}
	f := &p.Field
	for i, bl := range f.Blocks {
		label := dotEsc(bl.ID)
		if bl.Name != "" {
			label += "\\n" + dotEsc(bl.Name)
		}
		if bl.Terrain != "" {
			label += "\\n" + dotEsc(bl.Terrain)
		}
		style := "filled"
		if bl.Box >= 0 {
			label += "\\n(box " + dotEsc(f.Boxes[bl.Box].Name) + ")"
			style = "filled,dashed"
		}
		if i == p.Party.Start {
			label += "\\nparty start"
			style += ",bold"
		}
		if bl.Dark {
			label += "\\ndark"
		}
		fmt.Fprintf(&b, "\t%s [label=\"%s\", pos=\"%d,%d!\", fillcolor=\"%s\", style=\"%s\"];\n", dotQuote(bl.ID), label, 100*(bl.At[0]-f.MinX), -100*(bl.At[1]-f.MinY), fillFor(bl.Kind, bl.Terrain), style)
	}
	for _, bl := range f.Blocks {
		for _, d := range []plan.Dir{plan.East, plan.South} {
			ex := bl.Exits[d]
			if ex.To < 0 {
				continue
			}
			back := f.Blocks[ex.To].Exits[d.Opposite()]
			from, to := dotQuote(bl.ID), dotQuote(f.Blocks[ex.To].ID)
			switch {
			case ex.Open && back.Open:
				fmt.Fprintf(&b, "\t%s -> %s;\n", from, to)
			case ex.Open:
				fmt.Fprintf(&b, "\t%s -> %s [dir=forward, color=black, penwidth=2, label=\"one-way\"];\n", from, to)
			case back.Open:
				fmt.Fprintf(&b, "\t%s -> %s [dir=forward, color=black, penwidth=2, label=\"one-way\"];\n", to, from)
			}
		}
	}
	armyEdges(&b, fc, cs, func(i int) string { return f.Blocks[i].ID })
	b.WriteString("}\n")
	return []byte(b.String())
}

// armyEdges writes each army's forecast path as edges labelled "army dN".
func armyEdges(b *strings.Builder, fc *forecast.Forecast, cs []string, id func(int) string) {
	for k, a := range fc.Armies {
		for d := 1; d < len(a.At); d++ {
			if a.At[d] == a.At[d-1] || a.At[d] < 0 || a.At[d-1] < 0 {
				continue
			}
			fmt.Fprintf(b, "\t%s -> %s [dir=forward, color=\"%s\", penwidth=3, fontcolor=\"%s\", label=\"%s d%d\"];\n",
				dotQuote(id(a.At[d-1])), dotQuote(id(a.At[d])), cs[k], cs[k], dotEsc(a.ID), d)
		}
	}
}

// FieldMermaid writes the field as a Mermaid flowchart (GitHub renders it): blocks or hexes as
// nodes in rows by y (Karzoral) or r (Pathfinder), passages as links, one-way passages as
// arrows (K-32), and each army's forecast path as dotted arrows labelled with the day.
func FieldMermaid(p *plan.Plan) []byte {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	fmt.Fprintf(&b, "  %%%% %s: %s\n", esc.Short(p.Scenario.ID), esc.Short(p.Scenario.Title))
	ids := map[string]string{}
	node := func(id string) string {
		if n, ok := ids[id]; ok {
			return n
		}
		n := "n" + strconv.Itoa(len(ids))
		ids[id] = n
		return n
	}
	fc := forecast.Of(p)
	var name func(int) string
	if pf := p.Pathfinder; pf != nil {
		name = func(i int) string { return pf.Hexes[i].ID }
		for _, h := range pf.Hexes {
			fmt.Fprintf(&b, "  %s{{\"%s\"}}\n", node(h.ID), mermaidEsc(joinNonEmpty(h.ID, h.Name, h.Terrain)))
		}
		for i, h := range pf.Hexes {
			for _, n := range h.Neighbours {
				if n > i {
					fmt.Fprintf(&b, "  %s --- %s\n", node(h.ID), node(pf.Hexes[n].ID))
				}
			}
		}
	} else {
		f := &p.Field
		name = func(i int) string { return f.Blocks[i].ID }
		for i, bl := range f.Blocks {
			label := joinNonEmpty(bl.ID, bl.Name, bl.Terrain)
			if bl.Box >= 0 {
				label += " (box " + f.Boxes[bl.Box].Name + ")"
			}
			if i == p.Party.Start {
				label += " (party start)"
			}
			fmt.Fprintf(&b, "  %s[\"%s\"]\n", node(bl.ID), mermaidEsc(label))
		}
		for _, bl := range f.Blocks {
			for _, d := range []plan.Dir{plan.East, plan.South} {
				ex := bl.Exits[d]
				if ex.To < 0 {
					continue
				}
				back := f.Blocks[ex.To].Exits[d.Opposite()]
				from, to := node(bl.ID), node(f.Blocks[ex.To].ID)
				switch {
				case ex.Open && back.Open:
					fmt.Fprintf(&b, "  %s --- %s\n", from, to)
				case ex.Open:
					fmt.Fprintf(&b, "  %s -->|one-way| %s\n", from, to)
				case back.Open:
					fmt.Fprintf(&b, "  %s -->|one-way| %s\n", to, from)
				}
			}
		}
	}
	for _, a := range fc.Armies {
		for d := 1; d < len(a.At); d++ {
			if a.At[d] != a.At[d-1] && a.At[d] >= 0 && a.At[d-1] >= 0 {
				fmt.Fprintf(&b, "  %s -.->|\"%s d%d\"| %s\n", node(name(a.At[d-1])), mermaidEsc(a.ID), d, node(name(a.At[d])))
			}
		}
	}
	return []byte(b.String())
}

func joinNonEmpty(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ": ")
}

// dotQuote quotes s as a dot ID (whole: two ids must stay two nodes).
func dotQuote(s string) string { return "\"" + dotEscape(s) + "\"" }

// dotLabel quotes s as a label: cut to esc.Max runes, as every stranger's value shown.
func dotLabel(s string) string { return "\"" + dotEsc(s) + "\"" }

// dotEsc escapes a string for a quoted dot label, cut to esc.Max runes (a 100,000-character
// title was written whole).
func dotEsc(s string) string { return dotEscape(esc.Cut(s, esc.Max)) }

// dotEscape escapes a string for a quoted dot ID.
// A stranger's string is first made one line (esc.Text), so its backslashes and quotes are the
// only characters dot would read; a line break of sortie's own is joined with `\n` by the caller.
func dotEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(esc.Text(s))
}

// dotID is s as a bare dot identifier, or quoted when it is not one.
func dotID(s string) string {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return dotQuote(s)
		}
	}
	if s == "" {
		return `""`
	}
	return s
}

// mermaidEsc makes s safe inside a quoted Mermaid label.
// A stranger's string is made one line first (esc.Text); '#' (Mermaid's entity mark), '"', '<',
// '>', '&' and '`' (markdown strings) are written as Mermaid entity codes.
func mermaidEsc(s string) string {
	return strings.NewReplacer("#", "#35;", `"`, "#quot;", "<", "#lt;", ">", "#gt;", "&", "#amp;", "`", "#96;").Replace(esc.Short(s))
}
