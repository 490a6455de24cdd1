package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Grid geometry for the clash checks: the battlefield's terrain, rectangles of squares (the
// space of a stand or solo), distances between them (U-2) and where an occupant can go.

// clashGrid is the battlefield after the terrain patches: a letter (plan.Terr*) and a height in
// 20-ft steps per square, row-major (y*w + x).
type clashGrid struct {
	w, h int
	terr []byte
	elev []int
}

func newClashGrid(w, h int) *clashGrid {
	g := &clashGrid{w: w, h: h, terr: make([]byte, w*h), elev: make([]int, w*h)}
	for i := range g.terr {
		g.terr[i] = plan.TerrClear
	}
	return g
}

func (g *clashGrid) in(x, y int) bool { return x >= 0 && y >= 0 && x < g.w && y < g.h }

// rectIn reports whether every square of r is on the grid.
func (g *clashGrid) rectIn(r sqRect) bool { return g.in(r.x0, r.y0) && g.in(r.x1, r.y1) }

// anyTerr reports whether a square of r (clipped to the grid) has terrain t.
func (g *clashGrid) anyTerr(r sqRect, t byte) bool {
	for y := max(r.y0, 0); y <= min(r.y1, g.h-1); y++ {
		for x := max(r.x0, 0); x <= min(r.x1, g.w-1); x++ {
			if g.terr[y*g.w+x] == t {
				return true
			}
		}
	}
	return false
}

// sqRect is a rectangle of squares, corners included (x0 <= x1, y0 <= y1).
type sqRect struct{ x0, y0, x1, y1 int }

// space is the rectangle an occupant of n x n squares fills from its top-left square (U-5, U-10).
func space(x, y, n int) sqRect { return sqRect{x, y, x + n - 1, y + n - 1} }

func (r sqRect) overlaps(o sqRect) bool {
	return r.x0 <= o.x1 && o.x0 <= r.x1 && r.y0 <= o.y1 && o.y0 <= r.y1
}

func (r sqRect) has(x, y int) bool { return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1 }

// rectDist is the distance between the nearest squares of two rectangles (U-2): orthogonal
// steps (Manhattan) by default, the larger of the two gaps with chebyshev. Overlapping
// rectangles are 0 apart, adjacent ones 1.
func rectDist(a, b sqRect, chebyshev bool) int {
	dx := max(0, b.x0-a.x1, a.x0-b.x1)
	dy := max(0, b.y0-a.y1, a.y0-b.y1)
	if chebyshev {
		return max(dx, dy)
	}
	return dx + dy
}

// reachable returns, for every top-left square, whether an occupant of n x n squares starting
// at start can get there moving orthogonally (U-2) over the grid, entering deep water only when
// wet (it swims or flies, U-22). Other occupants, movement costs and turns are ignored: the
// answer is where it could ever be, for checks that prove something impossible.
func (g *clashGrid) reachable(start sqRect, n int, wet bool) []bool {
	seen := make([]bool, g.w*g.h)
	ok := func(x, y int) bool {
		r := space(x, y, n)
		return g.rectIn(r) && (wet || !g.anyTerr(r, plan.TerrDeep))
	}
	if !ok(start.x0, start.y0) {
		return seen
	}
	queue := []int{start.y0*g.w + start.x0}
	seen[queue[0]] = true
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		x, y := i%g.w, i/g.w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if !g.in(nx, ny) || seen[ny*g.w+nx] || !ok(nx, ny) {
				continue
			}
			seen[ny*g.w+nx] = true
			queue = append(queue, ny*g.w+nx)
		}
	}
	return seen
}

// canReach reports whether an occupant that can be at the top-left squares seen (of n x n squares)
// gets within dist of a square of targets (rectangles).
func (g *clashGrid) canReach(seen []bool, n int, targets []sqRect, dist int, chebyshev bool) bool {
	for i, ok := range seen {
		if !ok {
			continue
		}
		r := space(i%g.w, i/g.w, n)
		for _, t := range targets {
			if rectDist(r, t, chebyshev) <= dist {
				return true
			}
		}
	}
	return false
}
