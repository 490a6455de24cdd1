package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plan/karzoralrules"
	"github.com/sortie-rpg/sortie/runner"
)

// startPhase runs the start phase (K-19): (1) the day counter goes up; (2) once-per-day abilities
// reset (nothing to track here); (3) food (K-20); (4) friendly armies move, then enemy armies
// (K-22), then strength battles (K-24, K-25); then the day's events and the objectives.
func (s *state) startPhase() error {
	s.day++
	s.phase = runner.PhaseStart
	if s.on {
		if err := s.send(reuse(&s.ev.day, DayEvent{At: s.at()})); err != nil {
			return err
		}
	}
	if err := s.deathStart(); err != nil { // K-102, K-14: in the morning, before the meal
		return err
	}
	if err := s.eat(); err != nil {
		return err
	}
	if err := s.moveArmies(); err != nil || s.over() {
		return err
	}
	if err := s.angelOrder(); err != nil {
		return err
	}
	if err := s.startKarzoral(); err != nil {
		return err
	}
	if s.day < len(s.r.onDay) {
		for _, ei := range s.r.onDay[s.day] {
			if err := s.maybeFire(int(ei)); err != nil || s.over() {
				return err
			}
		}
	}
	return s.checkObjectives()
}

// eat implements K-20: the party eats one ration per member of the party as it is that day (K-2:
// PCs, NPCs and burdens; a burden dead, K-88, or lost, K-97, or a PC dead, K-101, eats no more). Default (K-20
// ambiguity): eat what there is and write one FoodShortageEvent per unfed member; no built-in
// penalty.
func (s *state) eat() error {
	need := s.p.Party.Members - (len(s.k.burdens) - s.liveBurdens()) - s.deadPCs()
	eaten := min(need, s.rations)
	s.rations -= eaten
	if !s.on {
		return nil
	}
	if err := s.send(reuse(&s.ev.food, FoodEvent{At: s.at(), Eaten: eaten, Need: need, Left: s.rations})); err != nil {
		return err
	}
	for m := eaten + 1; m <= need; m++ {
		if err := s.send(&FoodShortageEvent{At: s.at(), Member: m, Of: need}); err != nil {
			return err
		}
	}
	return nil
}

// moveArmies implements K-22 and K-24 (as corrected 2026-12-01) through karzoralrules.March, the
// one order of march and battle the forecasts follow too: after the morning's look (K-23), each
// army that marches steps along its route, one ArmyMoveEvent a step, fighting in the block it
// enters; a friendly army at 0 ends the run (K-25).
func (s *state) moveArmies() error {
	s.look() // K-23: the morning's sight of the party's block, before anyone marches off
	return karzoralrules.March(march{s})
}

// march is the engine's state as karzoralrules.March reads and changes it (K-22, K-24, K-25).
type march struct{ s *state }

func (m march) Armies() int         { return len(m.s.p.Armies) }
func (m march) Friendly(i int) bool { return m.s.p.Armies[i].Friendly() }
func (m march) Speed(i int) int     { return m.s.p.Armies[i].Speed }
func (m march) AtEnd(i int) bool    { return m.s.armyStep[i] == len(m.s.routes[i])-1 }
func (m march) On(i int) bool       { return m.s.armyBlock[i] >= 0 }
func (m march) Over() bool          { return m.s.over() }

// Marches: on the field and not accompanying (K-22: an accompanying army moves with the party in
// step (a) instead).
func (m march) Marches(i int) bool { return m.s.armyBlock[i] >= 0 && !m.s.p.Armies[i].Accompany }

func (m march) Meets(i, j int) bool {
	s := m.s
	return s.armyBlock[i] >= 0 && s.armyBlock[i] == s.armyBlock[j] && s.p.Armies[i].Friendly() != s.p.Armies[j].Friendly()
}

func (m march) Fight(i, j int) error { return m.s.strengthBattle(i, j) }

// Step moves army i one block along its route (K-22) with its ArmyMoveEvent; the party sees an
// army come into or leave its block (K-23).
func (m march) Step(i int) error {
	s := m.s
	from := s.armyBlock[i]
	route := s.routes[i]
	step := min(s.armyStep[i]+1, len(route)-1)
	s.armyStep[i] = step
	s.armyBlock[i] = route[step]
	if s.on {
		// K-23: the party sees an army come into or leave its block; the rest is the GM's.
		at := s.at()
		if at.Seen = s.seenAt(from); at.Seen != runner.AudienceAll {
			at.Seen = s.seenAt(s.armyBlock[i])
		}
		if err := s.send(reuse(&s.ev.armyMove, ArmyMoveEvent{At: at, Army: s.p.Armies[i].ID, From: s.p.Field.Blocks[from].ID,
			To: s.p.Field.Blocks[s.armyBlock[i]].ID, Step: step})); err != nil {
			return err
		}
	}
	if from == s.party && s.armyBlock[i] != from {
		s.sightLeave(i) // K-23: the party watched it march off, and where to
	}
	s.look()
	return nil
}

// strengthBattles resolves every opposing pair of armies sharing a block (only block b if b >= 0):
// K-24 default, pairs in ascending army index (the plan sorts armies by ID), until no opposing pair
// remains. One pass suffices: each battle leaves at least one of the pair at 0, off the field.
// K-25: a friendly army at 0 fails the scenario at once, before any further battle.
func (s *state) strengthBattles(b int) error {
	n := len(s.p.Armies)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			bi := s.armyBlock[i]
			if bi < 0 {
				break
			}
			if s.armyBlock[j] != bi || (b >= 0 && bi != b) {
				continue
			}
			if s.p.Armies[i].Friendly() == s.p.Armies[j].Friendly() {
				continue
			}
			if err := s.strengthBattle(i, j); err != nil || s.over() {
				return err
			}
		}
	}
	return nil
}

// strengthBattle implements K-24 for armies i and j (opposing, same block): d = min(a, b); both lose
// d; an army at 0 is removed. Then K-25.
func (s *state) strengthBattle(i, j int) error {
	block := s.armyBlock[i]
	a, b := s.armyStr[i], s.armyStr[j]
	d := min(a, b)
	s.armyStr[i], s.armyStr[j] = a-d, b-d
	if s.on {
		at := s.at()
		at.Seen = s.seenAt(block)
		if err := s.send(&StrengthBattleEvent{At: at, Block: s.p.Field.Blocks[block].ID, Army: s.p.Armies[i].ID,
			Other: s.p.Armies[j].ID, ArmyBefore: a, OtherBefore: b, Loss: d, ArmyAfter: a - d, OtherAfter: b - d}); err != nil {
			return err
		}
	}
	for _, k := range [2]int{i, j} {
		if s.armyStr[k] == 0 {
			if err := s.removeArmy(k, "strength"); err != nil {
				return err
			}
		}
	}
	s.checkFriendlyWipe(i)
	s.checkFriendlyWipe(j)
	return nil
}

// checkFriendlyWipe implements K-25: any friendly army at strength 0, for any reason, fails the
// scenario at once and completely (完全に失敗): failureXP then settles no XP at all (K-25 Default as
// corrected 2026-12-01). Only a failure that ends the run marks it complete: an outcome set earlier
// stands.
func (s *state) checkFriendlyWipe(i int) {
	if s.p.Armies[i].Friendly() && s.armyStr[i] == 0 {
		if s.outcome == "" {
			s.k.complete = true
		}
		s.finish(runner.Failure, s.r.wipedOut[i])
	}
}

// removeArmy takes army i off the field and writes an ArmyRemovedEvent.
func (s *state) removeArmy(i int, cause string) error {
	b := s.armyBlock[i]
	s.armyBlock[i] = -1
	if b >= 0 {
		s.gone.set(i)
	}
	if b >= 0 && b == s.party {
		s.sightGone(i) // K-23: the party saw it go
	}
	if !s.on || b < 0 {
		return nil
	}
	at := s.at()
	at.Seen = s.seenAt(b)
	return s.send(&ArmyRemovedEvent{At: at, Army: s.p.Armies[i].ID, Block: s.p.Field.Blocks[b].ID, Cause: cause, Strength: s.armyStr[i]})
}

// actionStep runs action steps (a) and (b) (K-27; step (c), long recovery K-34, is not modelled).
// The night phase runs it again for a forced march (K-41).
func (s *state) actionStep(phase runner.Phase) error {
	s.phase = phase
	from := s.party
	entered, err := s.move()
	if err != nil || s.over() {
		return err
	}
	if phase == runner.PhaseAction {
		if err := s.darkDay(); err != nil {
			return err
		}
	}
	if err := s.stepB(entered); err != nil || s.over() {
		return err
	}
	if err := s.baseServices(); err != nil || !entered {
		return err
	}
	// K-43: entering a traversal area starts traversal mode right after step (b) (Default).
	now, err := s.enterArea(from)
	if err != nil || !now {
		return err
	}
	normal, err := s.traversalDay()
	if err != nil || s.over() {
		return err
	}
	s.k.restDay = !normal
	return nil
}

// move implements action step (a), K-28: move to an orthogonally adjacent block or stay. A move into
// a block that cannot be entered from this side fails (K-32): the party learns the block's terrain
// (K-31 default: the block and its box are revealed), stays where it is, and the move is spent.
// Entering a block of a box reveals the whole box (K-31 default). It reports whether the party
// entered a block (the trigger of OnEnter events).
func (s *state) move() (entered bool, err error) {
	blk := &s.p.Field.Blocks[s.party]
	n := 0
	for _, d := range plan.Dirs {
		if to := blk.Exits[d].To; to >= 0 {
			// K-31: a block of a box not yet revealed is not named, only shown as unknown.
			note := "?"
			if s.revealed.has(to) {
				note = s.p.Field.Blocks[to].ID
				// K-32: the players know the block's terrain, so that it is entered from other
				// sides only (the briefing's map): the move would fail (issue 23 review D6).
				if !blk.Exits[d].Open && s.ch.ReadsNotes() {
					note += " (one-way: cannot be entered from the " + d.Opposite().String() + "; the move is lost, K-32)"
				}
			}
			s.choices[n] = runner.Choice{Name: moveNames[d], Value: int(d), Note: note}
			n++
		}
	}
	s.choices[n] = runner.Choice{Name: "stay", Value: Stay}
	n++
	req := &s.req
	*req = runner.Request{Kind: runner.KindMove, Day: s.day, Phase: s.phase, Choices: s.choices[:n], Block: blk.ID}
	if s.revealed.has(s.party) {
		req.Terrain = blk.Terrain
	}
	c, err := s.decide(req)
	if err != nil {
		return false, err
	}
	v := req.Choices[c].Value
	if v == Stay {
		if s.on {
			return false, s.send(reuse(&s.ev.stay, StayEvent{At: s.at(), Block: blk.ID}))
		}
		return false, nil
	}
	d := plan.Dir(v)
	ex := blk.Exits[d]
	to := &s.p.Field.Blocks[ex.To]
	if !ex.Open {
		// K-32: the entry fails.
		if s.on {
			if err := s.send(&BounceEvent{At: s.at(), Dir: moveNames[d], From: blk.ID, To: to.ID, Terrain: to.Terrain}); err != nil {
				return false, err
			}
		}
		return false, s.revealBox(to.Box)
	}
	from := s.party
	s.party = ex.To
	s.visited.set(s.party)
	defer s.look()
	if s.obs {
		if err := s.send(reuse(&s.ev.partyMove, PartyMoveEvent{At: s.at(), Dir: moveNames[d], From: s.p.Field.Blocks[from].ID, To: to.ID,
			Terrain: to.Terrain, passage: s.r.passages[from][d]})); err != nil {
			return false, err
		}
	}
	// K-28: an accompanying friendly army moves along.
	for _, i := range s.r.friendly {
		if s.p.Armies[i].Accompany && s.armyBlock[i] == from {
			s.armyBlock[i] = s.party
			if s.on {
				if err := s.send(&ArmyMoveEvent{At: s.at(), Army: s.p.Armies[i].ID, From: s.p.Field.Blocks[from].ID, To: to.ID}); err != nil {
					return false, err
				}
			}
		}
	}
	return true, s.revealBox(to.Box)
}

// revealBox reveals every block of box i (K-31 default); nothing if i < 0 or it is already known.
func (s *state) revealBox(i int) error {
	if i < 0 {
		return nil
	}
	bx := &s.p.Field.Boxes[i]
	fresh := false
	for _, b := range bx.Blocks {
		if !s.revealed.has(b) {
			s.revealed.set(b)
			fresh = true
		}
	}
	if !fresh || !s.obs {
		return nil
	}
	return s.send(&RevealEvent{At: s.at(), Box: bx.Name, Blocks: s.r.boxBlocks[i]})
}

// stepB implements action step (b), K-33: if an enemy army is in the party's block, the party fights
// it at once (its encounter; an army without one is not fought, and the compiler refuses such a
// scenario, K006). won: the army is removed (K-99); fled: the party stays in the block and the army
// remains (K-96), no further army is fought this step; defeated: the scenario fails (K-100). K-26
// default: if a friendly and an enemy army still share the block, they fight a strength battle.
// Then the events whose battle the party fled in this block go on from that battle (K-96: the
// monsters remain), then the OnEnter events of the block (only if the party entered it this step),
// then the objectives.
func (s *state) stepB(entered bool) error {
	for i := range s.p.Armies {
		a := &s.p.Armies[i]
		if a.Friendly() || s.armyBlock[i] != s.party || a.Encounter < 0 {
			continue
		}
		enc := a.Encounter
		if s.armyNext[i] >= 0 { // K-72: the chain's beaten battles are not fought again
			enc = s.armyNext[i]
		}
		res, err := s.battle(enc, i, "army")
		if err != nil || s.over() {
			return err
		}
		if res == Fled {
			s.armyNext[i] = s.fledEnc
			break
		}
		// K-99: the army's strength is removed entirely.
		s.armyStr[i] = 0
		if err := s.removeArmy(i, "battle"); err != nil {
			return err
		}
	}
	if err := s.strengthBattles(s.party); err != nil || s.over() {
		return err
	}
	if err := s.resumePending(); err != nil || s.over() {
		return err
	}
	if entered {
		for _, ei := range s.r.enter[s.party] {
			if err := s.maybeFire(int(ei)); err != nil || s.over() {
				return err
			}
		}
	}
	return s.checkObjectives()
}

// campPhase implements K-35..K-39: roll two d6 and keep one (K-37; free choice, a checked face may be
// picked on purpose, K-37 default). An unchecked face plays its episode and checks it (K-38). A
// checked face brings a night raid (the plan's NightRaid encounter), after which all six faces are
// unchecked (K-39). Runner default: with no night raid in the plan, a checked face gives a quiet
// night, and the faces are unchecked all the same.
func (s *state) campPhase() error {
	s.phase = runner.PhaseCamp
	var d [2]int
	for k := range d {
		f, err := s.roll(6, "camp")
		if err != nil {
			return err
		}
		d[k] = f
	}
	if s.on {
		if err := s.send(reuse(&s.ev.campRoll, CampRollEvent{At: s.at(), Dice: d})); err != nil {
			return err
		}
	}
	n := 0
	// K-37 option CheckedFaceForbidden: a checked face may not be kept while an unchecked one shows.
	forbid := s.k.rules.CheckedFaceForbidden && (s.checked&(1<<(d[0]-1)) == 0 || s.checked&(1<<(d[1]-1)) == 0)
	for k, f := range d {
		if k == 1 && f == d[0] {
			break
		}
		note := ""
		if s.checked&(1<<(f-1)) != 0 {
			note = "checked"
			if forbid {
				continue
			}
		}
		s.choices[n] = runner.Choice{Name: faceName(f), Value: f, Note: note}
		n++
	}
	req := &s.req
	*req = runner.Request{Kind: runner.KindPick, Day: s.day, Phase: s.phase, Choices: s.choices[:n], Dice: d,
		Block: s.p.Field.Blocks[s.party].ID}
	c, err := s.decide(req)
	if err != nil {
		return err
	}
	f := req.Choices[c].Value
	bit := uint8(1) << (f - 1)
	checked := s.checked&bit != 0
	if s.on {
		if err := s.send(reuse(&s.ev.pick, PickEvent{At: s.at(), Face: f, Checked: checked, Dice: d})); err != nil {
			return err
		}
	}
	if !checked {
		// K-38: play the episode, then check it.
		ep := &s.p.Episodes[f-1]
		if s.obs {
			if err := s.send(reuse(&s.ev.episode, EpisodeEvent{At: s.at(), Face: f, Text: ep.Say})); err != nil {
				return err
			}
		}
		if _, err := s.doActions(ep.Do, "episode", faceName(f)); err != nil || s.over() {
			return err
		}
		s.checked |= bit
		return nil
	}
	// K-39: a night raid.
	if s.p.NightRaid >= 0 {
		if s.on {
			e := &s.p.Encounters[s.p.NightRaid]
			if err := s.send(reuse(&s.ev.nightRaid, NightRaidEvent{At: s.at(), Face: f, Encounter: e.ID, Title: e.Title})); err != nil {
				return err
			}
		}
		if err := s.dangerSense(); err != nil { // K-71: before the raid battle
			return err
		}
		if _, err := s.battle(s.p.NightRaid, -1, "nightRaid"); err != nil || s.over() {
			return err
		}
	} else if s.on {
		if err := s.send(&QuietNightEvent{At: s.at(), Face: f}); err != nil {
			return err
		}
	}
	s.checked = 0
	if s.on {
		return s.send(reuse(&s.ev.reset, EpisodesResetEvent{At: s.at()}))
	}
	return nil
}

// nightPhase implements K-40..K-42: the party, as a whole (K-42), rests (K-40) or makes a forced
// march (K-41), which runs action steps (a) and (b) again.
//
// A forced march burns 12 hours of light (K-58; 24 from a dark block, K-57) for every plan, the
// light stock being the party's torches and lantern oil (none: the march is unlit, K-59). With PCs
// (plan.Party.PCs) a rest also recovers HP and ends the sleep penalty (K-40), and a march brings
// the sleep-deprivation penalty from the next start phase (K-41); a members-only party makes no
// checks for either to change.
func (s *state) nightPhase() error {
	s.phase = runner.PhaseNight
	req := &s.req
	*req = runner.Request{Kind: runner.KindNight, Day: s.day, Phase: s.phase, Choices: nightChoices[:],
		Block: s.p.Field.Blocks[s.party].ID}
	c, err := s.decide(req)
	if err != nil {
		return err
	}
	v := req.Choices[c].Value
	if s.on {
		if err := s.send(reuse(&s.ev.night, NightEvent{At: s.at(), Choice: nightChoices[v].Name})); err != nil {
			return err
		}
	}
	if v == March {
		if err := s.forcedMarchCosts(); err != nil {
			return err
		}
		return s.actionStep(runner.PhaseNight)
	}
	return s.rest("K-40")
}
