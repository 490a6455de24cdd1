package clash

// The frightened condition (U-76 [5E-CORE]), imposed by the SRD's fear spell: "A frightened
// creature has disadvantage on ability checks and attack rolls while the source of its fear is
// within line of sight. The creature can't willingly move closer to the source of its fear."
//
// sortie's Default (a RULES-style note; the seed is silent, U-76 sends it to 5e): the grid has
// no sight lines, so a source is "within line of sight" while it is on the field (a stand on the
// grid, a solo up), and fear's save "if the creature ends its turn in a location where it doesn't
// have line of sight to you" never comes; "can't move closer" is measured as U-2's distance
// between the nearest squares of the two spaces, and a move may end only where that distance is
// no less than where it starts (staying put is always allowed). Fear's "must take the Dash action
// and move away" is not forced (the unit's choice of action stays its general's): the condition's
// two rules above are what the engine plays.

// frightens reports whether the spell named name (a save's why) frightens: Brave's saves
// "against being frightened" (the knight's [SRD]).
func (b *Battle) frightens(name string) bool {
	for k := range b.s.sp {
		if sp := &b.s.sp[k]; sp.name == name && sp.fx != nil && sp.fx.cond&cFrightened != 0 {
			return true
		}
	}
	return false
}

// frightOf is the first present source of a frightened effect on t (Kind RefNone: none, or only
// sources no longer on the field).
func (b *Battle) frightOf(t Ref) Ref {
	if b.condOf(t)&cFrightened == 0 {
		return Ref{}
	}
	for k := range b.fx {
		if e := &b.fx[k]; e.target == t && e.cond == cFrightened && e.src.Kind != RefNone && b.present(e.src) {
			return e.src
		}
	}
	return Ref{}
}

// keepFromFear drops from mv.ends the spaces (top-left squares of a space n squares a side) that
// would take frightened mover who nearer any source of its fear on the field.
func (b *Battle) keepFromFear(who Ref, n int32) {
	if b.condOf(who)&cFrightened == 0 {
		return
	}
	here := b.refBox(who)
	for k := range b.fx {
		e := &b.fx[k]
		if e.target != who || e.cond != cFrightened || e.src.Kind == RefNone || !b.present(e.src) {
			continue
		}
		src := b.refBox(e.src)
		d0 := b.dist(here, src)
		keep := b.mv.ends[:0]
		for _, q := range b.mv.ends {
			if b.dist(box{q % int32(b.w), q / int32(b.w), n}, src) >= d0 {
				keep = append(keep, q)
			}
		}
		b.mv.ends = keep
	}
}
