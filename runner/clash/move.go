package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// moveScratch holds the buffers of one reach computation (reused, no allocation per move).
type moveScratch struct {
	cost    []int16 // per top-left square: least cost to reach it, -1 unreached
	road    []bool  // reached by the road's extra square (U-20)
	touched []int32
	ends    []int32 // reached squares the mover may end on, in the order first reached
	buckets [][]int32
	flee    bool    // a step off the grid was reachable (U-32)
	rule    []uint8 // per top-left square: 0 not yet known, else 1 + pass + 2*end (boxRule, cached)
	ruled   []int32
	roads   int8 // whether the map has a road square: 0 not yet known, 1 none, 2 some (anyRoad)
	used    int  // buckets[:used] may hold squares (the last search's budget + 1)
	// rules holds rules1's tables by (side, stand, retreat) (rules1Key), built at first use in a
	// battle: they depend on the mover's kind and the options only (Battle.Reset clears them).
	rules [8]rules1Table
}

// rules1Table is one of rules1's answers, kept.
type rules1Table struct {
	rule       [16]uint8
	lock       uint16
	ok, filled bool
}

// rules1Key indexes moveScratch.rules: bit 0 the side, bit 1 a stand, bit 2 retreating.
func rules1Key(m *mover) int {
	k := int(m.side) & 1
	if m.stand {
		k |= 2
	}
	if m.retreat {
		k |= 4
	}
	return k
}

// anyRoad reports whether the map has a road square at all, from the setup's terrain, remembered
// for the battle's life: a road square only ever turns rough (U-67), never the other way, so a
// map without one never gains one, and roadExtra (U-20) has nothing to look at.
func (b *Battle) anyRoad() bool {
	if b.mv.roads == 0 {
		b.mv.roads = 1
		for _, t := range b.s.terr {
			if t == plan.TerrRoad {
				b.mv.roads = 2
				break
			}
		}
	}
	return b.mv.roads == 2
}

func (m *moveScratch) init(n int) {
	m.cost = make([]int16, n)
	m.road = make([]bool, n)
	for i := range m.cost {
		m.cost[i] = -1
	}
	m.touched = make([]int32, 0, n)
	m.ends = make([]int32, 0, n)
	m.rule = make([]uint8, n)
	m.ruled = make([]int32, 0, n)
}

func (m *moveScratch) reset() {
	for _, q := range m.touched {
		m.cost[q] = -1
		m.road[q] = false
	}
	m.touched = m.touched[:0]
	m.ends = m.ends[:0]
	for i := range m.buckets[:m.used] {
		m.buckets[i] = m.buckets[i][:0]
	}
	m.used = 0
	for _, q := range m.ruled {
		m.rule[q] = 0
	}
	m.ruled = m.ruled[:0]
	m.flee = false
}

// ruleAt is boxRule for m at top-left square q (x, y), cached for the current reach.
func (b *Battle) ruleAt(m *mover, q, x, y int32) (pass, end bool) {
	r := b.mv.rule[q]
	if r == 0 {
		p, e := b.boxRule(m, x, y)
		r = 1
		if p {
			r |= 2
		}
		if e {
			r |= 4
		}
		b.mv.rule[q] = r
		b.mv.ruled = append(b.mv.ruled, q)
	}
	return r&2 != 0, r&4 != 0
}

// mover describes who moves and under which rules.
type mover struct {
	id      int32 // occupant id (stand, or len(st)+solo)
	side    int32
	stand   bool
	reg     bool // a stand of a regiment
	unit    int32
	space   int32
	rank    int
	swim    bool
	fly     bool
	retreat bool  // U-55: adjacency does not lock
	join    int32 // stand an unattached solo is joining (may end in its squares), -1
	road    bool  // U-20 bonus available
}

// moverOfStand describes stand i moving with its unit's action.
func (b *Battle) moverOfStand(i int32, retreat bool) mover {
	st := &b.st[i]
	cr := &b.s.cr[st.cr]
	u := &b.un[st.unit]
	return mover{id: i, side: u.side, stand: true, reg: u.reg, unit: st.unit, space: int32(cr.space), rank: cr.rank,
		swim: cr.swim > 0, fly: cr.fly > 0 && cr.fly >= cr.walk, retreat: retreat, join: -1,
		road: b.o.Road == clashrules.RoadOnce}
}

func (b *Battle) moverOfSolo(j int32, join int32) mover {
	so := &b.so[j]
	cr := &b.s.cr[so.cr]
	return mover{id: int32(len(b.st)) + j, side: so.side, unit: -1, space: int32(cr.space), rank: cr.rank,
		swim: cr.swim > 0, fly: cr.fly > 0 && cr.fly >= cr.walk, join: join}
}

// squareRule says whether mover m may pass through square q and end its move there.
func (b *Battle) squareRule(m *mover, q int) (pass, end bool) {
	if b.terr[q] == plan.TerrDeep && !m.swim {
		return false, false // U-22: 「水泳移動速度を持つ」 only; a flyer does not enter it
	}
	o := b.occ[q]
	if o < 0 || o == m.id {
		return true, true
	}
	if b.occSide(o) != m.side {
		// U-31: never into an enemy's square; with EnemySizeDifference, through one two sizes apart.
		if b.o.EnemySquares == clashrules.EnemySizeDifference && abs(b.occRank(o)-m.rank) >= 2 {
			return true, false
		}
		return false, false
	}
	if int(o) < len(b.st) {
		ou := &b.un[b.st[o].unit]
		if m.join == o {
			return true, true // U-51: a solo enters the stand it joins
		}
		if ou.reg {
			// U-9 (3), (4): allied stands never enter a regiment's stands; solos only to join.
			return false, false
		}
		// U-8 (4), (5), U-11: through an allied skirmisher stand, not ending there.
		return true, false
	}
	// U-31: through an unattached allied solo, not ending there (AlliedSolosPass).
	if b.o.AlliedSolos == clashrules.AlliedSolosBlock {
		return false, false
	}
	return true, false
}

func (b *Battle) occRank(id int32) int {
	if int(id) < len(b.st) {
		return b.s.cr[b.st[id].cr].rank
	}
	return b.s.cr[b.so[id-int32(len(b.st))].cr].rank
}

// boxRule applies squareRule to every square of m's space at top-left x, y.
func (b *Battle) boxRule(m *mover, x, y int32) (pass, end bool) {
	if x < 0 || y < 0 || int(x+m.space) > b.w || int(y+m.space) > b.h {
		return false, false
	}
	pass, end = true, true
	for dy := int32(0); dy < m.space; dy++ {
		row := int(y+dy) * b.w
		for dx := int32(0); dx < m.space; dx++ {
			p, e := b.squareRule(m, row+int(x+dx))
			if !p {
				return false, false
			}
			end = end && e
		}
	}
	return pass, end
}

// enters reports whether m's space at x, y overlaps the stand it is joining.
func (b *Battle) enters(m *mover, x, y int32) bool {
	return m.join >= 0 && overlap(box{x, y, m.space}, b.standBox(m.join))
}

// stepCost is the cost of moving m's space one square from x, y in direction d (U-18, U-20..U-23):
// the dearest square newly entered, each 1, 2 if difficult, plus 1 per 20 ft of rise, (1 + rise)
// x 2 into a higher difficult square (ClimbAdd: 2 + rise). A flyer pays 1; a swimmer pays 1 in
// deep water. Destroyed road squares are rough (difficult).
func (b *Battle) stepCost(m *mover, x, y int32, d int) int {
	if m.fly {
		return 1
	}
	worst := 1
	n := m.space
	for k := int32(0); k < n; k++ {
		var fx, fy, tx, ty int32
		switch d {
		case 0: // north
			fx, fy, tx, ty = x+k, y, x+k, y-1
		case 1: // east
			fx, fy, tx, ty = x+n-1, y+k, x+n, y+k
		case 2: // south
			fx, fy, tx, ty = x+k, y+n-1, x+k, y+n
		default: // west
			fx, fy, tx, ty = x, y+k, x-1, y+k
		}
		from, to := int(fy)*b.w+int(fx), int(ty)*b.w+int(tx)
		c := squareCost(b.difficult(to), int(b.s.elev[to]-b.s.elev[from]), b.o.ClimbDifficult)
		if b.terr[to] == plan.TerrDeep {
			c = 1
		}
		worst = max(worst, c)
	}
	return worst
}

// stepCost1 is stepCost for a one-square mover from square from into square to.
func (b *Battle) stepCost1(m *mover, from, to int) int {
	t := b.terr[to]
	if m.fly || t == plan.TerrDeep {
		return 1
	}
	diff := t == plan.TerrRough || t == plan.TerrForest || t == plan.TerrShallow || b.snare[to] > 0
	if rise := b.s.elev[to] - b.s.elev[from]; rise > 0 {
		return squareCost(diff, int(rise), b.o.ClimbDifficult)
	}
	if diff {
		return 2
	}
	return 1
}

// squareCost is the cost of entering one square (U-18, U-23): 1, or 2 when difficult, plus the
// rise in 20-ft steps; into a higher difficult square (1 + rise) x 2 (ClimbAdd: 2 + rise).
func squareCost(difficult bool, rise int, climb clashrules.ClimbRule) int {
	if rise < 0 {
		rise = 0
	}
	switch {
	case difficult && rise > 0 && climb == clashrules.ClimbAdd:
		return 2 + rise
	case difficult:
		return (1 + rise) * 2
	}
	return 1 + rise
}

var dirDX = [4]int32{0, 1, 0, -1}
var dirDY = [4]int32{-1, 0, 1, 0}

// locked reports whether m, at x, y, is adjacent to an enemy stand (U-30; with SolosLock also an
// unattached enemy solo) and so cannot move on. Solos are never locked.
func (b *Battle) locked(m *mover, x, y int32) bool {
	if !m.stand || m.retreat {
		return false
	}
	return b.enemyAdjacent(m.side, box{x, y, m.space}, b.o.SolosLock == clashrules.Yes)
}

// enemyAdjacent reports whether a square edge-adjacent to a (outside it) holds an enemy stand (or,
// with solos, an unattached enemy solo) of side.
func (b *Battle) enemyAdjacent(side int32, a box, solos bool) bool {
	check := func(x, y int32) bool {
		if x < 0 || y < 0 || int(x) >= b.w || int(y) >= b.h {
			return false
		}
		o := b.occ[int(y)*b.w+int(x)]
		if o < 0 || b.occSide(o) == side {
			return false
		}
		return int(o) < len(b.st) || solos
	}
	for k := int32(0); k < a.n; k++ {
		if check(a.x+k, a.y-1) || check(a.x+k, a.y+a.n) || check(a.x-1, a.y+k) || check(a.x+a.n, a.y+k) {
			return true
		}
	}
	return false
}

// reach finds every space m can move to from x, y with budget squares (U-29..U-32): the least cost
// of each in mv.cost, the ones it may end in (the start first) in mv.ends, whether it can leave the
// grid in mv.flee. The road's extra square (U-20) is added once: from a reached space on a road,
// one more step into a space costing exactly 1, marked in mv.road.
func (b *Battle) reach(m *mover, x, y int32, budget int) {
	if m.space == 1 && m.join < 0 {
		b.reach1(m, x, y, budget)
		return
	}
	b.reachSlow(m, x, y, budget)
}

// reachSlow is reach for any mover, square by square through squareRule.
func (b *Battle) reachSlow(m *mover, x, y int32, budget int) {
	mv := &b.mv
	mv.reset()
	start := int32(int(y)*b.w + int(x))
	if len(mv.buckets) < budget+1 {
		mv.buckets = append(mv.buckets, make([][]int32, budget+1-len(mv.buckets))...)
	}
	mv.used = budget + 1
	mv.cost[start] = 0
	mv.touched = append(mv.touched, start)
	mv.buckets[0] = append(mv.buckets[0], start)
	w := int32(b.w)
	for c := 0; c <= budget; c++ {
		for k := 0; k < len(mv.buckets[c]); k++ {
			p := mv.buckets[c][k]
			if int(mv.cost[p]) != c {
				continue // a cheaper way was found
			}
			px, py := p%w, p/w
			_, end := b.ruleAt(m, p, px, py)
			if p == start {
				end = true
			}
			if end {
				mv.ends = append(mv.ends, p)
			}
			if p != start && b.enters(m, px, py) {
				continue // U-51: movement ends on entering the stand
			}
			if b.locked(m, px, py) {
				continue // U-30
			}
			for d := 0; d < 4; d++ {
				nx, ny := px+dirDX[d], py+dirDY[d]
				if nx < 0 || ny < 0 || nx+m.space > w || int(ny+m.space) > b.h {
					if c < budget && m.stand {
						mv.flee = true // U-32: a stand can step off the grid
					}
					continue
				}
				q := ny*w + nx
				pass, _ := b.ruleAt(m, q, nx, ny)
				if !pass {
					continue
				}
				var nc int
				if m.space == 1 {
					nc = c + b.stepCost1(m, int(p), int(q))
				} else {
					nc = c + b.stepCost(m, px, py, d)
				}
				if nc > budget {
					continue
				}
				if old := mv.cost[q]; old >= 0 && int(old) <= nc {
					continue
				}
				if mv.cost[q] < 0 {
					mv.touched = append(mv.touched, q)
				}
				mv.cost[q] = int16(nc)
				mv.buckets[nc] = append(mv.buckets[nc], q)
			}
		}
	}
	if m.stand && m.road && b.anyRoad() {
		b.roadExtra(m)
	}
}

// rules1 is squareRule for a one-square mover that joins no stand, as a table by occupancy class
// (grid.go): 0 blocked, 1 pass only, 3 pass and end; lock marks the classes that lock it (U-30).
// ok is false when the table cannot say (EnemySizeDifference weighs sizes, U-31).
func (b *Battle) rules1(m *mover) (rule [16]uint8, lock uint16, ok bool) {
	if b.o.EnemySquares != clashrules.EnemyNever {
		return rule, 0, false
	}
	for c := 0; c < 16; c++ {
		if c&clsHeld == 0 {
			rule[c] = 3
			continue
		}
		cl := uint8(c)
		if clsSideOf(cl) != m.side {
			if m.stand && !m.retreat && (cl&clsSolo == 0 || b.o.SolosLock == clashrules.Yes) {
				lock |= 1 << c
			}
			continue // U-31: never into an enemy's square
		}
		switch {
		case cl&clsSolo != 0 && b.o.AlliedSolos == clashrules.AlliedSolosBlock:
		case cl&clsSolo != 0, cl&clsSkirm != 0:
			rule[c] = 1 // U-8 (4), (5), U-11, U-31: through, not ending there
		}
		// an allied regiment's stand: never entered (U-9 (3), (4))
	}
	return rule, lock, true
}

// reach1 is reach for a one-square mover that is not joining a stand (the common case), on the
// grid's tables: the same search, the same order of ends.
func (b *Battle) reach1(m *mover, x, y int32, budget int) {
	t := &b.mv.rules[rules1Key(m)]
	if !t.filled {
		t.rule, t.lock, t.ok = b.rules1(m)
		t.filled = true
	}
	rule, lock := t.rule, t.lock
	if !t.ok {
		b.reachSlow(m, x, y, budget)
		return
	}
	mv := &b.mv
	mv.reset()
	start := int(y)*b.w + int(x)
	if len(mv.buckets) < budget+1 {
		mv.buckets = append(mv.buckets, make([][]int32, budget+1-len(mv.buckets))...)
	}
	mv.used = budget + 1
	nb, step, cls, cost := b.s.nb, b.step, b.cls, mv.cost
	touched, ends, bks := mv.touched, mv.ends, mv.buckets[:budget+1]
	cost[start] = 0
	touched = append(touched, int32(start))
	bks[0] = append(bks[0], int32(start))
	walker := !m.swim // U-22: deep water is for swimmers only (flyers too stay out)
	flee := false
	for c := 0; c <= budget; c++ {
		bk := bks[c]
	next:
		for k := 0; k < len(bk); k++ {
			p := int(bk[k])
			if int(cost[p]) != c {
				continue
			}
			if p == start || rule[cls[p]&clsOcc]&2 != 0 {
				ends = append(ends, int32(p))
			}
			ns := nb[4*p : 4*p+4 : 4*p+4]
			if lock != 0 {
				for _, q := range ns {
					if q >= 0 && lock>>(cls[q]&clsOcc)&1 != 0 {
						continue next // U-30
					}
				}
			}
			sp := step[4*p : 4*p+4 : 4*p+4]
			for d, q := range ns {
				if q < 0 {
					flee = flee || c < budget && m.stand // U-32
					continue
				}
				cq := cls[q]
				if cq&clsDeep != 0 && walker || rule[cq&clsOcc] == 0 {
					continue
				}
				nc := c + 1
				if !m.fly {
					nc = c + int(sp[d])
				}
				if nc > budget {
					continue
				}
				if old := cost[q]; old >= 0 && int(old) <= nc {
					continue
				} else if old < 0 {
					touched = append(touched, q)
				}
				cost[q] = int16(nc)
				if nc == c {
					bk = append(bk, q) // (no zero-cost steps today; kept correct)
				} else {
					bks[nc] = append(bks[nc], q)
				}
			}
		}
		bks[c] = bk
	}
	mv.touched, mv.ends = touched, ends
	mv.flee = flee
	if m.stand && m.road && b.anyRoad() {
		b.roadExtra(m)
	}
}

// roadExtra adds U-20's extra square: from each reached end space with a road square, one step
// into an end space costing exactly 1 that was not reached (no chaining).
func (b *Battle) roadExtra(m *mover) {
	mv := &b.mv
	w := int32(b.w)
	n := len(mv.ends)
	for k := 0; k < n; k++ {
		p := mv.ends[k]
		px, py := p%w, p/w
		if !b.onRoad(box{px, py, m.space}) || b.locked(m, px, py) || b.enters(m, px, py) {
			continue
		}
		for d := 0; d < 4; d++ {
			nx, ny := px+dirDX[d], py+dirDY[d]
			if nx < 0 || ny < 0 || nx+m.space > w || int(ny+m.space) > b.h {
				continue
			}
			q := ny*w + nx
			if mv.cost[q] >= 0 {
				continue
			}
			if pass, end := b.boxRule(m, nx, ny); !pass || !end || b.stepCost(m, px, py, d) != 1 {
				continue
			}
			mv.cost[q] = mv.cost[p] + 1
			mv.road[q] = true
			mv.touched = append(mv.touched, q)
			mv.ends = append(mv.ends, q)
		}
	}
}

// onRoad reports whether a box has a road square (destroyed ones are rough, U-67).
func (b *Battle) onRoad(a box) bool {
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			if b.terr[int(a.y+dy)*b.w+int(a.x+dx)] == plan.TerrRoad {
				return true
			}
		}
	}
	return false
}

// moveStand puts stand i at the top-left square q (Flee: off the grid, U-32).
func (b *Battle) moveStand(i int32, q int32) {
	st := &b.st[i]
	n := b.s.cr[st.cr].space
	b.fill(-1, int(st.x), int(st.y), n)
	if q == Flee {
		b.removeStand(i, true)
		return
	}
	st.x, st.y = q%int32(b.w), q/int32(b.w)
	b.fill(i, int(st.x), int(st.y), n)
}

// moveSolo puts an unattached solo at top-left square q.
func (b *Battle) moveSolo(j int32, q int32) {
	so := &b.so[j]
	n := b.s.cr[so.cr].space
	b.fill(-1, int(so.x), int(so.y), n)
	if q == Flee {
		so.state = soloFled
		b.gone(Ref{RefSolo, int(j)})
		b.commandEnds(j, "fled")
		return
	}
	so.x, so.y = q%int32(b.w), q/int32(b.w)
	b.fill(int32(len(b.st))+j, int(so.x), int(so.y), n)
}
