package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// unitInitMod is a unit's initiative modifier (U-26): the highest Dexterity modifier among its
// stands and joined solos for a skirmisher (U-8 (2)), the lowest for a regiment (U-9 (1)).
func (b *Battle) unitInitMod(u int32) int {
	un := &b.un[u]
	first := true
	m := 0
	take := func(v int) {
		switch {
		case first:
			m, first = v, false
		case un.reg:
			m = min(m, v)
		default:
			m = max(m, v)
		}
	}
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on {
			take(b.s.cr[b.st[i].cr].abil[plan.AbDex])
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 && b.st[so.stand].unit == u {
			take(b.s.cr[so.cr].abil[plan.AbDex])
		}
	}
	return m
}

// rollInitiative is U-26: each unit rolls d20 + its modifier, each unattached solo d20 + its
// Dexterity modifier [5E-CORE]; the order is by total, then modifier, then units before solos in
// file order.
func (b *Battle) rollInitiative() {
	b.order = b.order[:0]
	for u := range b.un {
		un := &b.un[u]
		if un.alive == 0 {
			continue
		}
		mod := b.unitInitMod(int32(u))
		face := b.roll(20)
		un.init, un.initMod = int32(face+mod), int32(mod)
		b.emit(func() Event {
			return &InitiativeEvent{Who: b.unitName(int32(u)), Face: face, Mod: mod, Total: face + mod}
		})
		b.order = append(b.order, int32(u))
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand < 0 && (so.state == soloUp || so.state == soloDying || so.state == soloStable) {
			b.rollSolo(int32(j))
			b.order = append(b.order, int32(len(b.un)+j))
		}
	}
	for i := 1; i < len(b.order); i++ {
		v := b.order[i]
		k := i - 1
		for k >= 0 && b.initBefore(v, b.order[k]) {
			b.order[k+1] = b.order[k]
			k--
		}
		b.order[k+1] = v
	}
}

func (b *Battle) rollSolo(j int32) {
	so := &b.so[j]
	mod := b.s.cr[so.cr].abil[plan.AbDex]
	face := b.roll(20)
	so.init, so.initMod = int32(face+mod), int32(mod)
	b.emit(func() Event { return &InitiativeEvent{Who: b.soloName(j), Face: face, Mod: mod, Total: face + mod} })
}

// initBefore reports whether order entry a acts before entry c.
func (b *Battle) initBefore(a, c int32) bool {
	ai, am := b.entryInit(a)
	ci, cm := b.entryInit(c)
	if ai != ci {
		return ai > ci
	}
	if am != cm {
		return am > cm
	}
	return a < c
}

func (b *Battle) entryInit(e int32) (int32, int32) {
	if int(e) < len(b.un) {
		return b.un[e].init, b.un[e].initMod
	}
	so := &b.so[e-int32(len(b.un))]
	return so.init, so.initMod
}

// addInitiative gives a solo that became unattached its own place in the order (U-26 [5E-CORE]):
// it rolls once and keeps its place; if that place is already past this round, it acts from the
// next round.
func (b *Battle) addInitiative(j int32) {
	e := int32(len(b.un)) + j
	for _, o := range b.order {
		if o == e {
			return
		}
	}
	b.rollSolo(j)
	pos := len(b.order)
	for k, o := range b.order {
		if b.initBefore(e, o) {
			pos = k
			break
		}
	}
	b.order = append(b.order, 0)
	copy(b.order[pos+1:], b.order[pos:])
	b.order[pos] = e
	if pos <= b.turn {
		b.turn++
	}
}
