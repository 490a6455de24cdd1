package clash

import "github.com/sortie-rpg/sortie/runner"

// What a clash battle's events tell a simulation (runner.Observed): the actions taken, the units
// that broke or deserted, the objectives that scored, each side's VP and how the battle ended.

// Observe: a unit or solo took an action (U-33).
func (e *ActedEvent) Observe(o runner.Observer) { o.Cover(CoverAction, e.Who+": "+e.Action) }

// Observe: the end of a round: where each unit's stands stand counts for the heat map (one tick
// a round, as a day of a scenario).
func (e *MapEvent) Observe(o runner.Observer) {
	for _, u := range e.occupied {
		o.Occupy(u.unit, u.squares)
	}
	o.Tick()
}

// Observe: a unit's morale broke (U-63).
func (e *MoraleResultEvent) Observe(o runner.Observer) {
	if e.Broken {
		o.Cover(CoverBroken, e.Unit)
	}
}

// Observe: a unit's survivors deserted (U-72).
func (e *DesertedEvent) Observe(o runner.Observer) {
	if e.Gone {
		o.Cover(CoverDeserted, e.Unit)
	}
}

// Observe: the end: the objectives that scored, each side's VP, the winner (DrawOutcome for none),
// "total|tactical|draw: REASON" as the cause, the rounds as the day.
func (e *BattleEndEvent) Observe(o runner.Observer) {
	for _, ov := range e.Objectives {
		if ov.VP > 0 {
			o.Cover(CoverObjective, ov.Objective)
		}
	}
	for s, name := range e.sides {
		o.Measure("vp", name, e.VP[s])
	}
	winner := e.Winner
	if winner == "" {
		winner = DrawOutcome
	}
	o.End(winner, e.Outcome+": "+e.Reason, e.Rounds)
}
