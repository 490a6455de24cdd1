package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

// Solos' turns (U-10, U-51, U-53, U-77, U-82, U-84, U-85): a joined solo within its unit's turn, an
// unattached one on its own.

// joinedSoloTurn is a joined solo's turn within its unit's (U-53, U-85): it stays with its stand,
// leaves into an adjacent empty square or switches to an adjacent stand of its unit, then acts.
func (b *Battle) joinedSoloTurn(j int32) {
	so := &b.so[j]
	so.done = true
	so.dodge = false
	b.turnSolo = j
	defer func() { b.turnSolo = -1 }()
	t := Ref{RefSolo, int(j)}
	busy, able := b.soloTurnStart(j)
	if !able {
		return
	}
	if !busy && b.afraid(t) {
		b.fleeJoined(j)
		b.repeatSaves(t)
		return
	}
	op := b.decideSoloStep(j)
	switch op.Value {
	case 1:
		b.leaveStand(j, int32(op.Square))
	case 2:
		so.stand = int32(op.Ref.Index)
		b.emit(func() Event { return &JoinedEvent{Solo: b.soloName(j), Stand: b.standName(so.stand)} })
	}
	if !busy {
		act := b.decideAction(-1, j)
		b.emit(func() Event { return &ActedEvent{Who: b.soloName(j), Action: act.String()} })
		b.soloAction(j, act)
	}
	b.repeatSaves(t)
}

// soloTurnStart is the start of solo j's turn, joined or not (U-1, U-76 [5E-CORE]): its timed
// effects expire, its conditions act (startOfTurn: standing up, an escape check), and Reckless is
// taken when it can act. When it cannot act (able false: paralyzed, incapacitated) the turn is
// reported skipped and its end-of-turn saves are made here; busy is its action spent on an escape.
func (b *Battle) soloTurnStart(j int32) (busy, able bool) {
	so := &b.so[j]
	t := Ref{RefSolo, int(j)}
	b.expire(t)
	b.auraStart(t)
	b.groundSaves(t, nil) // web: starting its turn in it (ground.go)
	if so.state != soloUp {
		return false, false
	}
	rose, busy, able := b.startOfTurn(t)
	so.rose = rose
	so.reck = able && b.s.cr[so.cr].traits&trReckless != 0 // Reckless: the engine always takes it
	if !able {
		b.emit(func() Event { return &SkippedEvent{Who: b.soloName(j), Why: b.condWhy(t)} })
		b.repeatSaves(t)
	}
	return busy, able
}

// leaveStand makes joined solo j unattached at top-left square q (U-53); leaving ends its command
// (U-13, LeaveEndsCommand).
func (b *Battle) leaveStand(j int32, q int32) {
	so := &b.so[j]
	so.stand = -1
	so.x, so.y = q%int32(b.w), q/int32(b.w)
	b.fill(int32(len(b.st))+j, int(so.x), int(so.y), b.s.cr[so.cr].space)
	b.emit(func() Event { return &LeftEvent{Solo: b.soloName(j), To: b.sqName(int(q))} })
	if b.o.LeaveEndsCommand.On() {
		b.commandEnds(j, "left its stand")
	}
	b.addInitiative(j)
}

// soloTurn is an unattached solo's own turn (U-10, U-26, U-77, U-82).
func (b *Battle) soloTurn(j int32) {
	so := &b.so[j]
	if so.stand >= 0 || so.done || so.state == soloDead || so.state == soloFled {
		return
	}
	so.done = true
	b.turnSolo = j
	defer func() { b.turnSolo = -1 }()
	b.emit(func() Event { return &TurnStartEvent{Who: b.soloName(j)} })
	if so.state != soloUp {
		b.emit(func() Event { return &SkippedEvent{Who: b.soloName(j), Why: soloStateNames[so.state] + " (U-58)"} })
		return
	}
	b.spot(so.side, -1, j)
	so.dodge = false
	t := Ref{RefSolo, int(j)}
	busy, able := b.soloTurnStart(j)
	if !able {
		b.endOfTurnIntegrity()
		return
	}
	defer b.repeatSaves(t)
	if so.surprised && b.round == 1 {
		b.emit(func() Event { return &SkippedEvent{Who: b.soloName(j), Why: "surprised (U-79)"} })
		b.endOfTurnIntegrity()
		return
	}
	act := ActNone
	if b.afraid(t) && !busy {
		act = ActDash // fear: "must take the Dash action and move away" (fear.go)
	} else if !busy {
		act = b.decideAction(-1, j)
	}
	join := int32(-1)
	if act == ActJoin {
		join = b.decideJoin(j)
		if join < 0 {
			act = ActNone
		}
	}
	b.emit(func() Event { return &ActedEvent{Who: b.soloName(j), Action: act.String()} })
	budget := b.speedOfSolo(j, act == ActDash)
	left := b.moveSolo1(j, budget, join, 1, act)
	if act == ActJoin {
		if so.stand < 0 && join >= 0 && overlap(b.soloBox(j), b.standBox(join)) {
			b.join(j, join)
		}
	} else {
		b.soloAction(j, act)
		if b.o.SolosSplitMove.On() && so.stand < 0 && so.state == soloUp && left > 0 && !b.tacHolds(j, act) {
			b.moveSolo1(j, left, -1, 2, act)
		}
	}
	b.endOfTurnIntegrity()
}

// tacHolds reports whether solo j, after its action act, stays where it is without a search: the
// tactical policy decides alone (no Chooser) and holds a melee fighter where it fought (tacMove,
// part 2), and the square it stands on is one of its ends (reach lists the start first; only
// fear, keepFromFear, could drop it). The move it skips would have chosen to stay: no event, no
// movement spent that anything reads after (U-82, split movement).
func (b *Battle) tacHolds(j int32, act Action) bool {
	so := &b.so[j]
	return b.ch == nil && b.pol[so.side] == PolicyTactical && act != ActRetreat &&
		!ranged(&b.s.cr[so.cr]) && b.condOf(Ref{RefSolo, int(j)})&cFrightened == 0
}

// moveSolo1 asks and makes one part of an unattached solo's move; it returns the movement left.
func (b *Battle) moveSolo1(j int32, budget int, join int32, part int, act Action) int {
	so := &b.so[j]
	m := b.moverOfSolo(j, join)
	b.reach(&m, so.x, so.y, budget)
	if join >= 0 {
		// The move must end entering the stand, or anywhere when it cannot reach it.
		keep := b.mv.ends[:0]
		for _, q := range b.mv.ends {
			if b.enters(&m, q%int32(b.w), q/int32(b.w)) {
				keep = append(keep, q)
			}
		}
		if len(keep) > 0 {
			b.mv.ends = keep
		}
	}
	b.keepFromFear(Ref{RefSolo, int(j)}, int32(b.s.cr[so.cr].space))
	from := so.y*int32(b.w) + so.x
	if part == 1 {
		so.runRound = 0
	}
	if len(b.mv.ends) == 0 || len(b.mv.ends) == 1 && b.mv.ends[0] == from {
		// Nowhere to go but where it stands. (One square left by the join filter is a move:
		// it was taken for staying, and a solo that could reach its stand by one path only
		// stood still, wanting to join, round after round.)
		return budget
	}
	dest := b.decideMove(Ref{RefSolo, int(j)}, so.side, -1, part, act)
	if dest == from || dest < 0 {
		return budget
	}
	cost := int(b.mv.cost[dest])
	b.emit(func() Event {
		return &MovedEvent{Who: b.soloName(j), From: b.sqName(int(from)), To: b.sqName(int(dest)), Cost: cost}
	})
	if join >= 0 && b.enters(&m, dest%int32(b.w), dest/int32(b.w)) {
		// U-51: it moves into the stand's square; it is on the grid no longer once joined.
		b.fill(-1, int(so.x), int(so.y), b.s.cr[so.cr].space)
		so.x, so.y = dest%int32(b.w), dest/int32(b.w)
		return 0
	}
	fb := b.soloBox(j)
	b.moveSolo(j, dest)
	b.auraEnter(Ref{RefSolo, int(j)}, fb)    // spirit guardians: entering it (aura.go)
	b.groundSaves(Ref{RefSolo, int(j)}, &fb) // web: entering it (ground.go)
	if part == 1 {
		so.runFrom, so.runRound = from, int32(b.round) // a charge's run (charge.go)
	}
	if so.hidden && !b.canHide(b.soloBox(j), so.side) {
		so.hidden = false
		b.emit(func() Event { return &RevealedEvent{Who: b.soloName(j), Why: "left cover"} })
	}
	return budget - cost
}

// join makes solo j part of stand i (U-51).
func (b *Battle) join(j, i int32) {
	so := &b.so[j]
	if b.occ[int(so.y)*b.w+int(so.x)] == int32(len(b.st))+j {
		b.fill(-1, int(so.x), int(so.y), b.s.cr[so.cr].space)
	}
	so.stand = i
	b.pf.moved[so.side]++ // its isolation (U-15) and the fields built on its squares change
	st := &b.st[i]
	so.x, so.y = st.x, st.y
	so.hidden = false
	b.emit(func() Event { return &JoinedEvent{Solo: b.soloName(j), Stand: b.standName(i)} })
}

// soloAction resolves a solo's action (U-10, U-84, U-85): attack, cast, hide, dodge.
func (b *Battle) soloAction(j int32, act Action) {
	so := &b.so[j]
	at := b.soloActor(j)
	switch act {
	case ActAttack:
		op := b.decideSoloRoutine(j)
		if op.Value < 0 {
			return
		}
		for _, ai := range at.cr.routines[op.Value] {
			if t, ok := b.decideTarget(&at, ai, false); ok {
				b.attack(&at, ai, t, false)
			}
		}
	case ActCast:
		sp := b.decideSpell(Ref{RefSolo, int(j)})
		if sp < 0 {
			return
		}
		k := b.soloSpell(j, sp)
		if k < 0 {
			return
		}
		kn := &at.cr.spells[k]
		spl := &b.s.sp[sp]
		defer func() {
			if kn.uses > 0 {
				b.uses[b.s.solos[j].uses+k]--
			}
		}()
		b.reveal(&at)
		if spl.shape != "" {
			op, _ := b.decideArea(-1, j, sp)
			b.placeArea(&at, spl, &op)
			b.castArea(&at, kn, spl, kn.dc, false)
			return
		}
		b.emit(func() Event { return &SpellCastEvent{Caster: b.soloName(j), Spell: spl.name} })
		b.startConcentration(&at, spl)
		budget := spl.targets
		var chosen []Ref
		for budget > 0 {
			t, ok := b.decideSpellTarget(&at, spl, chosen)
			if !ok {
				break
			}
			budget--
			if t.Kind == RefStand && b.o.SoloSpellVsStand == clashrules.SoloSpellFive {
				budget -= 4 // U-42 FiveTargets
			}
			b.castTargeted(&at, kn, spl, t)
			chosen = append(chosen, t)
		}
	case ActHide:
		if so.stand < 0 && b.canHide(b.soloBox(j), so.side) {
			b.hideSolo(j)
		}
	case ActDodge:
		so.dodge = true
	}
}

func (b *Battle) soloSpell(j int32, sp int) int {
	cr := &b.s.cr[b.so[j].cr]
	for k := range cr.spells {
		if cr.spells[k].sp == sp && (cr.spells[k].uses == 0 || b.uses[b.s.solos[j].uses+k] > 0) {
			return k
		}
	}
	return -1
}

// condWhy says which condition keeps t from its turn (U-76).
func (b *Battle) condWhy(t Ref) string {
	c := b.condOf(t)
	if c&cParalyzed != 0 {
		return "paralyzed (U-76)"
	}
	if c&cUnconscious != 0 {
		return "unconscious (U-76)"
	}
	return "incapacitated (U-76)"
}

// fleeJoined is a frightened joined solo's turn (U-76 [5E-CORE] fear: "must take the Dash action and
// move away from you by the safest available route on each of its turns, unless there is nowhere to
// move"; fear.go). Its action is the Dash, asked of no one. Its move is U-53's, the only one a
// joined solo has: 「移動の代わりに、スタンドから抜ける（隣接する誰にも占有されていないマス目に
// 入る）」: sortie's reading, it leaves into the adjacent empty space farthest (U-2) from the source
// of its fear, when one is farther than its stand's; else it stays with its stand ("nowhere to
// move"), its action spent. Unattached from then on, it flees as any frightened solo on its later
// turns.
func (b *Battle) fleeJoined(j int32) {
	so := &b.so[j]
	t := Ref{RefSolo, int(j)}
	b.emit(func() Event { return &ActedEvent{Who: b.soloName(j), Action: ActDash.String()} })
	src := b.refBox(b.frightOf(t))
	n := int32(b.s.cr[so.cr].space)
	best, far := int32(-1), b.dist(b.standBox(so.stand), src)
	b.listLeave(j, b.standBox(so.stand), func(q int32) {
		if d := b.dist(box{q % int32(b.w), q / int32(b.w), n}, src); d > far {
			best, far = q, d
		}
	})
	if best >= 0 {
		b.leaveStand(j, best)
	}
}
