package karzoral

import "fmt"

// HP, rest and the night's costs: fainting and burden death (K-88), rest (K-40), light
// (K-57..K-59) and sleep deprivation (K-41).

// hurtPC takes dmg off PC i's HP and records fainting (rule: the damage's); at 0 HP or less the
// PC makes a life check (lifeCheck, K-101) and may die. A dead PC takes no damage.
func (s *state) hurtPC(i, dmg int, rule string) error {
	pc := &s.k.pcs[i]
	if pc.dead || pc.raised {
		return nil // a body takes no damage that matters (K-101)
	}
	before := pc.hp
	pc.hp -= dmg
	if before > 0 && pc.hp <= 0 && s.on {
		name := s.p.Party.PCs[i].Name
		r := &HPEvent{Note: s.note(rule), Text: fmt.Sprintf("%s falls to %d HP and faints", name, pc.hp)}
		r.Who, r.After, r.Result = name, pc.hp, "fainted"
		if err := s.send(r); err != nil {
			return err
		}
	}
	if dmg > 0 && pc.hp <= 0 {
		return s.lifeCheck(i, rule) // every blow at 0 HP or less: a life check (K-101)
	}
	return nil
}

// hurtBurden implements K-88: a burden at HP <= 0 dies at once, for good.
func (s *state) hurtBurden(i, dmg int, rule string) error {
	b := &s.k.burdens[i]
	if b.dead {
		return nil
	}
	b.hp -= dmg
	if b.hp <= 0 {
		b.dead = true
		if s.on {
			name := s.p.Party.Burdens[i].Name
			r := &HPEvent{Note: s.note("K-88"), Text: fmt.Sprintf("burden %s falls to %d HP and dies", name, b.hp)}
			r.Who, r.After, r.Result = name, b.hp, "dead"
			return s.send(r)
		}
	}
	return nil
}

// allDown reports whether every PC is down (K-100).
func (s *state) allDown() bool {
	if !s.hasPCs() {
		return false
	}
	for _, pc := range s.k.pcs {
		if pc.hp > 0 {
			return false
		}
	}
	return true
}

// rest implements K-40 (and K-48): six hours' sleep; every PC recovers its HP (SW2 core: a full
// night's sleep restores HP and MP); the sleep-deprivation penalty ends (K-41 Default).
func (s *state) rest(rule string) error {
	s.k.unlit = false
	if s.k.sleepy {
		s.k.sleepy = false
		if s.on {
			r := &SleepEvent{Note: s.note("K-41"), Text: "the party sleeps: the sleep-deprivation penalty ends"}
			r.Result = "off"
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		mx := s.p.Party.PCs[i].HP
		if pc.hp < mx && !pc.dead && !pc.raised { // the dead stay dead (K-101); the raised act at the start (K-14)
			pc.hp = mx
			if s.on {
				name := s.p.Party.PCs[i].Name
				r := &HPEvent{Note: s.note(rule), Text: fmt.Sprintf("%s recovers to %d HP", name, mx)}
				r.Who, r.After, r.Result = name, mx, "recovered"
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// useLight implements K-57, K-58: hours of light (a multiple of 12) are paid in 12-hour units, each a
// flask of lantern oil or 6 torches (Default: oil first; Rules.TorchesFirst). It reports whether
// all the light was there; without it the party is unlit (K-59). dark names the dark block that
// needs it, "" for a forced march (the transcript's text says which; built only for a sink that
// wants events, so that a day allocates nothing).
func (s *state) useLight(hours int, dark string) (bool, error) {
	k := &s.k
	units := (hours + 11) / 12
	paid := 0
	for u := 0; u < units; u++ {
		switch {
		case !k.rules.TorchesFirst && k.oil > 0:
			k.oil--
		case k.torches >= TorchesPer12h:
			k.torches -= TorchesPer12h
		case k.oil > 0:
			k.oil--
		default:
			continue
		}
		paid++
	}
	ok := paid == units
	k.unlit = !ok
	if s.on {
		why := "forced march"
		if dark != "" {
			why = "dark block " + dark
		}
		res := "lit"
		text := fmt.Sprintf("%s: %d hours of light burnt (%d torches, %d flasks of oil left)", why, paid*12, k.torches, k.oil)
		if !ok {
			res = "unlit"
			// Issue 23: "needs 12 hours of light, only 0 burnt" read as if light were left unused.
			text = fmt.Sprintf("%s needs %d hours of light but the party had only %d (%d torches, %d flasks left): unlit, -4 on checks without darkvision (K-59)",
				why, units*12, paid*12, k.torches, k.oil)
		}
		r := reuse(&s.ev.light, LightEvent{Note: s.note("K-58"), Text: text})
		r.Hours, r.Result, r.Torches, r.Oil = paid*12, res, k.torches, k.oil
		if err := s.send(r); err != nil {
			return ok, err
		}
	}
	return ok, nil
}

// darkDay implements K-57: a dark block needs 12 hours of light for the Start-to-Camp period, paid
// once per day when the party is there in the action phase: on the day it enters and on every
// traversal day spent there (K-44), for every plan.
func (s *state) darkDay() error {
	if !s.p.Field.Blocks[s.party].Dark || s.k.litDay == s.day {
		return nil
	}
	s.k.litDay = s.day
	_, err := s.useLight(12, s.p.Field.Blocks[s.party].ID)
	return err
}

// baseServices implements K-12 at a base mid-scenario (the seed: 「シナリオ中に拠点に戻った時にも行
// える」): in action step (c) (the time for long actions, K-34), a party standing on a base may shop.
// Shopping is a decision paid from the purse, from the scenario's or the campaign's price list
// (shopAtBase, stockItems); with no price list nothing is on sale and nothing happens (issue 22
// D5: the old free restock up to the starting stock is gone: 「買い物」 is buying). Resurrection
// (K-14) comes first (resurrectAtBase). Treatment (K-13) is offered there too by the rules, but a
// run models no poison, disease or curse, so it has nothing to act on.
func (s *state) baseServices() error {
	if s.p.Field.Blocks[s.party].Kind != "base" {
		return nil
	}
	if err := s.resurrectAtBase(); err != nil || s.over() {
		return err
	}
	if len(s.shop) > 0 {
		return s.shopAtBase()
	}
	return nil
}

// startKarzoral runs the add-ons of the start phase: the sleep penalty begins after a forced march
// (K-41), burdens' max HP is recomputed (K-87), the traversal faces are unchecked (K-19 (5), K-49).
func (s *state) startKarzoral() error {
	k := &s.k
	k.unlit = false
	if k.sleepy && k.rules.SleepPenaltyOneDay && k.sleepDay < s.day {
		k.sleepy = false
		if s.on {
			r := &SleepEvent{Note: s.note("K-41"), Text: "the sleep-deprivation penalty ends (one day only)"}
			r.Result = "off"
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	if k.sleepNext {
		k.sleepNext = false
		if !k.rules.NoSleepPenalty {
			k.sleepy, k.sleepDay = true, s.day
			if s.on {
				sp := k.rules.SleepPenalty
				if sp == 0 {
					sp = SleepPenaltyDefault
				}
				r := &SleepEvent{Note: s.note("K-41"), Text: fmt.Sprintf("after the forced march the party is sleep-deprived: -%d on checks until it rests", sp)}
				r.Result, r.Modifier = "on", -sp
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	s.recomputeBurdens()
	if k.trav >= 0 && k.travChecked != 0 {
		k.travChecked = 0
		if s.on {
			r := &TraversalEvent{Note: s.note("K-49"), Text: fmt.Sprintf("traversal faces of %s unchecked; progress %d carries over", s.p.Traversals[k.trav].ID, k.progress)}
			r.Step, r.Area, r.After = "uncheck", s.p.Traversals[k.trav].ID, k.progress
			return s.send(r)
		}
	}
	return nil
}

// marchLight implements K-41, K-57 and K-58 for a forced march from the party's block now: the
// hours of light it burns (a multiple of 12; 12 h = 6 torches or 1 flask of oil, K-58). 12 from a
// lit block; from a dark block 12 when the day's Start-to-Camp light was paid (s.k.litDay ==
// s.day, darkDay), 24 when it was not; 0 under Rules.DarkMarchLight12 once the day is paid (the
// day's light serves the march). forcedMarchCosts charges it and the night question states it
// (PlayerView.MarchLight), so the question says what the engine will burn.
func (s *state) marchLight() int {
	if !s.p.Field.Blocks[s.party].Dark {
		return 12
	}
	switch {
	case s.k.litDay != s.day:
		return 24
	case s.k.rules.DarkMarchLight12:
		return 0
	}
	return 12
}

// forcedMarchCosts implements K-41 and K-57: 12 hours of light for the march, no sleep recovery, the
// sleep penalty from the next start phase. From a dark block the day's 12 hours were burnt already
// (darkDay), so the march adds its own 12: 24 hours in all (K-57 Default), never 36. Only a dark
// block whose day was not charged (s.k.litDay != s.day) pays both here. Rules.DarkMarchLight12:
// the day's light serves the march too, 12 hours in all.
func (s *state) forcedMarchCosts() error {
	hours := s.marchLight()
	s.k.sleepNext = s.hasPCs()
	if hours == 0 {
		return nil
	}
	_, err := s.useLight(hours, "")
	return err
}
