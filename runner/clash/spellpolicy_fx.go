package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// The tactical policy's worth of a spell's effect besides damage [AI]: a control spell is worth
// what it takes off the enemy (its attacks lost or made worse), a boon what it adds to an ally
// about to fight; a caster keeps the concentration spell it holds rather than trade it.

// fxValue scores spell sp's effect on target t for a caster of side, in the units of targetValue
// (a stand destroyed is about 1000): 0 when the effect would not land or do anything.
func (b *Battle) fxValue(side int32, sp *spell, t Ref) int64 {
	f := sp.fx
	if f == nil || !b.fxApplies(sp, t) || !b.present(t) {
		return 0
	}
	cr := &b.s.cr[b.crOf(t)]
	threat := int64(max(cr.bestMelee, cr.rangedBest)) // its damage a turn, x 2
	hp := int64(cr.hp) * 2
	if t.Kind == RefStand && b.st[t.Index].cas {
		return 0 // gone at the end of the round
	}
	p := int64(20)
	if sp.resolve == plan.ResolveSave {
		p = 10
	}
	fight := b.nearestEnemy(b.refBox(t), b.sideOf(t)) <= 3
	var v int64
	if f.ally {
		if !fight {
			return 0
		}
		if f.hasAtk || f.hasSav {
			v += 150 + 300*threat/max(hp, 1) // bless: about +12% to hit and to save
		}
		if f.ac > 0 {
			v += 120 * int64(f.ac) / 2
		}
		if b.hasEffect(t, sp) {
			return 0
		}
		return v
	}
	if b.hasEffect(t, sp) {
		return 0
	}
	c := b.condOf(t)
	switch {
	case f.cond&cNoAct != 0 && c&cNoAct == 0:
		v += 500 + 900*threat/max(hp, 1)
	case f.cond&cRestrained != 0 && c&(cNoAct|cRestrained) == 0:
		v += 300 + 600*threat/max(hp, 1)
	case f.cond&cOutlined != 0 && c&(cNoAct|cRestrained|cOutlined) == 0:
		v += 200
	case f.cond&cFrightened != 0 && c&(cNoAct|cFrightened) == 0:
		v += 150 + 300*threat/max(hp, 1) // its attacks at disadvantage, kept from closing in
	case f.cond&cBlinded != 0 && c&(cNoAct|cBlinded) == 0:
		v += 280 + 560*threat/max(hp, 1) // its attacks at disadvantage, attacks on it at advantage (about restrained)
	case f.cond&cPoisoned != 0 && c&(cNoAct|cPoisoned) == 0:
		v += 150 + 300*threat/max(hp, 1) // its attacks at disadvantage
	case f.cond&cCharmed != 0 && c&(cNoAct|cCharmed) == 0:
		v += 60 + 150*threat/max(hp, 1) // it cannot attack its charmer, the caster
	case f.cond&cProne != 0 && c&cProne == 0:
		v += 40
	}
	if (f.hasAtk && f.atkNeg) || (f.hasSav && f.savNeg) {
		if fight {
			v += 100 + 150*threat/max(hp, 1) // bane
		}
	}
	if f.push > 0 {
		v += 20
	}
	if t.Kind == RefSolo && b.so[t.Index].cmd >= 0 {
		v += 100
	}
	return v * p / 20
}

// hasEffect reports whether t already bears spell sp's effect.
func (b *Battle) hasEffect(t Ref, sp *spell) bool {
	if b.condOf(t) == 0 {
		return false
	}
	for k := range b.fx {
		if e := &b.fx[k]; e.target == t && e.sp >= 0 && &b.s.sp[e.sp] == sp {
			return true
		}
	}
	return false
}

// sideOf is a stand's or solo's side.
func (b *Battle) sideOf(t Ref) int32 {
	if t.Kind == RefStand {
		return b.un[b.st[t.Index].unit].side
	}
	return b.so[t.Index].side
}

// holdsConcentration reports whether the actor would give up a concentration spell it holds by
// casting sp (the policy keeps it).
func (b *Battle) holdsConcentration(at *actor, sp *spell) bool {
	return sp.fx != nil && sp.fx.conc && b.concentrating(actorRef(at))
}
