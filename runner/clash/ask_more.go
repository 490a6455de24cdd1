package clash

import (
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The questions of damage, the end of round and solos: overflow, gap filling, a joined solo's step,
// rejoining, joining.

// chooseOverflow asks the stand excess damage passes to (U-56), among the candidates in stand
// order; the attacker decides (OverflowDefender: the stand's side). -1: none.
func (b *Battle) chooseOverflow(i int32, bySide int32, seq uint32) int32 {
	b.buf = b.overflowCandidates(i, seq, b.buf[:0])
	if len(b.buf) == 0 {
		return -1
	}
	side := bySide
	if b.o.OverflowChooser == clashrules.OverflowDefender {
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

// decideFill asks which adjacent allied stand moves into the gap removed stand gone left (U-60),
// in stand order, "none" first. The Question's Stand is the removed stand (a prompt names its gap).
func (b *Battle) decideFill(gap box, side int32, u int32, gone int32) int32 {
	b.begin(AskFill, side, u, gone, -1)
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

// anyJoinableStanding reports whether solo j could join a stand this turn that is not a casualty
// (the policy does not join a stand about to leave the grid, U-60).
func (b *Battle) anyJoinableStanding(j int32) bool {
	found := false
	b.eachJoinable(j, func(k int32) bool { found = !b.st[k].cas; return !found })
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
