package clash

import (
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The questions of casting: which spell, where its area goes, its targets.

// decideSpell asks which spell a unit (who.Kind RefNone, Index the unit) or solo casts: each spell
// castable now (an area, or a targeted spell with a target: hasSpellTarget), in the order of the
// plan's spells, then "none".
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
		spl := &b.s.sp[sp]
		if j >= 0 {
			if can = b.soloSpell(j, sp) >= 0; can && spl.shape == "" {
				at := b.soloActor(j)
				can = b.hasSpellTarget(&at, spl)
			}
		} else {
			un := &b.un[u]
			for i := un.first; i < un.first+un.n && !can; i++ {
				if can = b.st[i].on && b.standSpell(i, sp) >= 0; can && spl.shape == "" {
					at := b.standActor(i)
					can = b.hasSpellTarget(&at, spl)
				}
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
	b.begin(AskArea, side, u, -1, j).Spell = sp
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
				if b.o.Line == clashrules.LineBends && n >= 2 {
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

// hasSpellTarget reports whether targeted spell sp has a target for at now (spellTargetable: in
// range, and U-42: a solo's spell of fewer than five targets affects no stand), so that a spell
// with none is not offered (it was, and cast at nothing).
func (b *Battle) hasSpellTarget(at *actor, sp *spell) bool {
	for i := range b.st {
		if b.spellTargetable(at, sp, Ref{RefStand, i}) {
			return true
		}
	}
	for j := range b.so {
		if b.spellTargetable(at, sp, Ref{RefSolo, j}) {
			return true
		}
	}
	for k := range b.s.resSq {
		if b.spellTargetable(at, sp, Ref{RefResource, k}) {
			return true
		}
	}
	return false
}

// decideSpellTarget asks one target of a targeted spell (U-40..U-42), nearest first, or "none";
// chosen holds the cast's targets so far (empty: the first, see tacSpellTarget). A spell with an
// effect (bless, bane, hold person) takes N different creatures (U-40: "affects N stands or
// unattached solos"; [5E-CORE] "up to three creatures of your choice"), so a target already chosen
// is not offered again and a script naming it is X001 like any answer not among the options; a
// damage-only spell's darts (magic missile: "you can direct them to hit one creature or several")
// may repeat a target.
func (b *Battle) decideSpellTarget(at *actor, sp *spell, chosen []Ref) (Ref, bool) {
	b.begin(AskSpellTarget, at.side, b.turnUnit, at.stand, at.solo).Spell = b.spellIndex(sp)
	first := len(chosen) == 0
	try := func(t Ref) {
		if sp.fx != nil && slices.Contains(chosen, t) {
			return
		}
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
	i := b.settle(func() int { return b.tacSpellTarget(at, sp, first) })
	t := b.q.Options[i].Ref
	return t, t.Kind != RefNone
}
