package pathfinder

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// validateScenario checks what RunScenario relies on, so that a hand-edited plan gives an error, never
// a panic: indices in range, neighbours that agree with the axial coordinates (P-12: one hex a
// step), sides 0 or 1, a day limit, and objectives that name armies and hexes.
func validateScenario(p *plan.Plan) error {
	if p.Format != plan.Format || p.Version != plan.Version {
		return fmt.Errorf("runner: plan format %q version %d, want %q version %d", p.Format, p.Version, plan.Format, plan.Version)
	}
	pf := p.Pathfinder
	if pf == nil {
		return fmt.Errorf("runner: not a Pathfinder plan")
	}
	if err := plan.Validate(p); err != nil { // routes that step to neighbours (P-12)
		return fmt.Errorf("runner: %v", err)
	}
	if p.DayLimit < 1 || p.DayLimit > 100000 {
		return fmt.Errorf("runner: day limit %d out of range 1..100000", p.DayLimit)
	}
	nh, na := len(pf.Hexes), len(pf.Armies)
	if nh == 0 || na == 0 {
		return fmt.Errorf("runner: the plan has %d hexes and %d armies", nh, na)
	}
	at := make(map[[2]int]int, nh)
	for i := range pf.Hexes {
		h := &pf.Hexes[i]
		if j, dup := at[h.At]; dup {
			return fmt.Errorf("runner: hexes %s and %s share [%d, %d]", pf.Hexes[j].ID, h.ID, h.At[0], h.At[1])
		}
		at[h.At] = i
		if h.Fortification < 0 {
			return fmt.Errorf("runner: hex %s: fortification %d", h.ID, h.Fortification)
		}
		if _, err := ParseWind(h.Conditions.Wind); err != nil {
			return fmt.Errorf("runner: hex %s: %v", h.ID, err)
		}
	}
	for i := range pf.Hexes {
		h := &pf.Hexes[i]
		var want []int
		for _, d := range plan.HexDirs {
			if j, ok := at[[2]int{h.At[0] + d[0], h.At[1] + d[1]}]; ok {
				want = append(want, j)
			}
		}
		if len(want) != len(h.Neighbours) {
			return fmt.Errorf("runner: hex %s: neighbours %v disagree with the coordinates (%v)", h.ID, h.Neighbours, want)
		}
		for k := range want {
			if want[k] != h.Neighbours[k] {
				return fmt.Errorf("runner: hex %s: neighbours %v disagree with the coordinates (%v)", h.ID, h.Neighbours, want)
			}
		}
	}
	for _, k := range pf.Kingdoms {
		if k != nil && k.TurnDays < 1 {
			return fmt.Errorf("runner: kingdom turn of %d days", k.TurnDays)
		}
	}
	for i := range pf.Armies {
		a := &pf.Armies[i]
		if a.Side != plan.Friendly && a.Side != plan.Enemy {
			return fmt.Errorf("runner: army %s: side %d", a.ID, a.Side)
		}
		if (a.Start < 0 && !a.Formed) || a.Start >= nh {
			return fmt.Errorf("runner: army %s: start hex %d out of range", a.ID, a.Start)
		}
		for _, h := range a.Route {
			if h < 0 || h >= nh {
				return fmt.Errorf("runner: army %s: route hex %d out of range", a.ID, h)
			}
		}
		if a.Army.Commander != nil && len(a.Army.Commander.Boons)+len(a.Army.Commander.BonusTactics) > 64 {
			return fmt.Errorf("runner: army %s: too many boons", a.ID)
		}
	}
	for i := range pf.Orders {
		o := &pf.Orders[i]
		want := map[string][2]int{"split": {1, 2}, "combine": {2, 1}, "reserve": {1, 0}, "activate": {1, 0},
			"buy": {1, 0}, "sell": {1, 0}, "transfer": {2, 0}, "reform": {1, 0}}
		w, ok := want[o.Kind]
		if !ok || len(o.Armies) != w[0] || len(o.Into) != w[1] || o.Keep < 0 || o.Keep >= len(o.Armies) {
			return fmt.Errorf("runner: order %d: %q with %d armies into %d", i, o.Kind, len(o.Armies), len(o.Into))
		}
		if trade := w[1] == 0 && w[0] != 1 || o.Kind == "buy" || o.Kind == "sell"; trade && o.Resources == nil {
			return fmt.Errorf("runner: order %d: %q names no resources", i, o.Kind)
		}
		if o.Resources != nil {
			if _, err := pfarmy.ParseGrade(o.Resources.Armor); err != nil {
				return fmt.Errorf("runner: order %d: armor: %v", i, err)
			}
			if _, err := pfarmy.ParseGrade(o.Resources.Weapons); err != nil {
				return fmt.Errorf("runner: order %d: weapons: %v", i, err)
			}
			if o.Resources.SiegeEngines < 0 || o.Resources.SiegeEngines > 100 {
				return fmt.Errorf("runner: order %d: %d siege engines", i, o.Resources.SiegeEngines)
			}
		}
		for _, a := range append(append([]int{}, o.Armies...), o.Into...) {
			if a < 0 || a >= na {
				return fmt.Errorf("runner: order %d: army %d out of range", i, a)
			}
		}
		for _, a := range o.Into {
			if !pf.Armies[a].Formed {
				return fmt.Errorf("runner: order %d: army %s is not one an order forms", i, pf.Armies[a].ID)
			}
		}
	}
	for i := range pf.Armies {
		if a := &pf.Armies[i]; a.Formed != (a.Start < 0) {
			return fmt.Errorf("runner: army %s: start %d, formed %t", a.ID, a.Start, a.Formed)
		}
	}
	for i := range pf.Objectives {
		o := &pf.Objectives[i]
		if o.Outcome != runner.Success && o.Outcome != runner.Failure {
			return fmt.Errorf("runner: objective %s: outcome %q", o.ID, o.Outcome)
		}
		for _, a := range o.Defeat {
			if a < 0 || a >= na {
				return fmt.Errorf("runner: objective %s: army %d out of range", o.ID, a)
			}
		}
		if o.Reach != nil && (o.Reach[0] < 0 || o.Reach[0] >= na || o.Reach[1] < 0 || o.Reach[1] >= nh) {
			return fmt.Errorf("runner: objective %s: reach %v out of range", o.ID, *o.Reach)
		}
	}
	return nil
}
