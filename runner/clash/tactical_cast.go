package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// The tactical policy's move before a Cast a Spell action [AI] (U-38..U-40): a caster that chose
// Cast because a spell was worth it does not step where that spell has nothing to land on (issue
// 21: a wizard chose Cast for hold person, then stepped back to its cantrip's range, and hold
// person had no target left).

// castPlan is the spell the tactical policy means to cast with the Cast action chosen for unit u
// (u >= 0) or solo who: the one tacSpell would pick as the move begins (the greatest spellValue >
// 0; for a unit chosen once for the whole move, before its first stand moves), with the mover as
// its caster when the mover can cast it; ok false when there is none or the mover cannot cast it
// (a stand of a mixed unit that does not know it, U-39).
func (b *Battle) castPlan(who Ref, u int32) (at actor, sp *spell, ok bool) {
	by := Ref{RefSolo, who.Index}
	if who.Kind == RefStand {
		by = Ref{RefNone, int(u)}
		at = b.standActor(int32(who.Index))
	} else {
		at = b.soloActor(int32(who.Index))
	}
	bi := b.pf.castSp
	if who.Kind != RefStand || b.pf.castAt != b.moveStamp+1 {
		best := int64(0)
		bi = -1
		for k := range b.s.sp {
			if v := b.spellValue(by, k); v > best {
				best, bi = v, k
			}
		}
		b.pf.castAt, b.pf.castSp = b.moveStamp+1, bi
	}
	if bi < 0 || b.knownOf(&at, bi) == nil {
		return at, nil, false
	}
	return at, &b.s.sp[bi], true
}

// castKeeps reports whether a caster (at, moved to a) would still have something for sp: a
// targeted spell a target in its range (U-37, U-40: spellTargetable); an area an enemy within its
// range plus how far the area reaches past its origin square (a sphere's or cylinder's radius, a
// cube's side less the origin square: web's 20-ft cube is its origin alone), or for a self area
// its size (U-44..U-47), in squares (U-1: 20 ft).
func (b *Battle) castKeeps(at actor, sp *spell, a box) bool {
	at.box = a
	if sp.shape == "" {
		return b.hasSpellTarget(&at, sp)
	}
	var reach int32
	switch {
	case sp.self:
		reach = int32(max(1, sp.size/20))
	case sp.shape == plan.AreaCube:
		reach = int32(sp.rng + max(0, sp.size/20-1))
	default:
		reach = int32(sp.rng + sp.size/20)
	}
	return b.nearestEnemy(a, at.side) <= reach
}

// waitForMates reports whether stand i, about to make its move before its unit's action (its
// reachable spaces in b.mv.ends), should move after the stands of its unit that have not moved
// yet [AI] (U-15, U-82): the stands already placed leave it no reachable space that keeps the
// unit's integrity, and a stand of its unit is still to move, perhaps out of its way (issue 21: a
// casting regiment's first stand stepped back from the enemy, the next was boxed in by a third
// that had not moved yet, and the line split). A stand waits once; the order of the questions
// changes, not their number.
func (b *Battle) waitForMates(i int32) bool {
	who := Ref{RefStand, int(i)}
	var an anchorSet // its own: tacMove's b.pf.anchors may be in use
	b.anchors(who, &an)
	if an.n == 0 || an.more {
		return false
	}
	un := &b.un[b.st[i].unit]
	later := false
	for k := un.first; k < un.first+un.n && !later; k++ {
		later = k != i && b.st[k].on && b.placed[k] != b.moveStamp
	}
	if !later {
		return false
	}
	n := int32(b.s.cr[b.st[i].cr].space)
	for _, q := range b.mv.ends {
		if b.integrityOf(who, box{q % int32(b.w), q / int32(b.w), n}, &an) >= 0 {
			return false
		}
	}
	return true
}
