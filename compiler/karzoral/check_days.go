package karzoral

var daysCheck = &Check{
	Name: "days",
	Doc: `day events after the day limit
An event on: day: N with N greater than days.limit never fires: the scenario is over by then.`,
	Codes: []string{codeDayTooLate},
	Run:   runDays,
}

func runDays(p *Pass) error {
	limit := p.Scenario.DayLimit
	if !limit.OK {
		return nil
	}
	for _, e := range p.Scenario.Events {
		if e.Day.OK && e.Day.V > limit.V {
			p.Report(p.Diag(e.Day.Pos, codeDayTooLate, "%s: day %d is after the day limit %d", pathOf("events", e.ID, "on", "day"), e.Day.V, limit.V).
				WithHint("move the event to day %d or earlier, or raise days.limit", limit.V))
		}
	}
	return nil
}
