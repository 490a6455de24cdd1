package clash

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// clashGridCheck builds the battlefield from its terrain patches and checks that patches,
// resource squares and zones lie on it.
var clashGridCheck = &clashCheck{
	Name: "clashGrid",
	Doc: `the battlefield: terrain patches, elevation, resources and zones on the grid

Every patch, resource square and zone lies on the width x height grid (U-1; U001); an elevation
is a multiple of 20 ft on non-water ground and a patch sets something (U-23; U013); two resource
squares do not share a square (U002).`,
	Codes: []string{codeClashOffGrid, codeClashSetup, codeClashOccupied},
	Run:   runClashGrid,
}

// clashTerrain maps the schema's terrain types to plan letters.
var clashTerrain = map[string]byte{
	"clear": plan.TerrClear, "rough": plan.TerrRough, "rubble": plan.TerrRough, "road": plan.TerrRoad,
	"forest": plan.TerrForest, "shallow": plan.TerrShallow, "deep": plan.TerrDeep,
}

func isWater(t byte) bool { return t == plan.TerrShallow || t == plan.TerrDeep }

func runClashGrid(p *clashPass) {
	b := p.b
	if !b.Width.OK || !b.Height.OK || b.Width.V < 1 || b.Height.V < 1 || b.Width.V > 100 || b.Height.V > 100 {
		return // the schema reported it; nothing can be placed
	}
	g := newClashGrid(b.Width.V, b.Height.V)
	p.grid = g
	for i, pt := range b.Patches {
		r, ok := p.rectOnGrid(pt.Rect, "terrain patch "+itoa(i+1))
		if !ok {
			continue
		}
		if !pt.Type.Set && !pt.Elevation.Set {
			p.reportf(pt.Pos, codeClashSetup, "terrain patch %d sets neither type nor elevation", i+1)
			continue
		}
		steps := -1
		if pt.Elevation.OK {
			if pt.Elevation.V%20 != 0 {
				p.reportf(pt.Elevation.Pos, codeClashSetup, "terrain patch %d: elevation %d ft is not a multiple of 20 ft (U-23: heights come in 20-ft steps)", i+1, pt.Elevation.V)
			} else {
				steps = pt.Elevation.V / 20
			}
		}
		t, hasType := clashTerrain[pt.Type.V]
		hasType = hasType && pt.Type.OK
		wet := false
		for y := r.y0; y <= r.y1; y++ {
			for x := r.x0; x <= r.x1; x++ {
				k := y*g.w + x
				if hasType {
					g.terr[k] = t
				}
				if steps >= 0 {
					g.elev[k] = steps
				}
				if isWater(g.terr[k]) && g.elev[k] > 0 {
					wet = true
					g.elev[k] = 0
				}
			}
		}
		if wet {
			p.reportf(pt.Pos, codeClashSetup, "terrain patch %d puts water on raised ground: only non-water squares have an elevation (U-23)", i+1).Hint = "keep water at elevation 0, or patch the hill around the water"
		}
	}

	taken := map[[2]int]string{}
	for _, res := range b.Resources {
		for j, s := range res.Squares {
			what := "resource " + res.ID + " square " + itoa(j+1)
			r, ok := p.rectOnGrid(clashRect{At: s.At}, what)
			if !ok {
				continue
			}
			k := [2]int{r.x0, r.y0}
			if prev, dup := taken[k]; dup {
				p.reportf(s.At.Pos, codeClashOccupied, "%s is on [%d, %d], where %s already is", what, k[0], k[1], prev)
				continue
			}
			taken[k] = what
		}
	}
	for _, z := range b.Zones {
		p.rectOnGrid(z.Rect, "zone "+z.ID)
	}
	for k, r := range b.Obscured {
		p.rectOnGrid(r, "obscured area "+strconv.Itoa(k+1))
	}
}

// rectOnGrid returns a rectangle's squares when both corners lie on the grid, reporting U001 for
// a corner off it. ok is false when a corner is unreadable or off the grid.
func (p *clashPass) rectOnGrid(r clashRect, what string) (sqRect, bool) {
	x0, y0, x1, y1, ok := r.bounds()
	if !ok || p.grid == nil {
		return sqRect{}, false
	}
	g := p.grid
	good := true
	for _, c := range []clashSquare{r.At, r.To} {
		if c.Set && !g.in(c.X, c.Y) {
			p.offGrid(c, what)
			good = false
		}
	}
	return sqRect{x0, y0, x1, y1}, good
}

// offGrid reports U001 for a square off the grid.
func (p *clashPass) offGrid(c clashSquare, what string) {
	g := p.grid
	p.reportf(c.Pos, codeClashOffGrid, "%s: [%d, %d] is off the %dx%d battlefield (x 0..%d, y 0..%d)", what, c.X, c.Y, g.w, g.h, g.w-1, g.h-1)
}

func itoa(i int) string { return strconv.Itoa(i) }
