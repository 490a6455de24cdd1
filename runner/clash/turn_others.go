package clash

import clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

// The stands of a casting unit that cannot cast (U-39) and a broken unit's retreat (U-63).

// PartNonCasters is Question.Part of the AskAction put after a unit's Cast a Spell: the action of
// its stands that cannot cast (U-39).
const PartNonCasters = 3

// nonCasters is U-39 after a unit's Cast a Spell: 「呪文を発動できないスタンドは、代わりに彼らに選
// 択することが通常許されている任意のアクションを取ることができる」. The stands of unit u that cannot
// cast (no spell, or none left, when the Cast began) take one action the unit is allowed: attack (not in Defend,
// U-48: 「"攻撃"アクションを使うことができない」), hide (skirmishers, U-50), dodge (CoreActions all,
// U-84) or none. Movement actions (dash, retreat) and Configure are the unit's and were spent with
// the Cast. The question is asked only when there is such a stand; the policy attacks when one of
// them has a target, else hides when one may, else does nothing.
func (b *Battle) nonCasters(u int32) {
	un := &b.un[u]
	any, target, hide := false, false, false
	for i := un.first; i < un.first+un.n; i++ {
		if !b.st[i].on || b.st[i].caster || b.st[i].busy {
			continue
		}
		any = true
		at := b.standActor(i)
		for ai := range at.cr.attacks {
			if b.anyTarget(&at, ai) {
				target = true
			}
		}
		if !un.reg && b.canHide(at.box, un.side) {
			hide = true
		}
	}
	if !any {
		return
	}
	q := b.begin(AskAction, un.side, u, -1, -1)
	q.Part = PartNonCasters
	if !(un.reg && un.cfg == cfgDefend) {
		b.add(Option{Action: ActAttack, Name: "attack"})
	}
	if !un.reg {
		b.add(Option{Action: ActHide, Name: "hide"})
	}
	if b.o.CoreActions == clashrules.CoreAll {
		b.add(Option{Action: ActDodge, Name: "dodge"})
	}
	b.add(Option{Action: ActNone, Name: "none"})
	i := b.settle(func() int {
		for k, o := range b.q.Options {
			if o.Action == ActAttack && target || o.Action == ActHide && hide && !target {
				return k
			}
		}
		return len(b.q.Options) - 1
	})
	act := b.q.Options[i].Action
	if act == ActNone {
		return
	}
	b.emit(func() Event {
		return &ActedEvent{Who: b.unitName(u) + " (stands that cannot cast, U-39)", Action: act.String()}
	})
	switch act {
	case ActAttack:
		b.unitAttack(u, true)
	case ActHide:
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on && !b.st[i].caster && !b.st[i].busy && b.canHide(b.standBox(i), un.side) {
				b.hideStand(i)
			}
		}
	case ActDodge:
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on && !b.st[i].caster {
				b.st[i].dodge = true
			}
		}
	}
}

// keepAway is U-63 for a broken unit's stand i: 「ユニットの移動する場所はDMが決定するが、敵ユニッ
// トから離れる安全な道を探さなければならない」. Default: it may end only where its distance to the
// nearest enemy stand or unattached solo is no less than where it starts (staying put, or fleeing
// off the grid, always allowed), for a script, the terminal and every policy alike.
func (b *Battle) keepAway(i int32) {
	st := &b.st[i]
	side := b.un[st.unit].side
	n := int32(b.s.cr[st.cr].space)
	here := b.nearestEnemy(b.standBox(i), side)
	keep := b.mv.ends[:0]
	for _, q := range b.mv.ends {
		if b.nearestEnemy(box{q % int32(b.w), q / int32(b.w), n}, side) >= here {
			keep = append(keep, q)
		}
	}
	b.mv.ends = keep
}
