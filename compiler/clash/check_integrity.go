package clash

import "fmt"

// clashIntegrityCheck warns of stands that start the battle isolated from their unit.
var clashIntegrityCheck = &clashCheck{
	Name: "clashIntegrity",
	Doc: `stands that start isolated from their unit

A regiment stand with no adjacent stand of its unit, a skirmisher stand more than
skirmisherSpread (2) squares from every other stand of its unit, is isolated (U-15) and fights
at a disadvantage (U-16); legal (U-17), so a warning (U005). A unit of one stand is never
isolated unless singleStand: "isolated" (U-81).`,
	Codes: []string{codeClashIsolated},
	Run:   runClashIntegrity,
}

func runClashIntegrity(p *clashPass) {
	for _, u := range p.b.Units {
		type st struct {
			i int
			r sqRect
		}
		var stands []st
		for j, s := range u.Stands {
			if r, _, ok := standSpace(s.Rect, s.cr); ok && p.grid != nil && p.grid.rectIn(r) {
				stands = append(stands, st{j, r})
			}
		}
		if len(u.Stands) == 1 && len(stands) == 1 {
			if p.opt.singleIsolated {
				p.reportf(u.Stands[0].Pos, codeClashIsolated, "unit %s has one stand, which is isolated with singleStand: \"isolated\" (U-81)", u.ID)
			}
			continue
		}
		limit, rule := 1, "no adjacent stand of its unit"
		if u.Type.V == "skirmisher" {
			limit = p.opt.skirmisherSpread
			rule = fmt.Sprintf("no stand of its unit within %d squares", limit)
		}
		for _, a := range stands {
			alone := true
			for _, o := range stands {
				if o.i != a.i && rectDist(a.r, o.r, p.opt.chebyshev) <= limit {
					alone = false
					break
				}
			}
			if alone {
				p.reportf(u.Stands[a.i].Pos, codeClashIsolated, "unit %s stand %d starts isolated: %s (U-15); it attacks at a disadvantage and takes double damage (U-16)",
					u.ID, a.i+1, rule).Hint = "place regiment stands side by side, skirmishers within 2 squares of each other"
			}
		}
	}
}
