package clash

// Spirit guardians (SRD 5.1): "Range: Self (15-foot radius) ... Concentration, up to 10 minutes.
// You call forth spirits to protect you. They flit around you to a distance of 15 feet for the
// duration ... When you cast this spell, you can designate any number of creatures you can see to
// be unaffected by it. An affected creature's speed is halved in the area, and when the creature
// enters the area for the first time on a turn or starts its turn there, the creature must make
// a Wisdom saving throw. On a failed save, the creature takes 3d8 radiant damage (if you are good
// or neutral) or 3d8 necrotic damage (if you are evil). On a successful save, the creature takes
// half as much damage."
//
// The seed's area rules (U-43..U-47) draw areas on 20-ft squares and say nothing of an area that
// moves with its caster, so sortie's Default (a RULES-style note, U-43 / U-76):
//   - The aura is the squares next to its caster's space (distance 1, U-2): a 15-ft radius is
//     less than a square, and the seed lets a spell shorter than 20 ft reach the adjacent squares
//     (U-37: 「たとえ呪文の距離が20フィート未満であっても、呪文は隣接するマス目にいるスタンドや
//     ソロを目標とすることができる」). It moves with the stand or solo that cast it.
//   - Its caster designates every ally unaffected: only enemies save.
//   - An enemy stand or solo saves when it starts its turn in the aura, and when its move on its
//     own turn ends in the aura it was not in when the move began (the SRD's "enters the area for
//     the first time on a turn"): once a turn, whichever came first. A move that only passes
//     through the aura (possible next to a solo caster: U-30 locks a stand next to an enemy stand)
//     is not told apart, as the engine's moves are start and end squares.
//   - Cast by a stand (a unit's Cast a Spell), the damage is doubled, as U-43 doubles a stand's
//     area damage (every cleric of the stand calls its own spirits onto the same squares).
//   - "An affected creature's speed is halved in the area": an enemy stand or solo that starts its
//     move in the aura moves at half its speed this turn (rounded down, after Dash and standing
//     up: move.go speedOfStand, speedOfSolo).
//   - Its damage type is the library's (radiant).

// castAura starts spell sp's aura around at (concentration, its duration), cast by a stand when
// byStand; dc is its save DC.
func (b *Battle) castAura(at *actor, sp *spell, dc int, byStand bool) {
	e := effect{target: actorRef(at), src: actorRef(at), sp: int32(b.spellIndex(sp)), dc: int32(dc), stand: byStand}
	if sp.fx.rounds > 0 {
		e.until = int32(b.round + sp.fx.rounds)
	}
	b.addEffect(e, "")
}

// auraStart is enemy t starting its turn: every aura it starts in (next to the aura's holder)
// calls for its save against the aura's damage, half on a success (the SRD's spirit guardians).
func (b *Battle) auraStart(t Ref) {
	if len(b.fx) == 0 || !b.present(t) {
		return
	}
	b.auraSaves(t, func(h box) bool { return b.dist(b.refBox(t), h) <= 1 })
}

// auraEnter is enemy t's move on its own turn ending at its place now, from box from: an aura it
// is in now and was not in at from calls for its save, unless it saved against an aura already
// this turn (the SRD: "when the creature enters the area for the first time on a turn").
func (b *Battle) auraEnter(t Ref, from box) {
	if len(b.fx) == 0 || !b.present(t) || b.auraRoundOf(t) == int32(b.round) {
		return
	}
	b.auraSaves(t, func(h box) bool { return b.dist(b.refBox(t), h) <= 1 && b.dist(from, h) > 1 })
}

// auraRoundOf is the round t last saved against an aura on its own turn (0 none).
func (b *Battle) auraRoundOf(t Ref) int32 {
	if t.Kind == RefStand {
		return b.st[t.Index].auraRound
	}
	return b.so[t.Index].auraRound
}

// inEnemyAura reports whether a stand or solo of t's side at box at is in an enemy's aura: its
// speed is halved there (the SRD: "An affected creature's speed is halved in the area").
func (b *Battle) inEnemyAura(t Ref, at box) bool {
	if len(b.fx) == 0 {
		return false
	}
	side := b.sideOf(t)
	for k := range b.fx {
		e := &b.fx[k]
		if e.sp >= 0 && e.target == e.src && b.s.sp[e.sp].fx.aura && b.present(e.src) && b.sideOf(e.src) != side &&
			b.dist(at, b.refBox(e.src)) <= 1 {
			return true
		}
	}
	return false
}

// auraSaves makes t save against every enemy aura whose holder's box in(h) accepts: damage, half
// on a success, doubled when a stand cast it; it notes the round on t.
func (b *Battle) auraSaves(t Ref, in func(h box) bool) {
	side := b.sideOf(t)
	for k := 0; k < len(b.fx); k++ {
		e := b.fx[k]
		if e.sp < 0 || e.target != e.src || !b.s.sp[e.sp].fx.aura || !b.present(e.src) || b.sideOf(e.src) == side {
			continue
		}
		if !in(b.refBox(e.src)) {
			continue
		}
		if t.Kind == RefStand {
			b.st[t.Index].auraRound = int32(b.round)
		} else {
			b.so[t.Index].auraRound = int32(b.round)
		}
		sp := &b.s.sp[e.sp]
		mult, halves := 1, 0
		if e.stand {
			mult = 2
		}
		if b.save(t, sp.save, int(e.dc), false, false, sp.name) {
			halves = 1
		}
		b.rollParts(sp.dmg, false)
		b.spellDamage(sp.dmg, t, mult, halves, b.sideOf(e.src))
		if !b.present(t) {
			return
		}
	}
}

// auraValue is the tactical policy's worth of casting aura spell sp now [AI]: its expected damage
// (x 2 for a stand) on every enemy within 2 squares of the caster, that is in it or one step from
// it; 0 when the caster already holds it.
func (b *Battle) auraValue(at *actor, sp *spell, k *knownSpell, byStand bool) int64 {
	if b.hasEffect(actorRef(at), sp) {
		return 0
	}
	e2 := int64(k.avg2) * saveFactor(sp) / 20
	if byStand {
		e2 *= 2
	}
	var v int64
	for i := range b.st {
		st := &b.st[i]
		if st.on && !st.cas && b.un[st.unit].side != at.side && b.dist(at.box, b.standBox(int32(i))) <= 2 {
			v += b.targetValue(Ref{RefStand, i}, e2, 20)
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand < 0 && so.state == soloUp && so.side != at.side && b.dist(at.box, b.soloBox(int32(j))) <= 2 {
			v += b.targetValue(Ref{RefSolo, j}, e2, 20)
		}
	}
	return v
}
