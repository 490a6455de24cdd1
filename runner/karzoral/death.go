package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner"
)

// PC death inside a scenario and what follows it: the life check of a PC at 0 HP or less (SW2
// core, which the seed leaves in force: 「気絶・死亡してしまった場合」, K-95), the body carried
// on (K-101 Default), the angel's own revival next morning (K-102), and resurrection at a base
// mid-scenario (K-14: 「シナリオ中に拠点に戻った時にも行える」).

// DefaultResurrectionCost is K-14's price of a resurrection in gamels: 「費用として10,000ガメルが
// 必要ですが、所持金が不足している場合、以降の報酬から前借りすることができます」.
const DefaultResurrectionCost = 10000

// Resurrection is a PC resurrected at a base mid-scenario (K-14): who, when, where, what the purse
// paid and what was borrowed against future rewards (Paid + Borrowed is the price), in gamels.
type Resurrection struct {
	PC       string `json:"pc"`
	Day      int    `json:"day"`
	Block    string `json:"block"`
	Paid     int    `json:"paid"`
	Borrowed int    `json:"borrowed,omitempty"`
}

// lifeCheck rolls the life check (生死判定, SW2 core) of PC i, at 0 HP or less and not yet dead:
// 2d6 + adventurer level + vitality bonus (plan.PC.Level, plan.PC.Vitality; a PC given without
// vitality adds 0) against a TN of the HP below 0 (HP -5: TN 5; HP 0: TN 0). A double 6 always succeeds, a double 1
// always fails and gives 50 XP (K-5). It is a resistance check: the sleep (K-41) and light (K-59)
// penalties of action checks do not apply. Success: the PC stays fainted. Failure: the PC dies
// (K-101): its body goes on with the party (K-101 Default: 「死亡したＰＣの死体は…拠点まで」, carried
// by the party when the others live), it takes no more damage, never recovers at a rest, and can
// be resurrected at a base (K-14). rule names the damage's rule, for the transcript.
func (s *state) lifeCheck(i int, rule string) error {
	pc := &s.k.pcs[i]
	if pc.dead || pc.hp > 0 {
		return nil
	}
	d, err := s.roll2d6("life")
	if err != nil {
		return err
	}
	p := &s.p.Party.PCs[i]
	tn := -pc.hp
	mod := p.Level + p.Vitality // SW2 core: 生死判定 = 冒険者レベル + 生命力ボーナス
	total := d[0] + d[1] + mod
	ok := total >= tn
	res := "success"
	switch {
	case d[0] == 1 && d[1] == 1:
		ok, res = false, "fumble"
		pc.fumble += FumbleXP
	case d[0] == 6 && d[1] == 6:
		ok, res = true, "critical"
	case !ok:
		res = "failure"
	}
	if s.on {
		r := &CheckEvent{Note: s.note("K-101"), Text: fmt.Sprintf("%s: life check after %s [%d,%d]%+d = %d vs %d: %s", p.Name, rule, d[0], d[1], mod, total, tn, res)}
		r.PC, r.Cause, r.Dice, r.Modifier, r.Total, r.TN, r.Result = p.Name, "life", d, mod, total, tn, res
		if err := s.send(r); err != nil {
			return err
		}
	}
	if ok {
		return nil
	}
	pc.dead = true
	if !s.on {
		return nil
	}
	text := fmt.Sprintf("%s dies at %d HP; the party carries the body on (K-101): a base can resurrect %s (K-14)", p.Name, pc.hp, p.Name)
	if p.Angel {
		text = fmt.Sprintf("%s dies at %d HP and revives by itself next morning (K-102)", p.Name, pc.hp)
	}
	r := &HPEvent{Note: s.note("K-101"), Text: text}
	r.Who, r.After, r.Result = p.Name, pc.hp, "dead"
	return s.send(r)
}

// deathStart runs the start phase's part of K-102 and K-14: a dead angel revives by itself (「魔動天
// 使は死亡しても、翌朝になれば自動的に蘇生します」), gaining impurity and despair (their amounts are the
// angel rules', outside this spec); a PC resurrected at a base acts again (「蘇生したＰＣは次の「開始
// フェイズ」から行動可能です」). Either comes back at its maximum HP (runner judgement: the seed gives
// no HP for either; a night's rest would restore them anyway).
func (s *state) deathStart() error {
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		p := &s.p.Party.PCs[i]
		var rule, text, res string
		switch {
		case pc.dead && p.Angel:
			rule, res = "K-102", "revived"
			text = fmt.Sprintf("%s revives by itself this morning at %d HP, gaining impurity, and its despair rises for the PCs' deaths (K-102)", p.Name, p.HP)
		case pc.raised:
			rule, res = "K-14", "acts"
			text = fmt.Sprintf("%s, resurrected, acts again from this start phase at %d HP (K-14)", p.Name, p.HP)
		default:
			continue
		}
		pc.dead, pc.raised, pc.hp = false, false, p.HP
		if s.on {
			r := &HPEvent{Note: s.note(rule), Text: text}
			r.Who, r.After, r.Result = p.Name, p.HP, res
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// resurrectAtBase implements K-14 at a base mid-scenario, before shopping: while a PC other than
// the angel lies dead (its body carried, K-101), the players choose whom to resurrect, one at a
// time, or "done" (the seed makes it theirs: 「ＰＣが望むなら」). The price (Carry.ResurrectionCost,
// 10,000 gamels by default) comes from the purse as far as it goes; the rest is borrowed against
// future rewards (「以降の報酬から前借り」; a lone scenario has no purse: all of it is borrowed). The
// PC acts from the next start phase (deathStart). Never the angel (「魔動天使はこの効果では蘇生でき
// ません」). The request is KindPrepare, cause "resurrect", Optional: the policy Default resurrects the
// first dead PC in party order. Each resurrection is a Resurrection in Result.Resurrections.
func (s *state) resurrectAtBase() error {
	if s.deadPCs() == 0 {
		return nil // nobody to resurrect: no request, nothing allocated (a base visit is frequent)
	}
	block := s.p.Field.Blocks[s.party].ID
	cost := s.raiseCost
	if cost <= 0 {
		cost = DefaultResurrectionCost
	}
	for {
		cs := []runner.Choice{{Name: "done", Value: -1, Note: fmt.Sprintf("%d gamels in the purse", s.purse)}}
		for i, p := range s.p.Party.PCs {
			if s.k.pcs[i].dead && !p.Angel {
				cs = append(cs, runner.Choice{Name: "resurrect " + p.Name, Value: i,
					Note: fmt.Sprintf("%d gamels, the shortfall borrowed against future rewards", cost)})
			}
		}
		if len(cs) == 1 {
			return nil
		}
		req := &s.req
		*req = runner.Request{Kind: runner.KindPrepare, Day: s.day, Phase: s.phase, Block: block, Choices: cs,
			Cause: "resurrect", Title: "resurrection at base " + block, Optional: true, Default: 1}
		c, err := s.decide(req)
		if err != nil {
			return err
		}
		if c < 0 {
			c = 1
		}
		i := cs[c].Value
		if i < 0 {
			return nil
		}
		paid := min(max(s.purse, 0), cost)
		s.purse -= paid
		pc := &s.k.pcs[i]
		pc.dead, pc.raised = false, true
		rz := Resurrection{PC: s.p.Party.PCs[i].Name, Day: s.day, Block: block, Paid: paid, Borrowed: cost - paid}
		s.raised = append(s.raised, rz)
		if s.on {
			text := fmt.Sprintf("at base %s %s is resurrected for %d gamels: %d from the purse (now %d), %d borrowed against future rewards; acts from the next start phase",
				block, rz.PC, cost, paid, s.purse, rz.Borrowed)
			r := &HPEvent{Note: s.note("K-14"), Text: text}
			r.Who, r.After, r.Result = rz.PC, pc.hp, "resurrected"
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
}

// wipeOut implements K-100 outside a battle: when no PC can act any more (every PC, the angel too,
// at 0 HP or less: fainted or dead), whatever brought them down (an event check's damage, K-4; the
// pursuit after an escape, K-95), the party is defeated and the scenario fails at once, as after a
// lost battle. The seed (004, 「敗北と全滅」) names no cause: 「ＰＣ全員が倒されたり、行動不能になって
// しまった場合…敗北…シナリオは失敗した扱い」, and the angel carries the bodies back (K-101, K-102;
// defeatAftermath). cause names what downed the last PC (an event check id or an encounter id), for
// the failure reason "party downed by CAUSE (K-100)". No-op when some PC can still act, when the run
// is over already, or when the plan lists no PCs.
func (s *state) wipeOut(cause string) error {
	if s.over() || !s.allDown() {
		return nil
	}
	s.defeated = true
	s.finish(runner.Failure, "party downed by "+cause+" (K-100)")
	return s.defeatAftermath()
}

// deadPCs counts the PCs dead now (K-101): their bodies eat nothing (K-20).
func (s *state) deadPCs() int {
	n := 0
	for _, pc := range s.k.pcs {
		if pc.dead {
			n++
		}
	}
	return n
}
