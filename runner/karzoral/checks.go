package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner/dice"
)

// Checks (K-4, K-5), power rolls (K-103), and the checks before a battle: danger sense (K-71),
// War Leader insight (K-79); the rout of a low-morale unit (K-80).

// groupSuccess implements K-4 for succ successes of n checks in mode "any", "majority" or "all".
// Default (K-4): a strict majority, 2*succ > n; Rules.MajorityAtHalf takes 2*succ >= n.
func groupSuccess(mode string, succ, n int, atHalf bool) bool {
	switch mode {
	case "any":
		return succ >= 1
	case "all":
		return n > 0 && succ == n
	case "majority":
		if atHalf {
			return n > 0 && 2*succ >= n
		}
		return 2*succ > n
	}
	return false
}

// penalty is the modifier every action check of PC i takes now: K-41 sleep deprivation, K-59 no
// light without darkvision.
func (s *state) penalty(i int) int {
	m := 0
	if s.k.sleepy && !s.k.rules.NoSleepPenalty {
		sp := s.k.rules.SleepPenalty
		if sp == 0 {
			sp = SleepPenaltyDefault
		}
		m -= sp
	}
	if s.k.unlit && !s.p.Party.PCs[i].Darkvision {
		m -= NoLightPenalty
	}
	return m
}

// check rolls a K-5 check for PC i: 2d6 + base + penalties >= tn. A double 6 always succeeds; a
// double 1 always fails and gives the roller 50 XP (K-5).
func (s *state) check(i, base, tn int, cause, rule string) (bool, error) {
	a, err := s.roll(6, cause)
	if err != nil {
		return false, err
	}
	b, err := s.roll(6, cause)
	if err != nil {
		return false, err
	}
	mod := base + s.penalty(i)
	total := a + b + mod
	ok := total >= tn
	res := "success"
	switch {
	case a == 1 && b == 1:
		ok, res = false, "fumble"
		s.k.pcs[i].fumble += FumbleXP
	case a == 6 && b == 6:
		ok, res = true, "critical"
	case !ok:
		res = "failure"
	}
	if s.on {
		name := s.p.Party.PCs[i].Name
		r := &CheckEvent{Note: s.note(rule), Text: fmt.Sprintf("%s: %s check [%d,%d]%+d = %d vs %d: %s", name, cause, a, b, mod, total, tn, res)}
		r.PC, r.Cause, r.Dice, r.Modifier, r.Total, r.TN, r.Result = name, cause, [2]int{a, b}, mod, total, tn, res
		if err := s.send(r); err != nil {
			return ok, err
		}
	}
	return ok, nil
}

// roll2d6 rolls two d6 for cause and returns their faces.
func (s *state) roll2d6(cause string) ([2]int, error) {
	var d [2]int
	for k := range d {
		f, err := s.roll(6, cause)
		if err != nil {
			return d, err
		}
		d[k] = f
	}
	return d, nil
}

// rollerSource adapts the runner's dice (a Roller first, then the seeded source) for dice.PowerRoll.
type rollerSource struct {
	s     *state
	cause string
	err   error
}

func (r *rollerSource) Roll(sides int) int {
	if r.err != nil {
		return 1
	}
	f, err := r.s.roll(sides, r.cause)
	if err != nil {
		r.err = err
		return 1
	}
	return f
}

// power makes a K-103 power roll from BCDice notation with the run's table.
func (s *state) power(notation, cause string) (dice.PowerResult, error) {
	e, err := dice.Parse(notation)
	if err != nil {
		return dice.PowerResult{}, fmt.Errorf("day %d: %s: %v", s.day, cause, err)
	}
	src := &rollerSource{s: s, cause: cause}
	res, err := dice.PowerRollExpr(src, e, dice.PowerOptions{Table: s.k.table})
	if src.err != nil {
		return res, src.err
	}
	if err != nil {
		return res, fmt.Errorf("day %d: %s: %v", s.day, cause, err)
	}
	return res, nil
}

// dangerSense implements K-71: before a night raid every PC (the seed: ＰＣ全員が判定を行い; the
// angel too, K-1) rolls danger sense against the scenario's TN, mode Any (K-4): one success is
// enough. A PC with scout or ranger levels rolls 2d6 + that level + intelligence bonus; one without
// rolls flat (平目, SW2 core: 2d6 alone). A fainted PC (0 HP or less) cannot roll. Failure: the
// whole party starts in the front area. Not an ambush.
func (s *state) dangerSense() error {
	tn := s.p.NightRaidTN
	if tn <= 0 || !s.hasPCs() {
		return nil
	}
	succ, n := 0, 0
	for i, pc := range s.p.Party.PCs {
		if s.k.pcs[i].hp <= 0 {
			continue
		}
		n++
		base := 0
		if pc.Scout > 0 {
			base = pc.Scout + pc.Intelligence
		}
		ok, err := s.check(i, base, tn, "danger sense", "K-71")
		if err != nil {
			return err
		}
		if ok {
			succ++
		}
	}
	ok := groupSuccess("any", succ, n, s.k.rules.MajorityAtHalf)
	if s.on {
		res, text := "success", "normal setup"
		if !ok {
			res, text = "failure", "the whole party starts in the front area (not an ambush)"
		}
		r := &GroupEvent{Note: s.note("K-71"), Text: fmt.Sprintf("danger sense, TN %d, any: %d of %d succeeded: %s", tn, succ, n, text)}
		r.Cause, r.Successes, r.Of, r.Result, r.TN = "danger sense", succ, n, res, tn
		return s.send(r)
	}
	return nil
}

// insight implements K-79 (2): at monster-knowledge time, once per battle (Default), every PC with
// War Leader rolls War Leader level + intelligence bonus vs the highest monster level + 7; success
// learns the unit's morale and training.
func (s *state) insight(enc, army int) error {
	a := &s.p.Armies[army]
	if !s.hasPCs() || (a.Morale == "" && a.Training == "") {
		return nil
	}
	tn := s.maxLevel(enc) + WarLeaderTNBonus
	for i, pc := range s.p.Party.PCs {
		if pc.WarLeader <= 0 || s.k.pcs[i].hp <= 0 {
			continue
		}
		ok, err := s.check(i, pc.WarLeader+pc.Intelligence, tn, "war leader", "K-79")
		if err != nil {
			return err
		}
		if ok && s.on {
			r := &InsightEvent{Note: s.note("K-79"), Text: fmt.Sprintf("%s learns that %s has morale %s and training %s", pc.Name, a.ID, orDash(a.Morale), orDash(a.Training))}
			r.PC, r.Army = pc.Name, a.ID
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// canRout reports whether K-80 applies: the army fought is a low-morale unit with leaders.
func (s *state) canRout(enc, army int) bool {
	if army < 0 || s.p.Armies[army].Morale != "low" {
		return false
	}
	for _, m := range s.p.Encounters[enc].Monsters {
		if m.Leader {
			return true
		}
	}
	return false
}
