package clash

import (
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// endOfRound is U-59: (1) casualties eliminated (U-60), (2) dying solos' death saves (U-61),
// (3) morale (U-62) — (2) and (3) swapped under MoraleThenSaves —, (4) Protection VP (U-68) and
// custom objectives (U-69), (5) the end check (U-71..U-75).
func (b *Battle) endOfRound() {
	b.turnUnit, b.turnSolo = -1, -1
	b.emit(func() Event {
		items := b.legendItems()
		rows, d := b.drawMap(true)
		return &MapEvent{Round: b.round, Rows: rows, Legend: strings.Join(items, " "), items: items, occupied: b.occupied(), draw: d}
	})
	b.eliminateCasualties()
	b.expireOrphans() // U-76: timed effects whose caster is gone
	if b.o.EndOrder == clashrules.MoraleThenSaves {
		b.morale()
		b.deathSaves()
	} else {
		b.deathSaves()
		b.morale()
	}
	b.scoreRound()
	b.emit(func() Event { return b.unitsEvent() })
	b.endCheck()
	for i := range b.st {
		b.st[i].dodge = false
	}
}

// eliminateCasualties is U-60 with U-54: every casualty leaves the grid; then, for each in stand
// order, its joined solos join an adjacent stand of the unit or stay in the vacated squares, and an
// adjacent allied stand may move into the gap (the controller's choice).
func (b *Battle) eliminateCasualties() {
	gone := b.pf.gone[:0]
	for i := range b.st {
		st := &b.st[i]
		if st.on && st.cas {
			gone = append(gone, int32(i))
			b.pf.gaps = append(b.pf.gaps[:len(gone)-1], b.standBox(int32(i)))
			b.removeStand(int32(i), false)
		}
	}
	b.pf.gone = gone
	for k, i := range gone {
		gap := b.pf.gaps[k]
		st := &b.st[i]
		b.unjoinAll(i)
		if !b.emptyBox(gap) {
			continue
		}
		if f := b.decideFill(gap, b.un[st.unit].side, st.unit, i); f >= 0 {
			fs := &b.st[f]
			from := b.sqName(int(fs.y)*b.w + int(fs.x))
			b.moveStand(f, gap.y*int32(b.w)+gap.x)
			b.emit(func() Event {
				return &GapFilledEvent{Stand: b.standName(f), Into: from + " -> " + b.sqName(int(gap.y)*b.w+int(gap.x))}
			})
		}
	}
}

// unjoinAll places the solos joined to removed stand i (U-54): each may join an adjacent stand of
// its unit or stays unattached where the stand was (or, if its space does not fit there, on the
// nearest free space).
func (b *Battle) unjoinAll(i int32) {
	st := &b.st[i]
	gap := box{st.x, st.y, int32(b.s.cr[st.cr].space)}
	for j := range b.so {
		so := &b.so[j]
		if so.stand != i {
			continue
		}
		if so.state == soloDead {
			so.stand = -1
			continue
		}
		if k := b.decideRejoin(int32(j), gap, st.unit); k >= 0 {
			so.stand = k
			so.x, so.y = b.st[k].x, b.st[k].y
			b.emit(func() Event { return &JoinedEvent{Solo: b.soloName(int32(j)), Stand: b.standName(k)} })
			continue
		}
		q, ok := b.freeNear(int32(j), gap)
		if !ok {
			so.state = soloFled // nowhere on the grid to stand: it leaves the field
			b.commandEnds(int32(j), "no room")
			continue
		}
		so.stand = -1
		so.x, so.y = q%int32(b.w), q/int32(b.w)
		b.fill(int32(len(b.st)+j), int(so.x), int(so.y), b.s.cr[so.cr].space)
		b.emit(func() Event { return &LeftEvent{Solo: b.soloName(int32(j)), To: b.sqName(int(q))} })
		if b.o.LeaveEndsCommand.On() {
			b.commandEnds(int32(j), "its stand was eliminated")
		}
		b.addInitiative(int32(j))
	}
}

// freeNear finds the top-left square nearest gap where solo j's space is empty and enterable.
func (b *Battle) freeNear(j int32, gap box) (int32, bool) {
	n := int32(b.s.cr[b.so[j].cr].space)
	m := b.moverOfSolo(j, -1)
	for r := int32(0); r < int32(b.w+b.h); r++ {
		for y := gap.y - r; y <= gap.y+r; y++ {
			for x := gap.x - r; x <= gap.x+r; x++ {
				if abs(x-gap.x)+abs(y-gap.y) != r {
					continue
				}
				c := box{x, y, n}
				if !b.emptyBox(c) {
					continue
				}
				if _, end := b.boxRule(&m, x, y); end {
					return y*int32(b.w) + x, true
				}
			}
		}
	}
	return 0, false
}

// deathSaves is U-61 [5E-CORE]: each dying solo rolls death saves, up to 10 in a row, until it is
// stable (3 successes), dead (3 failures; a 1 counts twice) or up with 1 hp (a 20).
func (b *Battle) deathSaves() {
	for j := range b.so {
		so := &b.so[j]
		if so.state != soloDying {
			continue
		}
		var faces [10]int
		n := 0
		result := "dying"
		for n < 10 {
			f := b.roll(20)
			faces[n] = f
			n++
			switch {
			case f == 20:
				so.state, so.hp, so.ds, so.df = soloUp, 1, 0, 0
				result = "up with 1 hp"
			case f == 1:
				so.df += 2
			case f < 10:
				so.df++
			default:
				so.ds++
			}
			if so.state == soloUp {
				break
			}
			if so.df >= 3 {
				b.soloDies(int32(j))
				result = "dead"
				break
			}
			if so.ds >= 3 {
				so.state, result = soloStable, "stable"
				break
			}
		}
		b.emit(func() Event {
			return &DeathSavesEvent{Solo: b.soloName(int32(j)), Faces: append([]int(nil), faces[:n]...), Result: result}
		})
	}
}

// atMoraleThreshold reports whether lost of start stands calls for a morale check (U-62): half or
// more (MoraleHalf, the seed) or more than half (MoraleMoreThanHalf).
func (b *Battle) atMoraleThreshold(start, lost int32) bool {
	if b.o.MoraleThreshold == clashrules.MoraleMoreThanHalf {
		return 2*lost > start
	}
	return 2*lost >= start
}

// MoraleCheckDue reports U-62's threshold under o: a unit that started with start stands and lost
// lost of them must check morale.
func MoraleCheckDue(o clashrules.Options, start, lost int) bool {
	if o.MoraleThreshold == clashrules.MoraleMoreThanHalf {
		return 2*lost > start
	}
	return 2*lost >= start
}

// moraleMod is the highest Wisdom modifier (MoraleSaveBonus: save bonus) among unit u's stands on
// the grid and the solos joined to them (U-62).
func (b *Battle) moraleMod(u int32) int {
	un := &b.un[u]
	m := -100
	val := func(cr *creature) int {
		if b.o.MoraleSave == clashrules.MoraleSaveBonus {
			return cr.saves[plan.AbWis]
		}
		return cr.abil[plan.AbWis]
	}
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on {
			m = max(m, val(&b.s.cr[b.st[i].cr]))
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 && b.st[so.stand].unit == u && b.st[so.stand].on && so.state == soloUp {
			m = max(m, val(&b.s.cr[so.cr]))
		}
	}
	if m == -100 {
		m = 0
	}
	return m
}

// morale is U-62, U-63: each surviving unbroken unit that has lost at least half its starting
// stands makes a DC 10 Wisdom save (advantage under Prepare, U-14); failing, it breaks.
func (b *Battle) morale() {
	for u := range b.un {
		un := &b.un[u]
		if un.alive == 0 || un.broken || !b.atMoraleThreshold(un.start, un.start-un.alive) {
			continue
		}
		if b.o.MoraleRepeat == clashrules.MoraleOnce && un.moraleHit {
			continue
		}
		un.moraleHit = true
		mod := b.moraleMod(int32(u))
		adv := un.prep > 0
		face, faces := b.d20(adv, false)
		ok := face+mod >= 10
		b.emit(func() Event {
			e := &SaveRollEvent{Who: b.unitName(int32(u)), Ability: "wis", Faces: faces, Face: face, Adv: adv, Mod: mod,
				Total: face + mod, DC: 10, OK: ok, Why: "morale"}
			if adv {
				e.AdvWhy = []string{"prepared"} // U-14
			}
			return e
		})
		if !ok {
			un.broken = true
			b.emit(func() Event { return &MoraleResultEvent{Unit: b.unitName(int32(u)), Broken: true} })
			if b.o.Attrition == clashrules.AttritionBroken {
				b.attrition(int32(u))
			}
		}
	}
}

// occupied lists, for every unit in setup order, the squares its stands on the grid fill (a stand
// of a large creature fills 2 x 2, U-5).
func (b *Battle) occupied() []unitSquares {
	out := make([]unitSquares, len(b.s.units))
	for i := range out {
		out[i].unit = b.s.units[i].id
	}
	for i := range b.st {
		st := &b.st[i]
		if !st.on {
			continue
		}
		bx := b.standBox(int32(i))
		for dy := int32(0); dy < bx.n; dy++ {
			for dx := int32(0); dx < bx.n; dx++ {
				u := &out[st.unit]
				u.squares = append(u.squares, squareID(int(bx.x+dx), int(bx.y+dy)))
			}
		}
	}
	return out
}
