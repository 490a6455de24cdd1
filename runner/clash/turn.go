package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// unitTurn plays unit u's turn (U-27, round outline of Part U): rally (U-64), the commander's
// bonus action (U-13, U-14), movement (U-29..U-32), one action (U-33..U-55), the joined solos'
// turns (U-53), then the end-of-turn isolation (U-81).
func (b *Battle) unitTurn(u int32) {
	un := &b.un[u]
	if un.alive == 0 || un.done {
		return
	}
	b.turnUnit = u
	defer func() { b.turnUnit = -1 }()
	un.done = true
	un.speedCfg = un.cfg // U-83: a new configuration's speed applies from the next turn
	b.emit(func() Event { return &TurnStartEvent{Who: b.unitName(u)} })
	b.spot(un.side, u, -1)
	b.standsStartTurn(u)
	if un.surprised && b.round == 1 {
		b.emit(func() Event { return &SkippedEvent{Who: b.unitName(u), Why: "surprised (U-79)"} })
		b.endTurn(u)
		return
	}
	bonus := true
	if un.broken && un.cmd >= 0 && b.so[un.cmd].state == soloUp {
		b.rally(u)
		if b.o.Rally == clashrules.RallyBonusAction {
			bonus = false
		}
	}
	if bonus {
		b.commandBonus(u)
	}
	act := ActRetreat // U-63: a broken unit may only Retreat
	if !un.broken {
		act = b.decideAction(u, -1)
	}
	cfg := -1
	if act == ActConfigure {
		cfg = b.decideConfig(u)
	}
	if un.broken {
		// U-63: 「任意のターンの開始時に即座にそのユニットを離れる」: a joined solo of a broken
		// unit takes its turn (stay, leave or switch, then act) before the unit retreats.
		b.joinedSoloTurns(u)
	}
	b.emit(func() Event { return &ActedEvent{Who: b.unitName(u), Action: act.String()} })
	b.moveUnit(u, act, 1)
	switch act {
	case ActAttack:
		b.unitAttack(u, false)
	case ActCast:
		b.unitCast(u)
	case ActConfigure:
		un.cfg = int8(cfg)
		b.emit(func() Event { return &ConfiguredEvent{Unit: b.unitName(u), Config: string(cfgNames[cfg])} })
	case ActHide:
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on && !b.st[i].busy && b.canHide(b.standBox(i), un.side) {
				b.hideStand(i)
			}
		}
	case ActDodge:
		for i := un.first; i < un.first+un.n; i++ {
			b.st[i].dodge = true
		}
	}
	if !un.reg || b.o.RegimentsSplitMove == clashrules.Yes {
		b.moveUnit(u, act, 2)
	}
	b.joinedSoloTurns(u)
	b.endTurn(u)
}

// joinedSoloTurns plays the turns of unit u's joined solos that have not had one (U-53).
func (b *Battle) joinedSoloTurns(u int32) {
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 && b.st[so.stand].unit == u && so.state == soloUp && !so.done {
			b.joinedSoloTurn(int32(j))
		}
	}
}

// endTurn closes unit u's turn: isolation is evaluated (U-81), Prepare runs down (U-14), Aid and
// martial advantage end, its stands repeat the saves their effects allow (U-76).
func (b *Battle) endTurn(u int32) {
	un := &b.un[u]
	if un.prep > 0 {
		un.prep--
	}
	for i := un.first; i < un.first+un.n; i++ {
		b.st[i].aided, b.st[i].martial = false, false
		if b.st[i].on {
			b.repeatSaves(Ref{RefStand, int(i)}) // hold person (U-76)
		}
	}
	b.endOfTurnIntegrity()
}

// rally is U-64: a broken unit with a commander repeats the DC 10 Wisdom save of U-62, adding the
// commander's Charisma modifier; success ends the broken state.
func (b *Battle) rally(u int32) {
	un := &b.un[u]
	mod := b.moraleMod(u) + b.s.cr[b.so[un.cmd].cr].abil[plan.AbCha]
	adv := un.prep > 0
	face, faces := b.d20(adv, false)
	ok := face+mod >= 10
	b.emit(func() Event {
		return &CommandRollEvent{Unit: b.unitName(u), Solo: b.soloName(un.cmd), Cmd: "rally", Faces: faces, Face: face, Adv: adv,
			Mod: mod, Total: face + mod, DC: 10, OK: ok}
	})
	if ok {
		un.broken = false
		b.emit(func() Event { return &MoraleResultEvent{Unit: b.unitName(u), Broken: false} })
	}
}

// commandBonus is the commander's bonus action (U-13, U-14), or a joined solo taking command.
func (b *Battle) commandBonus(u int32) {
	un := &b.un[u]
	op := b.decideCommand(u)
	switch op.Cmd {
	case CmdPrepare, CmdIncite:
		c := &b.so[un.cmd]
		mod := b.s.cr[c.cr].command
		// A poisoned commander's Charisma check has disadvantage (U-76 [5E-CORE] poisoned:
		// "disadvantage on attack rolls and ability checks").
		face, faces := b.d20(false, c.cond&cPoisoned != 0)
		ok := face+mod >= 15
		b.emit(func() Event {
			return &CommandRollEvent{Unit: b.unitName(u), Solo: b.soloName(un.cmd), Cmd: op.Cmd.String(), Faces: faces, Face: face,
				Mod: mod, Total: face + mod, DC: 15, OK: ok}
		})
		if !ok {
			return
		}
		if op.Cmd == CmdPrepare {
			un.prep = 2 // through the end of this turn and the next (U-14)
		} else if b.o.Incite == clashrules.InciteCurrent {
			un.incite = int32(b.round)
		} else {
			un.incite = int32(b.round + 1)
		}
	case CmdStepDown:
		b.commandEnds(un.cmd, "stepped down")
	case CmdTake:
		un.cmd = int32(op.Solo)
		b.so[op.Solo].cmd = u
		b.emit(func() Event {
			return &CommandChangedEvent{Unit: b.unitName(u), Solo: b.soloName(int32(op.Solo)), Took: true}
		})
	}
}

// moveOrder lists unit u's stands on the grid, nearest the enemy first (so a line advances from
// the front), ties by stand index.
func (b *Battle) moveOrder(u int32) []int32 {
	un := &b.un[u]
	b.buf = b.buf[:0]
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on {
			b.buf = append(b.buf, i)
		}
	}
	if len(b.buf) > 1 {
		for _, i := range b.buf {
			b.key[i] = b.nearestEnemy(b.standBox(i), un.side)
		}
		for x := 1; x < len(b.buf); x++ { // insertion sort, stable, no allocation
			v := b.buf[x]
			y := x - 1
			for y >= 0 && b.key[b.buf[y]] > b.key[v] {
				b.buf[y+1] = b.buf[y]
				y--
			}
			b.buf[y+1] = v
		}
	}
	return b.buf
}

// nearestEnemy is the distance from a to the nearest enemy stand or unattached solo on the grid
// (a large number when there is none).
func (b *Battle) nearestEnemy(a box, side int32) int32 {
	d := b.nearField(side)
	best := int32(1 << 20)
	for dy := int32(0); dy < a.n; dy++ {
		row := int(a.y+dy) * b.w
		for dx := int32(0); dx < a.n; dx++ {
			if q := row + int(a.x+dx); q >= 0 && q < len(d) {
				best = min(best, d[q])
			}
		}
	}
	return best
}

// moveUnit moves unit u's stands, one after another (U-29): part 1 before the action with each
// stand's full move, part 2 after it with what is left (skirmishers, U-8 (6), U-82).
func (b *Battle) moveUnit(u int32, act Action, part int) {
	un := &b.un[u]
	order := b.moveOrder(u)
	list := append(b.buf2[:0], order...)
	b.buf2 = list
	b.moveStamp++
	var waited uint64 // bit k: stand un.first+k already waited for its mates (waitForMates)
	for x := 0; x < len(list); x++ {
		i := list[x]
		st := &b.st[i]
		if !st.on {
			continue
		}
		b.placed[i] = b.moveStamp // processed after this one: the stands placed before it are its anchors
		budget := b.left[i]
		if part == 1 {
			budget = b.speedOfStand(i, act == ActDash || b.afraid(Ref{RefStand, int(i)})) // fear: Dash
		}
		if budget <= 0 {
			b.left[i] = 0
			continue
		}
		m := b.moverOfStand(i, act == ActRetreat)
		if b.locked(&m, st.x, st.y) {
			// U-30: adjacent to an enemy stand it cannot move (no question to ask).
			if part == 1 {
				b.left[i] = budget
			} else {
				b.left[i] = 0
			}
			continue
		}
		if part == 2 && b.ch == nil && b.pol[un.side] == PolicyTactical && !ranged(&b.s.cr[st.cr]) {
			continue // the tactical policy holds a melee stand after it acted
		}
		b.reach(&m, st.x, st.y, budget)
		b.keepIntegrity(i)
		if un.broken {
			b.keepAway(i)
		}
		b.keepFromFear(Ref{RefStand, int(i)}, int32(b.s.cr[st.cr].space))
		if k := i - un.first; part == 1 && act != ActRetreat && k < 64 && waited&(1<<k) == 0 && b.waitForMates(i) {
			waited |= 1 << k
			b.placed[i] = b.moveStamp - 1 // not an anchor of the stands it waits for
			list = append(list, i)
			b.buf2 = list
			continue
		}
		if len(b.mv.ends) <= 1 && !b.mv.flee {
			if part == 1 {
				b.left[i] = budget
			} else {
				b.left[i] = 0
			}
			continue
		}
		from := st.y*int32(b.w) + st.x
		dest := b.decideMove(Ref{RefStand, int(i)}, un.side, u, part, act)
		if dest == Flee {
			b.emit(func() Event {
				return &MovedEvent{Who: b.standName(i), From: b.sqName(int(from)), To: "off the grid", Fled: true}
			})
			b.moveStand(i, Flee)
			b.left[i] = 0
			continue
		}
		cost, road := int(b.mv.cost[dest]), b.mv.road[dest]
		if road {
			b.left[i] = 0
		} else {
			b.left[i] = budget - cost
		}
		if part == 2 {
			b.left[i] = 0
		}
		if dest != from {
			if part == 1 {
				st.runFrom, st.runRound = from, int32(b.round) // a charge's run (charge.go)
			}
			b.emit(func() Event {
				return &MovedEvent{Who: b.standName(i), From: b.sqName(int(from)), To: b.sqName(int(dest)), Cost: cost, Road: road}
			})
			fb := b.standBox(i)
			b.moveStand(i, dest)
			b.auraEnter(Ref{RefStand, int(i)}, fb)    // spirit guardians: entering it (aura.go)
			b.groundSaves(Ref{RefStand, int(i)}, &fb) // web: entering it (ground.go)
			if !st.on {
				continue
			}
			if st.hidden && !b.canHide(b.standBox(i), un.side) {
				st.hidden = false
				b.emit(func() Event { return &RevealedEvent{Who: b.standName(i), Why: "left cover"} })
			}
		}
	}
}

// keepIntegrity drops from mv.ends the spaces where stand i would be isolated (IntegrityRequired,
// U-17), unless it is isolated where it stands.
func (b *Battle) keepIntegrity(i int32) {
	if b.o.Integrity != clashrules.IntegrityRequired || b.isolatedStand(i) {
		return
	}
	st := &b.st[i]
	x0, y0 := st.x, st.y
	n := b.s.cr[st.cr].space
	keep := b.mv.ends[:0]
	for _, q := range b.mv.ends {
		st.x, st.y = q%int32(b.w), q/int32(b.w)
		if !b.isolatedStand(i) {
			keep = append(keep, q)
		}
	}
	st.x, st.y = x0, y0
	_ = n
	b.mv.ends = keep
}

func (b *Battle) hideStand(i int32) {
	st := &b.st[i]
	cr := &b.s.cr[st.cr]
	face := b.roll(20)
	st.hidden, st.stealth = true, int32(face+cr.stealth)
	b.emit(func() Event {
		return &HidEvent{Who: b.standName(i), Face: face, Mod: cr.stealth, Total: face + cr.stealth}
	})
}

func (b *Battle) hideSolo(j int32) {
	so := &b.so[j]
	cr := &b.s.cr[so.cr]
	face := b.roll(20)
	so.hidden, so.stealth = true, int32(face+cr.stealth)
	b.emit(func() Event {
		return &HidEvent{Who: b.soloName(j), Face: face, Mod: cr.stealth, Total: face + cr.stealth}
	})
}

// spot is U-80 at the start of a turn: hidden enemies whose Stealth total the acting unit's or
// solo's best passive Perception (10 + Perception, -5 in dim light or darkness) beats are revealed.
func (b *Battle) spot(side int32, u int32, j int32) {
	best := -100
	if u >= 0 {
		un := &b.un[u]
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on {
				best = max(best, 10+b.s.cr[b.st[i].cr].percept+b.senses(&b.s.cr[b.st[i].cr]))
			}
		}
	} else {
		best = 10 + b.s.cr[b.so[j].cr].percept + b.senses(&b.s.cr[b.so[j].cr])
	}
	best += b.spotMod() // U-80: dim light or darkness
	for i := range b.st {
		st := &b.st[i]
		if st.on && st.hidden && b.un[st.unit].side != side && int32(best) > st.stealth {
			st.hidden = false
			b.emit(func() Event { return &RevealedEvent{Who: b.standName(int32(i)), Why: "spotted"} })
		}
	}
	for k := range b.so {
		so := &b.so[k]
		if so.hidden && so.side != side && int32(best) > so.stealth {
			so.hidden = false
			b.emit(func() Event { return &RevealedEvent{Who: b.soloName(int32(k)), Why: "spotted"} })
		}
	}
}

// standsStartTurn is the start of unit u's turn for each of its stands (U-76): the timed effects it
// cast end when their time is over (U-1), a prone stand stands up, a restrained one tries its
// escape, a paralyzed or incapacitated one is busy (no move, no action).
func (b *Battle) standsStartTurn(u int32) {
	un := &b.un[u]
	for i := un.first; i < un.first+un.n; i++ {
		st := &b.st[i]
		st.rose, st.busy, st.reck = false, false, false
		if !st.on {
			continue
		}
		t := Ref{RefStand, int(i)}
		b.expire(t)
		b.auraStart(t)
		b.groundSaves(t, nil) // web: starting its turn in it (ground.go)
		if !st.on {
			continue
		}
		rose, busy, able := b.startOfTurn(t)
		st.rose, st.busy = rose, busy || !able || b.afraid(t)  // fear: its action is the Dash (fear.go)
		st.reck = able && b.s.cr[st.cr].traits&trReckless != 0 // Reckless: the engine always takes it
		if !able {
			b.emit(func() Event { return &SkippedEvent{Who: b.standName(i), Why: b.condWhy(t)} })
		}
	}
}

// senses is what a creature's traits add to its passive Perception: +5 for keen senses
// (advantage on a passive check [5E-CORE]), -5 for sunlight sensitivity in bright light
// (disadvantage [SRD]).
func (b *Battle) senses(cr *creature) int {
	n := 0
	if cr.traits&trKeen != 0 {
		n += 5
	}
	if cr.traits&trSunlight != 0 && b.s.dark == 0 {
		n -= 5
	}
	return n
}
