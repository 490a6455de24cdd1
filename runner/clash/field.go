package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// policyScratch holds the tactical policy's buffers.
type policyScratch struct {
	routines []int
	gone     []int32 // end of round: the casualties removed
	gaps     []box   // and where they stood
	field    []int16 // per square: movement cost to the nearest goal square (walkers), -1 unreachable
	heap     []int32
	goal     []bool
	fieldKey fieldKey // what field holds
	fieldOK  bool
	dirty    uint64 // bumped whenever an occupant moves or leaves; fields older than it are stale
	fieldAt  uint64
}

type fieldKey struct {
	side int32
	kind int8 // goalEngage, goalDestroy, goalProtect, goalZone
	obj  int
	swim bool
}

const (
	goalEngage = iota
	goalDestroy
	goalProtect
	goalZone
)

const unreached = int16(-1)

func (p *policyScratch) init(n int) {
	p.field = make([]int16, n)
	p.goal = make([]bool, n)
	p.heap = make([]int32, 0, n)
}

// buildField computes, for every square, the least movement cost for a one-square walker of side
// (a swimmer when swim) to reach a goal square: a square next to an enemy (engage), next to a live
// square of a resource (destroy, protect), or in a zone. Enemy-held squares and, for walkers, deep
// water are impassable; allies are ignored. Costs follow stepCost (U-18, U-22, U-23). Cached until
// something moves.
func (b *Battle) buildField(k fieldKey) {
	p := &b.pf
	if p.fieldOK && p.fieldKey == k && p.fieldAt == p.dirty {
		return
	}
	p.fieldKey, p.fieldOK, p.fieldAt = k, true, p.dirty
	n := b.w * b.h
	for i := 0; i < n; i++ {
		p.field[i] = unreached
		p.goal[i] = false
	}
	mark := func(x, y int32) {
		if x >= 0 && y >= 0 && int(x) < b.w && int(y) < b.h {
			q := int(y)*b.w + int(x)
			if b.passable(q, k.side, k.swim) {
				p.goal[q] = true
			}
		}
	}
	ring := func(a box) {
		for t := int32(0); t < a.n; t++ {
			mark(a.x+t, a.y-1)
			mark(a.x+t, a.y+a.n)
			mark(a.x-1, a.y+t)
			mark(a.x+a.n, a.y+t)
		}
	}
	switch k.kind {
	case goalEngage:
		for i := range b.st {
			st := &b.st[i]
			if st.on && b.un[st.unit].side != k.side {
				ring(b.standBox(int32(i)))
			}
		}
		for j := range b.so {
			so := &b.so[j]
			if so.side != k.side && so.stand < 0 && so.state == soloUp {
				ring(b.soloBox(int32(j)))
			}
		}
	case goalDestroy, goalProtect:
		o := &b.s.obj[k.obj]
		for _, ri := range b.s.res[o.res] {
			if b.rhp[ri] > 0 || k.kind == goalProtect {
				ring(b.sqBox(int32(b.s.resSq[ri].sq)))
				if q := b.s.resSq[ri].sq; k.kind == goalDestroy && b.passable(q, k.side, k.swim) {
					p.goal[q] = true // standing on a bridge square also reaches its neighbours
				}
			}
		}
	case goalZone:
		b.zoneGoals(b.s.obj[k.obj].when, k.side, func(x, y int) { mark(int32(x), int32(y)) })
	}
	p.heap = p.heap[:0]
	for q := 0; q < n; q++ {
		if p.goal[q] {
			p.field[q] = 0
			p.heap = append(p.heap, int32(q))
		}
	}
	// Dijkstra backwards from the goals with a binary heap keyed by field.
	heapify(p.heap, p.field)
	w := int32(b.w)
	for len(p.heap) > 0 {
		q := p.heap[0]
		last := len(p.heap) - 1
		p.heap[0] = p.heap[last]
		p.heap = p.heap[:last]
		siftDown(p.heap, p.field, 0)
		dq := int(p.field[q])
		qx, qy := q%w, q/w
		for d := 0; d < 4; d++ {
			x, y := qx+dirDX[d], qy+dirDY[d]
			if x < 0 || y < 0 || x >= w || int(y) >= b.h {
				continue
			}
			pq := int(y)*b.w + int(x)
			if !b.passable(pq, k.side, k.swim) {
				continue
			}
			// Moving from pq into q costs what entering q costs.
			c := squareCost(b.difficult(int(q)), int(b.s.elev[q]-b.s.elev[pq]), b.o.ClimbDifficult)
			if b.terr[q] == plan.TerrDeep {
				c = 1
			}
			nd := dq + c
			if nd > 30000 {
				continue
			}
			if old := p.field[pq]; old != unreached && int(old) <= nd {
				continue
			}
			p.field[pq] = int16(nd)
			p.heap = append(p.heap, int32(pq))
			siftUp(p.heap, p.field, len(p.heap)-1)
		}
	}
}

// passable reports whether a walker (or swimmer) of side may cross square q: not deep water for a
// walker, not held by an enemy.
func (b *Battle) passable(q int, side int32, swim bool) bool {
	if b.terr[q] == plan.TerrDeep && !swim {
		return false
	}
	o := b.occ[q]
	return o < 0 || b.occSide(o) == side
}

func heapify(h []int32, key []int16) {
	for i := len(h)/2 - 1; i >= 0; i-- {
		siftDown(h, key, i)
	}
}

func less(h []int32, key []int16, i, j int) bool {
	a, c := key[h[i]], key[h[j]]
	return a < c || a == c && h[i] < h[j]
}

func siftDown(h []int32, key []int16, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && less(h, key, r, l) {
			m = r
		}
		if !less(h, key, m, i) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

func siftUp(h []int32, key []int16, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !less(h, key, i, p) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

// zoneGoals calls f with every square of the zones a custom objective's condition wants side's
// forces in (ClashIn conditions on side under all/any, not under not).
func (b *Battle) zoneGoals(c *plan.ClashCond, side int32, f func(x, y int)) {
	if c == nil {
		return
	}
	switch c.Op {
	case plan.ClashAll, plan.ClashAny:
		for i := range c.Args {
			b.zoneGoals(&c.Args[i], side, f)
		}
	case plan.ClashIn:
		if int32(c.Side) == side || c.Unit >= 0 && b.un[c.Unit].side == side {
			for _, q := range c.Zone {
				f(q[0], q[1])
			}
		}
	}
}
