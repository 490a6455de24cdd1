package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

// actor is whoever attacks or casts: a stand, or a solo (joined ones act from their stand's
// space, U-85).
type actor struct {
	stand, solo int32 // one of them is -1
	side        int32
	box         box
	cr          *creature
}

func (b *Battle) standActor(i int32) actor {
	st := &b.st[i]
	return actor{stand: i, solo: -1, side: b.un[st.unit].side, box: b.standBox(i), cr: &b.s.cr[st.cr]}
}

func (b *Battle) soloActor(j int32) actor {
	so := &b.so[j]
	return actor{stand: -1, solo: j, side: so.side, box: b.soloBox(j), cr: &b.s.cr[so.cr]}
}

// refBox is the space of a target.
func (b *Battle) refBox(r Ref) box {
	switch r.Kind {
	case RefStand:
		return b.standBox(int32(r.Index))
	case RefSolo:
		return b.soloBox(int32(r.Index))
	}
	return b.sqBox(int32(b.s.resSq[r.Index].sq))
}

// canTarget reports whether attack a of the actor may be made against target t now, and whether
// it is a melee attack and at long range (U-35, U-37): a melee attack needs an adjacent target; a
// ranged one a target within normal range, or long range with disadvantage, adjacent always allowed.
// A thrown weapon is a melee attack against an adjacent target.
//
// A charmed actor cannot attack its charmer (U-76 [5E-CORE] charmed: "A charmed creature can't
// attack the charmer"): the source of a charmed effect on it.
func (b *Battle) canTarget(at *actor, a *attack, t Ref) (ok, melee, long bool) {
	if b.charmedBy(actorRef(at), t) {
		return false, false, false
	}
	tb := b.refBox(t)
	adj := adjacent(at.box, tb)
	if a.melee && adj {
		return true, true, false
	}
	if !a.ranged {
		return false, false, false
	}
	if adj {
		return true, false, false
	}
	d := b.dist(at.box, tb)
	if overlap(at.box, tb) {
		return false, false, false
	}
	if d <= int32(a.rng) {
		return true, false, false
	}
	if a.long > 0 && d <= int32(a.long) {
		return true, false, true
	}
	return false, false, false
}

// targetable reports whether t is something the actor's side may attack: an enemy stand on the
// grid, an enemy unattached solo still on the grid, or a square of a resource its side has a
// Destruction objective on, above 0 hp (U-67).
func (b *Battle) targetable(side int32, t Ref) bool {
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		return st.on && b.un[st.unit].side != side
	case RefSolo:
		so := &b.so[t.Index]
		return so.side != side && so.stand < 0 && so.state != soloDead && so.state != soloFled
	case RefResource:
		return b.rhp[t.Index] > 0 && b.destroys(side, b.s.resSq[t.Index].res)
	}
	return false
}

// destroys reports whether side has a Destruction objective on resource r.
func (b *Battle) destroys(side int32, r int) bool {
	for k := range b.s.obj {
		o := &b.s.obj[k]
		if o.kind == "destroy" && int32(o.side) == side && o.res == r {
			return true
		}
	}
	return false
}

// attackMods gathers advantage and disadvantage on one attack roll (U-14, U-16, U-23, U-48, U-80,
// pack tactics; long range U-37; a dodging or unconscious solo, U-76, U-84).
func (b *Battle) attackMods(at *actor, t Ref, melee, long bool) (adv, dis bool) {
	return b.attackModsWhy(at, t, melee, long, nil)
}

// attackModsWhy is attackMods, saying why in r (nil: not asked).
func (b *Battle) attackModsWhy(at *actor, t Ref, melee, long bool, r *reasons) (adv, dis bool) {
	tb := b.refBox(t)
	switch t.Kind {
	case RefStand:
		if b.standIsolated(int32(t.Index)) {
			adv = r.adv("target isolated") // U-16
		}
		if b.st[t.Index].hidden {
			dis = r.dis("target hidden") // U-80
		}
	case RefSolo:
		so := &b.so[t.Index]
		if b.soloIsolated(int32(t.Index)) {
			adv = r.adv("target isolated") // U-16
		}
		if so.hidden {
			dis = r.dis("target hidden") // U-80
		}
		if so.dodge {
			dis = r.dis("target dodging") // U-84 Dodge
		}
		if so.state == soloDying || so.state == soloStable {
			adv = r.adv("target unconscious") // [5E-CORE]
		}
	}
	if tc := b.condOf(t); tc != 0 {
		// U-76 [5E-CORE]: attacks against a paralyzed or restrained creature, or one outlined by
		// faerie fire, have advantage; against a prone one advantage from an adjacent attacker,
		// disadvantage from farther.
		// An unconscious one (sleep) is also prone [5E-CORE]: from farther, advantage and
		// disadvantage cancel.
		switch {
		case tc&cParalyzed != 0:
			adv = r.adv("target paralyzed")
		case tc&cUnconscious != 0:
			adv = r.adv("target unconscious")
			if !adjacent(at.box, tb) {
				dis = r.dis("target prone")
			}
		case tc&cRestrained != 0:
			adv = r.adv("target restrained")
		case tc&cStunned != 0:
			adv = r.adv("target stunned") // [5E-CORE] stunned: attacks against it have advantage
		case tc&cBlinded != 0:
			adv = r.adv("target blinded") // [5E-CORE] blinded: attacks against it have advantage
		case tc&cOutlined != 0:
			adv = r.adv("target outlined")
		}
		if tc&cProne != 0 {
			if adjacent(at.box, tb) {
				adv = r.adv("target prone")
			} else {
				dis = r.dis("target prone")
			}
		}
	}
	if at.cr.traits&trSunlight != 0 && b.s.dark == 0 {
		dis = r.dis("sunlight") // the kobold's Sunlight Sensitivity [SRD]: the battle's light is bright
	}
	if melee && at.cr.traits&trReckless != 0 && b.recklessRef(actorRef(at)) {
		adv = r.adv("reckless") // the minotaur's Reckless [SRD]
	}
	if t.Kind != RefResource && b.recklessRef(t) {
		adv = r.adv("target reckless")
	}
	if b.frightOf(actorRef(at)).Kind != RefNone {
		dis = r.dis("frightened") // U-76 [5E-CORE], fear.go: its source on the field
	}
	if ac := b.condOf(actorRef(at)); ac&(cBlinded|cPoisoned) != 0 {
		// U-76 [5E-CORE]: a blinded creature's attack rolls have disadvantage; a poisoned one
		// has disadvantage on attack rolls.
		if ac&cBlinded != 0 {
			dis = r.dis("blinded")
		} else {
			dis = r.dis("poisoned")
		}
	}
	if ac := b.condOf(actorRef(at)); ac&(cRestrained|cProne) != 0 {
		if ac&cRestrained != 0 {
			dis = r.dis("restrained") // U-76 [5E-CORE]
		} else {
			dis = r.dis("prone")
		}
	}
	if melee && b.height(at.box) > b.height(tb) {
		adv = r.adv("higher ground") // U-23
	}
	if long {
		dis = r.dis("long range") // U-37
	}
	if at.stand >= 0 {
		st := &b.st[at.stand]
		u := &b.un[st.unit]
		if u.incite == int32(b.round) && b.turnUnit == st.unit {
			adv = r.adv("incited") // U-14 Incite
		}
		if melee && st.aided {
			adv = r.adv("aided") // U-48 Aid
		}
		if st.hidden {
			adv = r.adv("hidden") // U-80
		}
		if b.standIsolated(at.stand) {
			dis = r.dis("isolated") // U-16
		}
	} else {
		so := &b.so[at.solo]
		if so.hidden {
			adv = r.adv("hidden") // U-80
		}
		if b.soloIsolated(at.solo) {
			dis = r.dis("isolated") // U-16
		}
	}
	if at.cr.traits&trPack != 0 && t.Kind != RefResource && b.allyAdjacent(at, tb) {
		adv = r.adv("pack tactics")
	}
	return adv, dis
}

// allyAdjacent reports whether a stand or unattached solo of the actor's side, other than the
// actor, is adjacent to tb and able (pack tactics, martial advantage).
func (b *Battle) allyAdjacent(at *actor, tb box) bool {
	for k := tb.x - 1; k <= tb.x+tb.n; k++ {
		for l := tb.y - 1; l <= tb.y+tb.n; l++ {
			if k < 0 || l < 0 || int(k) >= b.w || int(l) >= b.h {
				continue
			}
			inX, inY := k >= tb.x && k < tb.x+tb.n, l >= tb.y && l < tb.y+tb.n
			if inX == inY { // inside, or a corner
				continue
			}
			o := b.occ[int(l)*b.w+int(k)]
			if o < 0 || b.occSide(o) != at.side || o == at.stand || (at.solo >= 0 && o == int32(len(b.st))+at.solo) {
				continue
			}
			if int(o) >= len(b.st) && b.so[o-int32(len(b.st))].state != soloUp {
				continue
			}
			return true
		}
	}
	return false
}

// targetAC is a target's armour class against an attack (U-21 forest cover, U-48 Defend, U-67).
func (b *Battle) targetAC(t Ref) int { return b.targetACWhy(t, nil) }

// targetACWhy is targetAC, saying in r what the creature's own AC is and what adds to it.
func (b *Battle) targetACWhy(t Ref, r *reasons) int {
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		ac := b.s.cr[st.cr].ac
		r.base(ac)
		if b.inForest(b.standBox(int32(t.Index))) {
			ac += 2 // U-21: half cover
			r.cover("forest +2")
		}
		if u := &b.un[st.unit]; u.reg && u.cfg == cfgDefend {
			ac += 2 // U-48 Defend
			r.cover("defend +2")
		}
		return ac + b.acMod(t, r) // shield of faith (U-76)
	case RefSolo:
		so := &b.so[t.Index]
		ac := b.s.cr[so.cr].ac
		r.base(ac)
		if b.o.ForestCoverSolos == clashrules.Yes && so.stand < 0 && b.inForest(b.soloBox(int32(t.Index))) {
			ac += 2
			r.cover("forest +2")
		}
		return ac + b.acMod(t, r)
	}
	return b.o.ObjectiveACOrDefault()
}

// attack makes one attack (U-34..U-37): the roll against the target's AC (a melee attack on a
// resource square hits automatically, U-67), then the damage (U-16: doubled against an isolated
// target) with a critical hit on a natural 20 [5E-CORE].
func (b *Battle) attack(at *actor, ai int, t Ref, bonus bool) {
	a := &at.cr.attacks[ai]
	_, melee, long := b.canTarget(at, a, t)
	r := b.why()
	adv, dis := b.attackModsWhy(at, t, melee, long, r)
	if at.stand >= 0 && melee && b.o.Aid == clashrules.AidOneRoll {
		b.st[at.stand].aided = false
	}
	iso := b.refIsolated(t)
	hit, crit, auto := false, false, false
	var faces [2]int
	face, total, ac, mod := 0, 0, 0, a.toHit
	if t.Kind == RefResource && melee {
		hit, auto = true, true // U-67
	} else {
		face, faces = b.d20(adv, dis)
		ac = b.targetACWhy(t, r)
		mod += b.modRoll(actorRef(at), true, r) // bless, bane (U-76)
		total = face + mod
		hit = face == 20 || (face != 1 && total >= ac)
		crit = face == 20 && t.Kind != RefResource
		if t.Kind == RefSolo && melee && hit {
			if s := b.so[t.Index].state; s == soloDying || s == soloStable {
				crit = true // an unconscious creature hit in melee [5E-CORE]
			}
		}
		if hit && b.condOf(t)&cHelpless != 0 && adjacent(at.box, b.refBox(t)) {
			crit = true // a paralyzed or unconscious creature hit from within 5 ft [5E-CORE]: adjacent (U-2)
		}
	}
	b.reveal(at)
	b.emit(func() Event {
		e := &AttackRollEvent{Attacker: b.actorName(at), Target: b.refName(t), Attack: a.name, Melee: melee, Long: long,
			Adv: adv && !dis, Dis: dis && !adv, Cancel: adv && dis, Mod: mod, Reach: bonus, Faces: faces, Face: face, Total: total,
			AC: ac, Hit: hit, Crit: crit, Isolated: iso && hit, Auto: auto}
		e.AdvWhy, e.DisWhy, e.Cover = r.list()
		e.Mods = r.modList()
		if len(e.Cover) > 0 {
			e.BaseAC = r.baseAC
		}
		return e
	})
	if !hit {
		return
	}
	dmg, radiant := b.rollDamage(a.dmg, crit, t)
	cause := "attack"
	if at.stand >= 0 && at.cr.traits&trMartial != 0 && !b.st[at.stand].martial && t.Kind != RefResource &&
		b.allyAdjacent(at, b.refBox(t)) {
		b.st[at.stand].martial = true
		dmg += b.rollDice(at.cr.martial, crit)
		cause = "attack, martial advantage"
	}
	if at.cr.traits&trSurprise != 0 && b.round == 1 && b.surprisedRef(t) {
		dmg += b.rollDice(at.cr.surprise, crit) // Surprise Attack [SRD], U-79
		cause += ", surprise attack"
	}
	charged := b.charging(at, ai, t)
	if charged {
		dmg += b.rollDice(at.cr.charge.dmg, crit)
		cause = "attack, charge"
	}
	if iso {
		dmg *= 2 // U-16
	}
	b.damage(t, dmg, at.side, crit || radiant, cause)
	if charged {
		b.chargeRider(at, t)
	}
	b.onHit(at, a, t) // the quasit's claws' poison (onhit.go)
	if t.Kind == RefStand && b.o.WeaponsHitJoined == clashrules.Yes {
		for j := range b.so {
			if b.so[j].stand == int32(t.Index) && total >= b.s.cr[b.so[j].cr].ac {
				b.damage(Ref{RefSolo, j}, dmg, at.side, crit, "attack")
			}
		}
	}
}

// refIsolated reports whether a target is isolated now (U-16, U-81).
func (b *Battle) refIsolated(t Ref) bool {
	switch t.Kind {
	case RefStand:
		return b.standIsolated(int32(t.Index))
	case RefSolo:
		return b.soloIsolated(int32(t.Index))
	}
	return false
}

// rollDamage rolls damage parts against a target's resistances, immunities and vulnerabilities
// (U-76); radiant reports radiant damage (undead fortitude).
func (b *Battle) rollDamage(parts []dmgPart, crit bool, t Ref) (total int, radiant bool) {
	cr := b.damagedCreature(t)
	for _, p := range parts {
		v, rad := b.typed(cr, p, b.rollDice(p.e, crit))
		total += v
		radiant = radiant || rad
	}
	return total, radiant
}

// damagedCreature is the stat block whose resistances apply to damage on t (nil: a resource).
func (b *Battle) damagedCreature(t Ref) *creature {
	switch t.Kind {
	case RefStand:
		return &b.s.cr[b.st[t.Index].cr]
	case RefSolo:
		return &b.s.cr[b.so[t.Index].cr]
	}
	return nil
}

// typed applies cr's immunity, resistance or vulnerability to v damage of part p's type (U-76),
// and reports radiant damage dealt (undead fortitude). cr nil: v unchanged.
func (b *Battle) typed(cr *creature, p dmgPart, v int) (int, bool) {
	if cr == nil || p.typ < 0 {
		return v, false
	}
	bit := uint64(1) << uint(p.typ)
	switch {
	case cr.immune&bit != 0:
		v = 0
	case cr.resist&bit != 0:
		v /= 2
	case cr.vuln&bit != 0:
		v *= 2
	}
	return v, b.s.types[p.typ] == "radiant" && v > 0
}

// reveal ends the actor's hiding when it attacks or casts (U-80).
func (b *Battle) reveal(at *actor) {
	if at.stand >= 0 && b.st[at.stand].hidden {
		b.st[at.stand].hidden = false
		b.emit(func() Event { return &RevealedEvent{Who: b.actorName(at), Why: "attacked"} })
	}
	if at.solo >= 0 && b.so[at.solo].hidden {
		b.so[at.solo].hidden = false
		b.emit(func() Event { return &RevealedEvent{Who: b.actorName(at), Why: "attacked"} })
	}
}

// recklessRef reports whether a stand or solo took Reckless at the start of its last turn.
func (b *Battle) recklessRef(t Ref) bool {
	switch t.Kind {
	case RefStand:
		return b.st[t.Index].reck
	case RefSolo:
		return b.so[t.Index].reck
	}
	return false
}

// surprisedRef reports whether a target was ruled surprised (U-79): its unit, or the solo.
func (b *Battle) surprisedRef(t Ref) bool {
	switch t.Kind {
	case RefStand:
		return b.un[b.st[t.Index].unit].surprised
	case RefSolo:
		return b.so[t.Index].surprised
	}
	return false
}
