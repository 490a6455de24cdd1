package replay

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// kzChartValues fills the Karzoral chart's series (karzoralSteps made them: rations at 0, then
// each army by seriesOf) with one point per step of pg, replaying evs on the plan of the run
// (p) or of each campaign scenario (camp, plans by scenario id): rations, and each army's
// strength (K-24). An army has a value at a step while it is on the map, and at the step it was
// removed (K-24: its strength then, 0); none before it is placed, after it is removed, and in a
// campaign's scenario that does not have it: a gap, with the removal told in the series' Why.
func kzChartValues(pg *page, p *plan.Plan, camp *plan.Campaign, plans map[string]*plan.Plan, seriesOf map[string]int, evs []event) {
	if len(pg.Steps) == 0 {
		return
	}
	var cs *kzState
	if p != nil {
		cs = newKzState(p)
	}
	removed := map[string]bool{} // removed during the current step
	why := map[string][]string{}
	si := 0
	run := ""
	for i := range evs {
		e := &evs[i]
		if e.Type == "run" || e.Type == "resume" {
			var v struct{ Scenario string }
			e.into(&v)
			if q := plans[v.Scenario]; q != nil {
				cs, run = newKzState(q), v.Scenario
			}
		}
		if e.Type == "armyRemoved" {
			var v struct{ Army, Block, Cause string }
			e.into(&v)
			if _, ok := seriesOf[v.Army]; ok {
				removed[v.Army] = true
				// as the event's own line says it (runner/karzoral ArmyRemovedEvent)
				w := fmt.Sprintf("left the field at %s on day %d", v.Block, e.Day)
				switch v.Cause {
				case "strength":
					w = fmt.Sprintf("destroyed at %s on day %d (K-24)", v.Block, e.Day)
				case "battle":
					w = fmt.Sprintf("beaten, left %s on day %d (K-99)", v.Block, e.Day)
				}
				if camp != nil && run != "" {
					w = run + ": " + w
				}
				why[v.Army] = append(why[v.Army], w)
			}
		}
		if cs != nil && !strings.HasPrefix(e.Type, "campaign.") {
			cs.apply(e)
		}
		if i+1 == pg.Steps[si].End {
			vals := make([]point, len(pg.Chart.Series))
			if cs != nil {
				vals[0] = val(float64(cs.ration))
				for id, a := range cs.gm {
					if a.block >= 0 || removed[id] {
						vals[seriesOf[id]] = val(float64(a.strength))
					}
				}
			}
			for j := range vals {
				pg.Chart.Series[j].Values = append(pg.Chart.Series[j].Values, vals[j])
			}
			clear(removed)
			si++
			if si == len(pg.Steps) {
				break
			}
		}
	}
	for id, j := range seriesOf {
		pg.Chart.Series[j].Why = strings.Join(why[id], "; ")
	}
	if camp != nil {
		// A campaign names every scenario's armies; one of a scenario never played has no point
		// and no place in the legend (issue 25 review D5: field02's lancers, listed unplayed).
		kept := pg.Chart.Series[:0]
		for j, sr := range pg.Chart.Series {
			if j == 0 || hasPoint(sr.Values) {
				kept = append(kept, sr)
			}
		}
		pg.Chart.Series = kept
	}
}

// hasPoint reports whether a series has a value at some step.
func hasPoint(vs []point) bool {
	for _, v := range vs {
		if v.ok {
			return true
		}
	}
	return false
}
