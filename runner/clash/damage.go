package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// damage deals amount to a target. noFortitude: a critical hit or radiant damage (undead
// fortitude does not apply).
func (b *Battle) damage(t Ref, amount int, bySide int32, noFortitude bool, cause string) {
	if amount <= 0 {
		return
	}
	switch t.Kind {
	case RefStand:
		b.hitSeq++
		b.damageStand(int32(t.Index), amount, bySide, noFortitude, cause, b.hitSeq)
	case RefSolo:
		b.damageSolo(int32(t.Index), amount, noFortitude)
	case RefResource:
		b.damageResource(t.Index, amount, bySide)
		return
	}
	b.damaged(t, amount) // effects ending on damage, concentration (U-76)
}

// damageStand applies damage to stand i (U-56, U-57): a stand at 0 hp is a casualty and counts as
// having 1 hp until removed, so damage reaching a casualty absorbs 1. The excess passes to one
// adjacent stand of the same unit with identical statistics (the attacker picks; OverflowChain
// goes on from there; OverflowNone loses it).
func (b *Battle) damageStand(i int32, amount int, bySide int32, noFortitude bool, cause string, seq uint32) {
	st := &b.st[i]
	st.hit = seq
	eff := int(st.hp)
	if st.cas {
		eff = 1 // U-57
	}
	before := st.hp
	if amount < eff {
		st.hp -= int32(amount)
		b.emit(func() Event {
			return &DamagedEvent{Target: b.standName(i), Amount: amount, HP: int(st.hp), Before: int(before), Cause: cause}
		})
		return
	}
	excess := amount - eff
	if !st.cas {
		cr := &b.s.cr[st.cr]
		if cr.traits&trFortitude != 0 && !noFortitude {
			// Undead fortitude [SRD]: Constitution save DC 5 + the damage taken; a success leaves 1 hp.
			dc := 5 + amount
			ok := b.save(Ref{RefStand, int(i)}, plan.AbCon, dc, false, false, "undead fortitude")
			if ok {
				st.hp = 1
				b.emit(func() Event {
					return &DamagedEvent{Target: b.standName(i), Amount: amount, HP: 1, Before: int(before), Cause: cause + ", undead fortitude"}
				})
				return
			}
		}
		st.hp = 0
	}
	already := st.cas
	st.cas = true
	b.emit(func() Event {
		return &DamagedEvent{Target: b.standName(i), Amount: amount, HP: 0, Before: int(before), Cause: cause, Casualty: true, Already: already}
	})
	if excess <= 0 || b.o.Overflow == clashrules.OverflowNone {
		return
	}
	next := b.chooseOverflow(i, bySide, seq)
	if next < 0 {
		return
	}
	b.emit(func() Event { return &OverflowedEvent{From: b.standName(i), To: b.standName(next), Amount: excess} })
	if b.o.Overflow == clashrules.OverflowChain || b.st[next].cas {
		// U-56 Default: 「超えた分のダメージは…隣接するスタンドに対して適用される」 and U-57 「1ヒ
		// ット・ポイントが残っているものとして扱われる」: a casualty reached by one-hop overflow is
		// hit like any casualty: it absorbs 1 and the rest overflows on from it.
		b.damageStand(next, excess, bySide, noFortitude, "overflow", seq)
		return
	}
	// One hop: the receiving stand takes what it can; the rest is lost.
	ns := &b.st[next]
	ns.hit = seq
	nb := ns.hp
	nAlready := ns.cas
	take := excess
	if take >= int(ns.hp) {
		ns.hp = 0
		ns.cas = true
	} else {
		ns.hp -= int32(take)
	}
	b.emit(func() Event {
		return &DamagedEvent{Target: b.standName(next), Amount: excess, HP: int(ns.hp), Before: int(nb), Cause: "overflow", Casualty: ns.cas, Already: nAlready}
	})
}

// overflowCandidates lists the stands excess damage from stand i may pass to (U-56): adjacent, of
// its unit, with the same creature, on the grid, not already hit by this damage.
func (b *Battle) overflowCandidates(i int32, seq uint32, out []int32) []int32 {
	st := &b.st[i]
	u := &b.un[st.unit]
	a := b.standBox(i)
	for k := u.first; k < u.first+u.n; k++ {
		o := &b.st[k]
		if k == i || !o.on || o.cr != st.cr || o.hit == seq {
			continue
		}
		if adjacent(a, b.standBox(k)) {
			out = append(out, k)
		}
	}
	return out
}

// damageSolo applies damage to solo j (U-58 [5E-CORE]): at 0 hp a PC is dying (and dies outright
// when the rest of the damage reaches its maximum hp), other solos die; damage to a dying PC is a
// failed death save (two on a critical hit). A solo that falls can no longer command (U-13).
func (b *Battle) damageSolo(j int32, amount int, crit bool) {
	so := &b.so[j]
	before := so.hp
	pc := b.s.solos[j].pc
	switch so.state {
	case soloDead, soloFled:
		return
	case soloDying, soloStable:
		so.state = soloDying
		so.df++
		if crit {
			so.df++
		}
		if amount >= int(so.max) || so.df >= 3 {
			b.soloDies(j)
		}
		b.emit(func() Event {
			return &DamagedEvent{Target: b.soloName(j), Amount: amount, HP: 0, Before: 0, Cause: "death save failure", Down: soloStateNames[so.state]}
		})
		return
	}
	so.hp -= int32(amount)
	if so.hp > 0 {
		b.emit(func() Event {
			return &DamagedEvent{Target: b.soloName(j), Amount: amount, HP: int(so.hp), Before: int(before)}
		})
		return
	}
	rest := -so.hp
	so.hp = 0
	if pc && rest < so.max {
		so.state, so.ds, so.df = soloDying, 0, 0
	} else {
		b.soloDies(j)
	}
	so.hidden = false
	b.emit(func() Event {
		return &DamagedEvent{Target: b.soloName(j), Amount: amount, HP: 0, Before: int(before), Down: soloStateNames[so.state]}
	})
	b.gone(Ref{RefSolo, int(j)}) // unconscious or dead: no concentration, no conditions to track
	b.commandEnds(j, "fell")
}

// soloDies marks solo j dead; an unattached one leaves its squares (its body does not hold them).
func (b *Battle) soloDies(j int32) {
	so := &b.so[j]
	so.state = soloDead
	if so.stand < 0 {
		b.fill(-1, int(so.x), int(so.y), b.s.cr[so.cr].space)
	}
}

// damageResource applies damage to resource square k (U-67); at 0 hp each Destruction objective on
// its resource scores the square's VP (and a road square becomes difficult terrain, U-20).
func (b *Battle) damageResource(k int, amount int, bySide int32) {
	before := b.rhp[k]
	b.rhp[k] = max(0, b.rhp[k]-int32(amount))
	rs := &b.s.resSq[k]
	b.emit(func() Event {
		return &DamagedEvent{Target: b.resName(k), Amount: amount, HP: int(b.rhp[k]), Before: int(before), Cause: "objective"}
	})
	if b.rhp[k] > 0 || before == 0 {
		return
	}
	if b.terr[rs.sq] == plan.TerrRoad {
		b.terr[rs.sq] = plan.TerrRough
		b.terrainChanged(rs.sq)
	}
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if o.kind == plan.ObjDestroy && o.res == rs.res {
			b.score(oi, rs.vp, func() string { return "destroyed " + b.resName(k) })
		}
	}
}

// heal restores hp (U-57, U-58): a casualty healed before the end of the round is no longer one
// (from its treated 1 hp, HealSurvives); a dying or stable solo is up again.
func (b *Battle) heal(t Ref, amount int) {
	if amount <= 0 {
		return
	}
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		if !st.on {
			return
		}
		before := st.hp
		if st.cas {
			if b.o.HealCasualty == clashrules.HealRemoved {
				return
			}
			st.cas = false
			st.hp = min(st.max, 1+int32(amount))
		} else {
			st.hp = min(st.max, st.hp+int32(amount))
		}
		b.emit(func() Event {
			return &HealedEvent{Target: b.standName(int32(t.Index)), Amount: amount, Before: int(before), HP: int(st.hp)}
		})
	case RefSolo:
		so := &b.so[t.Index]
		if so.state == soloDead || so.state == soloFled {
			return
		}
		before := so.hp
		so.hp = min(so.max, so.hp+int32(amount))
		so.state, so.ds, so.df = soloUp, 0, 0
		b.emit(func() Event {
			return &HealedEvent{Target: b.soloName(int32(t.Index)), Amount: amount, Before: int(before), HP: int(so.hp)}
		})
	}
}

// commandEnds ends solo j's command when it can no longer act or leaves its stand (U-13).
func (b *Battle) commandEnds(j int32, why string) {
	so := &b.so[j]
	if so.cmd < 0 {
		return
	}
	u := so.cmd
	b.un[u].cmd = -1
	so.cmd = -1
	b.emit(func() Event {
		return &CommandChangedEvent{Unit: b.unitName(u), Solo: b.soloName(j), Took: false, Why: why}
	})
}

// removeStand takes stand i off the grid (U-32 fled, U-60 eliminated) and gives attrition VP when
// it was its unit's last (U-66). Its joined solos stay (U-54; the caller places them).
func (b *Battle) removeStand(i int32, fled bool) {
	st := &b.st[i]
	if !st.on {
		return
	}
	b.fill(-1, int(st.x), int(st.y), b.s.cr[st.cr].space)
	st.on = false
	u := &b.un[st.unit]
	u.alive--
	b.emit(func() Event { return &RemovedEvent{Stand: b.standName(i), Fled: fled} })
	b.gone(Ref{RefStand, int(i)})
	if fled {
		b.unjoinAll(i)
	}
	if u.alive == 0 {
		b.attrition(st.unit)
	}
}
