package campaign

import "github.com/sortie-rpg/sortie/runner"

// What the campaign's events tell a simulation (runner.Observed): the scenarios played and
// cleared, the scope of each sortie's own events (its scenario's id), and at the end the XP of
// every PC, the purse, the sorties played and how the campaign ended.

// Observe: a sortie of the scenario begins; its events are in its scope.
func (e *SortieEvent) Observe(o runner.Observer) {
	o.Scope("")
	o.Cover(CoverSortie, e.Scenario)
	o.Scope(e.Scenario)
}

// Observe: the sortie is settled; a clear is covered.
func (e *GrowthEvent) Observe(o runner.Observer) {
	o.Scope("")
	if e.Outcome == runner.Success {
		o.Cover(CoverClear, e.Scenario)
	}
}

// Observe: the campaign's end: each PC's XP, the purse, the sorties, and the ending (its day:
// the days of every sortie).
func (e *EndEvent) Observe(o runner.Observer) {
	o.Scope("")
	for _, pc := range e.PCs {
		o.Measure("xp", pc.ID, pc.XP)
	}
	o.Measure("purse", "party", e.Purse)
	o.Measure("sorties", "party", len(e.Rows))
	days := 0
	for _, r := range e.Rows {
		days += r.Days
	}
	o.End(outcomeOf(e.End), e.Text, days)
}
