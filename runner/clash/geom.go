package clash

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// box is an occupant's space: x, y its top-left square, n squares a side (U-5, U-10).
type box struct{ x, y, n int32 }

// gaps returns the steps between two boxes' nearest squares along x and along y (0 when their
// projections overlap).
func gaps(a, c box) (gx, gy int32) {
	gx = max(0, c.x-(a.x+a.n-1), a.x-(c.x+c.n-1))
	gy = max(0, c.y-(a.y+a.n-1), a.y-(c.y+c.n-1))
	return
}

// adjacent reports whether two boxes share an edge (U-2: corner-touching squares are not
// adjacent, whatever the metric).
func adjacent(a, c box) bool {
	gx, gy := gaps(a, c)
	return gx+gy == 1 && !overlap(a, c)
}

func overlap(a, c box) bool {
	return a.x < c.x+c.n && c.x < a.x+a.n && a.y < c.y+c.n && c.y < a.y+a.n
}

// dist is the distance between two boxes' nearest squares under the U-2 metric: orthogonal steps
// (Manhattan, the Default) or Chebyshev; 0 when they overlap.
func (b *Battle) dist(a, c box) int32 {
	gx, gy := gaps(a, c)
	if b.o.Distance == clashrules.Chebyshev {
		return max(gx, gy)
	}
	return gx + gy
}

// Distance is the U-2 distance in squares between squares [x1, y1] and [x2, y2] under m.
func Distance(m clashrules.Metric, x1, y1, x2, y2 int) int {
	dx, dy := abs(x1-x2), abs(y1-y2)
	if m == clashrules.Chebyshev {
		return max(dx, dy)
	}
	return dx + dy
}

func abs[T int | int32](v T) T {
	if v < 0 {
		return -v
	}
	return v
}

func (b *Battle) standBox(i int32) box {
	st := &b.st[i]
	return box{st.x, st.y, int32(b.s.cr[st.cr].space)}
}

func (b *Battle) soloBox(j int32) box {
	so := &b.so[j]
	if so.stand >= 0 {
		return b.standBox(so.stand)
	}
	return box{so.x, so.y, int32(b.s.cr[so.cr].space)}
}

func (b *Battle) sqBox(q int32) box { return box{q % int32(b.w), q / int32(b.w), 1} }

// occBox is the space of occupant id (a stand, or len(st)+solo).
func (b *Battle) occBox(id int32) box {
	if int(id) < len(b.st) {
		return b.standBox(id)
	}
	return b.soloBox(id - int32(len(b.st)))
}

// occSide is the side of occupant id.
func (b *Battle) occSide(id int32) int32 {
	if int(id) < len(b.st) {
		return b.un[b.st[id].unit].side
	}
	return b.so[id-int32(len(b.st))].side
}

func (b *Battle) difficult(q int) bool {
	if b.snare[q] > 0 {
		return true // a spell's difficult ground (ground.go)
	}
	switch b.terr[q] {
	case plan.TerrRough, plan.TerrForest, plan.TerrShallow:
		return true
	}
	return false
}

func (b *Battle) water(q int) bool {
	t := b.terr[q]
	return t == plan.TerrShallow || t == plan.TerrDeep
}

// height of a box: its highest square (U-23).
func (b *Battle) height(a box) int {
	h := 0
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			h = max(h, int(b.s.elev[int(a.y+dy)*b.w+int(a.x+dx)]))
		}
	}
	return h
}

// inForest reports whether a box has a forest square (U-21).
func (b *Battle) inForest(a box) bool {
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			if b.terr[int(a.y+dy)*b.w+int(a.x+dx)] == plan.TerrForest {
				return true
			}
		}
	}
	return false
}

// Square names a square as scripts and maps write it: "x,y".
func Square(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }

func (b *Battle) sqName(q int) string { return Square(q%b.w, q/b.w) }
