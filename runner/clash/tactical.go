package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// The tactical policy [AI]: how a competent DM plays a side. Each function scores the options
// b.q holds and returns the index of the best (the first on ties, so it is deterministic). Scores
// are in rough "hit points of the enemy's, x 2" units; VP count for much.

// unitGoal picks what unit u goes for this turn: the nearest of its side's objectives it is the
// closest unit to (destroy a resource, hold a protected one, stand in a zone), else the enemy.
func (b *Battle) unitGoal(u int32) fieldKey {
	stamp := b.round*1000 + b.turn + 1
	if b.pf.goalAt[u] == stamp {
		return b.pf.goalOf[u]
	}
	k := b.chooseGoal(u)
	b.pf.goalOf[u], b.pf.goalAt[u] = k, stamp
	return k
}

func (b *Battle) chooseGoal(u int32) fieldKey {
	un := &b.un[u]
	k := fieldKey{side: un.side, kind: goalEngage}
	if un.broken {
		return k
	}
	lead := b.firstStand(u)
	if lead < 0 {
		return k
	}
	best := int32(1 << 20)
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if int32(o.side) != un.side {
			continue
		}
		var kind int8
		switch o.kind {
		case plan.ObjDestroy:
			if !b.resourceAlive(o.res) {
				continue
			}
			kind = goalDestroy
		case plan.ObjProtect:
			if !b.resourceAlive(o.res) {
				continue
			}
			kind = goalProtect
			if b.threatened(o.res, un.side) {
				kind = goalEngage // drive off whoever comes near it (U-68 scores only then)
			}
		case plan.ObjCustom:
			if !o.repeat && b.objOK[oi] || !b.hasZone(o.when, un.side) {
				continue
			}
			kind = goalZone
		default:
			continue
		}
		d := b.objDistance(oi, b.standBox(lead), un.side)
		// The unit closest to the objective takes it.
		closest := true
		for v := range b.un {
			ov := &b.un[v]
			if int32(v) == u || ov.side != un.side || ov.alive == 0 || ov.broken {
				continue
			}
			if l := b.firstStand(int32(v)); l >= 0 && b.objDistance(oi, b.standBox(l), un.side) < d {
				closest = false
				break
			}
		}
		if closest && d < best {
			best, k = d, fieldKey{side: un.side, kind: kind, obj: oi}
			if kind == goalEngage {
				k.obj = 0
			}
		}
	}
	return k
}

func (b *Battle) firstStand(u int32) int32 {
	un := &b.un[u]
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on {
			return i
		}
	}
	return -1
}

func (b *Battle) resourceAlive(r int) bool {
	for _, k := range b.s.res[r] {
		if b.rhp[k] > 0 {
			return true
		}
	}
	return false
}

func (b *Battle) hasZone(c *plan.ClashCond, side int32) bool {
	found := false
	b.zoneGoals(c, side, func(int, int) { found = true })
	return found
}

// threatened reports whether an enemy stand or unattached solo is within 3 squares of a live
// square of resource r.
func (b *Battle) threatened(r int, side int32) bool {
	near := b.nearField(side)
	for _, k := range b.s.res[r] {
		if b.rhp[k] > 0 && near[b.s.resSq[k].sq] <= 3 {
			return true
		}
	}
	return false
}

// objDistance is the distance from a to objective oi's nearest square (for side).
func (b *Battle) objDistance(oi int, a box, side int32) int32 {
	o := &b.s.obj[oi]
	best := int32(1 << 20)
	switch o.kind {
	case plan.ObjDestroy, plan.ObjProtect:
		for _, k := range b.s.res[o.res] {
			best = min(best, b.dist(a, b.sqBox(int32(b.s.resSq[k].sq))))
		}
	case plan.ObjCustom:
		b.zoneGoals(o.when, side, func(x, y int) {
			best = min(best, b.dist(a, box{int32(x), int32(y), 1}))
		})
	}
	return best
}

// ranged reports whether a creature fights better at range: with a ranged attack, or an at-will
// ranged damaging spell (a cantrip), worth more than its melee.
func ranged(cr *creature) bool { return cr.rangedBest > cr.bestMelee }

// bestRange is the normal range in squares of the creature's ranged attacks and cantrips.
func bestRange(cr *creature) int32 { return max(1, int32(cr.rangedReach)) }

// tacAction picks a unit's or solo's action.
func (b *Battle) tacAction(u, j int32) int {
	want := ActAttack
	if u >= 0 {
		un := &b.un[u]
		lead := b.firstStand(u)
		switch {
		case un.reg && un.cfg == cfgDefend:
			if b.unitGoal(u).kind != goalProtect || b.unitEngaged(u) {
				want = ActConfigure
			} else {
				want = ActNone
			}
		case un.reg && un.cfg == cfgAid && lead >= 0 && b.nearestEnemy(b.standBox(lead), un.side) > int32(3*b.speedOfStand(lead, false)+3):
			want = ActConfigure
		case b.spellWorth(Ref{RefNone, int(u)}) > 0:
			want = ActCast
		case lead >= 0 && !b.unitEngaged(u) && !b.unitCanStrike(u):
			want = ActDash
		}
	} else {
		so := &b.so[j]
		cr := &b.s.cr[so.cr]
		a := b.soloBox(j)
		switch {
		case b.spellWorth(Ref{RefSolo, int(j)}) > 0:
			want = ActCast
		case so.stand < 0 && b.isolatedSolo(j) && b.anyJoinable(j) && b.nearestEnemy(a, so.side) > 2:
			want = ActJoin
		case so.stand < 0 && !ranged(cr) && b.nearestEnemy(a, so.side) > int32(b.speedOfSolo(j, false)+1):
			want = ActDash
		}
	}
	for i, o := range b.q.Options {
		if o.Action == want {
			return i
		}
	}
	for i, o := range b.q.Options {
		if o.Action == ActAttack {
			return i
		}
	}
	return len(b.q.Options) - 1 // none
}

// unitEngaged reports whether a stand of unit u is adjacent to an enemy stand.
func (b *Battle) unitEngaged(u int32) bool {
	un := &b.un[u]
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on && b.enemyAdjacent(un.side, b.standBox(i), true) {
			return true
		}
	}
	return false
}

// unitCanStrike reports whether a stand of unit u can reach a target this turn without dashing.
func (b *Battle) unitCanStrike(u int32) bool {
	un := &b.un[u]
	k := b.unitGoal(u)
	for i := un.first; i < un.first+un.n; i++ {
		st := &b.st[i]
		if !st.on {
			continue
		}
		cr := &b.s.cr[st.cr]
		sp := int32(b.speedOfStand(i, false))
		a := b.standBox(i)
		if cr.hasRanged && b.nearestEnemy(a, un.side) <= bestRange(cr)+sp {
			return true
		}
		k.swim = cr.swim > 0 || cr.fly > 0
		if f := b.buildField(k)[int(st.y)*b.w+int(st.x)]; f != unreached && int32(f) <= sp {
			return true
		}
	}
	return false
}

func (b *Battle) tacConfig(u int32) int {
	for i, o := range b.q.Options {
		if o.Value == cfgMarch {
			return i
		}
	}
	return 0
}

// tacCommand: take command when nobody has it; Prepare when one more lost stand would call for a
// morale check; Incite when the enemy is close; else nothing.
func (b *Battle) tacCommand(u int32) int {
	un := &b.un[u]
	opts := b.q.Options
	for i, o := range opts {
		if o.Cmd == CmdTake {
			return i
		}
	}
	lost := un.start - un.alive
	if un.alive > 0 && b.atMoraleThreshold(un.start, lost+1) {
		return findCmd(opts, CmdPrepare)
	}
	if lead := b.firstStand(u); lead >= 0 && b.nearestEnemy(b.standBox(lead), un.side) <= int32(2*b.speedOfStand(lead, false)+2) {
		return findCmd(opts, CmdIncite)
	}
	return 0
}

func findCmd(opts []Option, c Command) int {
	for i, o := range opts {
		if o.Cmd == c {
			return i
		}
	}
	return 0
}

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
