package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

// The tactical policy's answers to the lapses issue 21 saw in the bundled battles [AI]: a stand
// stepping into isolation after acting, attacks spent on a casualty.

// afterActing adds to a stand's anchors, for its move after its unit's action (part 2, U-8 (6),
// U-82) [AI], the stands of its unit still to make that move, each with the reach it has left
// (its movement left if it is a ranged stand, which steps after acting; none for a melee one,
// which holds) plus the unit's spread: a stand does not step where the others cannot keep
// integrity with it (issue 21: a caster stepping away from its unit to an isolated square after
// casting, the first stand to move after the action having nothing to keep to).
func (b *Battle) afterActing(who Ref, an *anchorSet) {
	i := int32(who.Index)
	un := &b.un[b.st[i].unit]
	keep := int32(1)
	if !un.reg {
		keep = int32(b.o.SkirmisherSpreadOrDefault())
	}
	for k := un.first; k < un.first+un.n && an.nf < len(an.follow); k++ {
		if k == i || !b.st[k].on || b.placed[k] == b.moveStamp {
			continue
		}
		r := keep
		if ranged(&b.s.cr[b.st[k].cr]) {
			r += int32(max(0, b.left[k]))
		}
		an.follow[an.nf] = b.standBox(k)
		an.reach[an.nf] = r
		an.nf++
	}
}

// casualtyValue is what hitting casualty stand i is worth to the tactical policy [AI], for
// expected damage e2 (x 2) at chance p (1/20ths): it absorbs 1 (U-57) and the rest overflows
// (U-56) to an adjacent stand of its unit with the same stat block, the attacker's pick: worth
// what that rest is worth against the best such stand that is not a casualty; with none, next to
// nothing (issue 21: stands spent attacks on a casualty while a live enemy stood in reach).
func (b *Battle) casualtyValue(i int32, e2, p int64) int64 {
	if b.o.Overflow == clashrules.OverflowNone || e2 <= 2 {
		return p / 4
	}
	best := p / 4
	b.pf.cands = b.overflowCandidates(i, b.hitSeq+1, b.pf.cands[:0]) // a seq no stand carries yet
	for _, k := range b.pf.cands {
		if b.st[k].cas {
			continue
		}
		best = max(best, b.targetValue(Ref{RefStand, int(k)}, e2-2, p))
	}
	return best
}

// aidWorth reports whether regiment u, configuring anyway, should take Aid rather than March
// (U-48) [AI]: it is engaged in melee and a stand of it with no melee target of its own is
// adjacent to one that has one, so the idle stand's attack can become the other's advantage
// (issue 21: the Aid configuration was never chosen; a regiment leaving Defend always marched).
func (b *Battle) aidWorth(u int32) bool {
	un := &b.un[u]
	if !un.reg || !b.unitEngaged(u) {
		return false
	}
	for i := un.first; i < un.first+un.n; i++ {
		if !b.st[i].on {
			continue
		}
		idle := b.standActor(i)
		if b.hasMeleeTarget(&idle) {
			continue
		}
		for k := un.first; k < un.first+un.n; k++ {
			if k == i || !b.st[k].on || !adjacent(idle.box, b.standBox(k)) {
				continue
			}
			if front := b.standActor(k); b.hasMeleeTarget(&front) {
				return true
			}
		}
	}
	return false
}
