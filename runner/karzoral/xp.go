package karzoral

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
)

// Experience (K-60..K-66): monster XP, growth points with ability growth, failure XP.

// maxLevel is the highest level of the monsters of encounter e still present (K-67: a named monster
// defeated earlier is gone).
func (s *state) maxLevel(e int) int {
	m := 0
	for j, mon := range s.p.Encounters[e].Monsters {
		if !s.k.named[e][j] {
			m = max(m, mon.Level)
		}
	}
	return m
}

// creditMonsters implements K-62: 10 x the sum of levels of the monsters defeated in this battle,
// added to the monster XP of the next growth. Every battle is new monsters: a second night raid by
// the same encounter, or a second fight with the same troop, counts again; what the seed bars
// (「一度計上した魔物は…次回の成長では計上しません」) is counting one monster at two growths, which
// cannot happen because the pending monster XP is emptied at each growth. Never for an escaped
// battle (the caller does not call it then, K-96). onlyLeaders counts only the unit leaders (K-80
// with Rules.FledGiveNoXP; the Default counts the fled monsters as defeated).
func (s *state) creditMonsters(e int, onlyLeaders bool) error {
	enc := &s.p.Encounters[e]
	sum := 0
	for j, m := range enc.Monsters {
		gone := m.Named && s.k.named[e][j] // K-67: defeated before this battle, not in it
		if m.Named && (!onlyLeaders || m.Leader) {
			s.k.named[e][j] = true // K-67: a defeated named monster never reappears
		}
		if gone || (onlyLeaders && !m.Leader) {
			continue
		}
		sum += m.Level * m.Count
	}
	xp := MonsterXPPerLevel * sum
	s.k.monXP += xp
	if s.on {
		r := &XPEvent{Note: s.note("K-62"), Text: fmt.Sprintf("monster XP for %s: 10 x %d levels = %d (pending: %d)", enc.ID, sum, xp, s.k.monXP)}
		r.Who, r.Gained, r.Total = enc.ID, xp, s.k.monXP
		return s.send(r)
	}
	return nil
}

// strengthBonus is K-63's remaining-strength bonus: 10 x the strength of every friendly army on
// the field (Default: summed), and that strength.
func (s *state) strengthBonus() (bonus, str int) {
	for _, i := range s.r.friendly {
		if s.armyBlock[i] >= 0 {
			str += s.armyStr[i]
		}
	}
	return StrengthXP * str, str
}

// strengthTerms is the strength the bonus counts, in words: "15", or with several friendly armies
// on the field each one's too ("50: f1 20 + f2 30"), for the settlement tells the players each
// army's strength (settleSight, K-63).
func (s *state) strengthTerms(str int) string {
	var terms []string
	for _, i := range s.r.friendly {
		if s.armyBlock[i] >= 0 {
			terms = append(terms, fmt.Sprintf("%s %d", s.p.Armies[i].ID, s.armyStr[i]))
		}
	}
	if len(terms) < 2 {
		return strconv.Itoa(str)
	}
	return fmt.Sprintf("%d: %s", str, strings.Join(terms, " + "))
}

// growth implements K-60, K-61, K-63, K-64 at a midpoint or the clear: each PC gets achievement XP +
// its own fumble XP + the monster XP + the remaining-strength bonus (10 x the strength of every
// friendly army on the field, K-63 Default: summed), then Rules.AbilityGrowths (default 1) ability
// growths, each a roll-two-choose-one. A plan without PCs (members only) settles the same XP for
// each PC (no checks, so no fumbles) and has no one to roll ability growths for: Result.XP.
//
// A PC dead at the growth point (K-101, not yet resurrected, K-14) gets its XP but rolls no ability
// growth (issue 22 D6; the seed is silent, this is the reading chosen): the XP is 「各自の」, each
// PC's, counted per PC and kept on the sheet through a resurrection, while 「能力値や技能の成長を行
// えます」 is something the player does with a living character, and a dead PC does nothing until it
// is revived (K-101). A campaign PC the plan names is grown here too (campaign sortie.go).
func (s *state) growth(achievement int, point string) error {
	bonus, str := s.strengthBonus()
	s.settleSight() // the players learn the strength the bonus counts (K-63)
	if !s.hasPCs() {
		gain := achievement + s.k.monXP + bonus
		s.k.partyXP += gain
		if s.obs { // observed: the text only for a sink that reads it
			r := &XPEvent{Note: s.note("K-61"), Point: point, Gained: gain, Total: s.k.partyXP}
			if s.on {
				r.Text = fmt.Sprintf("each PC%s, %s: %d achievement + %d monsters + %d remaining strength (10 x %s) = %d XP (total %d)",
					s.named(), point, achievement, s.k.monXP, bonus, s.strengthTerms(str), gain, s.k.partyXP)
			}
			if err := s.send(r); err != nil {
				return err
			}
		}
		s.k.monXP = 0
		return nil
	}
	// Result.XP: what a PC with no fumbles of its own gets (a campaign PC the plan does not name).
	s.k.partyXP += achievement + s.k.monXP + bonus
	n := s.k.rules.AbilityGrowths
	if n <= 0 {
		n = 1
	}
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		gain := achievement + pc.fumble + s.k.monXP + bonus
		pc.xp += gain
		if s.obs {
			name := s.p.Party.PCs[i].Name
			r := &XPEvent{Note: s.note("K-61"), Who: name, Point: point, Gained: gain, Total: pc.xp}
			if s.on {
				r.Text = fmt.Sprintf("%s, %s: %d achievement + %d fumbles + %d monsters + %d remaining strength (10 x %s) = %d XP (total %d)",
					name, point, achievement, pc.fumble, s.k.monXP, bonus, s.strengthTerms(str), gain, pc.xp)
			}
			if err := s.send(r); err != nil {
				return err
			}
		}
		pc.fumble = 0
		if pc.dead { // D6: no ability growth while dead
			if s.on {
				name := s.p.Party.PCs[i].Name
				r := &GrowthEvent{Note: s.note("K-64"), PC: name, Text: name + ": dead, no ability growth (K-101: a dead PC does nothing until resurrected, K-14)"}
				if err := s.send(r); err != nil {
					return err
				}
			}
			continue
		}
		for g := 0; g < n; g++ {
			if err := s.abilityGrowth(i); err != nil {
				return err
			}
		}
	}
	s.k.monXP = 0
	return nil
}

// abilityGrowth implements K-64 (and K-3): roll two d6, the PC keeps one; the face names the ability.
func (s *state) abilityGrowth(i int) error {
	d, err := s.roll2d6("growth")
	if err != nil {
		return err
	}
	name := s.p.Party.PCs[i].Name
	n := 0
	for k, f := range d {
		if k == 1 && f == d[0] {
			break
		}
		s.choices[n] = runner.Choice{Name: faceName(f), Value: f, Note: abilityNames[f]}
		n++
	}
	req := &s.req
	*req = runner.Request{Kind: runner.KindPick, Day: s.day, Phase: s.phase, Choices: s.choices[:n], Dice: d,
		Block: s.p.Field.Blocks[s.party].ID, Cause: "growth", Title: name}
	c, err := s.decide(req)
	if err != nil {
		return err
	}
	f := req.Choices[c].Value
	if s.on {
		r := &GrowthEvent{Note: s.note("K-64"), Text: fmt.Sprintf("%s: ability growth rolled %d and %d, kept %d (%s)", name, d[0], d[1], f, abilityNames[f])}
		r.PC, r.Dice, r.Face = name, d, f
		return s.send(r)
	}
	return nil
}

// abilityNames maps a growth face to its SW2 ability score (K-64, SW2 core).
var abilityNames = [7]string{"", "dexterity", "agility", "strength", "vitality", "intelligence", "spirit"}

// AbilityName is the SW2 ability score a growth face (1..6) raises (K-64): dexterity, agility,
// strength, vitality, intelligence, spirit; "" for a face out of range.
func AbilityName(face int) string {
	if face < 1 || face > 6 {
		return ""
	}
	return abilityNames[face]
}

// named is " (Aldo, Bea)" for a members-only plan the campaign gave its PCs' names (Carry.PCs),
// "" when it gave none: what the XP lines add after "each PC".
func (s *state) named() string {
	if len(s.pcNames) == 0 {
		return ""
	}
	return " (" + strings.Join(s.pcNames, ", ") + ")"
}

// failureXP implements K-66: on failure each PC gets only the scenario's failure XP (the
// campaign's, Carry.FailureXP, when it sets one); no monster XP, no bonuses, no ability growth. A
// midpoint settled before the failure keeps its XP (K-60, K-67). K-25 (corrected 2026-12-01): a
// complete failure (a friendly army wiped out) settles nothing, failure XP included: 0 XP each.
func (s *state) failureXP() error {
	if s.k.failedXP {
		return nil
	}
	s.k.failedXP = true
	s.k.monXP = 0
	fail := s.failXP
	if s.k.complete {
		fail = 0
		if s.obs {
			r := &XPEvent{Note: s.note("K-25"), Point: "failure", Total: s.k.partyXP,
				Text: "the scenario failed completely (a friendly army wiped out): no XP is settled, failure XP included, and no growth"}
			if err := s.send(r); err != nil {
				return err
			}
		}
		return nil
	}
	s.k.partyXP += fail
	if !s.hasPCs() {
		if s.obs {
			r := &XPEvent{Note: s.note("K-66"), Point: "failure", Gained: fail, Total: s.k.partyXP}
			if s.on {
				who := "the party" // no PCs to name (issue 23), unless the campaign names them
				if len(s.pcNames) > 0 {
					who = "each PC" + s.named()
				}
				r.Text = fmt.Sprintf("%s: failure: %d XP only (total %d)", who, fail, s.k.partyXP)
			}
			return s.send(r)
		}
		return nil
	}
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		pc.fumble = 0
		pc.xp += fail
		if s.obs {
			name := s.p.Party.PCs[i].Name
			r := reuse(&s.ev.xp, XPEvent{Note: s.note("K-66")})
			if s.on {
				r.Text = fmt.Sprintf("%s: failure: %d XP only (total %d)", name, fail, pc.xp)
			}
			r.Who, r.Point, r.Gained, r.Total = name, "failure", fail, pc.xp
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// settle applies the end-of-scenario experience: the clear growth on success (K-60) or the failure
// XP (K-66).
func (s *state) settle() error {
	switch s.outcome {
	case runner.Success:
		if s.k.grown {
			return nil
		}
		s.k.grown = true
		return s.growth(s.clearXP, "clear")
	case runner.Failure:
		return s.failureXP()
	}
	return nil
}
