package graph

import (
	"math"
	"slices"

	"golang.org/x/image/font"
)

// The campaign's unlock graph is laid out here, in Go, the way Graphviz's dot lays out a small
// digraph left to right (a layered, "Sugiyama" layout): no WASM runtime, nothing compiled at
// start-up and no cache on disk (issue 28: go-graphviz compiled its module at every start and
// wrote $TMPDIR/go-graphviz, and every command panicked when that folder was unwritable).
//
//  1. Cycles are broken: a depth-first walk from each node in declaration order; an edge back to a
//     node on the walk's stack is laid out reversed (an unlock cycle is a vet error, C-codes, but
//     the picture is still drawn).
//  2. Each node's layer is the longest path to it from a node with no incoming edge (the
//     prologue is in layer 0, what it opens in layer 1, ...).
//  3. Within a layer nodes are ordered by the barycentre of their neighbours in the layer before
//     (then after), four sweeps, ties by declaration order: deterministic, and crossings few.
//  4. Layers are columns (ranksep pixels apart), nodes stacked in them (nodesep apart) and each
//     column centred on the tallest; a box is as wide as its widest line in the PNG's font.
//  5. An edge is one cubic Bezier from the right side of its tail to the left side of its head
//     (a reversed edge: below both boxes, from the bottom of one to the bottom of the other).

// Sizes of the campaign layout, in pixels.
const (
	rankSep   = 80.0 // between columns
	nodeSep   = 30.0 // between boxes of a column
	padX      = 16.0 // text to box side
	lineStep  = 16.0 // between lines of a box
	boxExtraH = 18.0 // box height beyond its lines
)

// placed is a laid-out node: its centre and size in pixels (origin at the drawing's top left).
type placed struct{ x, y, w, h float64 }

// layered is a laid-out unlock graph: its size, its nodes by index, and each edge's Bezier
// control points (p0, c1, c2, p1) and label point.
type layered struct {
	w, h  float64
	nodes []placed
	edges []layEdge
}

type layEdge struct {
	from, to int
	pts      []Pt // p0, c1, c2, p1
	mid      Pt   // the curve's middle (t = 0.5), for its label
}

// textWidth is the width of t in the PNG's font (bold or not, at size pixels).
func textWidth(t string, bold bool, size float64) float64 {
	return float64(font.MeasureString(face(bold, size), t).Ceil())
}

// layoutCampaign lays out nodes (their lines: the first at 13 px bold, the others at 12 px) and
// edges (indices into nodes) as described above.
func layoutCampaign(nodes []campaignNode, edges [][2]int) *layered {
	n := len(nodes)
	out := &layered{nodes: make([]placed, n)}
	for i, nd := range nodes {
		w := 0.0
		for j, l := range nd.lines {
			if j == 0 {
				w = max(w, textWidth(l, true, 13))
			} else {
				w = max(w, textWidth(l, false, 12))
			}
		}
		out.nodes[i] = placed{w: w + 2*padX, h: float64(len(nd.lines))*lineStep + boxExtraH}
	}
	if n == 0 {
		out.w, out.h = 2*padX, 2*padX
		return out
	}
	back := backEdges(n, edges)
	// 2. Layers by longest path over the acyclic edges (reversed back edges).
	layer := make([]int, n)
	for changed, round := true, 0; changed && round <= n; round++ {
		changed = false
		for i, e := range edges {
			a, b := e[0], e[1]
			if back[i] {
				a, b = b, a
			}
			if a != b && layer[b] < layer[a]+1 {
				layer[b], changed = layer[a]+1, true
			}
		}
	}
	depth := slices.Max(layer) + 1
	cols := make([][]int, depth)
	for i := range n {
		cols[layer[i]] = append(cols[layer[i]], i)
	}
	// 3. Barycentre ordering.
	pos := make([]float64, n)
	setPos := func() {
		for _, col := range cols {
			for k, i := range col {
				pos[i] = float64(k)
			}
		}
	}
	setPos()
	for sweep := 0; sweep < 4; sweep++ {
		forward := sweep%2 == 0
		for l := range cols {
			if !forward {
				l = depth - 1 - l
			}
			bary := map[int]float64{}
			for _, i := range cols[l] {
				sum, cnt := 0.0, 0
				for _, e := range edges {
					var other int
					switch {
					case e[1] == i && layer[e[0]] < l && forward, e[1] == i && layer[e[0]] > l && !forward:
						other = e[0]
					case e[0] == i && layer[e[1]] < l && forward, e[0] == i && layer[e[1]] > l && !forward:
						other = e[1]
					default:
						continue
					}
					sum += pos[other]
					cnt++
				}
				bary[i] = pos[i]
				if cnt > 0 {
					bary[i] = sum / float64(cnt)
				}
			}
			slices.SortStableFunc(cols[l], func(a, b int) int {
				if bary[a] != bary[b] {
					if bary[a] < bary[b] {
						return -1
					}
					return 1
				}
				return a - b
			})
			setPos()
		}
	}
	// 4. Coordinates.
	colH := make([]float64, depth)
	for l, col := range cols {
		for k, i := range col {
			if k > 0 {
				colH[l] += nodeSep
			}
			colH[l] += out.nodes[i].h
		}
	}
	height := slices.Max(colH)
	x := 0.0
	for l, col := range cols {
		cw := 0.0
		for _, i := range col {
			cw = max(cw, out.nodes[i].w)
		}
		y := (height - colH[l]) / 2
		for _, i := range col {
			nd := &out.nodes[i]
			nd.x, nd.y = x+cw/2, y+nd.h/2
			y += nd.h + nodeSep
		}
		x += cw + rankSep
	}
	out.w = x - rankSep
	out.h = height
	// 5. Edges.
	for _, e := range edges {
		a, b := out.nodes[e[0]], out.nodes[e[1]]
		var p0, c1, c2, p1 Pt
		if layer[e[1]] > layer[e[0]] {
			p0, p1 = Pt{a.x + a.w/2, a.y}, Pt{b.x - b.w/2, b.y}
			dx := (p1.X - p0.X) / 2
			c1, c2 = Pt{p0.X + dx, p0.Y}, Pt{p1.X - dx, p1.Y}
		} else {
			// Backwards, in the same column, or onto itself: a loop under the boxes.
			p0, p1 = Pt{a.x, a.y + a.h/2}, Pt{b.x, b.y + b.h/2}
			drop := nodeSep + 0.25*math.Abs(p1.X-p0.X)
			if e[0] == e[1] {
				p0.X -= a.w / 4
				p1.X += a.w / 4
			}
			low := max(p0.Y, p1.Y) + drop
			c1, c2 = Pt{p0.X, low}, Pt{p1.X, low}
			out.h = max(out.h, low)
		}
		mid := Pt{(p0.X + 3*c1.X + 3*c2.X + p1.X) / 8, (p0.Y + 3*c1.Y + 3*c2.Y + p1.Y) / 8}
		out.edges = append(out.edges, layEdge{from: e[0], to: e[1], pts: []Pt{p0, c1, c2, p1}, mid: mid})
	}
	return out
}

// backEdges marks the edges that close a cycle in a depth-first walk from each node in order.
func backEdges(n int, edges [][2]int) []bool {
	back := make([]bool, len(edges))
	state := make([]int, n) // 0 unseen, 1 on the stack, 2 done
	var walk func(int)
	walk = func(v int) {
		state[v] = 1
		for i, e := range edges {
			if e[0] != v {
				continue
			}
			switch state[e[1]] {
			case 0:
				walk(e[1])
			case 1:
				back[i] = true
			}
		}
		state[v] = 2
	}
	for v := range n {
		if state[v] == 0 {
			walk(v)
		}
	}
	return back
}
