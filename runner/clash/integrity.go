package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

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
	spread := int32(b.o.SkirmisherSpreadOrDefault())
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
		return b.o.SingleStand == clashrules.SingleIsolated
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
	spread := int32(b.o.SoloSpreadOrDefault())
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
	if b.o.Isolation == clashrules.IsolationEndOfTurn {
		return b.st[i].iso
	}
	return b.standIsolatedNow(i)
}

func (b *Battle) soloIsolated(j int32) bool {
	if b.o.Isolation == clashrules.IsolationEndOfTurn {
		return b.so[j].iso
	}
	return b.soloIsolatedNow(j)
}

// isoCache remembers isolation (U-15) per stand and solo until its side moves: a stand's depends
// on its unit's stands only, a solo's on itself and its side's stands, and every move, removal,
// join or fall of one of a side's occupants bumps policyScratch.moved of that side.
type isoCache struct {
	standAt, soloAt []uint64 // moved[side]+1 when the value was computed; 0 never
	stand, solo     []bool
}

func (c *isoCache) init(stands, solos int) {
	c.standAt, c.stand = make([]uint64, stands), make([]bool, stands)
	c.soloAt, c.solo = make([]uint64, solos), make([]bool, solos)
}

func (c *isoCache) reset() {
	clear(c.standAt)
	clear(c.soloAt)
}

// standIsolatedNow is isolatedStand, remembered until the stand's side moves.
func (b *Battle) standIsolatedNow(i int32) bool {
	k := b.pf.moved[b.un[b.st[i].unit].side] + 1
	if b.iso.standAt[i] != k {
		b.iso.standAt[i], b.iso.stand[i] = k, b.isolatedStand(i)
	}
	return b.iso.stand[i]
}

// soloIsolatedNow is isolatedSolo, remembered until the solo's side moves.
func (b *Battle) soloIsolatedNow(j int32) bool {
	k := b.pf.moved[b.so[j].side] + 1
	if b.iso.soloAt[j] != k {
		b.iso.soloAt[j], b.iso.solo[j] = k, b.isolatedSolo(j)
	}
	return b.iso.solo[j]
}

// endOfTurnIntegrity records every stand's and solo's isolation at an end of turn (U-81).
func (b *Battle) endOfTurnIntegrity() {
	for i := range b.st {
		if b.st[i].on {
			b.st[i].iso = b.standIsolatedNow(int32(i))
		}
	}
	for j := range b.so {
		b.so[j].iso = b.soloIsolatedNow(int32(j))
	}
}
