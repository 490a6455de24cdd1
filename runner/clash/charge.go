package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// The minotaur's Charge (plan.TraitCharge; U-3's example: 「ミノタウロスの"突撃"は目標を10フィー
// トまで押しやることができる。したがって、ミノタウロスのスタンドは敵スタンドを2マスまで押しやる
// ことができる」), played by U-76's fallback for the rest of the SRD text.

// chargeRun is the least straight run, in squares, that counts as the SRD's "at least 10 feet
// straight toward a target" (U-3: ability distances at 5 ft a square).
const chargeRun = 2

// charging reports whether attack ai of the actor against t is a charge: the actor has the trait
// and ai is its attack, it moved this turn at least chargeRun squares along one row or column
// (Default: from where its move started to where it ended; no diagonals, U-2), and t is adjacent
// beyond the end of that run, in the direction it ran. A resource square is not a creature.
func (b *Battle) charging(at *actor, ai int, t Ref) bool {
	if at.cr.traits&trCharge == 0 || ai != at.cr.charge.attack || t.Kind == RefResource {
		return false
	}
	var from, round int32
	switch {
	case at.stand >= 0:
		st := &b.st[at.stand]
		if b.turnUnit != st.unit {
			return false
		}
		from, round = st.runFrom, st.runRound
	default:
		so := &b.so[at.solo]
		if b.turnSolo != at.solo || so.stand >= 0 {
			return false
		}
		from, round = so.runFrom, so.runRound
	}
	if round != int32(b.round) {
		return false
	}
	fx, fy := from%int32(b.w), from/int32(b.w)
	dx, dy := at.box.x-fx, at.box.y-fy
	if (dx != 0) == (dy != 0) || abs32(dx)+abs32(dy) < chargeRun {
		return false
	}
	tb := b.refBox(t)
	if !adjacent(at.box, tb) {
		return false
	}
	px, py := pushDir(at.box, tb)
	return px == sign32(dx) && py == sign32(dy)
}

// chargeRider is the Charge's rider after the extra damage: the target makes a Strength save
// against the trait's DC or is pushed up to its push (10 ft: 2 squares, U-3) away and knocked
// prone [SRD]. A casualty (0 HP, U-57) is still on the grid, treated as having 1 HP, so the rider
// applies to it too: docs/rulings.md, "a casualty in a Charge" (the seed keeps it on the board
// until the round ends, U-28, U-60).
func (b *Battle) chargeRider(at *actor, t Ref) {
	if !b.present(t) {
		return
	}
	c := &at.cr.charge
	if b.save(t, plan.AbStr, c.dc, false, false, "charge") {
		return
	}
	if c.push > 0 {
		b.push(t, at.box, c.push, "charge by "+b.actorName(at))
	}
	if b.present(t) {
		b.addEffect(effect{target: t, src: Ref{Kind: RefNone}, sp: -1, cond: cProne}, "charge by "+b.actorName(at))
	}
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

func sign32(v int32) int32 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// chargeEnd reports whether a move of a space from from to a is a charge's run for the policy: at
// least chargeRun squares along one row or column, ending beside an enemy stand or unattached
// solo beyond it, in the direction of the run.
func (b *Battle) chargeEnd(from, a box, side int32) bool {
	dx, dy := a.x-from.x, a.y-from.y
	if (dx != 0) == (dy != 0) || abs32(dx)+abs32(dy) < chargeRun {
		return false
	}
	sx, sy := sign32(dx), sign32(dy)
	for k := int32(0); k < a.n; k++ {
		x, y := a.x+k, a.y+k
		switch {
		case sx > 0:
			x = a.x + a.n
		case sx < 0:
			x = a.x - 1
		case sy > 0:
			y = a.y + a.n
		default:
			y = a.y - 1
		}
		if sx != 0 {
			y = a.y + k
		} else {
			x = a.x + k
		}
		if x < 0 || y < 0 || int(x) >= b.w || int(y) >= b.h {
			continue
		}
		if o := b.occ[int(y)*b.w+int(x)]; o >= 0 && b.occSide(o) != side {
			return true
		}
	}
	return false
}
