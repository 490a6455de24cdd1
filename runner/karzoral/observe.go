package karzoral

import "github.com/sortie-rpg/sortie/runner"

// What the day loop's events tell a simulation (runner.Observed): the entities covered, where
// the party and the armies stood at each day's end (the heat map), the values at the end (army
// strengths, rations, the XP each PC gained) and how the run ended.

// Observe: the party starts in its block.
func (e *RunEvent) Observe(o runner.Observer) { o.Cover(CoverBlock, e.Party) }

// Observe: the party entered a block by a passage.
func (e *PartyMoveEvent) Observe(o runner.Observer) {
	o.Cover(CoverBlock, e.To)
	id := e.passage
	if id == "" {
		id = PassageID(e.From, e.To)
	}
	o.Cover(CoverPassage, id)
}

// Observe: a box was revealed (K-31).
func (e *RevealEvent) Observe(o runner.Observer) { o.Cover(CoverBox, e.Box) }

// Observe: a scenario event fired (K-33).
func (e *FiredEvent) Observe(o runner.Observer) { o.Cover(CoverEvent, e.Event) }

// Observe: an objective was reached (K-60); one retained from an earlier attempt (K-67) was not
// reached in this run.
func (e *ObjectiveEvent) Observe(o runner.Observer) {
	if e.Source != "retained" {
		o.Cover(CoverObjective, e.Objective)
	}
}

// Observe: the party fought an encounter (not when its monsters were all dead before, K-67).
func (e *BattleEvent) Observe(o runner.Observer) {
	if e.Result != "gone" {
		o.Cover(CoverEncounter, e.Encounter)
	}
}

// Observe: an episode was told (K-38).
func (e *EpisodeEvent) Observe(o runner.Observer) { o.Cover(CoverEpisode, faceName(e.Face)) }

// Observe: a traversal area was completed (K-47).
func (e *TraversalEvent) Observe(o runner.Observer) {
	if e.Step == "complete" {
		o.Cover(CoverTraversal, e.Area)
	}
}

// Observe: a PC's XP at a growth point or on failure (K-61, K-66): the run's total so far.
func (e *XPEvent) Observe(o runner.Observer) {
	if e.Point != "" {
		o.Measure("xp", e.Who, e.Total)
	}
}

// Observe: where the party and every army stand at the day's end (the heat map).
func (e *DayEndEvent) Observe(o runner.Observer) {
	o.Place("party", e.Party)
	for i := range e.Armies {
		a := &e.Armies[i]
		where := ""
		if a.Block != nil {
			where = *a.Block
		}
		o.Place(a.ID, where)
	}
	o.Tick()
}

// Observe: how the run ended (its reason is the cause: "objective takeTheGate", "friendly army
// mercenaries wiped out (K-25)", "day limit" ...), every army's strength and the rations left.
func (e *EndEvent) Observe(o runner.Observer) {
	for i := range e.Armies {
		o.Measure("strength", e.Armies[i].ID, e.Armies[i].Strength)
	}
	o.Measure("rations", "party", e.Rations)
	o.End(e.Outcome, e.Reason, e.Day)
}
