package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// Abilities an army may give an allied army instead of using them itself (Ultimate Campaign, Mass
// Combat, Special Abilities): inspire courage. Readings, where the published text leaves a gap:
//   - the choice is made once, at the end of the Tactics Phase, for the battle: "the army may
//     apply these bonuses to an allied army in the same battle" names no time, and the bonuses
//     are the army's for the battle otherwise;
//   - an army inspired by several gains the bonuses once (bonuses of one ability do not stack);
//   - the Policy keeps the bonuses (each army gains the same +1 and +2), so only a script or a
//     player gives them away.

// inspireAllies asks each army with inspire courage and an ally on the field whether it gives its
// bonuses to an ally instead, the lowest-numbered first; the first yes is its choice.
func (b *Battle) inspireAllies() {
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		if !u.st.Abil.Has(pfarmy.AbInspireCourage) || u.s.status != StatusActive {
			continue
		}
		for j := 0; j < b.n; j++ {
			v := &b.u[j]
			if j == i || v.side != u.side || v.s.status != StatusActive || !b.decide(i, AskInspireAlly, j) {
				continue
			}
			u.s.inspires = int8(j)
			v.s.inspiredBy |= 1 << i
			b.abilityEvent(i, j, pfarmy.AbInspireCourage, 0)
			break
		}
		if b.err != nil {
			return
		}
	}
}

// inspireOM is inspire courage's OM in battle beyond the stat block (which holds the army's own
// +1): -1 for an army that gave its bonuses away, +1 for an army given them that has not its own
// in its stat block. Inspire Courage (Bard 1): "The army increases its OM by 1 and gains a +2 bonus
// on Morale checks against fear and routs. Alternatively, the army may apply these bonuses to an
// allied army in the same battle."
func (u *unit) inspireOM() int {
	own := u.st.Abil.Has(pfarmy.AbInspireCourage)
	gave := own && u.s.inspires >= 0
	switch {
	case gave && u.s.inspiredBy != 0:
		return 0 // gave its own, and has another's
	case gave:
		return -1
	case !own && u.s.inspiredBy != 0:
		return 1
	}
	return 0
}

// inspiredMorale reports whether army u has inspire courage's +2 on Morale checks against fear and
// routs: its own, kept, or an ally's.
func (u *unit) inspiredMorale() bool {
	return (u.st.Abil.Has(pfarmy.AbInspireCourage) && u.s.inspires < 0) || u.s.inspiredBy != 0
}

// inspireSide marks every army of a side with an inspire courage army and an ally as dynamic, so
// that the general path plays the choice (setupAbilities).
func (b *Battle) inspireSide() {
	for i := 0; i < b.n; i++ {
		if !b.u[i].st.Abil.Has(pfarmy.AbInspireCourage) {
			continue
		}
		for j := 0; j < b.n; j++ {
			if j != i && b.u[j].side == b.u[i].side {
				b.u[i].dyn, b.u[j].dyn = true, true
				b.u[i].moraleFx, b.u[j].moraleFx = true, true
			}
		}
	}
}
