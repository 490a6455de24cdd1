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
	if lead := b.firstStand(u); lead >= 0 && !un.broken {
		return b.goalFor(un.side, b.standBox(lead), u, -1)
	}
	return fieldKey{side: un.side, kind: goalEngage}
}

// soloGoal is unitGoal for unattached solo j: an objective it is the closest to, else the enemy.
func (b *Battle) soloGoal(j int32) fieldKey {
	so := &b.so[j]
	return b.goalFor(so.side, b.soloBox(j), -1, j)
}

// goalFor picks the goal of unit u (lead its first stand) or solo j (at lead) of side: the nearest
// of the side's objectives it is the closest to of the side's units and unattached solos able to
// go (destroy a resource, hold a protected one, stand in a zone), else the enemy.
func (b *Battle) goalFor(side int32, lead box, u, j int32) fieldKey {
	k := fieldKey{side: side, kind: goalEngage}
	best := int32(1 << 20)
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if int32(o.side) != side {
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
			if b.threatened(o.res, side) {
				kind = goalEngage // drive off whoever comes near it (U-68 scores only then)
			}
		case plan.ObjCustom:
			if !o.repeat && b.objOK[oi] || !b.hasZone(o.when, side) {
				continue
			}
			kind = goalZone
		default:
			continue
		}
		d := b.objDistance(oi, lead, side)
		if d < best && b.closestTo(oi, d, side, u, j) {
			best, k = d, fieldKey{side: side, kind: kind, obj: oi}
			if kind == goalEngage {
				k.obj = 0
			}
		}
	}
	return k
}

// closestTo reports whether no other unit (by its first stand) or unattached solo of side that
// can go for objective oi is nearer it than d: the closest one takes it. A solo counts only for an
// objective that a unit cannot take better (a zone or a resource alike: the nearest goes).
func (b *Battle) closestTo(oi int, d int32, side int32, u, j int32) bool {
	for v := range b.un {
		ov := &b.un[v]
		if int32(v) == u || ov.side != side || ov.alive == 0 || ov.broken {
			continue
		}
		if l := b.firstStand(int32(v)); l >= 0 && b.objDistance(oi, b.standBox(l), side) < d {
			return false
		}
	}
	for k := range b.so {
		so := &b.so[k]
		if int32(k) == j || so.side != side || so.stand >= 0 || so.state != soloUp {
			continue
		}
		if b.objDistance(oi, b.soloBox(int32(k)), side) < d {
			return false
		}
	}
	return true
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

// tacAction picks a unit's or solo's action among b.q.Options: the one tacWant wants, else
// Attack, else the last (none).
func (b *Battle) tacAction(u, j int32) int {
	want := b.tacWant(u, j)
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

// tacActionNow is tacAction's choice without listing the options (no Chooser): only the actions it
// would take are checked for legality.
func (b *Battle) tacActionNow(u, j int32) Action {
	switch want := b.tacWant(u, j); {
	case b.actionLegal(u, j, want):
		return want
	case b.actionLegal(u, j, ActAttack):
		return ActAttack
	}
	return ActNone
}

// tacWant is the action the tactical policy wants for unit u (u >= 0) or solo j: cast when a
// spell is worth more than the weapons, join when an isolated solo can, dash towards an enemy out
// of reach, configure out of Defend (or into March when far), else attack.
func (b *Battle) tacWant(u, j int32) Action {
	want := ActAttack
	if u >= 0 {
		un := &b.un[u]
		lead := b.firstStand(u)
		switch {
		case un.reg && un.cfg == cfgDefend:
			// A casting unit in Defend casts (Defend forbids only the Attack action, U-48) when a
			// spell is worth it, keeping Defend's AC, rather than spend its turn reconfiguring.
			if b.spellWorth(Ref{RefNone, int(u)}) > 0 {
				want = ActCast
			} else if b.unitGoal(u).kind != goalProtect || b.unitEngaged(u) {
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
		case so.stand < 0 && b.isolatedSolo(j) && b.anyJoinableStanding(j) && b.nearestEnemy(a, so.side) > 2:
			want = ActJoin
		case so.stand < 0 && !ranged(cr) && b.nearestEnemy(a, so.side) > int32(b.speedOfSolo(j, false)+1):
			want = ActDash
		}
	}
	return want
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
		k.swim = cr.swim > 0 // U-22
		if f := b.buildField(k)[int(st.y)*b.w+int(st.x)]; f != unreached && int32(f) <= sp {
			return true
		}
	}
	return false
}

func (b *Battle) tacConfig(u int32) int {
	if b.aidWorth(u) {
		for i, o := range b.q.Options {
			if o.Value == cfgAid {
				return i
			}
		}
	}
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
