package clash

// Difficult ground laid by a spell (web, entangle), U-18 and U-76 [5E-CORE]: the SRD's web "The
// webs are difficult terrain", entangle "the ground in the area is difficult terrain", for the
// spell's duration. Its squares cost 2 to enter like rough ground (U-18; U-23's climbing rule
// applies as to any difficult square) for every stand and solo, whichever side, while the spell
// lasts: its caster's concentration, its duration (U-1) or its caster leaving the fight ends it.
// The zone is the whole area (a partly covered stand is unaffected by the condition, U-43, but
// the squares are still webbed); already-difficult squares stay 2 (not 4: 5e difficult terrain
// does not stack).

// zone is one spell's difficult ground.
type zone struct {
	src   Ref   // the caster (a stand or solo)
	sp    int32 // spell index into Setup.sp
	dc    int32 // its save DC (enterSave: web)
	until int32 // ends at its caster's turn in this round (U-1); 0 no time limit
	sq    []int32
}

// layGround makes the area now in b.sc difficult ground for spell sp cast by at with save DC dc
// (its ground effect), until the spell ends.
func (b *Battle) layGround(at *actor, sp *spell, dc int) {
	z := zone{src: actorRef(at), sp: int32(b.spellIndex(sp)), dc: int32(dc), sq: append([]int32(nil), b.sc.area.sq...)}
	if sp.fx.rounds > 0 {
		z.until = int32(b.round + sp.fx.rounds)
	}
	for _, q := range z.sq {
		b.snare[q]++
		b.terrainChanged(int(q))
	}
	b.zones = append(b.zones, z)
	b.emit(func() Event {
		return &GroundEvent{Spell: sp.name, Caster: b.actorName(at), Squares: b.sqNames(z.sq), Until: int(z.until)}
	})
}

// endZones lifts every zone for which f is true, saying why.
func (b *Battle) endZones(f func(z *zone) bool, why string) {
	for k := 0; k < len(b.zones); {
		z := &b.zones[k]
		if !f(z) {
			k++
			continue
		}
		for _, q := range z.sq {
			b.snare[q]--
			b.terrainChanged(int(q))
		}
		ev := &GroundEvent{Spell: b.s.sp[z.sp].name, Caster: b.refName(z.src), Squares: b.sqNames(z.sq), Ended: true, Why: why}
		b.emit(func() Event { return ev })
		b.zones = append(b.zones[:k], b.zones[k+1:]...)
	}
}

func (b *Battle) sqNames(sq []int32) []string {
	out := make([]string, len(sq))
	for i, q := range sq {
		out[i] = b.sqName(int(q))
	}
	return out
}

// GroundEvent is a spell's difficult ground laid or lifted (web, entangle: U-18, U-76).
type GroundEvent struct {
	Spell   string   `json:"spell"`
	Caster  string   `json:"caster"`
	Squares []string `json:"squares"`
	Until   int      `json:"until,omitempty"`
	Ended   bool     `json:"ended,omitempty"`
	Why     string   `json:"why,omitempty"`
}

func (*GroundEvent) Type() string { return "clash.ground" }
func (*GroundEvent) Rule() string { return "U-18" }
func (e *GroundEvent) Line() string {
	sq := ""
	for k, s := range e.Squares {
		if k > 0 {
			sq += " "
		}
		sq += s
	}
	if e.Ended {
		return e.Caster + "'s " + e.Spell + " no longer makes difficult ground on " + sq + ": " + e.Why
	}
	return e.Caster + "'s " + e.Spell + " makes difficult ground (2 squares of movement each) on " + sq
}

// groundSaves is web's later saves (U-76, SRD 5.1 web: "A creature that starts its turn in the
// webs or enters them during its turn must make a Dexterity saving throw. On a failed save, the
// creature is restrained as long as it remains in the webs or until it breaks free"): t, on its
// own turn, makes the save of each enterSave zone its whole space is in (a stand only partly in an
// area is unaffected, U-43) and, when from is given (the box its move began in), that it was not
// wholly in before; a failure puts the spell's condition on it, held by the zone's caster. One
// already bearing that zone's effect makes no save. from nil: the start of its turn.
func (b *Battle) groundSaves(t Ref, from *box) {
	if len(b.zones) == 0 || !b.present(t) {
		return
	}
	for k := 0; k < len(b.zones); k++ {
		z := &b.zones[k]
		sp := &b.s.sp[z.sp]
		if !sp.fx.enterSave || !b.fxApplies(sp, t) || !b.boxIn(b.refBox(t), z.sq) || (from != nil && b.boxIn(*from, z.sq)) {
			continue
		}
		if b.bears(t, z.src, z.sp) {
			continue
		}
		if b.save(t, sp.save, int(z.dc), sp.fx.adv, false, sp.name) {
			continue
		}
		b.addEffect(effect{target: t, src: z.src, sp: z.sp, cond: sp.fx.cond, dc: z.dc, until: z.until}, "")
		if !b.present(t) {
			return
		}
	}
}

// boxIn reports whether every square of bx is one of sq.
func (b *Battle) boxIn(bx box, sq []int32) bool {
	for y := bx.y; y < bx.y+bx.n; y++ {
		for x := bx.x; x < bx.x+bx.n; x++ {
			if !contains32(sq, y*int32(b.w)+x) {
				return false
			}
		}
	}
	return true
}

// bears reports whether t bears spell sp's effect from source src.
func (b *Battle) bears(t, src Ref, sp int32) bool {
	for k := range b.fx {
		if e := &b.fx[k]; e.target == t && e.src == src && e.sp == sp {
			return true
		}
	}
	return false
}
