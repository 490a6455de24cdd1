package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// The grid's lookup tables, so that the searches of movement (U-29..U-32) and the policy's goal
// fields do no division, no bounds test and no pointer chase per square:
//
//   - Setup.nb: per square and direction (north, east, south, west, as dirDX/dirDY) the
//     neighbouring square, -1 off the grid (read-only, shared by every Battle);
//   - Battle.step: per square and direction the cost a one-square walker pays to step there
//     (U-18, U-22, U-23; 1 into deep water, where only swimmers go), kept in step with
//     the terrain when a road square is destroyed (U-67);
//   - Battle.cls: per square what holds it, as an occupancy class (empty, or the side and kind of
//     its occupant) with clsDeep for deep water, kept by fill.

// Occupancy classes of Battle.cls (the low 4 bits): 0 empty, else clsHeld | side | kind.
const (
	clsHeld  = 1 << 0
	clsSide1 = 1 << 1 // the occupant is of side 1
	clsSkirm = 1 << 2 // a skirmisher stand (else a regiment stand, unless clsSolo)
	clsSolo  = 1 << 3 // an unattached solo
	clsOcc   = 0x0f   // the occupancy bits
	clsDeep  = 1 << 7 // deep water (U-22): static for a battle
)

// buildNeighbours fills s.nb for a w x h grid.
func (s *Setup) buildNeighbours() {
	w, h := s.w, s.h
	s.nb = make([]int32, 4*w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			q := y*w + x
			for d := 0; d < 4; d++ {
				nx, ny := x+int(dirDX[d]), y+int(dirDY[d])
				n := int32(-1)
				if nx >= 0 && ny >= 0 && nx < w && ny < h {
					n = int32(ny*w + nx)
				}
				s.nb[4*q+d] = n
			}
		}
	}
}

// stepTo is the cost for a one-square walker of entering square to from square from (U-18,
// U-23): 1, 2 into difficult terrain, plus the rise, (1 + rise) x 2 into a higher difficult square;
// 1 into deep water (U-22: who may enter is squareRule's question).
func (b *Battle) stepTo(from, to int) uint8 {
	t := b.terr[to]
	if t == plan.TerrDeep {
		return 1
	}
	diff := t == plan.TerrRough || t == plan.TerrForest || t == plan.TerrShallow || b.snare[to] > 0
	return uint8(min(squareCost(diff, int(b.s.elev[to]-b.s.elev[from]), b.o.ClimbDifficult), 255))
}

// resetGrid rebuilds the step costs from the terrain and the occupancy classes from scratch.
func (b *Battle) resetGrid() {
	n := b.w * b.h
	for q := 0; q < n; q++ {
		for d := 0; d < 4; d++ {
			b.step[4*q+d] = 0
			if t := b.s.nb[4*q+d]; t >= 0 {
				b.step[4*q+d] = b.stepTo(q, int(t))
			}
		}
		b.cls[q] = 0
		if b.terr[q] == plan.TerrDeep {
			b.cls[q] = clsDeep
		}
	}
}

// terrainChanged updates the step costs into square q after its terrain changed (U-67: a destroyed
// road square becomes difficult, U-20, costing 2 to enter, U-18; U-18/U-76: a spell's difficult
// ground laid or lifted), and makes the policy's cached goal fields stale: their costs follow the
// step costs, and they are otherwise rebuilt only when an occupant moves. Every terrain change
// goes through here, so no caller has to remember the cache.
func (b *Battle) terrainChanged(q int) {
	for d := 0; d < 4; d++ {
		if f := b.s.nb[4*q+d]; f >= 0 {
			b.step[4*int(f)+((d+2)&3)] = b.stepTo(int(f), q)
		}
	}
	b.pf.moved[0]++
	b.pf.moved[1]++
}

// occClass is the occupancy class of occupant id (a stand, or len(st)+solo).
func (b *Battle) occClass(id int32) uint8 {
	c := uint8(clsHeld)
	if int(id) < len(b.st) {
		u := &b.un[b.st[id].unit]
		if u.side == 1 {
			c |= clsSide1
		}
		if !u.reg {
			c |= clsSkirm
		}
		return c
	}
	if b.so[id-int32(len(b.st))].side == 1 {
		c |= clsSide1
	}
	return c | clsSolo
}

// clsSideOf is the side of a held class.
func clsSideOf(c uint8) int32 { return int32(c>>1) & 1 }
