package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// MaxVP is the VP that ends a battle at the end of a round (U-65, U-71).
const MaxVP = 10

// score gives objective oi's side vp VP; why says how (built only for the events).
func (b *Battle) score(oi int, vp int, why func() string) {
	if vp <= 0 {
		return
	}
	o := &b.s.obj[oi]
	b.vp[o.side] += vp
	b.objVP[oi] += vp
	b.emit(func() Event {
		return &ScoredEvent{Side: b.sideName(int32(o.side)), Objective: o.name, VP: vp, Total: b.vp[o.side], Why: why()}
	})
}

// attrition is U-66: when unit u is eliminated (no stand on the grid; or broken, under
// AttritionBroken), every Attrition objective counting it scores its VP, once.
func (b *Battle) attrition(u int32) {
	un := &b.un[u]
	if un.scored {
		return
	}
	un.scored = true
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if o.kind != plan.ObjAttrition {
			continue
		}
		for _, uv := range o.units {
			if int32(uv.Unit) == u {
				b.score(oi, uv.VP, func() string {
					if un.alive > 0 {
						return b.unitName(u) + " broken"
					}
					return b.unitName(u) + " eliminated"
				})
			}
		}
	}
}

// scoreRound is step (4) of U-59: Protection (U-68) and custom objectives (U-69).
func (b *Battle) scoreRound() {
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		switch o.kind {
		case plan.ObjProtect:
			if b.protected(int32(o.side), o.res) {
				b.score(oi, o.vp, func() string { return "held" })
			}
		case plan.ObjCustom:
			if (o.repeat || !b.objOK[oi]) && b.cond(o.when) {
				b.objOK[oi] = true
				b.score(oi, o.vp, func() string { return "achieved" })
			}
		}
	}
}

// protected is U-68: side has at least two stands adjacent to resource r, some square of r is
// above 0 hp, and no enemy stand or solo is within 2 squares of it (distances to its nearest
// square).
func (b *Battle) protected(side int32, r int) bool {
	if !b.resourceAlive(r) {
		return false
	}
	adj := 0
	for i := range b.st {
		st := &b.st[i]
		if !st.on {
			continue
		}
		a := b.standBox(int32(i))
		near := false
		for _, k := range b.s.res[r] {
			c := b.sqBox(int32(b.s.resSq[k].sq))
			if b.un[st.unit].side == side && adjacent(a, c) {
				near = true
			}
			if b.un[st.unit].side != side && b.dist(a, c) <= 2 {
				return false
			}
		}
		if near {
			adj++
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.side == side || so.state == soloDead || so.state == soloFled {
			continue
		}
		a := b.soloBox(int32(j))
		for _, k := range b.s.res[r] {
			if b.dist(a, b.sqBox(int32(b.s.resSq[k].sq))) <= 2 {
				return false
			}
		}
	}
	return adj >= 2
}

// cond evaluates a custom objective's condition (U-69).
func (b *Battle) cond(c *plan.ClashCond) bool {
	switch c.Op {
	case plan.ClashAll:
		for i := range c.Args {
			if !b.cond(&c.Args[i]) {
				return false
			}
		}
		return true
	case plan.ClashAny:
		for i := range c.Args {
			if b.cond(&c.Args[i]) {
				return true
			}
		}
		return false
	case plan.ClashNot:
		return !b.cond(&c.Args[0])
	case plan.ClashIn:
		need := max(1, c.Count)
		n := 0
		inZone := func(a box) bool {
			for _, q := range c.Zone {
				if overlap(a, box{int32(q[0]), int32(q[1]), 1}) {
					return true
				}
			}
			return false
		}
		for i := range b.st {
			st := &b.st[i]
			if !st.on || (c.Unit >= 0 && int(st.unit) != c.Unit) || (c.Unit < 0 && b.un[st.unit].side != int32(c.Side)) {
				continue
			}
			if inZone(b.standBox(int32(i))) {
				n++
			}
		}
		if c.Unit < 0 {
			for j := range b.so {
				so := &b.so[j]
				if so.side == int32(c.Side) && so.stand < 0 && so.state == soloUp && inZone(b.soloBox(int32(j))) {
					n++
				}
			}
		}
		return n >= need
	case plan.ClashEliminated:
		return b.un[c.Unit].alive == 0
	case plan.ClashBroken:
		return b.un[c.Unit].broken
	case plan.ClashDown:
		return b.so[c.Solo].state != soloUp
	case plan.ClashNoCommander:
		return b.un[c.Unit].cmd < 0
	case plan.ClashDestroyed:
		return !b.resourceAlive(c.Resource)
	case plan.ClashRound:
		return b.round >= c.Round
	}
	return false
}

// endCheck is step (5) of U-59 (U-71, U-74, U-75).
func (b *Battle) endCheck() {
	if b.extra {
		b.finish(b.extraWhy) // U-74: the extra round is over
		return
	}
	why := EndReason(255)
	switch {
	case b.vp[0] >= MaxVP || b.vp[1] >= MaxVP:
		why = EndVP // U-71
	case b.o.Annihilation == clashrules.AnnihilationEnd && (b.annihilated(0) || b.annihilated(1)):
		why = EndAnnihilation // U-75
	case b.o.Annihilation == clashrules.AnnihilationEnd && !b.scoringLeft():
		why = EndNoScoring
	case b.round >= b.o.MaxRoundsOrDefault():
		why = EndMaxRounds
	}
	if why == 255 {
		return
	}

	if b.vp[0] == b.vp[1] && why != EndMaxRounds && b.round < b.o.MaxRoundsOrDefault() {
		switch b.o.Tie {
		case clashrules.TieExtraRound:
			b.extra, b.extraWhy = true, why
			return
		case clashrules.TieUntilDecided:
			return
		}
	}
	b.finish(why)
}

// annihilated reports whether side has nothing left that can act on the grid: no stand and no
// solo able to act (U-75).
func (b *Battle) annihilated(side int32) bool {
	for i := range b.st {
		if b.st[i].on && b.un[b.st[i].unit].side == side {
			return false
		}
	}
	for j := range b.so {
		if b.so[j].side == side && b.so[j].state == soloUp {
			return false
		}
	}
	return true
}

// scoringLeft reports whether some objective can still score (U-75): a side able to act with an
// enemy unit left to eliminate, a resource square left to destroy or to hold, a custom objective
// not yet scored (or repeating).
func (b *Battle) scoringLeft() bool {
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if b.annihilated(int32(o.side)) {
			continue
		}
		switch o.kind {
		case plan.ObjAttrition:
			for _, uv := range o.units {
				if uv.VP > 0 && !b.un[uv.Unit].scored {
					return true
				}
			}
		case plan.ObjDestroy, plan.ObjProtect:
			if b.resourceAlive(o.res) {
				return true
			}
		case plan.ObjCustom:
			if o.repeat || !b.objOK[oi] {
				return true
			}
		}
	}
	return false
}

// finish ends the battle (U-72..U-74): a lead of 3 VP or more is a total victory, after which each
// surviving unit of the loser rolls a d20 and deserts on 10 or more; a lead of 1 or 2 is a tactical
// victory; equal VP a draw.
func (b *Battle) finish(why EndReason) {
	b.over = true
	r := &b.res
	r.Rounds, r.VP, r.Reason = b.round, b.vp, why
	r.ObjectiveVP = append(r.ObjectiveVP[:0], b.objVP...)
	r.DesertedEvent = r.DesertedEvent[:0]
	lead := b.vp[0] - b.vp[1]
	r.Winner = -1
	switch {
	case lead > 0:
		r.Winner = 0
	case lead < 0:
		r.Winner, lead = 1, -lead
	}
	r.Outcome = Outcome(VictoryKind(lead))
	if r.Outcome == Total {
		loser := int32(1 - r.Winner)
		for u := range b.un {
			un := &b.un[u]
			if un.side != loser || un.alive == 0 {
				continue
			}
			face := b.roll(20)
			gone := face >= 10
			b.emit(func() Event { return &DesertedEvent{Unit: b.unitName(int32(u)), Face: face, Gone: gone} })
			if gone {
				r.DesertedEvent = append(r.DesertedEvent, u)
			}
		}
	}
	b.emit(func() Event {
		e := &BattleEndEvent{Rounds: r.Rounds, VP: r.VP, Outcome: r.Outcome.String(), Reason: why.String(),
			sides: [2]string{b.sideName(0), b.sideName(1)}}
		for oi := range b.s.obj {
			o := &b.s.obj[oi]
			e.Objectives = append(e.Objectives, ObjectiveVP{Objective: o.name, Side: b.sideName(int32(o.side)), VP: b.objVP[oi]})
		}
		if r.Winner >= 0 {
			e.Winner = b.sideName(int32(r.Winner))
		}
		return e
	})
}

// VictoryKind classifies a VP lead (U-72..U-74): 0 a draw, 1 or 2 tactical, 3 or more total.
func VictoryKind(lead int) Outcome {
	switch {
	case lead >= 3:
		return Total
	case lead >= 1:
		return Tactical
	}
	return Draw
}
