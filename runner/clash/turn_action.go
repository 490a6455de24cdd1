package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

// A unit's Attack and Cast a Spell actions (U-33..U-43, U-48).

// unitAttack is the Attack action (U-34..U-37, U-48, U-86): each stand picks a routine (or, in
// Aid, to aid an adjacent stand), then attacks, one target per attack; a reach stand adds one
// attack against an adjacent target (U-36). only restricts it to stands that cannot cast (U-39).
func (b *Battle) unitAttack(u int32, nonCasters bool) {
	un := &b.un[u]
	routines := b.pf.routines[:0]
	for i := un.first; i < un.first+un.n; i++ {
		r := -1
		if b.st[i].on && !b.st[i].busy && !(nonCasters && b.st[i].caster) { // busy: paralyzed, escaping (U-76)
			op := b.decideRoutine(i)
			if op.Value == -2 {
				k := int32(op.Ref.Index)
				b.st[k].aided = true // U-48 Aid
				b.emit(func() Event { return &AidedEvent{Stand: b.standName(i), Aids: b.standName(k)} })
			}
			r = op.Value
		}
		routines = append(routines, r)
	}
	b.pf.routines = routines
	for k := int32(0); k < un.n; k++ {
		i := un.first + k
		r := b.pf.routines[k]
		if r < 0 || !b.st[i].on {
			continue
		}
		at := b.standActor(i)
		made := false
		for _, ai := range at.cr.routines[r] {
			t, ok := b.decideTarget(&at, ai, false)
			if ok {
				b.attack(&at, ai, t, false)
				made = true
			}
		}
		if made && at.cr.reachAttack >= 0 && b.o.Reach == clashrules.ReachAdjacent {
			if t, ok := b.decideTarget(&at, at.cr.reachAttack, true); ok {
				b.attack(&at, at.cr.reachAttack, t, true)
			}
		}
	}
}

// canCastAny reports whether stand i has a spell it can cast now.
func (b *Battle) canCastAny(i int32) bool {
	st := &b.st[i]
	cr := &b.s.cr[st.cr]
	for k := range cr.spells {
		if cr.spells[k].uses == 0 || b.uses[b.s.stands[i].uses+k] > 0 {
			return true
		}
	}
	return false
}

// standSpell returns the index into stand i's known spells of spell sp it can cast now, or -1.
func (b *Battle) standSpell(i int32, sp int) int {
	cr := &b.s.cr[b.st[i].cr]
	for k := range cr.spells {
		if cr.spells[k].sp == sp && (cr.spells[k].uses == 0 || b.uses[b.s.stands[i].uses+k] > 0) {
			return k
		}
	}
	return -1
}

func (b *Battle) spendStand(i int32, k int) {
	if b.s.cr[b.st[i].cr].spells[k].uses > 0 {
		b.uses[b.s.stands[i].uses+k]--
	}
}

// unitCast is the Cast a Spell action of a unit (U-38..U-43): the unit picks a spell; an area
// spell is one area for every stand casting it, with double damage (U-43); a targeted spell is
// cast by each stand that knows it at its own targets (U-40); stands that cannot cast take an
// action of their own (U-39, nonCasters).
func (b *Battle) unitCast(u int32) {
	un := &b.un[u]
	for i := un.first; i < un.first+un.n; i++ {
		b.st[i].caster = b.st[i].on && !b.st[i].busy && b.canCastAny(i) // before any use is spent (U-39)
	}
	sp := b.decideSpell(Ref{RefNone, int(u)})
	if sp >= 0 {
		spl := &b.s.sp[sp]
		if spl.shape != "" {
			op, caster := b.decideArea(u, -1, sp)
			if caster >= 0 {
				at := b.standActor(caster)
				dc := 0
				var kn *knownSpell
				for i := un.first; i < un.first+un.n; i++ {
					if !b.st[i].caster {
						continue
					}
					if k := b.standSpell(i, sp); k >= 0 {
						ks := &b.s.cr[b.st[i].cr].spells[k]
						if kn == nil || ks.dc > dc {
							kn, dc = ks, ks.dc
						}
						b.spendStand(i, k)
					}
				}
				b.reveal(&at)
				b.placeArea(&at, spl, &op)
				b.castArea(&at, kn, spl, dc, true)
			}
		} else {
			for i := un.first; i < un.first+un.n; i++ {
				if !b.st[i].caster || !b.st[i].on {
					continue
				}
				k := b.standSpell(i, sp)
				if k < 0 {
					continue
				}
				at := b.standActor(i)
				kn := &at.cr.spells[k]
				// A targeted spell is cast at a target (U-40, [5E-CORE]): a stand left with none
				// (its unit-mates' bless already on every ally in range, or "none" chosen) does
				// not cast, says so, and keeps its use and its concentration.
				t, ok := b.decideSpellTarget(&at, spl, nil)
				if !ok {
					b.emit(func() Event {
						return &SkippedEvent{Who: b.standName(i), Why: "no target for " + spl.name + " (none in range worth it, or none chosen; U-40)"}
					})
					continue
				}
				b.reveal(&at)
				b.emit(func() Event { return &SpellCastEvent{Caster: b.standName(i), Spell: spl.name} })
				b.startConcentration(&at, spl)
				var chosen []Ref
				for n := 1; ok; n++ {
					b.castTargeted(&at, kn, spl, t)
					chosen = append(chosen, t)
					if n >= spl.targets {
						break
					}
					t, ok = b.decideSpellTarget(&at, spl, chosen)
				}
				b.spendStand(i, k)
			}
		}
	}
	b.nonCasters(u)
}
