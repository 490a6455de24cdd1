package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// The tactical policy's spellcasting [AI]: cast when a spell is worth more than the caster's
// weapons (a limited one only when clearly so), put areas where they hit enemies and not allies.

// knownOf returns the actor's known spell for spell sp it can cast now, or nil.
func (b *Battle) knownOf(at *actor, sp int) *knownSpell {
	var k int
	if at.stand >= 0 {
		k = b.standSpell(at.stand, sp)
	} else {
		k = b.soloSpell(at.solo, sp)
	}
	if k < 0 {
		return nil
	}
	return &at.cr.spells[k]
}

// spellValue is the worth of casting spell sp now: for a unit (who.Kind RefNone) every stand that
// can; for a solo itself. Limited spells count less, so they wait for a good moment.
func (b *Battle) spellValue(who Ref, sp int) int64 {
	spl := &b.s.sp[sp]
	var v int64
	limited := false
	each := func(at *actor) {
		k := b.knownOf(at, sp)
		if k == nil || b.holdsConcentration(at, spl) {
			return
		}
		limited = limited || k.uses > 0
		if spl.shape != "" {
			if v == 0 || at.solo >= 0 {
				v = max(v, b.bestAreaValue(at, spl, k, at.stand >= 0))
			}
			return
		}
		v += b.bestTargetedValue(at, spl, k)
	}
	if who.Kind == RefSolo {
		at := b.soloActor(int32(who.Index))
		each(&at)
	} else {
		un := &b.un[who.Index]
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on {
				at := b.standActor(i)
				each(&at)
			}
		}
	}
	if limited {
		v = v*2/3 - 150
	}
	return v
}

// spellWorth is the best spell's value less what the casters' weapons would do (> 0: cast).
func (b *Battle) spellWorth(who Ref) int64 {
	best := int64(0)
	for sp := range b.s.sp {
		best = max(best, b.spellValue(who, sp))
	}
	if best <= 0 {
		return 0
	}
	return best - b.weaponValue(who)
}

// weaponValue estimates what the casters' attacks are worth this turn (targets in reach now).
func (b *Battle) weaponValue(who Ref) int64 {
	var v int64
	each := func(at *actor) {
		if len(at.cr.spells) == 0 {
			return
		}
		best := int64(0)
		for ai := range at.cr.attacks {
			a := &at.cr.attacks[ai]
			b.eachTarget(at, ai, false, func(t Ref) bool {
				p := int64(20)
				if t.Kind != RefResource {
					p = hitChance(a.toHit, b.targetAC(t))
				}
				best = max(best, b.targetValue(t, int64(a.avg2), p))
				return true
			})
		}
		v += best
	}
	if who.Kind == RefSolo {
		at := b.soloActor(int32(who.Index))
		each(&at)
	} else {
		un := &b.un[who.Index]
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on {
				at := b.standActor(i)
				each(&at)
			}
		}
	}
	return v
}

// saveFactor is the share (of 20) of damage a save spell is expected to deal.
func saveFactor(sp *spell) int64 {
	switch sp.resolve {
	case plan.ResolveSave:
		if sp.half {
			return 15
		}
		return 10
	case plan.ResolveAttack:
		return 12
	}
	return 20
}

// allyHit is the value of an area that covers an ally: never worth casting (the README: casters
// place areas that hit only enemies; an Ice Storm on its own dire wolves was issue 21's lapse).
const allyHit = -(int64(1) << 40)

// areaValue scores the area now in b.sc for a caster of side: enemies hit count for, resource
// squares of a Destruction objective for; an area covering any ally (stand or unattached solo up)
// is allyHit.
func (b *Battle) areaValue(side int32, sp *spell, k *knownSpell, byStand bool) int64 {
	if sp.fx != nil && sp.fx.hasPool {
		return b.poolValue(side, sp, byStand) // sleep (pools.go)
	}
	var v int64
	e2 := int64(k.avg2) * saveFactor(sp) / 20
	if byStand {
		e2 *= 2
	}
	for i := range b.st {
		st := &b.st[i]
		if !st.on {
			continue
		}
		c, n := b.coverage(b.standBox(int32(i)))
		if c == 0 {
			continue
		}
		d := e2
		if c < n {
			d /= 2
		}
		t := Ref{RefStand, i}
		if b.un[st.unit].side == side {
			return allyHit
		}
		if d > 0 {
			v += b.targetValue(t, d, 20)
		}
		if c == n {
			v += b.fxValue(side, sp, t) // U-43: a partly covered stand is unaffected
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 || so.state != soloUp {
			continue
		}
		if c, _ := b.coverage(b.soloBox(int32(j))); c > 0 {
			t := Ref{RefSolo, j}
			if so.side == side {
				return allyHit
			}
			if e2 > 0 {
				v += b.targetValue(t, e2, 20)
			}
			v += b.fxValue(side, sp, t)
		}
	}
	for ri := range b.s.resSq {
		r := &b.s.resSq[ri]
		if e2 > 0 && b.rhp[ri] > 0 && b.sc.mark[r.sq] == b.sc.epoch && b.destroys(side, r.res) {
			v += b.targetValue(Ref{RefResource, ri}, e2, 20)
		}
	}
	return v
}

// mayHit reports whether an area placed by o could reach an enemy at all (a cheap test on the
// enemy distance field, so that only placements near the enemy are scored).
func (b *Battle) mayHit(side int32, sp *spell, o *Option) bool {
	if sp.self || o.Square < 0 {
		return true
	}
	d := b.nearField(side)[o.Square]
	if sp.shape == plan.AreaCube {
		return d <= int32(2*max(1, sp.size/20))
	}
	return d <= int32(sp.size/20)
}

func (b *Battle) bestAreaValue(at *actor, sp *spell, k *knownSpell, byStand bool) int64 {
	if sp.fx != nil && sp.fx.aura {
		return b.auraValue(at, sp, k, byStand) // spirit guardians: no placement to weigh
	}
	best := int64(0)
	b.eachPlacement(at, sp, func(o Option) {
		if !b.mayHit(at.side, sp, &o) {
			return
		}
		b.placeArea(at, sp, &o)
		best = max(best, b.areaValue(at.side, sp, k, byStand))
	})
	return best
}

// bestTargetedValue sums the values of the spell's best targets for one caster.
func (b *Battle) bestTargetedValue(at *actor, sp *spell, k *knownSpell) int64 {
	n := sp.targets
	// Keep the n best values (n is small).
	var top [8]int64
	cnt := min(n, len(top))
	add := func(v int64) {
		for i := 0; i < cnt; i++ {
			if v > top[i] {
				copy(top[i+1:cnt], top[i:cnt-1])
				top[i] = v
				return
			}
		}
	}
	for i := range b.st {
		if t := (Ref{RefStand, i}); b.spellTargetable(at, sp, t) {
			add(b.spellTargetValue(at, sp, k, t))
		}
	}
	for j := range b.so {
		if t := (Ref{RefSolo, j}); b.spellTargetable(at, sp, t) {
			add(b.spellTargetValue(at, sp, k, t))
		}
	}
	for r := range b.s.resSq {
		if t := (Ref{RefResource, r}); b.spellTargetable(at, sp, t) {
			add(b.spellTargetValue(at, sp, k, t))
		}
	}
	var v int64
	for i := 0; i < cnt; i++ {
		v += top[i]
	}
	return v
}

// spellTargetValue scores one target of a targeted spell.
func (b *Battle) spellTargetValue(at *actor, sp *spell, k *knownSpell, t Ref) int64 {
	if sp.resolve == plan.ResolveHeal {
		switch t.Kind {
		case RefStand:
			st := &b.st[t.Index]
			if st.cas {
				return 1200
			}
			return int64(st.max-st.hp) * 2 * 600 / int64(max(st.max*2, 1))
		case RefSolo:
			so := &b.so[t.Index]
			if so.state == soloDying || so.state == soloStable {
				return 1200
			}
			return int64(so.max-so.hp) * 2 * 600 / int64(max(so.max*2, 1))
		}
		return 0
	}
	p := int64(20)
	switch sp.resolve {
	case plan.ResolveAttack:
		if t.Kind != RefResource {
			p = hitChance(k.atk, b.targetAC(t))
		}
	case plan.ResolveSave:
		p = saveFactor(sp)
	}
	v := b.fxValue(at.side, sp, t)
	if k.avg2 > 0 {
		v += b.targetValue(t, int64(k.avg2), p)
	}
	return v
}

// tacSpell picks the spell of b.q.Options worth most.
func (b *Battle) tacSpell(who Ref) int {
	best, bi := int64(0), len(b.q.Options)-1
	for i, o := range b.q.Options {
		if o.Value < 0 {
			continue
		}
		if v := b.spellValue(who, o.Value); v > best {
			best, bi = v, i
		}
	}
	return bi
}

// tacArea picks the placement of b.q.Options worth most.
func (b *Battle) tacArea(sp int, byStand bool) int {
	spl := &b.s.sp[sp]
	best, bi := int64(-1<<62), 0
	for i := range b.q.Options {
		o := b.q.Options[i]
		var at actor
		if o.Ref.Kind == RefStand {
			at = b.standActor(int32(o.Ref.Index))
		} else {
			at = b.soloActor(int32(o.Ref.Index))
		}
		k := b.knownOf(&at, sp)
		if k == nil || !b.mayHit(at.side, spl, &o) {
			continue
		}
		var v int64
		if spl.fx != nil && spl.fx.aura {
			v = b.auraValue(&at, spl, k, byStand) // which stand holds the spirits
		} else {
			b.placeArea(&at, spl, &o)
			v = b.areaValue(at.side, spl, k, byStand)
		}
		if v > best {
			best, bi = v, i
		}
	}
	return bi
}

// tacSpellTarget picks the target of b.q.Options worth most ("none", last, when nothing is worth
// it). The first target of a cast is never "none" while a target is in range (U-40, U-76 [5E-CORE]:
// a targeted spell is cast at a target): the cast is decided (a script's or a player's choice may
// have made it) and its use is spent, so a target worth nothing now (bless on a stand no enemy
// reaches yet) beats a spell cast at no one; one already under the spell does not (the stand then
// does not cast: unitCast).
func (b *Battle) tacSpellTarget(at *actor, sp *spell, first bool) int {
	k := b.knownOf(at, b.spellIndex(sp))
	best, bi := int64(0), len(b.q.Options)-1
	if first {
		best = -1
	}
	if k == nil {
		return bi
	}
	for i, o := range b.q.Options {
		if o.Ref.Kind == RefNone || first && sp.fx != nil && b.hasEffect(o.Ref, sp) {
			continue // a first target already under this spell gains nothing (5e: it does not stack)
		}
		if v := b.spellTargetValue(at, sp, k, o.Ref); v > best {
			best, bi = v, i
		}
	}
	return bi
}

func (b *Battle) spellIndex(sp *spell) int {
	for i := range b.s.sp {
		if &b.s.sp[i] == sp {
			return i
		}
	}
	return -1
}
