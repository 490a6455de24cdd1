package clash

// Forced movement (U-3, U-32, U-76): pushes on the 20-ft grid.

// pushDir is the direction a push from a space at from drives a space at to: along the axis on
// which they lie apart (the wider gap when both; x on a tie), away from from. (0, 0) when they
// overlap.
func pushDir(from, to box) (dx, dy int32) {
	gx := max(to.x-(from.x+from.n-1), from.x-(to.x+to.n-1), 0)
	gy := max(to.y-(from.y+from.n-1), from.y-(to.y+to.n-1), 0)
	switch {
	case gx == 0 && gy == 0:
		return 0, 0
	case gx >= gy:
		if to.x > from.x {
			return 1, 0
		}
		return -1, 0
	case to.y > from.y:
		return 0, 1
	}
	return 0, -1
}

// push moves t up to n squares straight away from the space from (U-3: a 10-ft push is 2
// squares; the seed: 「ミノタウロスのスタンドは敵スタンドを2マスまで押しやることができる」). Default
// (the seed says no more): the pushed space moves one square at a time and stops before a square
// it could not end its own move in (U-22 deep water for a non-swimmer, any other stand or solo,
// U-31); pushed off the grid it has fled and is eliminated (U-32: 「意図してにせよ、意図せずに
// せよ」). Elevation does not stop a push. A stand carries its joined solos (U-53). The pusher
// always pushes the whole distance ("up to": the policy's choice, the farthest).
func (b *Battle) push(t Ref, from box, n int, cause string) {
	var m mover
	var x, y int32
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		m = b.moverOfStand(int32(t.Index), true)
		x, y = st.x, st.y
	case RefSolo:
		so := &b.so[t.Index]
		if so.stand >= 0 {
			return // a joined solo moves with its stand (U-53); a push on it alone is not one the seed gives
		}
		m = b.moverOfSolo(int32(t.Index), -1)
		x, y = so.x, so.y
	default:
		return
	}
	tb := box{x, y, m.space}
	dx, dy := pushDir(from, tb)
	if dx == 0 && dy == 0 {
		return
	}
	ev := &PushedEvent{Who: b.refName(t), From: b.sqName(int(y)*b.w + int(x)), Of: n, Cause: cause}
	k := 0
	for ; k < n; k++ {
		nx, ny := x+dx, y+dy
		if nx < 0 || ny < 0 || int(nx+m.space) > b.w || int(ny+m.space) > b.h {
			ev.Fled = true
			break
		}
		if p, e := b.boxRule(&m, nx, ny); !p || !e {
			ev.Blocked = b.blockerName(&m, nx, ny)
			break
		}
		x, y = nx, ny
	}
	ev.Squares = k
	ev.To = b.sqName(int(y)*b.w + int(x))
	if t.Kind == RefStand && k > 0 && !ev.Fled {
		for j := range b.so {
			if b.so[j].stand == int32(t.Index) && b.so[j].state != soloDead {
				ev.Carried = append(ev.Carried, b.soloName(int32(j))) // U-53: it moves with its stand
			}
		}
	}
	b.emit(func() Event { return ev })
	q := y*int32(b.w) + x
	switch t.Kind {
	case RefStand:
		i := int32(t.Index)
		if ev.Fled {
			b.moveStand(i, Flee) // removeStand ends what it held and bore
			return
		}
		if k > 0 {
			b.moveStand(i, q)
			for j := range b.so {
				if b.so[j].stand == i {
					b.so[j].x, b.so[j].y = x, y
				}
			}
		}
	case RefSolo:
		j := int32(t.Index)
		if ev.Fled {
			b.moveSolo(j, Flee)
			b.gone(t)
			return
		}
		if k > 0 {
			b.moveSolo(j, q)
		}
	}
}

// blockerName says what stops m's space at x, y: an occupant's name, or the terrain.
func (b *Battle) blockerName(m *mover, x, y int32) string {
	for dy := int32(0); dy < m.space; dy++ {
		for dx := int32(0); dx < m.space; dx++ {
			q := int(y+dy)*b.w + int(x+dx)
			if o := b.occ[q]; o >= 0 && o != m.id {
				if int(o) < len(b.st) {
					return b.standName(o)
				}
				return b.soloName(o - int32(len(b.st)))
			}
		}
	}
	return "deep water at " + b.sqName(int(y)*b.w+int(x))
}
