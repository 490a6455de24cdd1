package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The tactical policy's targets [AI]: what an attack is worth, focus fire, routines, overflow,
// gaps, solos.

// hitChance is the chance in 1/20ths that toHit beats ac (a natural 1 misses, a 20 hits).
func hitChance(toHit, ac int) int64 {
	return int64(min(19, max(1, 21+toHit-ac)))
}

// targetValue scores hitting t for expected damage e2 (x 2) with chance p (1/20ths).
func (b *Battle) targetValue(t Ref, e2 int64, p int64) int64 {
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		if st.cas {
			return b.casualtyValue(int32(t.Index), e2, p)
		}
		if b.standIsolated(int32(t.Index)) {
			e2 *= 2
		}
		h := int64(st.hp) * 2
		v := int64(0)
		if e2 >= h {
			v = 1000 + 200*int64(b.attritionWorth(st.unit))
			if b.un[st.unit].alive == 1 {
				v += 300
			}
		} else {
			v = 600 * e2 / max(h, 1)
		}
		return v * p / 20
	case RefSolo:
		so := &b.so[t.Index]
		switch so.state {
		case soloDying, soloStable:
			return 400 * p / 20
		case soloUp:
			h := int64(so.hp) * 2
			v := 700 * min(e2, h) / max(h, 1)
			if e2 >= h {
				v += 500
			}
			if so.cmd >= 0 {
				v += 200
			}
			return v * p / 20
		}
		return 0
	case RefResource:
		h := int64(b.rhp[t.Index]) * 2
		vp := int64(b.s.resSq[t.Index].vp)
		return 1500 * vp * min(e2, h) / max(h, 1) * p / 20
	}
	return 0
}

// attritionWorth is the VP the other side gets when unit u is eliminated (U-66), spread per stand.
func (b *Battle) attritionWorth(u int32) int {
	v := 0
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if o.kind == plan.ObjAttrition && int32(o.side) != b.un[u].side {
			for _, uv := range o.units {
				if int32(uv.Unit) == u {
					v += uv.VP
				}
			}
		}
	}
	return v
}

// tacTarget picks the target worth most (focus fire on the weakened, the isolated, objectives).
func (b *Battle) tacTarget(at *actor, ai int) int {
	a := &at.cr.attacks[ai]
	best, bi := int64(-1), 0
	for i, o := range b.q.Options {
		if v := b.attackValue(at, a, o.Ref); v > best {
			best, bi = v, i
		}
	}
	return bi
}

// attackValue is what attack a of the actor against t is worth: targetValue at its chance to hit,
// with advantage and disadvantage.
func (b *Battle) attackValue(at *actor, a *attack, t Ref) int64 {
	p := int64(20)
	if t.Kind != RefResource {
		p = hitChance(a.toHit, b.targetAC(t))
		if adv, dis := b.attackMods(at, t, a.melee && adjacent(at.box, b.refBox(t)), false); adv && !dis {
			p = min(19, p+p*(20-p)/20)
		} else if dis && !adv {
			p = p * p / 20
		}
	}
	return b.targetValue(t, int64(a.avg2), p)
}

// tacTargetNow is decideTarget for the tactical policy with no Chooser: tacTarget's choice without
// listing the options (the first best in their order: nearest first, then stand, solo, square).
func (b *Battle) tacTargetNow(at *actor, ai int, reachBonus bool) (Ref, bool) {
	a := &at.cr.attacks[ai]
	best, bestD := int64(-1), int32(0)
	var bt Ref
	found := false
	b.eachTarget(at, ai, reachBonus, func(t Ref) bool {
		v := b.attackValue(at, a, t)
		if v < best {
			return true
		}
		d := b.dist(at.box, b.refBox(t))
		if v > best || d < bestD {
			best, bestD, bt, found = v, d, t, true
		}
		return true
	})
	return bt, found
}

// tacRoutine: in Aid, a stand with no melee target aids a neighbour that has one; else the routine
// worth most against the targets in reach (each attack at its best target: a casualty is worth
// little, U-57).
func (b *Battle) tacRoutine(at *actor) int {
	opts := b.q.Options
	if at.stand >= 0 {
		st := &b.st[at.stand]
		if u := &b.un[st.unit]; u.reg && u.cfg == cfgAid && !b.hasMeleeTarget(at) {
			for i, o := range opts {
				if o.Value == -2 && !b.st[o.Ref.Index].aided {
					h := b.standActor(int32(o.Ref.Index))
					if b.hasMeleeTarget(&h) {
						return i
					}
				}
			}
		}
	}
	if i, ok := firstDominates(at.cr, opts); ok {
		return i
	}
	// Each attack is valued once: routines share attacks (Multiattack [0, 0] and [0] alone), and
	// nothing changes between them.
	var val [maxAttacks]int64
	var known uint32 // by attack index (< maxAttacks = 32)
	best, bi := int64(-1), len(opts)-1
	for i, o := range opts {
		if o.Value < 0 {
			continue
		}
		var v int64
		for _, ai := range at.cr.routines[o.Value] {
			if bit := uint32(1) << ai; known&bit == 0 {
				known |= bit
				val[ai] = b.bestAttackValue(at, ai)
			}
			v += val[ai]
		}
		if v > best {
			best, bi = v, i
		}
	}
	return bi
}

// firstDominates finds, among opts (AskRoutine options: Value a routine of cr, or below 0 for aid
// and none), the first routine and reports whether it holds every attack of each other routine
// listed, as many times or more (a Multiattack [0, 0] listed before [0] alone; a lone routine). Its
// worth in tacRoutine is then at least each other's, since an attack's worth is never below 0
// (bestAttackValue), and tacRoutine takes the first of the best: the same choice without valuing
// any attack. ok is false when no routine is listed or another holds an attack the first lacks.
func firstDominates(cr *creature, opts []Option) (int, bool) {
	first := -1
	var have [maxAttacks]int8
	for i, o := range opts {
		if o.Value < 0 {
			continue
		}
		if first < 0 {
			first = i
			for _, ai := range cr.routines[o.Value] {
				have[ai]++
			}
			continue
		}
		var need [maxAttacks]int8
		for _, ai := range cr.routines[o.Value] {
			if need[ai]++; need[ai] > have[ai] {
				return 0, false
			}
		}
	}
	return first, first >= 0
}

// bestAttackValue is what attack ai of the actor is worth at its best target now (0: none).
func (b *Battle) bestAttackValue(at *actor, ai int) int64 {
	a := &at.cr.attacks[ai]
	best := int64(0)
	b.eachTarget(at, ai, false, func(t Ref) bool {
		if b.charging(at, ai, t) {
			c := *a // the Charge's extra dice (and its push and prone) ride on this attack
			c.avg2 += expect2(at.cr.charge.dmg)
			best = max(best, b.attackValue(at, &c, t)+150) // and its push and prone
			return true
		}
		best = max(best, b.attackValue(at, a, t))
		return true
	})
	return best
}

func (b *Battle) hasMeleeTarget(at *actor) bool {
	for ai := range at.cr.attacks {
		if !at.cr.attacks[ai].melee {
			continue
		}
		found := false
		b.eachTarget(at, ai, true, func(Ref) bool { found = true; return false })
		if found {
			return true
		}
	}
	return false
}

// tacOverflow picks where excess damage goes (U-56): the attacker into the weakest stand that is
// not a casualty yet (the most likely to fall, and under OverflowChain the most left to pass on),
// the defender into a casualty, else its strongest stand.
func (b *Battle) tacOverflow(attacker bool) int {
	best, bi := int64(0), -1
	for i, o := range b.q.Options {
		v := b.overflowWorth(int32(o.Ref.Index))
		if !attacker {
			v = -v
		}
		if bi < 0 || v > best {
			best, bi = v, i
		}
	}
	return max(bi, 0)
}

// overflowWorth is what excess damage into stand k is worth to the attacker: a casualty absorbs
// it (1 hp, U-57) and is worth nothing; else the fewer hp it has, the more.
func (b *Battle) overflowWorth(k int32) int64 {
	if st := &b.st[k]; !st.cas {
		return int64(clashrules.MaxHP+1) - int64(st.hp)
	}
	return 0
}

// tacFill moves a stand of the gap's unit into it when that leaves fewer of the unit's stands
// isolated.
func (b *Battle) tacFill(gap box, u int32) int {
	before := b.isolatedCount(u)
	best, bi := before, 0
	for i, o := range b.q.Options {
		if o.Ref.Kind != RefStand || b.st[o.Ref.Index].unit != u {
			continue
		}
		k := int32(o.Ref.Index)
		st := &b.st[k]
		x, y := st.x, st.y
		st.x, st.y = gap.x, gap.y
		c := b.isolatedCount(u)
		st.x, st.y = x, y
		if c < best {
			best, bi = c, i
		}
	}
	return bi
}

func (b *Battle) isolatedCount(u int32) int {
	un := &b.un[u]
	n := 0
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on && b.isolatedStand(i) {
			n++
		}
	}
	return n
}

func (b *Battle) tacSoloStep(int32) int { return 0 }

func (b *Battle) tacRejoin(int32) int {
	if len(b.q.Options) > 1 {
		return 1
	}
	return 0
}

func (b *Battle) tacJoin(j int32) int {
	best, bi := int32(1<<20), 0
	a := b.soloBox(j)
	for i, o := range b.q.Options {
		d := b.dist(a, b.standBox(int32(o.Ref.Index)))
		if b.st[o.Ref.Index].cas {
			d += 1 << 16 // a casualty leaves the grid at the end of the round (U-60): the last choice
		}
		if d < best {
			best, bi = d, i
		}
	}
	return bi
}
