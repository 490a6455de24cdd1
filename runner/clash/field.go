package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// policyScratch holds the tactical policy's buffers.
type policyScratch struct {
	routines []int
	gone     []int32 // end of round: the casualties removed
	gaps     []box   // and where they stood
	cands    []int32 // the policy's overflow candidates (casualtyValue)
	ring     [ringMask + 1][]int32
	slots    [4]fieldSlot // cached goal fields, the least recently built replaced
	clock    uint64
	moved    [2]uint64  // per side: bumped whenever one of its occupants moves or leaves
	near     [2][]int32 // per side: distance from each square to the nearest enemy occupant
	nearAt   [2]uint64  // moved[enemy] when near[side] was built
	nearOK   [2]bool
	goalOf   []fieldKey // per unit: its goal this turn (U-65 objectives, or the enemy)
	goalAt   []int      // the turn goalOf was chosen in (round*1000 + turn + 1)
	anchors  anchorSet  // tacMove's, filled in place
	castAt   uint32     // 1 + the moveStamp castSp was chosen at (castPlan); 0 never
	castSp   int        // the spell a unit moving to Cast means to cast, -1 none
}

// fieldSlot is one cached goal field.
type fieldSlot struct {
	key   fieldKey
	ok    bool
	at    uint64 // moved[enemy] when built
	hp    int    // the resource's hp when built (destroy, protect)
	used  uint64
	field []int16 // per square: movement cost to the nearest goal square, -1 unreachable
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

// blockedSq marks, while buildField runs, a square the walker cannot cross.
const blockedSq = int16(-2)

func (p *policyScratch) init(n int) {
	for i := range p.slots {
		p.slots[i].field = make([]int16, n)
	}
	p.near[0] = make([]int32, n)
	p.near[1] = make([]int32, n)
}

// buildField computes, for every square, the least movement cost for a one-square walker of side
// (a swimmer when swim) to reach a goal square: a square next to an enemy (engage), next to a live
// square of a resource (destroy, protect), or in a zone. Enemy-held squares and, for walkers, deep
// water are impassable; allies are ignored. Costs follow stepCost (U-18, U-22, U-23). Cached until
// the enemy moves (or the resource's hp change).
func (b *Battle) buildField(k fieldKey) []int16 {
	p := &b.pf
	hp := 0
	if k.kind == goalDestroy || k.kind == goalProtect {
		for _, ri := range b.s.res[b.s.obj[k.obj].res] {
			hp += int(b.rhp[ri])
		}
	}
	p.clock++
	enemyMoved := p.moved[1-k.side]
	old := 0
	for i := range p.slots {
		sl := &p.slots[i]
		if sl.ok && sl.key == k && sl.at == enemyMoved && sl.hp == hp {
			sl.used = p.clock
			return sl.field
		}
		if sl.used < p.slots[old].used {
			old = i
		}
	}
	sl := &p.slots[old]
	sl.key, sl.ok, sl.at, sl.hp, sl.used = k, true, enemyMoved, hp, p.clock
	field := sl.field
	n := b.w * b.h
	// A square the walker cannot cross holds blockedSq while the field is built, so the search
	// reads one value per neighbour instead of asking passable for it; it is unreached after.
	// (Not for a walker: deep water; not for either: an enemy-held square.)
	cls := b.cls[:n]
	for i, c := range cls {
		field[i] = unreached
		if c&clsDeep != 0 && !k.swim || c&clsHeld != 0 && clsSideOf(c) != k.side {
			field[i] = blockedSq
		}
	}
	// Dijkstra backwards from the goals with a ring of buckets (Dial's algorithm: step costs are
	// small whole numbers, at most (1 + MaxHeight) x 2 < len(ring)); the goals are bucket 0.
	ring := &p.ring
	goals := ring[0]
	switch k.kind {
	case goalEngage:
		for i := range b.st {
			st := &b.st[i]
			if st.on && b.un[st.unit].side != k.side {
				goals = b.goalsAround(field, goals, b.standBox(int32(i)))
			}
		}
		for j := range b.so {
			so := &b.so[j]
			if so.side != k.side && so.stand < 0 && so.state == soloUp {
				goals = b.goalsAround(field, goals, b.soloBox(int32(j)))
			}
		}
	case goalDestroy, goalProtect:
		o := &b.s.obj[k.obj]
		for _, ri := range b.s.res[o.res] {
			if b.rhp[ri] > 0 || k.kind == goalProtect {
				goals = b.goalsAround(field, goals, b.sqBox(int32(b.s.resSq[ri].sq)))
				if q := b.s.resSq[ri].sq; k.kind == goalDestroy && field[q] == unreached {
					field[q] = 0 // standing on a bridge square also reaches its neighbours
					goals = append(goals, int32(q))
				}
			}
		}
	case goalZone:
		b.zoneGoals(b.s.obj[k.obj].when, k.side, func(x, y int) {
			if x >= 0 && y >= 0 && x < b.w && y < b.h {
				if q := y*b.w + x; field[q] == unreached {
					field[q] = 0
					goals = append(goals, int32(q))
				}
			}
		})
	}
	ring[0] = goals
	pending := len(goals)
	nb, step := b.s.nb, b.step
	for d := 0; pending > 0; d++ {
		bk := &ring[d&ringMask]
		for bi := 0; bi < len(*bk); bi++ {
			q := int((*bk)[bi])
			pending--
			if int(field[q]) != d {
				continue // reached more cheaply since
			}
			for dir, pq := range nb[4*q : 4*q+4 : 4*q+4] {
				if pq < 0 {
					continue
				}
				old := field[pq]
				if old == blockedSq {
					continue
				}
				// Moving from pq into q costs what entering q costs (U-18, U-23).
				nd := d + int(step[4*int(pq)+((dir+2)&3)])
				if nd > 30000 {
					continue
				}
				if old != unreached && int(old) <= nd {
					continue
				}
				field[pq] = int16(nd)
				ring[nd&ringMask] = append(ring[nd&ringMask], pq)
				pending++
			}
		}
		*bk = (*bk)[:0]
	}
	for i, f := range field[:n] {
		if f == blockedSq {
			field[i] = unreached
		}
	}
	return field
}

// goalsAround makes the squares edge-adjacent to a (on the grid, passable, not yet goals) goals of
// a field being built: distance 0, appended to goals (buildField's bucket 0), which it returns.
func (b *Battle) goalsAround(field []int16, goals []int32, a box) []int32 {
	w, h := int32(b.w), int32(b.h)
	mark := func(x, y int32) {
		if x >= 0 && y >= 0 && x < w && y < h {
			if q := y*w + x; field[q] == unreached {
				field[q] = 0
				goals = append(goals, q)
			}
		}
	}
	for t := int32(0); t < a.n; t++ {
		mark(a.x+t, a.y-1)
		mark(a.x+t, a.y+a.n)
		mark(a.x-1, a.y+t)
		mark(a.x+a.n, a.y+t)
	}
	return goals
}

// ringMask sizes the bucket ring of buildField: more than the dearest step, (1 + MaxHeight) x 2.
const ringMask = 127

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

// nearField returns, per square, the U-2 distance to the nearest occupant that is an enemy of side
// (a stand on the grid or an unattached solo not dead or fled): a distance transform (two passes),
// rebuilt only when the enemy moved.
func (b *Battle) nearField(side int32) []int32 {
	p := &b.pf
	enemy := 1 - side
	if p.nearOK[side] && p.nearAt[side] == p.moved[enemy] {
		return p.near[side]
	}
	p.nearOK[side], p.nearAt[side] = true, p.moved[enemy]
	d := p.near[side]
	const far = int32(1 << 20)
	for q := range d {
		d[q] = far
		if o := b.occ[q]; o >= 0 && b.occSide(o) == enemy {
			d[q] = 0
		}
	}
	w, h := b.w, b.h
	cheb := b.o.Distance == clashrules.Chebyshev
	// Forward pass: from the north-west.
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			q := y*w + x
			v := d[q]
			if x > 0 {
				v = min(v, d[q-1]+1)
			}
			if y > 0 {
				v = min(v, d[q-w]+1)
				if cheb {
					if x > 0 {
						v = min(v, d[q-w-1]+1)
					}
					if x < w-1 {
						v = min(v, d[q-w+1]+1)
					}
				}
			}
			d[q] = v
		}
	}
	// Backward pass: from the south-east.
	for y := h - 1; y >= 0; y-- {
		for x := w - 1; x >= 0; x-- {
			q := y*w + x
			v := d[q]
			if x < w-1 {
				v = min(v, d[q+1]+1)
			}
			if y < h-1 {
				v = min(v, d[q+w]+1)
				if cheb {
					if x < w-1 {
						v = min(v, d[q+w+1]+1)
					}
					if x > 0 {
						v = min(v, d[q+w-1]+1)
					}
				}
			}
			d[q] = v
		}
	}
	return d
}
