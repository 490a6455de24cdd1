package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Events' checks (K-4 group modes, K-5 rolls, K-51 no retries): the check action.

// checkTry is one PC's record of one check (K-51): whether and when it was tried, its result, and
// whether the one retry of a check doable later at leisure was spent.
type checkTry struct {
	tried, ok, retried bool
	day                int
	phase              runner.Phase
}

// checkTries is the K-51 record of one check id, one entry per PC.
type checkTries struct {
	id  string
	pcs []checkTry
}

// validCheck reports whether c is a check the runner can play: a known mode and base, a TN in
// 0..100, no pass or fail with mode each (K-4).
func validCheck(c *plan.Check) error {
	if c == nil {
		return fmt.Errorf("check action without its check")
	}
	switch c.Mode {
	case "any", "majority", "all":
	case "each":
		if len(c.Pass) > 0 || len(c.Fail) > 0 {
			return fmt.Errorf("check %q: mode each has no pass or fail (K-4)", c.ID)
		}
	default:
		return fmt.Errorf("check %q: unknown mode %q", c.ID, c.Mode)
	}
	switch c.Base {
	case "", "scout", "agility", "intelligence":
	default:
		return fmt.Errorf("check %q: unknown base %q", c.ID, c.Base)
	}
	if c.TN < 0 || c.TN > 100 || c.Damage < 0 {
		return fmt.Errorf("check %q: tn %d or damage %d out of range", c.ID, c.TN, c.Damage)
	}
	return nil
}

// checkBase is PC pc's base value for a check of base b: flat (平目, 2d6 alone) for ""; scout or
// ranger level + intelligence bonus for "scout" (flat without one, as danger sense, K-71);
// adventurer level + agility bonus for "agility" (as the escape check, K-94); adventurer level +
// intelligence bonus for "intelligence".
func checkBase(pc *plan.PC, b string) int {
	switch b {
	case "scout":
		if pc.Scout > 0 {
			return pc.Scout + pc.Intelligence
		}
	case "agility":
		return pc.Level + pc.Agility
	case "intelligence":
		return pc.Level + pc.Intelligence
	}
	return 0
}

// triesOf returns the K-51 record of check id, made empty on first use. A run holds few checks: a
// list searched in order (no map, so nothing depends on iteration order).
func (s *state) triesOf(id string) []checkTry {
	for k := range s.k.tries {
		if s.k.tries[k].id == id {
			return s.k.tries[k].pcs
		}
	}
	// Reuse the record buffers of the Runner's earlier runs (Run resets the list to length 0).
	n, npc := len(s.k.tries), len(s.p.Party.PCs)
	if n < cap(s.k.tries) {
		s.k.tries = s.k.tries[:n+1]
	} else {
		s.k.tries = append(s.k.tries, checkTries{})
	}
	e := &s.k.tries[n]
	e.id = id
	if cap(e.pcs) >= npc {
		e.pcs = e.pcs[:npc]
		clear(e.pcs)
	} else {
		e.pcs = make([]checkTry, npc)
	}
	return e.pcs
}

// eventCheck implements an event's check action: every PC able to act (HP above 0; the angel too,
// K-1) rolls 2d6 + its base value against c.TN (K-5: a double 6 succeeds, a double 1 fails and
// gives 50 XP), under K-51 (the seed: 「同じタイミングの間にはＰＣ１人につき１回しか試みることができず、
// 原則として判定の再挑戦は行えません」; a timing is the day and phase):
//   - a PC that has not tried the check rolls;
//   - a PC that tried it in this timing does not roll again: its result stands;
//   - a PC that tried it earlier keeps its result (no retry), except that a check doable later at
//     leisure (c.Later: 「後でじっくり行える」) that the PC failed may be tried once more per
//     scenario (K-51 Default: per PC).
//
// Then K-4: modes any (一人: one success), majority (半数: more than half, Rules.MajorityAtHalf for
// exactly half) and all (全員) give the party one result and run c.Pass or c.Fail; mode each (個別)
// applies each PC's result to that PC: c.Damage HP off each PC whose result is a failure; if then no
// PC can act, the party is defeated and the scenario fails (wipeOut, K-100). The
// consequences apply each time the action runs; only the rolls are limited. Nobody able to roll (no
// PCs listed, or all down) is a failure. It returns the index of a battle fled in the actions run
// (doActions), or -1.
func (s *state) eventCheck(c *plan.Check, source, id string) (int, error) {
	tries := s.triesOf(c.ID)
	succ, n := 0, 0
	for i := range s.p.Party.PCs {
		if s.k.pcs[i].hp <= 0 {
			continue // fainted or dead: cannot act
		}
		n++
		t := &tries[i]
		roll := !t.tried
		if t.tried && !t.ok && c.Later && !t.retried && (t.day != s.day || t.phase != s.phase) {
			roll, t.retried = true, true
		}
		if roll {
			ok, err := s.check(i, checkBase(&s.p.Party.PCs[i], c.Base), c.TN, c.ID, "K-4")
			if err != nil {
				return -1, err
			}
			*t = checkTry{tried: true, ok: ok, retried: t.retried, day: s.day, phase: s.phase}
		} else if s.on {
			if err := s.standing(i, c, t); err != nil {
				return -1, err
			}
		}
		if t.ok {
			succ++
		}
	}
	if c.Mode == "each" {
		if err := s.sendGroup(c, succ, n, ""); err != nil {
			return -1, err
		}
		for i := range s.p.Party.PCs {
			if c.Damage > 0 && s.k.pcs[i].hp > 0 && tries[i].tried && !tries[i].ok {
				if err := s.checkDamage(i, c); err != nil {
					return -1, err
				}
			}
		}
		if err := s.wipeOut("check " + c.ID); err != nil || s.over() {
			return -1, err // K-100: the check's damage downed every PC
		}
		return -1, nil
	}
	ok := groupSuccess(c.Mode, succ, n, s.k.rules.MajorityAtHalf)
	res, acts := "failure", c.Fail
	if ok {
		res, acts = "success", c.Pass
	}
	if err := s.sendGroup(c, succ, n, res); err != nil {
		return -1, err
	}
	return s.doActions(acts, source, id)
}

// standing writes that PC i's earlier result of check c stands (K-51): tried in this timing, or
// earlier and not retried.
func (s *state) standing(i int, c *plan.Check, t *checkTry) error {
	res := "failure"
	if t.ok {
		res = "success"
	}
	why := "tried already this timing"
	if t.day != s.day || t.phase != s.phase {
		why = fmt.Sprintf("tried on day %d (%s), no retry", t.day, t.phase)
		if c.Later && t.retried && !t.ok {
			why = fmt.Sprintf("tried on day %d (%s), its one retry spent", t.day, t.phase)
		}
	}
	name := s.p.Party.PCs[i].Name
	r := &CheckEvent{Note: s.note("K-51"), Text: fmt.Sprintf("%s: %s check %s: the %s stands", name, c.ID, why, res)}
	r.PC, r.Cause, r.TN, r.Result = name, c.ID, c.TN, res
	return s.send(r)
}

// sendGroup writes the K-4 result of check c: succ of n PCs succeeded; res "" for mode each.
func (s *state) sendGroup(c *plan.Check, succ, n int, res string) error {
	if !s.on {
		return nil
	}
	text := fmt.Sprintf("check %s, TN %d, %s: %d of %d succeeded", c.ID, c.TN, c.Mode, succ, n)
	switch {
	case res != "":
		text += ": " + res
	case c.Damage > 0:
		text += fmt.Sprintf("; each PC that failed loses %d HP", c.Damage)
	}
	r := &GroupEvent{Note: s.note("K-4"), Text: text}
	r.Cause, r.Successes, r.Of, r.Result, r.TN = c.ID, succ, n, res, c.TN
	return s.send(r)
}

// checkDamage takes c.Damage HP off PC i, who failed check c in mode each (K-4: 個別).
func (s *state) checkDamage(i int, c *plan.Check) error {
	pc := &s.k.pcs[i]
	if s.on {
		name := s.p.Party.PCs[i].Name
		r := &HPEvent{Note: s.note("K-4"), Text: fmt.Sprintf("%s failed %s: %d HP lost, %d left", name, c.ID, c.Damage, pc.hp-c.Damage)}
		r.Who, r.After, r.Result = name, pc.hp-c.Damage, "hurt"
		if err := s.send(r); err != nil {
			return err
		}
	}
	return s.hurtPC(i, c.Damage, "K-4")
}
