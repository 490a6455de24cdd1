package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// clashPlacementCheck checks where stands and solos start: on the grid, in a space that fits
// their size, one occupant a square, swimmers only in deep water; joined solos on a stand of
// their unit, not too large for it; commanders.
var clashPlacementCheck = &clashCheck{
	Name: "clashPlacement",
	Doc: `starting places of stands and solos, joins and commanders

Stands and unattached solos start on the grid (U001) in the space their size fills (U-5, U-10;
U004), one occupant a square (U002), never a Gargantuan stand (U-4; U003), non-swimmers out of
deep water (U-22; U008); a joined solo stands on a stand of its unit (U013) at most one size
larger than its creatures (U-51; U007); a commander is a joined solo, one a unit (U-12; U006).`,
	Codes: []string{codeClashOffGrid, codeClashSpace, codeClashOccupied, codeClashGargantuan,
		codeClashDeepWater, codeClashSetup, codeClashJoinSize, codeClashCommander},
	Run: runClashPlacement,
}

// standSpace returns the space of a stand or unattached solo of creature cr written as rect: its
// top-left square and size. ok is false when the square is unreadable or the size unknown.
func standSpace(rect clashRect, cr *clashCreature) (sqRect, int, bool) {
	if cr == nil || !cr.Size.OK || !rect.At.OK {
		return sqRect{}, 0, false
	}
	n := plan.Size(cr.Size.V).Space()
	if n == 0 {
		return sqRect{}, 0, false
	}
	x0, y0, _, _, ok := rect.bounds()
	if !ok {
		return sqRect{}, 0, false
	}
	return space(x0, y0, n), n, true
}

func runClashPlacement(p *clashPass) {
	g := p.grid
	b := p.b
	type occupant struct {
		who string
		r   sqRect
	}
	var placed []occupant
	place := func(rect clashRect, cr *clashCreature, who string, solo bool) {
		r, n, ok := standSpace(rect, cr)
		if !ok {
			// The size is unknown (an unknown creature, reported already): the square itself
			// must still be on the grid.
			if g != nil && rect.At.OK && !g.in(rect.At.X, rect.At.Y) {
				p.offGrid(rect.At, who)
			}
			return
		}
		if w := rect.To; w.Set && w.OK {
			x0, y0, x1, y1, _ := rect.bounds()
			if x1-x0+1 != n || y1-y0+1 != n {
				p.reportf(w.Pos, codeClashSpace, "%s: its space [%d, %d]..[%d, %d] is %dx%d, but one %s creature fills %dx%d (U-5)",
					who, x0, y0, x1, y1, x1-x0+1, y1-y0+1, cr.Size.V, n, n).Hint = "drop to: the size gives the space"
				return
			}
		}
		if g == nil {
			return
		}
		if !g.in(r.x0, r.y0) {
			p.offGrid(rect.At, who)
			return
		}
		if !g.rectIn(r) {
			p.reportf(rect.At.Pos, codeClashSpace, "%s: a %s creature fills %dx%d squares, [%d, %d]..[%d, %d], which runs off the %dx%d battlefield",
				who, cr.Size.V, n, n, r.x0, r.y0, r.x1, r.y1, g.w, g.h).Hint = fmt.Sprintf("move its top-left square to x <= %d, y <= %d", g.w-n, g.h-n)
			return
		}
		for _, o := range placed {
			if o.r.overlaps(r) {
				d := p.reportf(rect.At.Pos, codeClashOccupied, "%s overlaps %s: one occupant a square", who, o.who)
				if solo {
					d.Hint = "a solo that starts in a stand joins it: add join: UNIT"
				}
				return
			}
		}
		placed = append(placed, occupant{who, r})
		if cr.Speed.Swim.V <= 0 && g.anyTerr(r, plan.TerrDeep) {
			p.reportf(rect.At.Pos, codeClashDeepWater, "%s starts in deep water, but %s has no swim speed (U-22: only swimmers enter deep water; a fly speed is not enough)", who, cr.ID).Hint = "move it to land or shallow water, or use a swimmer"
		}
	}
	for _, u := range b.Units {
		for j, s := range u.Stands {
			who := fmt.Sprintf("unit %s stand %d", u.ID, j+1)
			if s.cr != nil && s.cr.Size.V == string(plan.SizeGargantuan) {
				p.reportf(s.Pos, codeClashGargantuan, "%s is of %s, a Gargantuan creature: Gargantuan creatures fight as solos (U-4)", who, s.cr.ID).Hint = "make it a solo"
				continue
			}
			place(s.Rect, s.cr, who, false)
			p.checkStartHP(s.HP, s.cr, who, true)
		}
	}
	if n := p.standCount(); n > maxClashStands {
		p.reportf(b.Pos, codeClashSetup, "%d stands; the battle rules take at most %d", n, maxClashStands)
	}

	commanded := map[int]string{}
	for _, s := range b.Solos {
		who := "solo " + s.ID
		p.checkStartHP(s.HP, s.cr, who, false)
		if s.unit < 0 {
			if !s.Join.Set {
				place(clashRect{At: s.At}, s.cr, who, true)
			}
			if s.Commander.OK && !s.Join.Set {
				p.reportf(s.Commander.Pos, codeClashCommander, "%s is a commander but joins no unit: a commander is a solo joined to a stand of its unit (U-12)", who).Hint = `add join: "UNIT" with at on one of its stands`
			}
			continue
		}
		u := b.Units[s.unit]
		if s.At.OK {
			found, unsized := false, false
			for j, st := range u.Stands {
				r, _, ok := standSpace(st.Rect, st.cr)
				if !ok {
					// Its creature is unknown (reported already): its top-left square is all we know.
					unsized = true
					r = sqRect{st.Rect.At.X, st.Rect.At.Y, st.Rect.At.X, st.Rect.At.Y}
				}
				if r.has(s.At.X, s.At.Y) {
					s.stand, found = j, true
					break
				}
			}
			if !found && !unsized {
				p.reportf(s.At.Pos, codeClashSetup, "%s joins unit %s, but [%d, %d] is on none of its stands", who, u.ID, s.At.X, s.At.Y).Hint = "give at a square of the stand it joins"
			}
		}
		if s.stand >= 0 && s.cr != nil && s.cr.Size.OK {
			st := u.Stands[s.stand]
			if st.cr != nil && st.cr.Size.OK {
				if sr, cr := plan.Size(s.cr.Size.V).Rank(), plan.Size(st.cr.Size.V).Rank(); sr > cr+1 {
					p.reportf(s.Join.Pos, codeClashJoinSize, "%s (%s, %s) cannot join a stand of %s (%s): a solo more than one size larger cannot join (U-51)",
						who, s.cr.ID, s.cr.Size.V, st.cr.ID, st.cr.Size.V)
				}
			}
		}
		if s.Commander.OK {
			if prev, two := commanded[s.unit]; two {
				p.reportf(s.Commander.Pos, codeClashCommander, "%s and %s both command unit %s: a unit has one commander (U-12)", prev, who, u.ID)
			} else {
				commanded[s.unit] = who
			}
		}
	}
}

// maxClashStands is runner/clash's most stands in a battle.
const maxClashStands = clashrules.MaxStands

func (p *clashPass) standCount() int {
	n := 0
	for _, u := range p.b.Units {
		n += len(u.Stands)
	}
	return n
}

// checkStartHP reports a starting hp above the creature's (U-6: a stand has one creature's hp;
// ten times it with standHP: "ten").
func (p *clashPass) checkStartHP(hp Int, cr *clashCreature, who string, stand bool) {
	if !hp.OK || cr == nil || !cr.HP.OK {
		return
	}
	most, why := cr.HP.V, "its creature's"
	if stand && p.opt.tenHP {
		most, why = 10*cr.HP.V, "ten times its creature's (standHP: \"ten\")"
	}
	if hp.V > most {
		p.reportf(hp.Pos, codeClashSetup, "%s starts with %d hp, more than %s %d", who, hp.V, why, most)
	}
}
