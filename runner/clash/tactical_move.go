package clash

// The tactical policy's moves [AI]: approach the goal by the field, keep the unit's integrity.

import "github.com/sortie-rpg/sortie/compiler/plan"

// tacMove scores each destination of b.q.Options for the mover.
func (b *Battle) tacMove(who Ref, side, u int32, part int, act Action) int {
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
	if u >= 0 {
		k = b.unitGoal(u)
	} else {
		k = fieldKey{side: side, kind: goalEngage}
	}
	k.swim = cr.swim > 0 || cr.fly > 0
	if part == 2 && !isRanged && !retreat {
		// A melee fighter holds where it fought.
		here := int(b.refBox(who).y)*b.w + int(b.refBox(who).x)
		for i, o := range b.q.Options {
			if o.Square == here {
				return i
			}
		}
	}
	var field []int16
	if !retreat && part == 1 {
		field = b.buildField(k)
	}
	anchors := b.anchors(who)
	best, bi := int64(-1<<62), 0
	for i, o := range b.q.Options {
		if o.Square == Flee {
			continue // never flee the field willingly
		}
		q := int32(o.Square)
		a := box{q % int32(b.w), q / int32(b.w), n}
		cost := int64(b.mv.cost[q])
		near := int64(b.nearestEnemy(a, side))
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
		s += b.integrityOf(who, a, anchors)
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
	boxes  [16]box
	n      int
	more   bool // more than len(boxes): integrityScore looks them up instead
	solo   bool
	reg    bool
	spread int32
}

func (b *Battle) anchors(who Ref) anchorSet {
	var a anchorSet
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
		a.solo, a.spread = true, int32(b.o.soloSpread())
		for i := range b.st {
			st := &b.st[i]
			if st.on && b.un[st.unit].side == so.side {
				add(b.standBox(int32(i)))
			}
		}
		return a
	}
	i := int32(who.Index)
	un := &b.un[b.st[i].unit]
	a.reg, a.spread = un.reg, int32(b.o.skirmisherSpread())
	for k := un.first; k < un.first+un.n; k++ {
		if k != i && b.st[k].on && b.placed[k] == b.moveStamp {
			add(b.standBox(k))
		}
	}
	return a
}

// integrityOf scores the mover's integrity at a (U-15): +80 kept, -400 isolated from its anchors
// (a solo: +60 within SoloSpread of an allied stand, -150 not), 0 with nothing to keep to.
func (b *Battle) integrityOf(who Ref, a box, an anchorSet) int64 {
	if an.more {
		return b.integrityScore(who, a)
	}
	ok := false
	for k := 0; k < an.n && !ok; k++ {
		c := an.boxes[k]
		switch {
		case an.solo:
			ok = b.dist(a, c) <= an.spread
		case overlap(a, c):
		case an.reg:
			ok = adjacent(a, c)
		default:
			ok = b.dist(a, c) <= an.spread
		}
	}
	switch {
	case an.solo && ok:
		return 60
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
		spread := int32(b.o.soloSpread())
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
	spread := int32(b.o.skirmisherSpread())
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
