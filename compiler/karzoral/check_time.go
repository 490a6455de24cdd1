package karzoral

var timeCheck = &Check{
	Name: "time",
	Doc: `objectives too far to reach before the day limit
For each success objective with enter: B, the fewest moves from party.start to B (K-28, one
block per move, footprints included K-29, one-way entry K-32) against days.limit: the party
moves at most twice a day, once in the Action Phase and once by forced march at night (K-41),
so it needs at least ceil(moves / 2) days.`,
	Codes: []string{codeTooFar},
	Run:   runTime,
}

// MinDays is the fewest days to walk moves blocks, marching by day and by night (K-28, K-41):
// ceil(moves / 2), and at least day 1.
func MinDays(moves int) int {
	return max(1, (moves+1)/2)
}

func runTime(p *Pass) error {
	limit := p.Scenario.DayLimit
	dist := p.Distances()
	if !limit.OK || dist == nil {
		return nil
	}
	for _, o := range p.Scenario.Objectives {
		if o.When == nil || !o.When.Enter.OK || o.Outcome.V != "success" {
			continue
		}
		moves, ok := dist[o.When.Enter.V]
		if !ok {
			continue // unknown (R001) or unreachable (O002)
		}
		if days := MinDays(moves); days > limit.V {
			p.Report(p.Diag(o.When.Enter.Pos, codeTooFar, "%s: block %q is %d moves from %q: at least %d days with forced marches (K-41), over the day limit %d",
				pathOf("objectives", o.ID, "when", "enter"), o.When.Enter.V, moves, p.Scenario.Party.Start.V, days, limit.V).
				WithHint("raise days.limit to at least %d, or bring the objective closer", days))
		}
	}
	return nil
}
