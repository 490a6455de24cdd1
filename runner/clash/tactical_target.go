package clash

// The tactical policy's targets [AI]: what an attack is worth, focus fire, routines, overflow,
// gaps, solos.

import "github.com/sortie-rpg/sortie/compiler/plan"

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
			return 5 * p // a casualty already: only overflow comes of it
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
		t := o.Ref
		p := int64(20)
		if t.Kind != RefResource {
			p = hitChance(a.toHit, b.targetAC(t))
			if adv, dis := b.attackMods(at, t, a.melee && adjacent(at.box, b.refBox(t)), false); adv && !dis {
				p = min(19, p+p*(20-p)/20)
			} else if dis && !adv {
				p = p * p / 20
			}
		}
		if v := b.targetValue(t, int64(a.avg2), p); v > best {
			best, bi = v, i
		}
	}
	return bi
}

// tacRoutine: in Aid, a stand with no melee target aids a neighbour that has one; else the routine
// with the most expected damage against the targets in reach.
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
	best, bi := -1, len(opts)-1
	for i, o := range opts {
		if o.Value < 0 {
			continue
		}
		v := 0
		for _, ai := range at.cr.routines[o.Value] {
			if b.anyTarget(at, ai) {
				v += at.cr.attacks[ai].avg2
			}
		}
		if v > best {
			best, bi = v, i
		}
	}
	return bi
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

func (b *Battle) tacOverflow(attacker bool) int {
	bi := 0
	for i, o := range b.q.Options {
		h, c := b.st[o.Ref.Index].hp, b.st[b.q.Options[bi].Ref.Index].hp
		if attacker && h < c || !attacker && h > c {
			bi = i
		}
	}
	return bi
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
		if d := b.dist(a, b.standBox(int32(o.Ref.Index))); d < best {
			best, bi = d, i
		}
	}
	return bi
}
