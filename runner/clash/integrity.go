package clash

// isolatedStand reports whether stand i is isolated (U-15, U-81): a regiment stand with no
// adjacent stand of its unit; a skirmisher stand more than SkirmisherSpread squares from every
// other stand of its unit. A unit's only stand on the grid is never isolated (SingleNeverIsolated).
// Casualties still on the grid count as stands (U-57).
func (b *Battle) isolatedStand(i int32) bool {
	st := &b.st[i]
	if !st.on {
		return false
	}
	u := &b.un[st.unit]
	a := b.standBox(i)
	others := false
	spread := int32(b.o.skirmisherSpread())
	for k := u.first; k < u.first+u.n; k++ {
		if k == i || !b.st[k].on {
			continue
		}
		others = true
		c := b.standBox(k)
		if u.reg {
			if adjacent(a, c) {
				return false
			}
		} else if b.dist(a, c) <= spread {
			return false
		}
	}
	if !others {
		return b.o.SingleStand == SingleIsolated
	}
	return true
}

// isolatedSolo reports whether solo j is isolated (U-15): unattached and more than SoloSpread
// squares from every allied stand. JoinedEvent solos never are.
func (b *Battle) isolatedSolo(j int32) bool {
	so := &b.so[j]
	if so.stand >= 0 || so.state == soloDead || so.state == soloFled {
		return false
	}
	a := b.soloBox(j)
	spread := int32(b.o.soloSpread())
	for i := range b.st {
		st := &b.st[i]
		if st.on && b.un[st.unit].side == so.side && b.dist(a, b.standBox(int32(i))) <= spread {
			return false
		}
	}
	return true
}

// standIsolated is the isolation attacks use (U-16, U-81): evaluated now (IsolationEveryAttack) or
// as it stood at the last end of turn (IsolationEndOfTurn).
func (b *Battle) standIsolated(i int32) bool {
	if b.o.Isolation == IsolationEndOfTurn {
		return b.st[i].iso
	}
	return b.isolatedStand(i)
}

func (b *Battle) soloIsolated(j int32) bool {
	if b.o.Isolation == IsolationEndOfTurn {
		return b.so[j].iso
	}
	return b.isolatedSolo(j)
}

// endOfTurnIntegrity records every stand's and solo's isolation at an end of turn (U-81).
func (b *Battle) endOfTurnIntegrity() {
	for i := range b.st {
		if b.st[i].on {
			b.st[i].iso = b.isolatedStand(int32(i))
		}
	}
	for j := range b.so {
		b.so[j].iso = b.isolatedSolo(int32(j))
	}
}
