package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// enterArea starts traversal mode when the party has entered a block of an area not yet completed
// (K-43). Default: right after step (b) of the entry day; Rules.TraversalNextDay: from the next day.
// It reports whether traversal mode started now.
func (s *state) enterArea(from int) (bool, error) {
	a := s.r.areaOf(s.party)
	if a < 0 || s.k.travDone.has(a) || s.k.trav >= 0 {
		return false, nil
	}
	k := &s.k
	k.trav, k.progress, k.travChecked, k.retrace, k.travFrom, k.travLast = a, 0, 0, false, from, a
	if s.on {
		t := &s.p.Traversals[a]
		r := &TraversalEvent{Note: s.note("K-43"), Text: fmt.Sprintf("the party enters traversal area %s (threshold %d, exit %s)", t.ID, t.Threshold, t.Exit)}
		r.Step, r.Area, r.After, r.Threshold = "start", t.ID, 0, t.Threshold
		if err := s.send(r); err != nil {
			return true, err
		}
	}
	// K-43 Default: the rest of the entry day follows traversal mode (only from the day's action
	// phase; entering during a forced march, the mode starts the next day).
	return !k.rules.TraversalNextDay && s.phase == runner.PhaseAction, nil
}

// traversalDay implements a traversal day's action phase (K-44..K-50): the cycle of K-45 until the
// party stops (K-46), is interrupted (K-46), completes the area (K-47) or leaves it (K-50). It
// reports whether the day goes on in normal mode (completion or leaving: step (c), camp and night
// follow, K-47 Default) or ends with the automatic rest (K-44, K-48).
func (s *state) traversalDay() (normal bool, err error) {
	k := &s.k
	a := k.trav
	t := &s.p.Traversals[a]
	for {
		cs := s.choices[:0]
		cs = append(cs, traverseChoices[TravContinue], traverseChoices[TravStop])
		if !k.retrace && (t.Exit == "free" || t.Exit == "retrace") {
			leave := traverseChoices[TravLeave]
			leave.Note = t.Exit
			cs = append(cs, leave)
		}
		req := &s.req
		*req = runner.Request{Kind: runner.KindTraverse, Day: s.day, Phase: s.phase, Choices: cs,
			Block: s.p.Field.Blocks[s.party].ID, Encounter: t.ID}
		c, err := s.decide(req)
		if err != nil {
			return false, err
		}
		switch cs[c].Value {
		case TravStop:
			return false, s.travRecord("stop", "K-46", "the party stops traversing for the day (progress %d)", k.progress)
		case TravLeave:
			if t.Exit == "free" {
				// K-50 free: the party walks out the way it came in (the area is not crossed:
				// leaving early never puts it on the far side); normal mode from here.
				lost := k.progress
				k.trav = -1
				s.backOut()
				return true, s.travRecord("leave", "K-50", "the party leaves %s freely, back at %s (progress %d lost)", t.ID, s.p.Field.Blocks[s.party].ID, lost)
			}
			// K-50 retrace: new progress equal to the current progress takes the party back out.
			k.retrace, k.retraceGoal, k.progress = true, k.progress, 0
			if k.retraceGoal == 0 {
				return s.finishRetrace()
			}
			if err := s.travRecord("retrace", "K-50", "the party turns back: %d progress to retrace", k.retraceGoal); err != nil {
				return false, err
			}
			continue
		}
		// K-45 (1): roll two, choose one, content unknown until picked.
		d, err := s.roll2d6("traversal")
		if err != nil {
			return false, err
		}
		var faces []runner.Choice
		for i, f := range d {
			if i == 1 && f == d[0] {
				break
			}
			if k.travChecked&(1<<(f-1)) == 0 {
				faces = append(faces, runner.Choice{Name: faceName(f), Value: f})
			}
		}
		if len(faces) == 0 {
			// K-46: both dice show checked faces: interrupted.
			if s.on {
				r := &TraversalEvent{Note: s.note("K-46"), Text: fmt.Sprintf("rolled %d and %d, both checked: traversal interrupted for the day", d[0], d[1])}
				r.Step, r.Area, r.Dice, r.After = "interrupt", t.ID, d, k.progress
				if err := s.send(r); err != nil {
					return false, err
				}
			}
			return false, nil
		}
		// K-46: if exactly one die shows an unchecked face, it must be taken (the only choice).
		req = &s.req
		*req = runner.Request{Kind: runner.KindPick, Day: s.day, Phase: s.phase, Choices: faces, Dice: d,
			Block: s.p.Field.Blocks[s.party].ID, Cause: "traversal", Title: t.ID}
		c, err = s.decide(req)
		if err != nil {
			return false, err
		}
		f := faces[c].Value
		face := &t.Faces[f-1]
		// K-45 (2): the face's event, then its progress. A face with a battle grants its progress
		// only once the battle is won: fleeing (K-96) leaves the progress as it was.
		fight := hasBattle(face.Do)
		if fight && s.on {
			r := &TraversalEvent{Note: s.note("K-45"), Text: fmt.Sprintf("rolled %d and %d, kept %d: %q; progress %+d once the battle is won", d[0], d[1], f, face.Say, face.Progress)}
			r.Step, r.Area, r.Dice, r.Face, r.Change, r.Before, r.After = "face", t.ID, d, f, face.Progress, k.progress, k.progress
			if err := s.send(r); err != nil {
				return false, err
			}
		}
		won := true
		if fight {
			fled, err := s.doActions(face.Do, "traversal", t.ID)
			if err != nil || s.over() {
				return false, err
			}
			won = fled < 0
		}
		before := k.progress
		if won {
			k.progress += face.Progress
			if k.progress < 0 && !k.rules.NegativeProgress {
				k.progress = 0 // K-45 Default: clamp at 0
			}
		}
		if s.on {
			r := &TraversalEvent{Note: s.note("K-45")}
			r.Step, r.Area, r.Dice, r.Face, r.Change, r.Before, r.After = "face", t.ID, d, f, face.Progress, before, k.progress
			switch {
			case !fight:
				r.Text = fmt.Sprintf("rolled %d and %d, kept %d: %q; progress %d -> %d", d[0], d[1], f, face.Say, before, k.progress)
			case won:
				r.Step, r.Dice, r.Text = "progress", [2]int{}, fmt.Sprintf("the battle is won: progress %d -> %d", before, k.progress)
			default:
				r.Step, r.Dice, r.Change, r.Text = "progress", [2]int{}, 0, fmt.Sprintf("the party fled: no progress (still %d, K-96)", k.progress)
			}
			if err := s.send(r); err != nil {
				return false, err
			}
		}
		if !fight {
			if _, err := s.doActions(face.Do, "traversal", t.ID); err != nil || s.over() {
				return false, err
			}
		}
		k.travChecked |= 1 << (f - 1) // K-45 (2): no repeat that day
		if k.retrace {
			if k.progress >= k.retraceGoal {
				return s.finishRetrace()
			}
			continue
		}
		if k.progress >= t.Threshold {
			// K-47: completion.
			k.trav = -1
			k.travDone.set(a)
			if err := s.travRecord("complete", "K-47", "traversal of %s complete (progress %d >= %d)", t.ID, k.progress, t.Threshold); err != nil {
				return false, err
			}
			if t.Say != "" && s.on {
				if err := s.send(&SayEvent{At: s.at(), Source: "traversal", ID: t.ID, Text: t.Say}); err != nil {
					return false, err
				}
			}
			if _, err := s.doActions(t.Complete, "traversal", t.ID); err != nil || s.over() {
				return false, err
			}
			if err := s.checkObjectives(); err != nil || s.over() {
				return false, err
			}
			return !k.rules.CompletionEndsDay, nil
		}
	}
}

// finishRetrace ends a K-50 retrace: the party is back in the block it came from, in normal mode.
func (s *state) finishRetrace() (bool, error) {
	k := &s.k
	t := &s.p.Traversals[k.trav]
	k.trav, k.retrace = -1, false
	s.backOut()
	return true, s.travRecord("leave", "K-50", "the party has retraced its way out of %s, back at %s", t.ID, s.p.Field.Blocks[s.party].ID)
}

// backOut takes the party back to the block it entered the area from (K-50), with an
// accompanying army (K-28); nowhere if it began the scenario inside the area.
func (s *state) backOut() {
	from := s.party
	if s.k.travFrom < 0 {
		return
	}
	s.party = s.k.travFrom
	for _, i := range s.r.friendly {
		if s.p.Armies[i].Accompany && s.armyBlock[i] == from {
			s.armyBlock[i] = s.party
		}
	}
}

// hasBattle reports whether acts fight a battle.
func hasBattle(acts []plan.Action) bool {
	for i := range acts {
		if acts[i].Op == plan.ActBattle {
			return true
		}
	}
	return false
}

func (s *state) travRecord(src, rule, format string, args ...any) error {
	if !s.on && (!s.obs || src != "complete") { // a simulation observes "complete" (observe.go)
		return nil
	}
	id := ""
	if s.k.travLast >= 0 {
		id = s.p.Traversals[s.k.travLast].ID
	}
	r := &TraversalEvent{Note: s.note(rule)}
	if s.on {
		r.Text = fmt.Sprintf(format, args...)
	}
	r.Step, r.Area, r.After = src, id, s.k.progress
	return s.send(r)
}

// areaIndex builds the block -> traversal area lookup (nil when the plan has no areas).
func areaIndex(p *plan.Plan) []int {
	if len(p.Traversals) == 0 {
		return nil
	}
	out := make([]int, len(p.Field.Blocks))
	for i := range out {
		out[i] = -1
	}
	for a, t := range p.Traversals {
		for _, b := range t.Blocks {
			out[b] = a
		}
	}
	return out
}
