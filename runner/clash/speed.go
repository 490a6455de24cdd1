package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

// A stand's and a solo's move in a turn, in squares of 20 ft (U-6, U-29, U-49, U-77).

// speedOfStand is a stand's move this turn in squares (U-6, U-29, U-49): its creature's speed
// (fly when it flies at least as fast as it walks; swim when it starts in water and swims faster),
// halved for a regiment in Aid or Defend (by the configuration it started the turn in, U-83); a
// Dash adds the speed again, or for a slowed regiment gives its full speed (U-49).
func (b *Battle) speedOfStand(i int32, dash bool) int {
	st := &b.st[i]
	if st.cond&(cNoAct|cRestrained) != 0 {
		return 0 // U-76 [5E-CORE]: speed 0
	}
	cr := &b.s.cr[st.cr]
	sp := b.baseSpeed(cr, box{st.x, st.y, int32(cr.space)})
	u := &b.un[st.unit]
	slowed := u.reg && u.speedCfg != cfgMarch
	v := sp
	switch {
	case slowed && dash && b.o.DashSlowed == clashrules.DashDouble:
		v = 2 * sp
	case slowed && dash:
		v = sp
	case slowed:
		v = sp / 2
	case dash:
		v = 2 * sp
	}
	if st.rose {
		// U-76 [5E-CORE]: standing up from prone costs half its speed (the speed it has this turn
		// before a Dash).
		if slowed {
			sp /= 2
		}
		v -= sp / 2
	}
	if b.inEnemyAura(Ref{RefStand, int(i)}, box{st.x, st.y, int32(cr.space)}) {
		v /= 2 // spirit guardians: "speed is halved in the area" (aura.go)
	}
	return max(v, 0)
}

func (b *Battle) baseSpeed(cr *creature, at box) int {
	sp := cr.walk
	if cr.fly > sp {
		sp = cr.fly
	}
	if cr.swim > sp && b.water(int(at.y)*b.w+int(at.x)) {
		sp = cr.swim
	}
	return sp
}

// speedOfSolo is an unattached solo's move this turn (U-77).
func (b *Battle) speedOfSolo(j int32, dash bool) int {
	so := &b.so[j]
	if so.cond&(cNoAct|cRestrained) != 0 {
		return 0 // U-76 [5E-CORE]: speed 0
	}
	cr := &b.s.cr[so.cr]
	sp := b.baseSpeed(cr, box{so.x, so.y, int32(cr.space)})
	v := sp
	if dash {
		v *= 2
	}
	if so.rose {
		v -= sp / 2 // standing up from prone [5E-CORE]
	}
	if b.inEnemyAura(Ref{RefSolo, int(j)}, box{so.x, so.y, int32(cr.space)}) {
		v /= 2 // spirit guardians: "speed is halved in the area" (aura.go)
	}
	return max(v, 0)
}
