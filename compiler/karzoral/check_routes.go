package karzoral

import "github.com/sortie-rpg/sortie/compiler/plan"

var routesCheck = &Check{
	Name: "routes",
	Doc: `army routes that jump or enter one-way blocks from a forbidden side
Each route step moves an army to an orthogonally adjacent block or repeats the block (a wait,
K-22). A step into a block whose enterFrom does not list the side it comes from is an error
(K-32).`,
	Codes: []string{codeRouteGap, codeRouteOneWay},
	Run:   runRoutes,
}

func runRoutes(p *Pass) error {
	for _, a := range p.Scenario.Armies {
		for i := 1; i < len(a.Route); i++ {
			prev, cur := p.Blocks[a.Route[i-1].V], p.Blocks[a.Route[i].V]
			if !a.Route[i-1].OK || !a.Route[i].OK || prev == nil || cur == nil || prev == cur || !prev.AtOK || !cur.AtOK {
				continue
			}
			where := pathOf("armies", a.ID, "route", i)
			dir, ok := step(prev.At, cur.At)
			if !ok {
				p.Report(p.Diag(a.Route[i].Pos, codeRouteGap, "%s: %q is not next to %q", where, cur.ID, prev.ID).
					WithHint("an army moves one block per step, orthogonally: add the blocks in between"))
				continue
			}
			if side := dir.Opposite(); !cur.Enterable(side) {
				p.Report(p.Diag(a.Route[i].Pos, codeRouteOneWay, "%s: %q cannot be entered from the %s (coming from %q)", where, cur.ID, side, prev.ID).
					WithHint("%q may be entered only from %s", cur.ID, dirList(cur.EnterFrom)))
			}
		}
	}
	return nil
}

// step returns the direction from a to an orthogonally adjacent b.
func step(a, b [2]int) (plan.Dir, bool) {
	for _, d := range plan.Dirs {
		dx, dy := d.Delta()
		if a[0]+dx == b[0] && a[1]+dy == b[1] {
			return d, true
		}
	}
	return 0, false
}

func dirList(ds []plan.Dir) string {
	s := ""
	for i, d := range ds {
		switch {
		case i == 0:
		case i == len(ds)-1:
			s += " or "
		default:
			s += ", "
		}
		s += "the " + d.String()
	}
	return s
}
