package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// Abilities an army may give an allied army instead of using them itself (Ultimate Campaign, Mass
// Combat, Special Abilities): inspire courage, hunter's bond's companions. Readings, where the
// published text leaves a gap:
//   - the choice is made once, at the end of the Tactics Phase, for the battle: "the army may
//     apply these bonuses to an allied army in the same battle" names no time, and the bonuses
//     are the army's for the battle otherwise;
//   - hunter's bond's ally is asked when the army uses the bond (when it picks a target, once a
//     battle), right after the bond itself;
//   - an army given an ability's bonuses by several gains them once (bonuses of one ability do not
//     stack);
//   - the Policy keeps the bonuses (each army gains the same), so only a script or a player gives
//     them away.

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

// companionsAlly is Hunter's Bond (Ranger 4), companions: "Once per battle, the army may increase
// its OM or an allied army's OM by 1 for the rest of the battle." Army i, which has just used the
// bond, is asked per ally on the field, lowest-numbered first; the first yes gives that ally the
// +1 instead (omOrders).
func (b *Battle) companionsAlly(i int) {
	u := &b.u[i]
	for j := 0; j < b.n; j++ {
		v := &b.u[j]
		if j == i || v.side != u.side || v.s.status != StatusActive || !b.decide(i, AskCompanionsAlly, j) {
			continue
		}
		u.s.bondTo = int8(j)
		v.s.bondedBy |= 1 << i
		if b.log != nil {
			e := b.emit(EvAbility, i, j)
			e.Ability, e.Choice = pfarmy.AbHuntersBond, 1
			b.send()
		}
		return
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

// inspireSide marks every army of a side with an inspire courage or hunter's bond (companions) army
// and an ally as dynamic, so that the general path plays the choice (setupAbilities).
func (b *Battle) inspireSide() {
	for i := 0; i < b.n; i++ {
		if !b.u[i].st.Abil.Has(pfarmy.AbInspireCourage) && !b.u[i].st.Companions {
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
