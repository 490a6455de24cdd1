package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Every decision goes through one path: the engine lists the legal answers in b.q.Options (in a
// stable, documented order), the policy's answer becomes b.q.Policy (the tactical policy scores
// the options; PolicyFirst takes 0; PolicyRandom draws from its own generator), and a Chooser, if
// any, answers. Names are built only when a Chooser reads them. A question with one answer is not
// put to the Chooser.

func (b *Battle) begin(a Ask, side, unit, stand, solo int32) *Question {
	q := &b.q
	q.Ask, q.Round, q.Side, q.Unit, q.Stand, q.Solo, q.Part = a, b.round, int(side), int(unit), int(stand), int(solo), 0
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
	switch b.pol {
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
			return b.o.CoreActions == CoreAll
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
		return b.o.CoreActions != CoreNone
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
// in a unit without a commander, none or "take" by each joined solo able to act (by solo order).
func (b *Battle) decideCommand(u int32) Option {
	un := &b.un[u]
	b.begin(AskCommand, un.side, u, -1, un.cmd)
	b.add(Option{Cmd: CmdNone, Name: "none"})
	if un.cmd >= 0 {
		if b.so[un.cmd].state != soloUp {
			return Option{}
		}
		b.add(Option{Cmd: CmdPrepare, Name: "prepare"})
		b.add(Option{Cmd: CmdIncite, Name: "incite"})
		b.add(Option{Cmd: CmdStepDown, Name: "stepDown"})
	} else {
		for j := range b.so {
			so := &b.so[j]
			if so.stand >= 0 && b.st[so.stand].unit == u && so.state == soloUp && so.cmd < 0 {
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
	q := b.begin(AskMove, side, u, stand, solo)
	q.Part = part
	b.ends = append(b.ends[:0], b.mv.ends...)
	if b.pol != PolicyTactical || b.named() {
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
	i := b.settle(func() int { return b.tacMove(who, side, u, part, act) })
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
func (b *Battle) listRoutines(at *actor) {
	for r, rt := range at.cr.routines {
		ok := false
		for _, ai := range rt {
			if b.anyTarget(at, ai) {
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
	if b.o.Distance == Chebyshev {
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

func (b *Battle) anyTarget(at *actor, ai int) bool {
	found := false
	b.eachTarget(at, ai, false, func(Ref) bool { found = true; return false })
	return found
}

// decideTarget asks the target of one attack (U-34, U-86: any legal target, focus fire allowed),
// listed nearest first (ties in stand, solo, square order). ok is false when none is in reach.
func (b *Battle) decideTarget(at *actor, ai int, reachBonus bool) (Ref, bool) {
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

// decideSpell asks which spell a unit (who.Kind RefNone, Index the unit) or solo casts: each spell
// castable now, in the order of the plan's spells, then "none".
func (b *Battle) decideSpell(who Ref) int {
	var side, u, j int32 = 0, -1, -1
	if who.Kind == RefSolo {
		j = int32(who.Index)
		side = b.so[j].side
	} else {
		u = int32(who.Index)
		side = b.un[u].side
	}
	b.begin(AskSpell, side, u, -1, j)
	for sp := range b.s.sp {
		can := false
		if j >= 0 {
			can = b.soloSpell(j, sp) >= 0
		} else {
			un := &b.un[u]
			for i := un.first; i < un.first+un.n && !can; i++ {
				can = b.st[i].on && b.standSpell(i, sp) >= 0
			}
		}
		if can {
			o := Option{Value: sp}
			if b.named() {
				o.Name = b.s.sp[sp].id
			}
			b.add(o)
		}
	}
	b.add(Option{Value: -1, Name: "none"})
	i := b.settle(func() int { return b.tacSpell(who) })
	return b.q.Options[i].Value
}

// decideArea asks where an area spell goes (U-44..U-47): for Self areas, each caster stand's (or
// the solo's) side and uneven choice; for ranged ones each origin square within range (and for a
// cube its direction). For a unit, the caster stand is returned too.
func (b *Battle) decideArea(u, j int32, sp int) (Option, int32) {
	var side int32
	if j >= 0 {
		side = b.so[j].side
	} else {
		side = b.un[u].side
	}
	b.begin(AskArea, side, u, -1, j)
	spl := &b.s.sp[sp]
	addFor := func(at *actor) {
		b.listPlacements(at, spl)
	}
	if j >= 0 {
		at := b.soloActor(j)
		addFor(&at)
	} else {
		un := &b.un[u]
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on && b.standSpell(i, sp) >= 0 {
				at := b.standActor(i)
				addFor(&at)
			}
		}
	}
	i := b.settle(func() int { return b.tacArea(sp, j < 0) })
	if i < 0 {
		return Option{}, -1
	}
	op := b.q.Options[i]
	return op, int32(op.Ref.Index)
}

// listPlacements adds the placements of spell sp from actor at; Option.Ref names the caster.
func (b *Battle) listPlacements(at *actor, sp *spell) {
	dirs := [4]string{"north", "east", "south", "west"}
	b.eachPlacement(at, sp, func(o Option) {
		if b.named() {
			prefix := ""
			if at.stand >= 0 {
				prefix = b.standName(at.stand) + " "
			}
			switch {
			case sp.self:
				o.Name = prefix + dirs[o.Value]
				if sp.shape == plan.AreaLine && o.Shape > 0 {
					o.Name += [3]string{"", " bending low", " bending high"}[o.Shape]
				} else if o.Shape == 1 {
					o.Name += " high"
				}
			case sp.shape == plan.AreaCube:
				o.Name = prefix + b.sqName(o.Square) + " " + dirs[o.Value]
				if o.Shape == 1 {
					o.Name += " high"
				}
			default:
				o.Name = prefix + b.sqName(o.Square)
			}
		}
		b.add(o)
	})
}

// eachPlacement calls f with every placement of spell sp cast by at (U-44..U-47): for a Self area
// each side of the caster's space (and the choice of where an uneven square goes, or a line's
// bend); for a ranged one each origin square within range (U-37), and for a cube its direction.
func (b *Battle) eachPlacement(at *actor, sp *spell, f func(Option)) {
	caster := Ref{RefSolo, int(at.solo)}
	if at.stand >= 0 {
		caster = Ref{RefStand, int(at.stand)}
	}
	n := max(1, sp.size/20)
	if sp.self {
		for d := 0; d < 4; d++ {
			k := 1
			switch sp.shape {
			case plan.AreaLine:
				if b.o.Line == LineBends && n >= 2 {
					k = 3
				}
			case plan.AreaCube:
				if n%2 == 0 || at.box.n%2 == 0 {
					k = 2
				}
			case plan.AreaCone:
				if n >= 2 || at.box.n%2 == 0 {
					k = 2
				}
			default:
				if at.box.n%2 == 0 {
					k = 2
				}
			}
			for s := 0; s < k; s++ {
				f(Option{Value: d, Shape: s, Ref: caster, Square: -1})
			}
		}
		return
	}
	for q := 0; q < b.w*b.h; q++ {
		qb := b.sqBox(int32(q))
		if b.dist(at.box, qb) > int32(sp.rng) && !adjacent(at.box, qb) {
			continue
		}
		if sp.shape == plan.AreaCube {
			for d := 0; d < 4; d++ {
				for s := 0; s < 1+(1-n%2); s++ {
					f(Option{Value: d, Shape: s, Square: q, Ref: caster})
				}
			}
			continue
		}
		f(Option{Square: q, Ref: caster})
	}
}

// decideSpellTarget asks one target of a targeted spell (U-40..U-42), nearest first, or "none".
func (b *Battle) decideSpellTarget(at *actor, sp *spell) (Ref, bool) {
	b.begin(AskSpellTarget, at.side, b.turnUnit, at.stand, at.solo)
	try := func(t Ref) {
		if b.spellTargetable(at, sp, t) {
			o := Option{Ref: t}
			if b.named() {
				o.Name = b.refName(t)
			}
			b.add(o)
		}
	}
	for i := range b.st {
		try(Ref{RefStand, i})
	}
	for j := range b.so {
		try(Ref{RefSolo, j})
	}
	for k := range b.s.resSq {
		try(Ref{RefResource, k})
	}
	if len(b.q.Options) == 0 {
		return Ref{}, false
	}
	b.sortOptionsByDistance(at.box)
	b.add(Option{Ref: Ref{Kind: RefNone}, Name: "none"})
	i := b.settle(func() int { return b.tacSpellTarget(at, sp) })
	t := b.q.Options[i].Ref
	return t, t.Kind != RefNone
}

// chooseOverflow asks the stand excess damage passes to (U-56), among the candidates in stand
// order; the attacker decides (OverflowDefender: the stand's side). -1: none.
func (b *Battle) chooseOverflow(i int32, bySide int32, seq uint32) int32 {
	b.buf = b.overflowCandidates(i, seq, b.buf[:0])
	if len(b.buf) == 0 {
		return -1
	}
	side := bySide
	if b.o.OverflowChooser == OverflowDefender {
		side = b.un[b.st[i].unit].side
	}
	b.begin(AskOverflow, side, b.st[i].unit, i, -1)
	for _, k := range b.buf {
		o := Option{Ref: Ref{RefStand, int(k)}}
		if b.named() {
			o.Name = b.standName(k)
		}
		b.add(o)
	}
	idx := b.settle(func() int { return b.tacOverflow(side == bySide) })
	return int32(b.q.Options[idx].Ref.Index)
}

// decideFill asks which adjacent allied stand moves into the gap of a removed stand (U-60), in
// stand order, "none" first.
func (b *Battle) decideFill(gap box, side int32, u int32) int32 {
	b.begin(AskFill, side, u, -1, -1)
	b.add(Option{Ref: Ref{Kind: RefNone}, Name: "none"})
	for k := range b.st {
		st := &b.st[k]
		if !st.on || b.un[st.unit].side != side || int32(b.s.cr[st.cr].space) != gap.n {
			continue
		}
		if !adjacent(gap, b.standBox(int32(k))) {
			continue
		}
		o := Option{Ref: Ref{RefStand, k}}
		if b.named() {
			o.Name = b.standName(int32(k))
		}
		b.add(o)
	}
	if len(b.q.Options) == 1 {
		return -1
	}
	i := b.settle(func() int { return b.tacFill(gap, u) })
	if b.q.Options[i].Ref.Kind == RefNone {
		return -1
	}
	return int32(b.q.Options[i].Ref.Index)
}

// decideSoloStep asks a joined solo's step (U-53, U-63): "stay" first, then "leave x,y" for each
// adjacent empty space, then "switch <stand>" for each adjacent stand of its unit.
func (b *Battle) decideSoloStep(j int32) Option {
	so := &b.so[j]
	st := so.stand
	u := b.st[st].unit
	b.begin(AskSoloStep, so.side, u, st, j)
	b.add(Option{Value: 0, Name: "stay", Square: -1})
	b.listLeave(j, b.standBox(st), func(q int32) {
		o := Option{Value: 1, Square: int(q)}
		if b.named() {
			o.Name = "leave " + b.sqName(int(q))
		}
		b.add(o)
	})
	un := &b.un[u]
	sb := b.standBox(st)
	cr := &b.s.cr[so.cr]
	for k := un.first; k < un.first+un.n; k++ {
		if k != st && b.st[k].on && adjacent(sb, b.standBox(k)) && cr.rank <= b.s.cr[b.st[k].cr].rank+1 {
			o := Option{Value: 2, Ref: Ref{RefStand, int(k)}}
			if b.named() {
				o.Name = "switch " + b.standName(k)
			}
			b.add(o)
		}
	}
	if len(b.q.Options) == 1 {
		return b.q.Options[0]
	}
	i := b.settle(func() int { return b.tacSoloStep(j) })
	return b.q.Options[i]
}

// listLeave calls f with each top-left square where solo j's space would be next to (outside) the
// box from and every square of it empty and enterable.
func (b *Battle) listLeave(j int32, from box, f func(int32)) {
	n := int32(b.s.cr[b.so[j].cr].space)
	m := b.moverOfSolo(j, -1)
	for y := from.y - n; y <= from.y+from.n; y++ {
		for x := from.x - n; x <= from.x+from.n; x++ {
			c := box{x, y, n}
			if !adjacent(from, c) {
				continue
			}
			if _, end := b.boxRule(&m, x, y); !end || !b.emptyBox(c) {
				continue
			}
			f(y*int32(b.w) + x)
		}
	}
}

func (b *Battle) emptyBox(c box) bool {
	if c.x < 0 || c.y < 0 || int(c.x+c.n) > b.w || int(c.y+c.n) > b.h {
		return false
	}
	for dy := int32(0); dy < c.n; dy++ {
		for dx := int32(0); dx < c.n; dx++ {
			if b.occ[int(c.y+dy)*b.w+int(c.x+dx)] >= 0 {
				return false
			}
		}
	}
	return true
}

// decideRejoin asks where a solo whose stand was removed goes (U-54): "stay" (in the vacated
// squares) first, then "join <stand>" for each adjacent stand of the unit.
func (b *Battle) decideRejoin(j int32, gap box, u int32) int32 {
	so := &b.so[j]
	b.begin(AskRejoin, so.side, u, -1, j)
	b.add(Option{Ref: Ref{Kind: RefNone}, Name: "stay"})
	un := &b.un[u]
	cr := &b.s.cr[so.cr]
	for k := un.first; k < un.first+un.n; k++ {
		if b.st[k].on && adjacent(gap, b.standBox(k)) && cr.rank <= b.s.cr[b.st[k].cr].rank+1 {
			o := Option{Ref: Ref{RefStand, int(k)}}
			if b.named() {
				o.Name = "join " + b.standName(k)
			}
			b.add(o)
		}
	}
	if len(b.q.Options) == 1 {
		return -1
	}
	i := b.settle(func() int { return b.tacRejoin(j) })
	if b.q.Options[i].Ref.Kind == RefNone {
		return -1
	}
	return int32(b.q.Options[i].Ref.Index)
}

// decideJoin asks the stand an unattached solo joins (U-51): each allied stand it can reach this
// turn and is not more than one size larger than, in stand order.
func (b *Battle) decideJoin(j int32) int32 {
	so := &b.so[j]
	b.begin(AskJoin, so.side, -1, -1, j)
	b.eachJoinable(j, func(k int32) bool {
		o := Option{Ref: Ref{RefStand, int(k)}}
		if b.named() {
			o.Name = b.standName(k)
		}
		b.add(o)
		return true
	})
	if len(b.q.Options) == 0 {
		return -1
	}
	i := b.settle(func() int { return b.tacJoin(j) })
	return int32(b.q.Options[i].Ref.Index)
}

func (b *Battle) anyJoinable(j int32) bool {
	found := false
	b.eachJoinable(j, func(int32) bool { found = true; return false })
	return found
}

// eachJoinable calls f for each allied stand solo j could join this turn (U-51): size allows it and
// a dashing move reaches it.
func (b *Battle) eachJoinable(j int32, f func(int32) bool) {
	so := &b.so[j]
	cr := &b.s.cr[so.cr]
	budget := b.speedOfSolo(j, false)
	for k := range b.st {
		st := &b.st[k]
		if !st.on || b.un[st.unit].side != so.side || cr.rank > b.s.cr[st.cr].rank+1 {
			continue
		}
		if b.dist(b.soloBox(j), b.standBox(int32(k))) > int32(budget) {
			continue
		}
		m := b.moverOfSolo(j, int32(k))
		b.reach(&m, so.x, so.y, budget)
		ok := false
		for _, q := range b.mv.ends {
			if b.enters(&m, q%int32(b.w), q/int32(b.w)) {
				ok = true
				break
			}
		}
		if ok && !f(int32(k)) {
			return
		}
	}
}
