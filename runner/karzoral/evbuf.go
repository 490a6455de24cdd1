package karzoral

// evbuf holds the day loop's most frequent events and their lists, each reused from one to the
// next: a Sink keeps no event after Write returns (runner.Sink), and a simulation, which observes
// every event, plays whole campaigns of some 200 sorties.
type evbuf struct {
	day       DayEvent
	food      FoodEvent
	stay      StayEvent
	partyMove PartyMoveEvent
	armyMove  ArmyMoveEvent
	campRoll  CampRollEvent
	pick      PickEvent
	episode   EpisodeEvent
	light     LightEvent
	dayEnd    DayEndEvent
	view      ViewEvent
	night     NightEvent
	nightRaid NightRaidEvent
	reset     EpisodesResetEvent
	fired     FiredEvent
	say       SayEvent
	sighting  SightingEvent
	partyEnd  PartyEndEvent
	run       RunEvent
	battle    BattleEvent
	xp        XPEvent
	end       EndEvent
	armies    []ArmyAt   // armiesAt
	seen      []ArmySeen // viewEvent
	sighted   []ArmySeen // sightings
	endSeen   []ArmySeen // partyEnd
}

// reuse sets *buf to v and returns buf: the event to send.
func reuse[T any](buf *T, v T) *T {
	*buf = v
	return buf
}

// passages are the ids of the passages from each block (PassageID), per direction, made once per
// plan: the simulation covers one at every move.
func passages(r *Runner) [][4]string {
	bl := r.p.Field.Blocks
	out := make([][4]string, len(bl))
	for b := range bl {
		for d, ex := range bl[b].Exits {
			if ex.To >= 0 {
				out[b][d] = PassageID(bl[b].ID, bl[ex.To].ID)
			}
		}
	}
	return out
}
