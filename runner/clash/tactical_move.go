package clash

// The tactical policy's moves [AI]: approach the goal by the field, keep the unit's integrity.

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// tacMove scores each destination in ends (top-left squares, b.q.Options' order when they are
// listed; a flee option after them is never taken) for the mover and returns the best one's index.
func (b *Battle) tacMove(ends []int32, who Ref, side, u int32, part int, act Action) int {
	var cr *creature
	var n int32
	var self int32
	if who.Kind == RefStand {
		st := &b.st[who.Index]
		cr, n, self = &b.s.cr[st.cr], int32(b.s.cr[st.cr].space), int32(who.Index)
	} else {
		so := &b.so[who.Index]
		cr, n, self = &b.s.cr[so.cr], int32(b.s.cr[so.cr].space), int32(len(b.st)+who.Index)
	}
	_ = self
	retreat := act == ActRetreat
	rng := bestRange(cr)
	isRanged := ranged(cr)
	var k fieldKey
	switch {
	case u >= 0:
		k = b.unitGoal(u)
	case who.Kind == RefSolo:
		k = b.soloGoal(int32(who.Index))
	default:
		k = fieldKey{side: side, kind: goalEngage}
	}
	k.swim = cr.swim > 0 // U-22
	if part == 2 && !isRanged && !retreat {
		// A melee fighter holds where it fought.
		here := int(b.refBox(who).y)*b.w + int(b.refBox(who).x)
		for i, q := range ends {
			if int(q) == here {
				return i
			}
		}
	}
	var field []int16
	if !retreat && part == 1 {
		field = b.buildField(k)
	}
	anchors := &b.pf.anchors // filled in place: an anchorSet is ~500 bytes, copied per end before
	b.anchors(who, anchors)
	if part == 2 && who.Kind == RefStand {
		b.afterActing(who, anchors)
	}
	if part == 1 && !retreat {
		b.followers(who, act, anchors)
	}
	anchors.mission = who.Kind == RefSolo && k.kind != goalEngage
	charger := part == 1 && !retreat && cr.traits&trCharge != 0 && act == ActAttack
	var castAt actor
	var castSp *spell
	castMiss := int64(3000) // a solo, or a unit's only stand: nothing else casts
	if part == 1 && !retreat && act == ActCast {
		castAt, castSp, _ = b.castPlan(who, u) // keep the spell it means to cast in range (tactical_cast.go)
		if u >= 0 && b.un[u].alive > 1 {
			castMiss = 300 // less than isolation (-400): the line holds, its other stands cast
		}
	}
	start := b.refBox(who)
	nearSq := b.nearField(side) // per square: the distance to the nearest enemy (a one-square mover's)
	best, bi := int64(-1<<62), 0
	for i, q := range ends {
		a := box{q % int32(b.w), q / int32(b.w), n}
		cost := int64(b.mv.cost[q])
		var near int64
		if n == 1 {
			near = int64(nearSq[q]) // nearestEnemy for a one-square box
		} else {
			near = int64(b.nearestEnemy(a, side))
		}
		var s int64
		switch {
		case retreat:
			s = min(near, 12)*100 - cost
		case part == 2:
			// After acting: a ranged fighter steps back out of reach but keeps in range; others hold.
			if isRanged && near > 1 {
				s = min(near, int64(rng))*20 - cost
			} else {
				s = -cost * 5
			}
		case isRanged && k.kind == goalEngage:
			if near <= int64(rng) {
				s = 2000 + near*10
				if near <= 1 {
					s -= 600
				}
			} else {
				s = -near * 20
			}
		default:
			f := int64(field[q])
			if f < 0 {
				f = 5000
			}
			s = -f * 20
			if f == 0 {
				s += 200
			}
		}
		s += b.integrityOf(who, a, anchors) + anchors.leash(b, a)
		if castSp != nil && !b.castKeeps(castAt, castSp, a) {
			s -= castMiss // issue 21: Cast chosen, then no target for the spell
		}
		if charger && b.chargeEnd(start, a, side) {
			s += 400 // a straight run into an enemy: the Charge (charge.go)
		}
		if n == 1 {
			s += int64(b.s.elev[q]) * 6
			if b.terr[q] == plan.TerrForest {
				s += 8
			}
		} else {
			s += int64(b.height(a)) * 6
			if b.inForest(a) {
				s += 8
			}
		}
		s -= cost
		if s > best {
			best, bi = s, i
		}
	}
	return bi
}

// anchorSet is what a mover keeps its integrity to (U-15): for a stand the stands of its unit
// already placed in this move (so a line advances behind its first stand instead of waiting for
// the others; the first has nothing to keep to); for an unattached solo every allied stand.
type anchorSet struct {
	boxes [16]box
	n     int
	// follow lists the stands of the unit still to move this turn, with how far each can go
	// (reach: its move plus the distance integrity allows): a stand does not run ahead of them.
	follow [16]box
	reach  [16]int32
	nf     int
	more   bool // more than len(boxes): integrityScore looks them up instead
	solo   bool
	// mission: a solo going for an objective (a zone, a resource) accepts isolation on the way.
	mission bool
	reg     bool
	spread  int32
}

// anchors fills a (cleared first) with who's anchors: U-15 [AI].
func (b *Battle) anchors(who Ref, a *anchorSet) {
	*a = anchorSet{}
	add := func(c box) {
		if a.n < len(a.boxes) {
			a.boxes[a.n] = c
			a.n++
		} else {
			a.more = true
		}
	}
	if who.Kind == RefSolo {
		so := &b.so[who.Index]
		a.solo, a.spread = true, int32(b.o.SoloSpreadOrDefault())
		for i := range b.st {
			st := &b.st[i]
			if st.on && b.un[st.unit].side == so.side {
				add(b.standBox(int32(i)))
			}
		}
		return
	}
	i := int32(who.Index)
	un := &b.un[b.st[i].unit]
	a.reg, a.spread = un.reg, int32(b.o.SkirmisherSpreadOrDefault())
	for k := un.first; k < un.first+un.n; k++ {
		if k != i && b.st[k].on && b.placed[k] == b.moveStamp {
			add(b.standBox(k))
		}
	}
}

// followers fills an.follow with the stands of who's unit that move after it this turn (U-15
// [AI]: a unit advances together).
func (b *Battle) followers(who Ref, act Action, an *anchorSet) {
	if who.Kind != RefStand {
		return
	}
	i := int32(who.Index)
	un := &b.un[b.st[i].unit]
	keep := int32(1)
	if !un.reg {
		keep = int32(b.o.SkirmisherSpreadOrDefault())
	}
	for k := un.first; k < un.first+un.n && an.nf < len(an.follow); k++ {
		if k != i && b.st[k].on && b.placed[k] != b.moveStamp {
			an.follow[an.nf] = b.standBox(k)
			an.reach[an.nf] = int32(b.speedOfStand(k, act == ActDash)) + keep
			an.nf++
		}
	}
}

// leash scores a for the stands still to move: -120 for each that could not come within integrity
// of a this turn (by distance; terrain and blockers may make it worse).
func (an *anchorSet) leash(b *Battle, a box) int64 {
	var s int64
	for k := 0; k < an.nf; k++ {
		if b.dist(a, an.follow[k]) > an.reach[k] {
			s -= 120
		}
	}
	return s
}

// integrityOf scores the mover's integrity at a (U-15): +80 kept, -400 isolated from its anchors
// (a solo: +60 within SoloSpread of an allied stand, -150 not, -40 on a mission), 0 with nothing
// to keep to.
func (b *Battle) integrityOf(who Ref, a box, an *anchorSet) int64 {
	if an.more {
		return b.integrityScore(who, a)
	}
	// The geometry of dist, overlap and adjacent (geom.go) written out: this runs for every end of
	// every move the policy scores.
	ok := false
	cheb := b.o.Distance == clashrules.Chebyshev
	for k := 0; k < an.n && !ok; k++ {
		c := an.boxes[k]
		gx := max(0, c.x-(a.x+a.n-1), a.x-(c.x+c.n-1))
		gy := max(0, c.y-(a.y+a.n-1), a.y-(c.y+c.n-1))
		d := gx + gy
		if cheb {
			d = max(gx, gy)
		}
		switch {
		case an.solo:
			ok = d <= an.spread
		case gx == 0 && gy == 0: // overlap
		case an.reg:
			ok = gx+gy == 1 // adjacent: sharing an edge
		default:
			ok = d <= an.spread
		}
	}
	switch {
	case an.solo && ok:
		return 60
	case an.solo && an.mission:
		return -40
	case an.solo:
		return -150
	case an.n == 0:
		return 0
	case ok:
		return 80
	}
	return -400
}

// integrityScore rewards a space where the mover keeps its unit's integrity (U-15) and punishes
// isolation. A stand measures itself against the stands of its unit already placed in this move
// (so a line advances behind its first stand instead of waiting for the others); the first has
// nothing to keep to.
func (b *Battle) integrityScore(who Ref, a box) int64 {
	if who.Kind == RefSolo {
		so := &b.so[who.Index]
		spread := int32(b.o.SoloSpreadOrDefault())
		for i := range b.st {
			st := &b.st[i]
			if st.on && b.un[st.unit].side == so.side && b.dist(a, b.standBox(int32(i))) <= spread {
				return 60
			}
		}
		return -150
	}
	i := int32(who.Index)
	st := &b.st[i]
	un := &b.un[st.unit]
	anchors, ok := 0, false
	spread := int32(b.o.SkirmisherSpreadOrDefault())
	for k := un.first; k < un.first+un.n; k++ {
		if k == i || !b.st[k].on || b.placed[k] != b.moveStamp {
			continue
		}
		anchors++
		c := b.standBox(k)
		if overlap(a, c) {
			continue
		}
		if un.reg && adjacent(a, c) || !un.reg && b.dist(a, c) <= spread {
			ok = true
		}
	}
	switch {
	case anchors == 0:
		return 0
	case ok:
		return 80
	}
	return -400
}
