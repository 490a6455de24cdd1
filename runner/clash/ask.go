package clash

import (
	"fmt"

	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Every decision goes through one path: the engine lists the legal answers in b.q.Options (in a
// stable, documented order), the policy's answer becomes b.q.Policy (the tactical policy scores
// the options; PolicyFirst takes 0; PolicyRandom draws from its own generator), and a Chooser, if
// any, answers. Names are built only when a Chooser reads them. A question with one answer is not
// put to the Chooser.

func (b *Battle) begin(a Ask, side, unit, stand, solo int32) *Question {
	q := &b.q
	q.Ask, q.Round, q.Side, q.Unit, q.Stand, q.Solo, q.Part, q.Spell = a, b.round, int(side), int(unit), int(stand), int(solo), 0, -1
	q.Options = q.Options[:0]
	q.Policy = 0
	return q
}

func (b *Battle) add(o Option) { b.q.Options = append(b.q.Options, o) }

func (b *Battle) named() bool { return b.ch != nil }

// settle returns the index of the answer (-1 when there are no options).
func (b *Battle) settle(tac func() int) int {
	q := &b.q
	n := len(q.Options)
	if n == 0 {
		return -1
	}
	switch b.pol[q.Side] {
	case PolicyFirst:
		q.Policy = 0
	case PolicyRandom:
		q.Policy = int(b.rng.Uint64() % uint64(n))
	default:
		q.Policy = tac()
		if q.Policy < 0 || q.Policy >= n {
			q.Policy = 0
		}
	}
	if b.ch == nil || n == 1 || b.err != nil {
		return q.Policy
	}
	i := b.ch.Choose(b, q)
	if i < 0 || i >= n {
		b.fail(fmt.Errorf("%w: %s answer %d of %d options", ErrChoice, q.Ask, i, n))
		return q.Policy
	}
	return i
}

// decideAction asks unit u's action (u >= 0) or solo j's (U-33..U-55, U-84). Listing order:
// attack, cast, dash, configure, hide, join, retreat, dodge, none.
func (b *Battle) decideAction(u, j int32) Action {
	var side int32
	if u >= 0 {
		side = b.un[u].side
	} else {
		side = b.so[j].side
	}
	if b.ch == nil && b.pol[side] == PolicyTactical {
		return b.tacActionNow(u, j)
	}
	b.begin(AskAction, side, u, -1, j)
	for _, a := range [...]Action{ActAttack, ActCast, ActDash, ActConfigure, ActHide, ActJoin, ActRetreat, ActDodge, ActNone} {
		if b.actionLegal(u, j, a) {
			o := Option{Action: a}
			if b.named() {
				o.Name = a.String()
			}
			b.add(o)
		}
	}
	i := b.settle(func() int { return b.tacAction(u, j) })
	if i < 0 {
		return ActNone
	}
	return b.q.Options[i].Action
}

// actionLegal reports whether a is open to unit u or solo j now.
func (b *Battle) actionLegal(u, j int32, a Action) bool {
	if u >= 0 {
		un := &b.un[u]
		switch a {
		case ActAttack:
			return !(un.reg && un.cfg == cfgDefend) && b.unitHasAttacks(u) // U-48 Defend: no Attack
		case ActCast:
			for i := un.first; i < un.first+un.n; i++ {
				if b.st[i].on && b.canCastAny(i) {
					return true
				}
			}
			return false
		case ActConfigure:
			return un.reg
		case ActHide:
			return !un.reg
		case ActDodge:
			return b.o.CoreActions == clashrules.CoreAll
		case ActJoin:
			return false
		}
		return true // dash, retreat, none
	}
	so := &b.so[j]
	cr := &b.s.cr[so.cr]
	joined := so.stand >= 0
	switch a {
	case ActAttack:
		return len(cr.attacks) > 0
	case ActCast:
		for k := range cr.spells {
			if cr.spells[k].uses == 0 || b.uses[b.s.solos[j].uses+k] > 0 {
				return true
			}
		}
		return false
	case ActDash, ActHide:
		return !joined
	case ActJoin:
		return !joined && b.anyJoinable(j)
	case ActDodge:
		return b.o.CoreActions != clashrules.CoreNone
	case ActConfigure, ActRetreat:
		return false
	}
	return true
}

func (b *Battle) unitHasAttacks(u int32) bool {
	un := &b.un[u]
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on && len(b.s.cr[b.st[i].cr].attacks) > 0 {
			return true
		}
	}
	return false
}

// decideConfig asks a Configure's new configuration (U-48): the two others, in the order aid,
// defend, march.
func (b *Battle) decideConfig(u int32) int {
	un := &b.un[u]
	b.begin(AskConfig, un.side, u, -1, -1)
	for c := 0; c < 3; c++ {
		if c != int(un.cfg) {
			o := Option{Value: c}
			if b.named() {
				o.Name = string(cfgNames[c])
			}
			b.add(o)
		}
	}
	i := b.settle(func() int { return b.tacConfig(u) })
	return b.q.Options[i].Value
}

// decideCommand asks the commander's bonus action (U-13, U-14): none, prepare, incite, stepDown;
// in a unit without a commander, none or "take" by each joined solo able to act (by solo order):
// up and not paralyzed, incapacitated or unconscious (U-13: a solo that cannot act does not command),
// and not already done this round (canTakeCommand).
func (b *Battle) decideCommand(u int32) Option {
	un := &b.un[u]
	b.begin(AskCommand, un.side, u, -1, un.cmd)
	b.add(Option{Cmd: CmdNone, Name: "none"})
	if un.cmd >= 0 {
		if b.so[un.cmd].state != soloUp || b.so[un.cmd].cond&cNoAct != 0 { // U-13: no bonus action
			return Option{}
		}
		b.add(Option{Cmd: CmdPrepare, Name: "prepare"})
		b.add(Option{Cmd: CmdIncite, Name: "incite"})
		b.add(Option{Cmd: CmdStepDown, Name: "stepDown"})
	} else {
		for j := range b.so {
			so := &b.so[j]
			if so.stand >= 0 && b.st[so.stand].unit == u && b.canTakeCommand(int32(j)) {
				o := Option{Cmd: CmdTake, Solo: j}
				if b.named() {
					o.Name = "take " + b.soloName(int32(j))
				}
				b.add(o)
			}
		}
	}
	if len(b.q.Options) == 1 {
		return Option{}
	}
	i := b.settle(func() int { return b.tacCommand(u) })
	return b.q.Options[i]
}

// canTakeCommand reports whether joined solo j may take command of its unit now, in the unit's
// turn (U-13: "a bonus action"): it is up, able to act (not paralyzed, incapacitated or
// unconscious), commands no unit, and has not had its turn this round.
//
// Default (U-13, U-26, U-53; the seed's 「そのターンにおいて、ソロは通常通りに自分のアクション
// を取る」 and its initiative, which counts 「そのターンの開始時にユニットの所属していたソロ」):
// a joined solo's turn is its unit's turn, and a creature takes one turn a round [5E-CORE], its
// bonus action on that turn. A solo that joins on its own turn (U-51) has had its turn this round:
// within its new unit's turn later that round it moves with the stand (U-53) but takes no bonus
// action (no taking command) and no action; from the next round on it acts in the unit's turn.
// joinedSoloTurns holds the action half of this (so.done); this is the bonus-action half.
func (b *Battle) canTakeCommand(j int32) bool {
	so := &b.so[j]
	return so.state == soloUp && so.cond&cNoAct == 0 && so.cmd < 0 && !so.done
}

// decideMove asks where a stand or solo goes among b.mv.ends (and off the grid when b.mv.flee):
// the destinations listed nearest an enemy first (ties by square), the current square included;
// "flee" last.
func (b *Battle) decideMove(who Ref, side, u int32, part int, act Action) int32 {
	stand, solo := int32(-1), int32(-1)
	if who.Kind == RefStand {
		stand = int32(who.Index)
	} else {
		solo = int32(who.Index)
	}
	if b.ch == nil && b.pol[side] == PolicyTactical {
		// The policy alone: it scores the ends where they lie, no options to list.
		return b.mv.ends[b.tacMove(b.mv.ends, who, side, u, part, act)]
	}
	q := b.begin(AskMove, side, u, stand, solo)
	q.Part = part
	b.ends = append(b.ends[:0], b.mv.ends...)
	if !b.pol[side].tactical() || b.named() {
		b.sortByEnemy(b.ends, who, side)
	}
	for _, e := range b.ends {
		o := Option{Square: int(e)}
		if b.named() {
			o.Name = b.sqName(int(e))
		}
		b.add(o)
	}
	if b.mv.flee {
		b.add(Option{Square: Flee, Name: "flee"})
	}
	i := b.settle(func() int { return b.tacMove(b.ends, who, side, u, part, act) })
	return int32(b.q.Options[i].Square)
}

// sortByEnemy orders top-left squares by the mover's distance to the nearest enemy from there,
// then by square index (insertion sort: no allocation).
func (b *Battle) sortByEnemy(list []int32, who Ref, side int32) {
	n := b.refBox(who).n
	key := func(q int32) int64 {
		d := b.nearestEnemy(box{q % int32(b.w), q / int32(b.w), n}, side)
		return int64(d)<<32 | int64(q)
	}
	for i := 1; i < len(list); i++ {
		v, kv := list[i], key(list[i])
		j := i - 1
		for j >= 0 && key(list[j]) > kv {
			list[j+1] = list[j]
			j--
		}
		list[j+1] = v
	}
}

// decideRoutine asks stand i's attack routine (U-34): each routine with a target in reach, by
// routine order (Multiattack first); in Aid (U-48) "aid <stand>" for each adjacent stand of its
// unit; "none" last.
func (b *Battle) decideRoutine(i int32) Option {
	st := &b.st[i]
	un := &b.un[st.unit]
	b.begin(AskRoutine, un.side, st.unit, i, -1)
	at := b.standActor(i)
	b.listRoutines(&at)
	if un.reg && un.cfg == cfgAid {
		a := b.standBox(i)
		for k := un.first; k < un.first+un.n; k++ {
			if k != i && b.st[k].on && adjacent(a, b.standBox(k)) && b.s.cr[b.st[k].cr].hasMelee {
				o := Option{Value: -2, Ref: Ref{RefStand, int(k)}}
				if b.named() {
					o.Name = "aid " + b.standName(k)
				}
				b.add(o)
			}
		}
	}
	b.add(Option{Value: -1, Name: "none"})
	if len(b.q.Options) == 1 {
		return b.q.Options[0]
	}
	idx := b.settle(func() int { return b.tacRoutine(&at) })
	return b.q.Options[idx]
}

func (b *Battle) decideSoloRoutine(j int32) Option {
	so := &b.so[j]
	b.begin(AskRoutine, so.side, -1, -1, j)
	at := b.soloActor(j)
	b.listRoutines(&at)
	b.add(Option{Value: -1, Name: "none"})
	if len(b.q.Options) == 1 {
		return b.q.Options[0]
	}
	idx := b.settle(func() int { return b.tacRoutine(&at) })
	return b.q.Options[idx]
}

// listRoutines adds the actor's routines that have a target now.
// Each attack is looked up once (routines share attacks: Multiattack [0, 0] and [0] alone).
func (b *Battle) listRoutines(at *actor) {
	var known, has uint32 // by attack index (< maxAttacks = 32)
	for r, rt := range at.cr.routines {
		ok := false
		for _, ai := range rt {
			bit := uint32(1) << ai
			if known&bit == 0 {
				known |= bit
				if b.anyTarget(at, ai) {
					has |= bit
				}
			}
			if has&bit != 0 {
				ok = true
				break
			}
		}
		if !ok {
			continue
		}
		o := Option{Value: r}
		if b.named() {
			o.Name = b.routineName(at.cr, r)
		}
		b.add(o)
	}
}

// routineName names a routine: "multiattack" (or "multiattack 2") or the attack's name.
func (b *Battle) routineName(cr *creature, r int) string {
	multi := len(cr.routines) - len(cr.attacks)
	if r < multi {
		if multi == 1 {
			return "multiattack"
		}
		return fmt.Sprintf("multiattack %d", r+1)
	}
	return cr.attacks[cr.routines[r][0]].name
}

// eachTarget calls f for every target the actor could attack with attack ai now (U-35, U-37,
// U-67), in order: stands by index, solos, resource squares.
func (b *Battle) eachTarget(at *actor, ai int, adjOnly bool, f func(Ref) bool) {
	a := &at.cr.attacks[ai]
	far := int32(1) // the farthest a target may be (U-35, U-37)
	if a.ranged && !adjOnly {
		far = int32(max(a.rng, a.long, 1))
	}
	if b.o.Distance == clashrules.Chebyshev {
		far++ // an adjacent target is 1 away either way; a diagonal one too under Chebyshev
	}
	try := func(t Ref, tb box) bool {
		if gx, gy := gaps(at.box, tb); gx+gy > 2*far {
			return true // out of reach under either metric
		}
		ok, _, _ := b.canTarget(at, a, t)
		if ok && adjOnly && !adjacent(at.box, tb) {
			ok = false
		}
		if ok {
			return f(t)
		}
		return true
	}
	if !a.ranged || adjOnly {
		// Only what touches the actor's space can be hit: its neighbours, in the same order.
		for _, id := range b.enemiesAround(at.box, at.side) {
			t := Ref{RefStand, int(id)}
			if int(id) >= len(b.st) {
				t = Ref{RefSolo, int(id) - len(b.st)}
			}
			if !try(t, b.occBox(id)) {
				return
			}
		}
	} else {
		for i := range b.st {
			st := &b.st[i]
			if !st.on || b.un[st.unit].side == at.side {
				continue
			}
			if !try(Ref{RefStand, i}, b.standBox(int32(i))) {
				return
			}
		}
		for j := range b.so {
			so := &b.so[j]
			if so.side == at.side || so.stand >= 0 || so.state == soloDead || so.state == soloFled {
				continue
			}
			if !try(Ref{RefSolo, j}, b.soloBox(int32(j))) {
				return
			}
		}
	}
	for k := range b.s.resSq {
		t := Ref{RefResource, k}
		if !b.targetable(at.side, t) {
			continue
		}
		if !try(t, b.sqBox(int32(b.s.resSq[k].sq))) {
			return
		}
	}
}

// enemiesAround lists the enemy occupants of side (stands on the grid, unattached solos not dead
// or fled: what b.occ holds) edge-adjacent to a, by occupant id (stands first, by index, then
// solos). The list is scratch, valid until the next call.
func (b *Battle) enemiesAround(a box, side int32) []int32 {
	out := b.around[:0]
	add := func(x, y int32) {
		if x < 0 || y < 0 || int(x) >= b.w || int(y) >= b.h {
			return
		}
		q := int(y)*b.w + int(x)
		if c := b.cls[q]; c&clsHeld == 0 || clsSideOf(c) == side {
			return
		}
		id := b.occ[q]
		for i, o := range out { // insertion in order, without repeats
			if o == id {
				return
			}
			if o > id {
				out = append(out, 0)
				copy(out[i+1:], out[i:])
				out[i] = id
				return
			}
		}
		out = append(out, id)
	}
	for k := int32(0); k < a.n; k++ {
		add(a.x+k, a.y-1)
		add(a.x+k, a.y+a.n)
		add(a.x-1, a.y+k)
		add(a.x+a.n, a.y+k)
	}
	b.around = out
	return out
}

func (b *Battle) anyTarget(at *actor, ai int) bool {
	found := false
	b.eachTarget(at, ai, false, func(Ref) bool { found = true; return false })
	return found
}

// decideTarget asks the target of one attack (U-34, U-86: any legal target, focus fire allowed),
// listed nearest first (ties in stand, solo, square order). ok is false when none is in reach.
func (b *Battle) decideTarget(at *actor, ai int, reachBonus bool) (Ref, bool) {
	if b.ch == nil && b.pol[at.side] == PolicyTactical {
		return b.tacTargetNow(at, ai, reachBonus)
	}
	b.begin(AskTarget, at.side, b.turnUnit, at.stand, at.solo)
	b.eachTarget(at, ai, reachBonus, func(t Ref) bool {
		o := Option{Ref: t}
		if b.named() {
			o.Name = b.refName(t)
		}
		b.add(o)
		return true
	})
	if len(b.q.Options) == 0 {
		return Ref{}, false
	}
	b.sortOptionsByDistance(at.box)
	i := b.settle(func() int { return b.tacTarget(at, ai) })
	return b.q.Options[i].Ref, true
}

// sortOptionsByDistance orders b.q.Options (targets) by distance from a, stable.
func (b *Battle) sortOptionsByDistance(a box) {
	o := b.q.Options
	for i := 1; i < len(o); i++ {
		v := o[i]
		d := b.dist(a, b.refBox(v.Ref))
		j := i - 1
		for j >= 0 && b.dist(a, b.refBox(o[j].Ref)) > d {
			o[j+1] = o[j]
			j--
		}
		o[j+1] = v
	}
}
