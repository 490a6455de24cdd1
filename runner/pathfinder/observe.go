package pathfinder

import (
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// What Pathfinder's events tell a simulation (runner.Observed): where each army stands at each
// day's end and where they fought (the heat maps), the hexes entered, the engagements fought, the tactics, strategies
// and fates of the battles, the objectives met, every army's hp at the end and how the run ended.

// Observe: an army starts in its hex.
func (e *HexStartEvent) Observe(o runner.Observer) {
	o.Place(e.Army, e.Hex)
	o.Cover(CoverHex, e.Hex)
}

// Observe: a new day: the armies' places at the end of the day before count (the first day has
// no day before).
func (e *HexDayEvent) Observe(o runner.Observer) {
	if e.Day > 1 {
		o.Tick()
	}
}

// Observe: an army entered a hex (not when it is only on its way, P-6, or holds, P-62).
func (e *HexMoveEvent) Observe(o runner.Observer) {
	if e.Note == "" {
		o.Place(e.Army, e.To)
		o.Cover(CoverHex, e.To)
	}
}

// Observe: the battle's hex (P-14: where the armies fought) and the friendly-enemy pairs that
// meet in it.
func (e *HexBattleEvent) Observe(o runner.Observer) {
	o.Fight(e.Hex)
	for _, a := range e.SideArmies[0] {
		for _, b := range e.SideArmies[1] {
			o.Cover(CoverEngagement, EngagementID(a, b))
		}
	}
}

// Observe: what the battle log shows of the tactics, strategies and fates.
func (e *HexLogEvent) Observe(o runner.Observer) {
	l := &e.Event
	switch l.Kind {
	case "tactic":
		if l.OK {
			o.Cover(CoverTactic, l.Army+": "+l.Tactic)
		}
	case "strategy":
		if l.OK {
			o.Cover(CoverStrategy, l.Army+": "+l.Strategy)
		}
	case "potion", "triage", "false retreat", "withdrawn", "routed", "destroyed":
		o.Cover(CoverAction, l.Army+": "+l.Kind)
	}
}

// Observe: an army goes to another hex, or surrenders and leaves the map.
func (e *HexPlacedEvent) Observe(o runner.Observer) {
	o.Place(e.Army, e.To)
	if e.Status == "surrendered" {
		o.Cover(CoverAction, e.Army+": surrendered")
	}
}

// Observe: a destroyed or disbanded army leaves the map.
func (e *HexAftermathEvent) Observe(o runner.Observer) {
	if e.Status == StatusDestroyed.String() {
		o.Place(e.Army, "")
	}
}

// Observe: the objective that ended the run.
func (e *HexObjectiveEvent) Observe(o runner.Observer) { o.Cover(CoverObjective, e.Reason) }

// Observe: the last day's places, every army's hp, and the end.
func (e *HexEndEvent) Observe(o runner.Observer) {
	o.Tick()
	if e.run != nil {
		for i := range e.run.armies {
			a := &e.run.armies[i]
			o.Measure("hp", a.pa.ID, a.hp)
		}
	}
	o.End(e.Outcome, e.Reason, e.Day)
}

// Observe: a lone battle's strategies and actions (its tactics are observed at the end, from
// what each army used, with or without the log).
func (e *BattleLogEvent) Observe(o runner.Observer) {
	ev, t := e.e, e.t
	switch ev.Kind {
	case EvStrategy:
		if ev.OK {
			o.Cover(CoverStrategy, t.key(int(EvStrategy), ev.Army, int(ev.Strategy)))
		}
	case EvPotion, EvTriage, EvFalseRetreat, EvWithdrawn, EvRouted, EvDestroyed:
		o.Cover(CoverAction, t.key(int(ev.Kind), ev.Army, 0))
	}
}

// Observe: every army's hp, the tactics it used (once a battle: P-22, P-23), its fate, and the
// end of a lone battle (its day: the phases fought).
func (e *BattleEndEvent) Observe(o runner.Observer) {
	t := e.t
	for i, n := range t.s.names {
		st := t.eng.State(i)
		o.Measure("hp", n, st.HP)
		for tc := pfarmy.Tactic(0); tc < pfarmy.NumTactics; tc++ {
			if st.Used.Has(tc) {
				o.Cover(CoverTactic, t.key(int(EvTactic), i, int(tc)))
			}
		}
		if st.Status != StatusActive {
			o.Cover(CoverFate, t.key(keyFate, i, int(st.Status)))
		}
	}
	o.End(e.Winner, "", e.Phases)
}
