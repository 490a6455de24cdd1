package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// maybeFire fires event ei if it may (a once event fires at most once) and its condition holds. An
// event whose battle the party fled in this block is not fired again here: its monsters remain
// and the next step (b) in the block resumes it (resumePending, K-96).
func (s *state) maybeFire(ei int) error {
	e := &s.p.Events[ei]
	if e.Once && s.fired[ei] > 0 {
		return nil
	}
	if s.pendingAt(ei, s.party) >= 0 {
		return nil
	}
	if e.If != nil && !s.holds(e.If) {
		return nil
	}
	// K-33: scenario events run their actions in order. The event counts as fired when it starts.
	s.fired[ei]++
	if s.obs {
		ev := reuse(&s.ev.fired, FiredEvent{At: s.at(), Event: e.ID, Trigger: e.On.Kind.String()})
		if e.On.Kind == plan.OnEnter {
			ev.Block = s.p.Field.Blocks[e.On.Block].ID
		}
		if err := s.send(ev); err != nil {
			return err
		}
	}
	fled, err := s.doActions(e.Do, "event", e.ID)
	if err == nil && fled >= 0 {
		s.pending = append(s.pending, pendingEvent{event: ei, act: fled, block: s.party, enc: s.fledEnc})
	}
	return err
}

// pendingEvent is an event whose battle (action act) the party fled in block: K-96, the monsters
// remain there, and the event goes on from that battle at the next step (b) the party spends in
// the block. enc is the encounter of the battle's consecutive chain the party fled (K-72): the
// resumed battle starts there, the beaten battles before it are neither fought nor paid again.
type pendingEvent struct{ event, act, block, enc int }

// pendingAt returns the index in s.pending of event ei pending in block b, or -1.
func (s *state) pendingAt(ei, b int) int {
	for k, pd := range s.pending {
		if pd.event == ei && pd.block == b {
			return k
		}
	}
	return -1
}

// resumePending implements K-96 for scenario events: every event whose battle the party fled in
// its block resumes there at that battle (its monsters are still there), in the order they were
// fled. The once rule does not stop it: the event fired already and goes on. A flight again keeps
// it pending.
func (s *state) resumePending() error {
	n := len(s.pending)
	for k := 0; k < n; k++ {
		pd := s.pending[k]
		if pd.block != s.party {
			continue
		}
		s.pending = append(s.pending[:k], s.pending[k+1:]...)
		k--
		n--
		e := &s.p.Events[pd.event]
		if s.obs {
			if err := s.send(&FiredEvent{At: s.at(), Event: e.ID, Trigger: "resume", Block: s.p.Field.Blocks[s.party].ID}); err != nil {
				return err
			}
		}
		s.resumeEnc = pd.enc
		fled, err := s.doActions(e.Do[pd.act:], "event", e.ID)
		s.resumeEnc = -1
		if err != nil || s.over() {
			return err
		}
		if fled >= 0 {
			s.pending = append(s.pending, pendingEvent{event: pd.event, act: pd.act + fled, block: s.party, enc: s.fledEnc})
		}
	}
	return nil
}

// doActions runs actions in order for source ("event", "episode", "traversal") id. When the party
// flees a battle action, the rest of the actions are skipped (the monsters remain, K-96) and the
// index of that battle is returned; -1 when every action ran (or the scenario ended).
func (s *state) doActions(acts []plan.Action, source, id string) (int, error) {
	for k := range acts {
		a := &acts[k]
		switch a.Op {
		case plan.ActSay:
			if s.on {
				if err := s.send(reuse(&s.ev.say, SayEvent{At: s.at(), Source: source, ID: id, Text: a.Text})); err != nil {
					return -1, err
				}
			}
		case plan.ActSet, plan.ActClear:
			op := "set"
			if a.Op == plan.ActSet {
				s.flags.set(a.Flag)
			} else {
				s.flags.unset(a.Flag)
				op = "clear"
			}
			if s.on {
				if err := s.send(&FlagEvent{At: s.at(), Flag: s.p.Flags[a.Flag], Op: op, Source: id}); err != nil {
					return -1, err
				}
			}
		case plan.ActBattle:
			enc := a.Encounter
			if s.resumeEnc >= 0 { // K-72: resume at the consecutive battle the party fled
				enc, s.resumeEnc = s.resumeEnc, -1
			}
			res, err := s.battle(enc, -1, "event")
			if err != nil || s.over() {
				return -1, err
			}
			if res == Fled {
				return k, nil
			}
		case plan.ActStrength:
			if err := s.changeStrength(a.Army, a.Delta, id); err != nil {
				return -1, err
			}
		case plan.ActSpawn:
			if err := s.spawn(a.Army); err != nil {
				return -1, err
			}
		case plan.ActRemove:
			if err := s.removeArmy(a.Army, "event"); err != nil {
				return -1, err
			}
		case plan.ActReveal:
			if err := s.survey(a.Army, "reveal"); err != nil {
				return -1, err
			}
		case plan.ActCheck:
			fled, err := s.eventCheck(a.Check, source, id)
			if err != nil || s.over() {
				return -1, err
			}
			if fled >= 0 {
				return k, nil // K-96: the check's battle was fled; the event resumes at the check
			}
		case plan.ActSurvey:
			if err := s.survey(-1, "survey"); err != nil {
				return -1, err
			}
		case plan.ActEnd:
			out := runner.Failure
			if a.Outcome == runner.Success {
				out = runner.Success
			}
			s.finish(out, source+" "+id)
		}
		if s.over() {
			return -1, nil
		}
	}
	return -1, nil
}

// changeStrength changes army i's strength by delta (not below 0). An army on the field at 0 is
// removed; a friendly army at 0 fails the scenario at once (K-25).
func (s *state) changeStrength(i, delta int, source string) error {
	before := s.armyStr[i]
	if s.armyBlock[i] < 0 {
		// Only an army on the field has a strength to change: a reserve that has not arrived, or
		// an army destroyed or removed, is left as it is (and K-25 cannot trigger).
		if s.on {
			at := s.at()
			at.Seen = runner.AudienceGM
			return s.send(&StrengthEvent{At: at, Army: s.p.Armies[i].ID, Delta: delta, Before: before, After: before,
				Source: source, Result: "ignored"})
		}
		return nil
	}
	after := max(before+delta, 0)
	s.armyStr[i] = after
	s.look()
	if s.on {
		// K-23: the party sees the strength of an army in its block only.
		at := s.at()
		at.Seen = s.seenAt(s.armyBlock[i])
		if err := s.send(&StrengthEvent{At: at, Army: s.p.Armies[i].ID, Delta: delta, Before: before, After: after,
			Source: source}); err != nil {
			return err
		}
	}
	if after == 0 && before > 0 {
		if err := s.removeArmy(i, "strength"); err != nil {
			return err
		}
		s.checkFriendlyWipe(i)
	}
	return nil
}

// spawn places army i at the first block of its route (an army already on the field stays where it
// is). Runner default: an army destroyed earlier (strength 0) comes back with its setup's strength
// (the initial one, or the midpoint setup's on a resumed retry, K-68).
// If an opposing army holds that block they fight a strength battle (K-24, K-25).
func (s *state) spawn(i int) error {
	a := &s.p.Armies[i]
	if b := s.armyBlock[i]; b >= 0 {
		if s.on {
			at := s.at()
			at.Seen = s.seenAt(b)
			return s.send(&ArmySpawnedEvent{At: at, Army: a.ID, Block: s.p.Field.Blocks[b].ID, Strength: s.armyStr[i], Result: "already"})
		}
		return nil
	}
	if s.armyStr[i] <= 0 {
		s.armyStr[i] = s.setupStr[i]
	}
	if s.armyStr[i] <= 0 {
		return nil
	}
	start := s.routes[i][0]
	s.armyStep[i] = 0
	s.armyBlock[i] = start
	s.look()
	if s.on {
		at := s.at()
		at.Seen = s.seenAt(start)
		if err := s.send(&ArmySpawnedEvent{At: at, Army: a.ID, Block: s.p.Field.Blocks[start].ID, Strength: s.armyStr[i]}); err != nil {
			return err
		}
	}
	return s.strengthBattles(start)
}

// holds evaluates a compiled condition.
func (s *state) holds(c *plan.Cond) bool {
	switch c.Op {
	case plan.CondTrue:
		return true
	case plan.CondFlag:
		return s.flags.has(c.Flag)
	case plan.CondNot:
		return !s.holds(&c.Args[0])
	case plan.CondAll:
		for k := range c.Args {
			if !s.holds(&c.Args[k]) {
				return false
			}
		}
		return true
	case plan.CondAny:
		for k := range c.Args {
			if s.holds(&c.Args[k]) {
				return true
			}
		}
		return false
	case plan.CondAt:
		return s.party == c.Block
	case plan.CondDay:
		return s.day >= c.Day
	case plan.CondArmyGone:
		// A reserve army that has not arrived yet is not gone: it must have been on the field.
		return s.gone.has(c.Army) && s.armyBlock[c.Army] < 0
	}
	return false
}

// checkObjectives checks the objectives in plan order, after each start phase and each step (b)
// (plan.Objective): success or failure ends the scenario; a midpoint (K-60, K-67) is recorded once
// and play goes on.
func (s *state) checkObjectives() error {
	for i := range s.p.Objectives {
		o := &s.p.Objectives[i]
		if s.reached[i] > 0 || !s.holds(&o.When) {
			continue
		}
		if s.retained.has(i) {
			// K-67: a retained midpoint gives no XP again; a retry that started over and comes
			// back to it makes the new state the one a later retry resumes from.
			if o.Outcome == "midpoint" && s.midpoint == nil {
				s.snapshot(o)
			}
			continue
		}
		s.reached[i] = int32(s.day)
		s.order = append(s.order, int32(i))
		if s.obs {
			if err := s.send(&ObjectiveEvent{At: s.at(), Objective: o.ID, Outcome: o.Outcome, XP: o.XP, Say: o.Say}); err != nil {
				return err
			}
		}
		switch o.Outcome {
		case "midpoint":
			// K-60: XP and growth at the midpoint.
			if err := s.growth(o.XP, "midpoint"); err != nil {
				return err
			}
			if s.midpoint == nil {
				s.snapshot(o) // K-67: what a retry after a failure resumes from
			}
		case runner.Success:
			s.clearXP = o.XP
			s.finish(runner.Success, s.r.objective[i])
			return nil
		case runner.Failure:
			s.finish(runner.Failure, s.r.objective[i])
			return nil
		}
	}
	return nil
}
