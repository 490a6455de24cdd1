package clash

// The frightened condition (U-76 [5E-CORE]), imposed by the SRD's fear spell: "A frightened
// creature has disadvantage on ability checks and attack rolls while the source of its fear is
// within line of sight. The creature can't willingly move closer to the source of its fear."
//
// The spell adds: "While frightened by this spell, a creature must take the Dash action and move
// away from you by the safest available route on each of its turns, unless there is nowhere to
// move." sortie plays it so (U-76 sends conditions to 5e; the seed is silent): on its turn a
// frightened stand or solo whose source is on the field spends its action on the Dash (a stand is
// busy: it neither attacks nor casts, whatever its unit does; a solo's action is Dash, asked of
// no one) and moves with Dash's doubled speed. "The safest available route" is read as the farthest:
// its move may end only on a space at the greatest U-2 distance it can reach from the source (the
// nearest squares of the two spaces); when no reachable space is farther than where it stands
// ("nowhere to move") it stays, its action spent. The grid has no sight lines, so a source is "within
// line of sight" while it is on the field (a stand on the grid, a solo up), and fear's save "if
// the creature ends its turn in a location where it doesn't have line of sight to you" never comes.

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

// afraid reports whether t is frightened by a source on the field: its turn goes to fear's Dash.
func (b *Battle) afraid(t Ref) bool { return b.frightOf(t).Kind != RefNone }

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

// keepFromFear keeps in mv.ends, for a frightened mover who (a space n squares a side) with a
// source of its fear on the field, only the top-left squares at the greatest U-2 distance from
// that source, and only its own square when none is farther than where it stands (fear: "must
// take the Dash action and move away from you by the safest available route"; U-76). Several
// sources filter in turn, in effect order.
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
		far := d0
		for _, q := range b.mv.ends {
			far = max(far, b.dist(box{q % int32(b.w), q / int32(b.w), n}, src))
		}
		keep := b.mv.ends[:0]
		for _, q := range b.mv.ends {
			if d := b.dist(box{q % int32(b.w), q / int32(b.w), n}, src); d == far && (far > d0 || q == here.y*int32(b.w)+here.x) {
				keep = append(keep, q)
			}
		}
		b.mv.ends = keep
	}
}
