package clash

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Spells with a pool of hit points (sleep), U-43 and U-76 [5E-CORE] as sortie reads them.
//
// The SRD's sleep: "Roll 5d8; the total is how many hit points of creatures this spell can
// affect. Creatures within 20 feet of a point you choose within range are affected in ascending
// order of their current hit points (ignoring unconscious creatures) ... A creature's hit points
// must be equal to or less than the remaining total for that creature to be affected. Undead and
// creatures immune to being charmed aren't affected by this spell."
//
// The seed converts area spells thus (U-43): 「効果範囲を持つ呪文はその範囲にいるすべてのスタン
// ドに効果を及ぼす。もしその効果範囲がスタンドが占有しているマス目すべてを含めないのであれば、
// その呪文はそのスタンドに対して半分のダメージを与えるか…、何の効果も持たないかのどちらかであ
// る。もしスタンドがそうした呪文を発動したなら、すべての術者が同じ効果範囲を狙って使用したものと
// 見なす。目標は通常通りにセーヴィング・スローを行なうが、その呪文からは2倍のダメージを受ける」.
// It says nothing of a pool, so sortie's Default (a RULES-style note):
//
//   - U-76 / U-43 Default (pools): each stand is one creature whose current hit points are the
//     stand's (U-6); a stand partly in the area is not affected (「何の効果も持たない」); an
//     unattached solo with any square in it is, and a joined solo with its stand (U-52), with its
//     own hit points.
//   - A stand's casting doubles the pool, as it doubles an area spell's damage (its casters all
//     aim at the one area, and the seed's 2x is what that sum is worth): 5d8 rolled 20 is 40.
//   - The one who casts it and allies in the area are affected like anyone (the policy avoids
//     them); an ally's action to shake a sleeper awake is not played (units take only the actions
//     of U-33..U-55, U-84).
//   - Ties of current hit points go stand before solo, then by index (deterministic).

// poolPick is one creature in a pool spell's area.
type poolPick struct {
	t  Ref
	hp int32
}

// castPool resolves a pool spell's area (in b.sc) cast by at: rolls the pool (doubled for a
// stand, byStand), then puts the spell's effect on the creatures in the area in ascending order
// of current hit points while each one's hp is at most what is left. No save (the SRD's sleep
// has none).
func (b *Battle) castPool(at *actor, sp *spell, dc int, byStand bool) {
	f := sp.fx
	rolled := b.rollDice(f.pool, false)
	total := rolled
	if byStand {
		total *= 2
	}
	var picks []poolPick
	add := func(t Ref, hp int32) {
		if hp > 0 && b.condOf(t)&cUnconscious == 0 && b.fxApplies(sp, t) {
			picks = append(picks, poolPick{t, hp})
		}
	}
	for i := range b.st {
		st := &b.st[i]
		if !st.on || st.cas {
			continue
		}
		if c, n := b.coverage(b.standBox(int32(i))); c < n {
			continue // U-43: a partly covered stand is unaffected
		}
		add(Ref{RefStand, i}, st.hp)
		for j := range b.so {
			if b.so[j].stand == int32(i) && b.so[j].state == soloUp {
				add(Ref{RefSolo, j}, b.so[j].hp)
			}
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 || so.state != soloUp {
			continue
		}
		if c, _ := b.coverage(b.soloBox(int32(j))); c > 0 {
			add(Ref{RefSolo, j}, so.hp)
		}
	}
	slices.SortStableFunc(picks, func(x, y poolPick) int {
		if x.hp != y.hp {
			return int(x.hp - y.hp)
		}
		if x.t.Kind != y.t.Kind {
			return int(x.t.Kind) - int(y.t.Kind)
		}
		return x.t.Index - y.t.Index
	})
	left := int32(total)
	ev := &PoolEvent{Caster: b.actorName(at), Spell: sp.name, Dice: strings.ToLower(f.pool.String()), Rolled: rolled, Doubled: byStand, Total: total}
	n := 0
	for _, p := range picks {
		if p.hp > left {
			ev.Beyond = b.refName(p.t) + " (" + strconv.Itoa(int(p.hp)) + " hp)"
			break
		}
		left -= p.hp
		ev.Affected = append(ev.Affected, b.refName(p.t)+" ("+strconv.Itoa(int(p.hp))+" hp)")
		n++
	}
	ev.Left = int(left)
	b.emit(func() Event { return ev })
	for _, p := range picks[:n] {
		b.spellEffect(at, sp, p.t, dc)
	}
}

// poolValue is the tactical policy's worth of a pool spell's area now in b.sc for a caster of
// side [AI]: the effect's value (fxValue) of the enemies its expected pool (twice the dice's mean
// for a stand) reaches, lowest current hp first as castPool takes them; allHit when an ally
// (stand fully covered, or a solo up) is in it.
func (b *Battle) poolValue(side int32, sp *spell, byStand bool) int64 {
	var picks []poolPick
	for i := range b.st {
		st := &b.st[i]
		if !st.on || st.cas {
			continue
		}
		c, n := b.coverage(b.standBox(int32(i)))
		if c == 0 {
			continue
		}
		if b.un[st.unit].side == side {
			return allyHit
		}
		if c == n && b.fxApplies(sp, Ref{RefStand, i}) && b.condOf(Ref{RefStand, i})&cUnconscious == 0 {
			picks = append(picks, poolPick{Ref{RefStand, i}, st.hp})
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 || so.state != soloUp {
			continue
		}
		if c, _ := b.coverage(b.soloBox(int32(j))); c > 0 {
			if so.side == side {
				return allyHit
			}
			if b.fxApplies(sp, Ref{RefSolo, j}) && so.cond&cUnconscious == 0 {
				picks = append(picks, poolPick{Ref{RefSolo, j}, so.hp})
			}
		}
	}
	slices.SortStableFunc(picks, func(x, y poolPick) int { return int(x.hp - y.hp) })
	left := int32(expect2(sp.fx.pool) / 2)
	if byStand {
		left *= 2
	}
	var v int64
	for _, p := range picks {
		if p.hp > left {
			break
		}
		left -= p.hp
		v += b.fxValue(side, sp, p.t)
	}
	return v
}

// PoolEvent is a pool spell's roll and whom it reaches, lowest current hit points first (sleep).
type PoolEvent struct {
	Caster   string   `json:"caster"`
	Spell    string   `json:"spell"`
	Dice     string   `json:"dice"`
	Rolled   int      `json:"rolled"`
	Doubled  bool     `json:"doubled,omitempty"` // cast by a stand: the pool is doubled (sortie's Default)
	Total    int      `json:"total"`
	Affected []string `json:"affected,omitempty"` // "goblins A1 (7 hp)", in order
	Left     int      `json:"left"`
	Beyond   string   `json:"beyond,omitempty"` // the first one whose hp is more than what was left
}

func (*PoolEvent) Type() string { return "clash.pool" }
func (*PoolEvent) Rule() string { return "U-43" }
func (e *PoolEvent) Line() string {
	s := fmt.Sprintf("%s's %s: %s = %d hit points", e.Caster, e.Spell, e.Dice, e.Rolled)
	if e.Doubled {
		s = fmt.Sprintf("%s's %s: %s = %d, x 2 for a stand = %d hit points", e.Caster, e.Spell, e.Dice, e.Rolled, e.Total)
	}
	if len(e.Affected) == 0 {
		s += ": no one in the area"
	} else {
		s += ", lowest first: "
		for k, a := range e.Affected {
			if k > 0 {
				s += ", "
			}
			s += a
		}
	}
	if e.Beyond != "" {
		s += fmt.Sprintf("; %d left, not enough for %s", e.Left, e.Beyond)
	}
	return s
}
