package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// spellState is the scratch of one casting.
type spellState struct {
	area  areaBuf
	mark  []uint32 // per square: epoch when in the area
	epoch uint32
	parts []int // one damage roll per part (area spells roll once for every target)
}

func (b *Battle) areaInit() {
	if b.sc.mark == nil {
		b.sc.mark = make([]uint32, b.w*b.h)
	}
}

// placeArea fills the scratch area for spell sp cast by at with placement op (an AskArea option).
func (b *Battle) placeArea(at *actor, sp *spell, op *Option) {
	b.areaInit()
	spec := AreaSpec{Shape: sp.shape, Size: sp.size, Self: sp.self, Caster: [3]int{int(at.box.x), int(at.box.y), int(at.box.n)},
		Side: op.Value, Extra: op.Shape}
	if !sp.self {
		spec.Origin = [2]int{op.Square % b.w, op.Square / b.w}
	}
	b.sc.area.fill(spec, b.o, b.w, b.h)
	b.sc.epoch++
	if b.sc.epoch == 0 {
		clear(b.sc.mark)
		b.sc.epoch = 1
	}
	for _, q := range b.sc.area.sq {
		b.sc.mark[q] = b.sc.epoch
	}
}

// coverage counts how many of a box's squares the current area covers: (covered, of).
func (b *Battle) coverage(a box) (int, int) {
	c := 0
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			if b.sc.mark[int(a.y+dy)*b.w+int(a.x+dx)] == b.sc.epoch {
				c++
			}
		}
	}
	return c, int(a.n * a.n)
}

// spellDamage applies a rolled damage (b.sc.parts, one value per part) to target t after its
// resistances; mult doubles (stand-cast, U-41, U-43) and half halves (a save, a partly covered
// stand, U-43). Returns the damage dealt.
func (b *Battle) spellDamage(parts []dmgPart, t Ref, mult int, halves int, bySide int32) {
	cr := b.damagedCreature(t)
	total, radiant := 0, false
	for k, p := range parts {
		v, rad := b.typed(cr, p, b.sc.parts[k])
		total += v
		radiant = radiant || rad
	}
	total *= mult
	for ; halves > 0; halves-- {
		total /= 2
	}
	b.damage(t, total, bySide, radiant, "spell")
}

func (b *Battle) rollParts(parts []dmgPart, crit bool) {
	b.sc.parts = b.sc.parts[:0]
	for _, p := range parts {
		b.sc.parts = append(b.sc.parts, b.rollDice(p.e, crit))
	}
}

// castArea resolves an area spell (U-43..U-47): every stand in the area (allies too) saves, a
// stand partly in it takes half damage; cast by a stand, every target takes double damage, solos
// too (U-43, the seed: 「目標は通常通りにセーヴィング・スローを行なうが、その呪文からは2倍のダメー
// ジを受ける」: the targets, not only stands); an unattached solo is affected when any of its squares
// is in the area, a joined solo with its stand but with its own saves (U-52); a resource square
// fully covered takes the damage and fails its save (U-67, for a side with a Destruction objective
// on it).
func (b *Battle) castArea(at *actor, k *knownSpell, sp *spell, dc int, byStand bool) {
	mult := 1
	if byStand {
		mult = 2
	}
	b.emit(func() Event {
		names := make([]string, len(b.sc.area.sq))
		for i, q := range b.sc.area.sq {
			names[i] = b.sqName(int(q))
		}
		return &SpellCastEvent{Caster: b.actorName(at), Spell: sp.name, Area: names, Doubled: byStand && len(k.dmg) > 0}
	})
	b.startConcentration(at, sp) // a stand's area: the stand whose side is its origin holds it
	if sp.fx != nil && sp.fx.aura {
		b.castAura(at, sp, dc, byStand) // spirit guardians (aura.go)
		return
	}
	if sp.fx != nil && sp.fx.hasPool {
		b.castPool(at, sp, dc, byStand) // sleep (pools.go)
		return
	}
	if sp.fx != nil && sp.fx.ground {
		b.layGround(at, sp, dc) // web, entangle (ground.go)
	}
	b.rollParts(k.dmg, false)
	hitStand := func(i int32, partial bool) {
		t := Ref{RefStand, int(i)}
		halves := 0
		if partial {
			halves = 1
		}
		b.resolveOne(at, k, sp, t, dc, mult, halves)
		for j := range b.so {
			if b.so[j].stand == i && b.so[j].state != soloDead {
				b.resolveOne(at, k, sp, Ref{RefSolo, j}, dc, mult, halves)
			}
		}
	}
	for i := range b.st {
		st := &b.st[i]
		if !st.on {
			continue
		}
		c, n := b.coverage(b.standBox(int32(i)))
		if c > 0 {
			hitStand(int32(i), c < n)
		}
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 || so.state == soloDead || so.state == soloFled {
			continue
		}
		if c, _ := b.coverage(b.soloBox(int32(j))); c > 0 {
			b.resolveOne(at, k, sp, Ref{RefSolo, j}, dc, mult, 0)
		}
	}
	for ri := range b.s.resSq {
		r := &b.s.resSq[ri]
		if b.rhp[ri] > 0 && b.sc.mark[r.sq] == b.sc.epoch && b.destroys(at.side, r.res) {
			b.resolveOne(at, k, sp, Ref{RefResource, ri}, dc, mult, 0)
		}
	}
}

// resolveOne applies an area spell's rolled effect to one target: a save (half on a success when
// the spell says so), or for an attack-roll spell an attack roll; damage from b.sc.parts.
func (b *Battle) resolveOne(at *actor, k *knownSpell, sp *spell, t Ref, dc, mult, halves int) {
	if len(k.dmg) == 0 && !b.fxApplies(sp, t) {
		return // an effect-only spell on one it cannot affect (hold person on a non-humanoid): no roll
	}
	landed := halves == 0 // a partly covered stand is unaffected by an effect (U-43: 「何の効果も持たない」)
	switch sp.resolve {
	case plan.ResolveSave:
		if b.save(t, sp.save, dc, sp.fx != nil && sp.fx.adv, false, sp.name) {
			if !sp.half {
				return
			}
			halves++
			landed = false
		}
	case plan.ResolveAttack:
		hit, crit := b.spellAttackHits(at, k, sp, t, false)
		if !hit {
			return
		}
		if crit {
			// A critical hit doubles the dice: this target gets its own roll; the others keep the
			// area's.
			var saved [clashrules.MaxDamageParts]int
			n := copy(saved[:], b.sc.parts)
			b.rollParts(k.dmg, true)
			b.spellDamage(k.dmg, t, mult, halves, at.side)
			b.sc.parts = append(b.sc.parts[:0], saved[:n]...)
			if landed {
				b.spellEffect(at, sp, t, dc)
			}
			return
		}
	}
	b.spellDamage(k.dmg, t, mult, halves, at.side)
	if landed {
		b.spellEffect(at, sp, t, dc)
	}
}

// spellAttackHits makes a spell attack roll against t (U-41: a stand's against an isolated solo
// with advantage; U-16 against isolated targets generally).
func (b *Battle) spellAttackHits(at *actor, k *knownSpell, sp *spell, t Ref, extraAdv bool) (hit, crit bool) {
	melee := sp.melee
	r := b.why()
	adv, dis := b.attackModsWhy(at, t, melee, false, r)
	adv = adv || extraAdv // (the target is an isolated solo: attackMods says so)
	face, faces := b.d20(adv, dis)
	ac := b.targetACWhy(t, r)
	mod := k.atk + b.modRoll(actorRef(at), true, r) // bless, bane (U-76)
	total := face + mod
	hit = face == 20 || (face != 1 && total >= ac)
	crit = face == 20 && t.Kind != RefResource
	b.emit(func() Event {
		e := &AttackRollEvent{Attacker: b.actorName(at), Target: b.refName(t), Attack: sp.name, Melee: melee, Faces: faces,
			Face: face, Adv: adv && !dis, Dis: dis && !adv, Cancel: adv && dis, Mod: mod, Total: total, AC: ac, Hit: hit, Crit: crit}
		e.AdvWhy, e.DisWhy, e.Cover = r.list()
		e.Mods = r.modList()
		if len(e.Cover) > 0 {
			e.BaseAC = r.baseAC
		}
		return e
	})
	return hit, crit
}

// castTargeted resolves a targeted spell against one target (U-40..U-42): an attack roll, a save or
// an automatic hit, each target rolling its own damage; a stand's spell against an isolated solo
// has advantage (attack) or imposes disadvantage (save) and deals double damage (U-41); against an
// isolated stand an attack has advantage and doubles damage (U-16). A stand targeted also carries
// its joined solos (U-52), who use their own AC and saves. Healing spells heal.
func (b *Battle) castTargeted(at *actor, k *knownSpell, sp *spell, t Ref) {
	if sp.resolve == plan.ResolveHeal {
		b.heal(t, b.rollDice(k.heal, false))
		return
	}
	byStand := at.stand >= 0
	targets := []Ref{t}
	if t.Kind == RefStand {
		for j := range b.so {
			if b.so[j].stand == int32(t.Index) && b.so[j].state != soloDead {
				targets = append(targets, Ref{RefSolo, j})
			}
		}
	}
	for _, tt := range targets {
		if len(k.dmg) == 0 && !b.fxApplies(sp, tt) {
			continue // an effect-only spell on one it cannot affect: no roll
		}
		isoSolo := byStand && tt.Kind == RefSolo && b.soloIsolated(int32(tt.Index))
		crit := false
		mult := 1
		switch sp.resolve {
		case plan.ResolveAttack:
			hit, c := b.spellAttackHits(at, k, sp, tt, isoSolo)
			if !hit {
				continue
			}
			crit = c
			if isoSolo || (tt.Kind == RefStand && b.standIsolated(int32(tt.Index))) {
				mult = 2 // U-41 (solo), U-16 (stand): an attack against an isolated target
			}
		case plan.ResolveSave:
			ok := false
			if tt.Kind == RefResource {
				b.save(tt, sp.save, k.dc, false, false, sp.name)
			} else {
				ok = b.save(tt, sp.save, k.dc, sp.fx != nil && sp.fx.adv, isoSolo, sp.name) // charm person: advantage
			}
			if ok && !sp.half {
				continue
			}
			if ok {
				// U-41: 「セーヴィング・スローに失敗すると2倍のダメージを受ける」: doubled on a
				// failure only, so a success takes the plain half.
				b.rollParts(k.dmg, crit)
				b.spellDamage(k.dmg, tt, 1, 1, at.side)
				continue
			}
			if isoSolo {
				mult = 2 // U-41: a failed save
			}
		}
		// ResolveAuto (magic missile, bless): no roll, no doubling (U-41 names attack and save spells).
		if len(k.dmg) > 0 {
			b.rollParts(k.dmg, crit)
			b.spellDamage(k.dmg, tt, mult, 0, at.side)
		}
		b.spellEffect(at, sp, tt, k.dc) // a hit, a failed save or no roll: the effect lands (U-76)
	}
}

// spellTargetable reports whether a targeted spell cast by at may target t (U-40, U-42, U-67):
// in range (U-37; adjacent always), an enemy for damage, an ally for healing; a solo's spell hits a
// stand only when it targets five or more creatures; only stands' spells damage resource squares.
// A charmed caster does not target its charmer with a harmful spell (U-76 [5E-CORE] charmed).
func (b *Battle) spellTargetable(at *actor, sp *spell, t Ref) bool {
	heal := sp.resolve == plan.ResolveHeal || sp.fx != nil && sp.fx.ally // healing and boons go to allies
	if !heal && b.charmedBy(actorRef(at), t) {
		return false
	}
	if len(sp.dmg) == 0 && !heal && sp.fx != nil && !b.fxApplies(sp, t) {
		return false // hold person on a stand or solo that is not humanoid, or an objective square
	}
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		if !st.on || (b.un[st.unit].side == at.side) != heal {
			return false
		}
		if at.solo >= 0 && !heal && sp.targets < 5 {
			return false // U-42
		}
	case RefSolo:
		so := &b.so[t.Index]
		if so.state == soloDead || so.state == soloFled || (so.side == at.side) != heal {
			return false
		}
		if so.stand >= 0 && !heal {
			return false // reached through its stand (U-52)
		}
	case RefResource:
		if heal || at.stand < 0 || !b.targetable(at.side, t) {
			return false
		}
	default:
		return false
	}
	tb := b.refBox(t)
	if overlap(at.box, tb) {
		return heal // a solo heals the stand it is joined to
	}
	return adjacent(at.box, tb) || b.dist(at.box, tb) <= int32(sp.rng)
}
