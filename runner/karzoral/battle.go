package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner"
)

// A party battle (K-33): how it ends is a decision (the combat itself, K-69, is not simulated); the
// campaign add-ons play each detailed round; routs (K-80), stayers (K-81), escape (K-93..K-97),
// consecutive battles (K-72), loot (K-98) and defeat (K-100).

// battle asks how a party battle against encounter enc ended (army: the enemy army fought, or -1)
// and writes a BattleEvent. With PCs and support damage or burdens in play, the decision also
// offers "fight": one more round whose campaign add-ons the runner plays (K-73..K-77, K-89..K-92)
// before asking again. A low-morale unit with leaders offers "routed" (K-80: a victory); if some of
// its monsters stay (K-81: they obey orders or need no commander), the fled ones are removed and
// the battle goes on against the stayers, support damage and all, until it is won, fled or lost.
// Won (or routed): monster XP (K-62), then a consecutive battle if the encounter has one (K-72),
// then the loot of the whole chain (K-98, K-72 Default). Fled: the escape (K-93..K-97), no monster
// XP even for those already down (K-62). Defeated (or every PC down after a round): the scenario
// fails (K-100..K-102).
func (s *state) battle(enc, army int, cause string) (int, error) {
	res, err := s.battle1(enc, army, cause)
	if err != nil || res != Won || s.over() || cause == "consecutive" {
		return res, err
	}
	// K-98 (K-72 Default: loot for the whole chain afterwards).
	for e := enc; ; e = *s.p.Encounters[e].Next {
		if err := s.loot(e); err != nil || s.over() {
			return res, err
		}
		if s.p.Encounters[e].Next == nil {
			return res, nil
		}
	}
}

// battle1 fights encounter enc and the consecutive battles after it (K-72), without the loot.
func (s *state) battle1(enc, army int, cause string) (int, error) {
	e := &s.p.Encounters[enc]
	if s.maxLevel(enc) == 0 && len(s.monsterNames(enc)) == 0 {
		// K-67: every monster of the encounter is a named monster defeated earlier: nothing to fight.
		if s.obs {
			if err := s.send(&BattleEvent{At: s.at(), Encounter: e.ID, Title: e.Title, Block: s.p.Field.Blocks[s.party].ID,
				Cause: cause, Result: "gone"}); err != nil {
				return 0, err
			}
		}
		return Won, nil
	}
	if army >= 0 {
		if err := s.insight(enc, army); err != nil {
			return 0, err
		}
	}
	s.k.onlyStayers = false
	round := 1
	res, err := s.fight(enc, army, cause, s.canRout(enc, army), &round)
	if err != nil || s.over() {
		return 0, err
	}
	if res == Routed {
		if s.on {
			if err := s.send(&RoutEvent{Note: s.note("K-80"), Text: fmt.Sprintf("the leaders of %s fell: the rest flee and are cut down; a victory", e.ID)}); err != nil {
				return 0, err
			}
		}
		if n := s.stayers(enc); n > 0 {
			// K-81: the stayers fight on; the fled ones are gone; support damage continues.
			s.k.onlyStayers = true
			if s.on {
				if err := s.send(&RoutEvent{Note: s.note("K-81"), Text: fmt.Sprintf("%d of %s stay and fight on: the battle goes on", n, e.ID)}); err != nil {
					return 0, err
				}
			}
			res, err = s.fight(enc, army, "stayers", false, &round)
			s.k.onlyStayers = false
			if err != nil || s.over() {
				return 0, err
			}
			if res == Won {
				res = Routed // the victory of a rout: the fled ones count as defeated (K-80)
			}
		}
	}
	switch res {
	case Defeated:
		s.defeated = true
		s.finish(runner.Failure, s.r.defeatedBy[enc])
		return res, s.defeatAftermath()
	case Fled:
		s.fledEnc = enc // K-72: the battles of the chain before it stay won
		if err := s.escape(enc); err != nil {
			return res, err
		}
		return res, s.wipeOut("the pursuit after " + e.ID) // K-100: the pursuit downed every PC
	}
	if err := s.creditMonsters(enc, res == Routed && s.k.rules.FledGiveNoXP); err != nil {
		return 0, err
	}
	if e.Next != nil {
		// K-72: the second battle starts at once, state carried over; nothing in between (Default).
		return s.battle1(*e.Next, -1, "consecutive")
	}
	return Won, nil
}

// fight asks the battle decision until it is not "fight", playing a detailed round each time
// (round counts them across the battle), and writes the BattleEvent. rout offers "routed" (K-80).
func (s *state) fight(enc, army int, cause string, rout bool, round *int) (int, error) {
	e := &s.p.Encounters[enc]
	detailed := s.hasPCs() && (s.supportInBlock() || s.liveBurdens() > 0)
	maxRounds := s.k.rules.MaxRounds
	if maxRounds <= 0 {
		maxRounds = defaultMaxRounds
	}
	if detailed && *round == 1 {
		if err := s.initiative(enc); err != nil {
			return 0, err
		}
	}
	req := &s.req
	res := Won
	for {
		cs := append(s.choices[:0], battleChoices[:3]...)
		if rout {
			cs = append(cs, battleChoices[Routed])
		}
		if detailed && *round <= maxRounds {
			cs = append(cs, battleChoices[Fight])
		}
		*req = runner.Request{Kind: runner.KindBattle, Day: s.day, Phase: s.phase, Choices: cs,
			Block: s.p.Field.Blocks[s.party].ID, Encounter: e.ID, Title: e.Title, Cause: cause}
		if army >= 0 {
			req.Army = s.p.Armies[army].ID
		}
		c, err := s.decide(req)
		if err != nil {
			return 0, err
		}
		res = req.Choices[c].Value
		if res != Fight {
			break
		}
		if err := s.round(enc, *round); err != nil || s.over() {
			return 0, err
		}
		*round++
		if s.allDown() {
			res = Defeated // K-100: all PCs down
			break
		}
	}
	if s.obs {
		ev := reuse(&s.ev.battle, BattleEvent{At: s.at(), Encounter: e.ID, Title: e.Title, Block: s.p.Field.Blocks[s.party].ID, Cause: cause,
			Result: battleChoices[res].Name})
		if army >= 0 {
			ev.Army = s.p.Armies[army].ID
		}
		if err := s.send(ev); err != nil {
			return 0, err
		}
	}
	return res, nil
}

// stayers counts the monsters of encounter e present that fight on after a rout (K-81).
func (s *state) stayers(e int) int {
	n := 0
	for j, m := range s.p.Encounters[e].Monsters {
		if m.Stays && !s.k.named[e][j] {
			n += m.Count
		}
	}
	return n
}

// loot implements K-98 for encounter e, won: if it has loot, the party decides whether to loot
// (a yes|no answer, cause "loot": each PC's one loot roll instead of a 10-minute action); looting
// adds its money to Result.Money, reads its text and runs its actions (the scenario reacts).
func (s *state) loot(e int) error {
	lt := s.p.Encounters[e].Loot
	if lt == nil {
		return nil
	}
	enc := &s.p.Encounters[e]
	req := &s.req
	*req = runner.Request{Kind: runner.KindAnswer, Day: s.day, Phase: s.phase, Choices: noYes[:],
		Block: s.p.Field.Blocks[s.party].ID, Encounter: enc.ID, Title: enc.Title, Cause: "loot"}
	c, err := s.decide(req)
	if err != nil {
		return err
	}
	took := noYes[c].Value == 1
	if took {
		s.money += lt.Money
	}
	if s.on {
		ev := &LootEvent{Note: s.note("K-98"), Encounter: enc.ID, Money: lt.Money}
		ev.Text = fmt.Sprintf("the party loots %s: %d gamels", enc.ID, lt.Money)
		if !took {
			ev.Money, ev.Text = 0, fmt.Sprintf("the party leaves the loot of %s for a 10-minute action", enc.ID)
		} else if lt.Say != "" {
			ev.Text += fmt.Sprintf(": %q", lt.Say)
		}
		if err := s.send(ev); err != nil {
			return err
		}
	}
	if !took {
		return nil
	}
	_, err = s.doActions(lt.Do, "loot", enc.ID)
	return err
}
