package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Detailed battle rounds (K-73..K-77, K-89..K-92): protection, friendly and enemy support
// damage, cancellation.

// supportInBlock reports whether a friendly or enemy army with support sources is in the party's block.
func (s *state) supportInBlock() bool {
	for i := range s.p.Armies {
		if s.armyBlock[i] == s.party && len(s.p.Armies[i].Support) > 0 {
			return true
		}
	}
	return false
}

func (s *state) liveBurdens() int {
	n := 0
	for _, b := range s.k.burdens {
		if !b.dead {
			n++
		}
	}
	return n
}

// round plays one detailed battle round's campaign add-ons: K-89 protection declarations, K-75
// friendly support, K-76 enemy support with K-77 cancellation and K-90, K-91 protection.
func (s *state) round(enc, n int) error {
	k := &s.k
	if s.on {
		r := &RoundEvent{Note: s.note("K-73"), Text: fmt.Sprintf("round %d", n)}
		r.Round = n
		if err := s.send(r); err != nil {
			return err
		}
	}
	// K-89: protection, declared at the start of the round; one burden per PC, one protector per burden.
	for i := range k.pcs {
		k.pcs[i].protect = -1
	}
	for bi := range k.burdens {
		b := &k.burdens[bi]
		b.protBy, b.hits = -1, 0
		if b.dead {
			continue
		}
		cs := []runner.Choice{{Name: "none", Value: -1}}
		for i, pc := range s.p.Party.PCs {
			if k.pcs[i].hp > 0 && k.pcs[i].protect < 0 { // K-92: a fainted PC cannot protect
				cs = append(cs, runner.Choice{Name: pc.Name, Value: i})
			}
		}
		if len(cs) == 1 {
			continue
		}
		req := &s.req
		*req = runner.Request{Kind: runner.KindProtect, Day: s.day, Phase: s.phase, Choices: cs,
			Block: s.p.Field.Blocks[s.party].ID, Encounter: s.p.Party.Burdens[bi].Name}
		c, err := s.decide(req)
		if err != nil {
			return err
		}
		if v := cs[c].Value; v >= 0 {
			b.protBy = v
			k.pcs[v].protect = bi
			if s.on {
				r := &ProtectEvent{Note: s.note("K-89"), Text: fmt.Sprintf("%s protects burden %s this round", s.p.Party.PCs[v].Name, s.p.Party.Burdens[bi].Name)}
				r.Burden, r.Protector = s.p.Party.Burdens[bi].Name, s.p.Party.PCs[v].Name
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	clear(k.pcHits)
	// The seed: 「ＰＣ側の支援ダメージは、ＰＣ全員の手番が終了した後」 and 「魔物側の支援ダメージは、
	// 魔物すべての手番が終了した後」: each side's support follows its own side's turns, so the side
	// that acts first in the round (initiative, 先制判定) has its support resolved first.
	if k.monstersFirst {
		if err := s.enemySupport(); err != nil || s.over() || s.allDown() {
			return err // every PC down: no PC turn, no target chosen (K-100 follows)
		}
		return s.friendlySupport(enc)
	}
	if err := s.friendlySupport(enc); err != nil || s.over() {
		return err
	}
	return s.enemySupport()
}

// friendlySupport implements K-75 for one round against encounter enc: after the PCs' turns, the
// PCs choose a target per instance of every friendly army in the block.
func (s *state) friendlySupport(enc int) error {
	// K-75: friendly support, after the PCs' turns: the PCs choose a target per instance, never one
	// twice in a round; an instance with no target left is lost. Always magic. Monsters' HP is not
	// simulated (PC combat is outside the runner): the damage is rolled and recorded.
	for _, ai := range s.r.friendly {
		a := &s.p.Armies[ai]
		if s.armyBlock[ai] != s.party {
			continue
		}
		for _, src := range a.Support {
			cs := []runner.Choice{}
			for _, name := range s.monsterNames(enc) {
				if !s.targeted(name) {
					cs = append(cs, runner.Choice{Name: name})
				}
			}
			if len(cs) == 0 {
				if s.on {
					r := &SupportEvent{Note: s.note("K-75"), Text: fmt.Sprintf("the support of %s, %s, has no target left this round: lost", a.ID, src)}
					r.Army, r.Side = a.ID, "friendly"
					if err := s.send(r); err != nil {
						return err
					}
				}
				continue
			}
			cs = append(cs, runner.Choice{Name: "none"})
			req := &s.req
			*req = runner.Request{Kind: runner.KindTarget, Day: s.day, Phase: s.phase, Choices: cs,
				Block: s.p.Field.Blocks[s.party].ID, Army: a.ID, Encounter: s.p.Encounters[enc].ID}
			c, err := s.decide(req)
			if err != nil {
				return err
			}
			tgt := cs[c].Name
			if tgt == "none" {
				continue
			}
			s.targets = append(s.targets, tgt)
			res, err := s.power(src, "support "+a.ID)
			if err != nil {
				return err
			}
			if s.on {
				r := &SupportEvent{Note: s.note("K-75"), Text: fmt.Sprintf("the support of %s hits %s: %s magic", a.ID, tgt, res)}
				r.Army, r.Side, r.Target, r.Roll, r.Damage = a.ID, "friendly", tgt, res.String(), max(res.Total, 0)
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	s.targets = s.targets[:0]
	return nil
}

// enemySupport implements K-76 for one round: after the monsters' turns, every instance of every
// enemy army in the block at a party member, with K-77 cancellations.
func (s *state) enemySupport() error {
	k := &s.k
	// K-76: enemy support, after the monsters' turns.
	cancels := 0
	for _, ai := range s.r.enemy {
		a := &s.p.Armies[ai]
		if s.armyBlock[ai] != s.party {
			continue
		}
		for _, src := range a.Support {
			t, err := s.enemyTarget(a.ID)
			if err != nil {
				return err
			}
			if t == noTarget {
				continue
			}
			if s.over() {
				return nil
			}
			// K-77: a friendly army in the block may cancel it, after the target is chosen.
			if fr := s.canceller(cancels); fr >= 0 {
				req := &s.req
				*req = runner.Request{Kind: runner.KindCancel, Day: s.day, Phase: s.phase, Choices: yesNo[:],
					Block: s.p.Field.Blocks[s.party].ID, Army: s.p.Armies[fr].ID, Title: a.ID, Encounter: s.targetName(t)}
				c, err := s.decide(req)
				if err != nil {
					return err
				}
				if yesNo[c].Value == 1 {
					cancels++
					before := s.armyStr[fr]
					if s.on {
						r := &CancelEvent{Note: s.note("K-77"), Text: fmt.Sprintf("%s cancels the instance of %s aimed at %s (1d%d = %d): strength %d -> %d", s.p.Armies[fr].ID, a.ID, s.targetName(t), k.targetOf, k.targetDie, before, max(before-CancelCost, 0))}
						r.Army, r.Target, r.Before, r.After = s.p.Armies[fr].ID, s.targetName(t), before, max(before-CancelCost, 0)
						r.Die, r.Among = k.targetDie, k.targetOf
						if err := s.send(r); err != nil {
							return err
						}
					}
					if err := s.changeStrength(fr, -CancelCost, "K-77"); err != nil || s.over() {
						return err
					}
					continue
				}
			}
			res, err := s.power(src, "support "+a.ID)
			if err != nil {
				return err
			}
			if err := s.applyEnemySupport(a, t, res); err != nil {
				return err
			}
		}
	}
	return nil
}

// noTarget means no party member could be targeted.
const noTarget = -1 << 20

// enemyTarget implements K-76: uniformly among the eligible members (PCs not fainted, NPCs and
// burdens alive, Default; Rules.SupportSparesNPCs leaves burdens out) with the fewest instances this
// round. PCs are targets 0..n-1, burdens -1-b. The die rolled is recorded with the target.
func (s *state) enemyTarget(army string) (int, error) {
	k := &s.k
	best := 1 << 30
	var cand []int
	consider := func(t, hits int) {
		if hits < best {
			best, cand = hits, cand[:0]
		}
		if hits == best {
			cand = append(cand, t)
		}
	}
	for i := range k.pcs {
		if k.pcs[i].hp > 0 {
			consider(i, k.pcHits[i])
		}
	}
	if !k.rules.SupportSparesNPCs {
		for b := range k.burdens {
			if !k.burdens[b].dead {
				consider(-1-b, k.burdens[b].hits)
			}
		}
	}
	if len(cand) == 0 {
		if s.on {
			r := &SupportEvent{Note: s.note("K-76"), Text: fmt.Sprintf("the support of %s finds no target", army)}
			r.Army, r.Side = army, "enemy"
			return noTarget, s.send(r)
		}
		return noTarget, nil
	}
	pick := 0
	k.targetDie, k.targetOf = 0, len(cand)
	if len(cand) > 1 {
		f, err := s.roll(len(cand), "support target")
		if err != nil {
			return 0, err
		}
		pick = f - 1
		k.targetDie = f
	}
	t := cand[pick]
	if t >= 0 {
		k.pcHits[t]++
	} else {
		k.burdens[-1-t].hits++ // K-91: the burden's count rises even when its protector takes it
	}
	return t, nil
}

func (s *state) targetName(t int) string {
	if t >= 0 {
		return s.p.Party.PCs[t].Name
	}
	return s.p.Party.Burdens[-1-t].Name
}

// canceller returns the friendly army in the party's block that may cancel now (K-77), or -1.
func (s *state) canceller(done int) int {
	if lim := s.k.rules.CancelLimit; lim > 0 && done >= lim {
		return -1
	}
	for _, i := range s.r.friendly {
		if s.armyBlock[i] == s.party && s.armyStr[i] > 0 {
			if s.k.rules.NoCancelToZero && s.armyStr[i] <= CancelCost {
				continue
			}
			return i
		}
	}
	return -1
}

// applyEnemySupport applies an enemy support instance to target t: physical damage is reduced by the
// defense of whoever takes it (K-87: a burden's is 2), magic is not; a protected burden's protector
// may take it (K-90, chosen each time; K-74: burden protection applies to support damage).
func (s *state) applyEnemySupport(a *plan.Army, t int, res dice.PowerResult) error {
	kind := "magic"
	if a.SupportPhysical {
		kind = "physical"
	}
	calc := max(res.Total, 0)
	victim := t
	if t < 0 {
		b := &s.k.burdens[-1-t]
		if pi := b.protBy; pi >= 0 && s.k.pcs[pi].hp > 0 { // K-92
			req := &s.req
			*req = runner.Request{Kind: runner.KindTake, Day: s.day, Phase: s.phase, Choices: noYes[:],
				Block: s.p.Field.Blocks[s.party].ID, Army: s.p.Party.PCs[pi].Name, Encounter: s.p.Party.Burdens[-1-t].Name}
			c, err := s.decide(req)
			if err != nil {
				return err
			}
			if noYes[c].Value == 1 {
				victim = pi
			}
		}
	}
	dmg := calc
	if kind == "physical" {
		if victim >= 0 {
			dmg = max(calc-s.p.Party.PCs[victim].Defense, 0)
		} else {
			dmg = max(calc-BurdenDefense, 0)
		}
	}
	if s.on {
		who := s.targetName(victim)
		extra := ""
		if victim != t {
			extra = ", " + who + " takes it (K-90)"
		}
		after := 0
		if victim >= 0 {
			after = s.k.pcs[victim].hp - dmg
		} else {
			after = s.k.burdens[-1-victim].hp - dmg
		}
		chosen := "the only target"
		if s.k.targetDie > 0 {
			chosen = fmt.Sprintf("1d%d = %d", s.k.targetOf, s.k.targetDie)
		}
		r := &SupportEvent{Note: s.note("K-76"), Text: fmt.Sprintf("the support of %s hits %s (%s)%s: %s %s, %d applied, %d HP left", a.ID, s.targetName(t), chosen, extra, res, kind, dmg, after)}
		r.Army, r.Side, r.Target, r.Victim, r.Roll, r.Damage, r.After = a.ID, "enemy", s.targetName(t), who, res.String(), dmg, after
		r.Die, r.Among = s.k.targetDie, s.k.targetOf
		if err := s.send(r); err != nil {
			return err
		}
	}
	if victim >= 0 {
		return s.hurtPC(victim, dmg, "K-76")
	}
	return s.hurtBurden(-1-victim, dmg, "K-76")
}

// monsterNames lists the monsters of encounter e present (named ones defeated earlier are gone),
// "Boggard" or "Boggard 1", "Boggard 2" when a line has several.
func (s *state) monsterNames(e int) []string {
	var out []string
	for j, m := range s.p.Encounters[e].Monsters {
		if s.k.named[e][j] || (s.k.onlyStayers && !m.Stays) {
			continue // K-67: defeated earlier; K-81: fled
		}
		if m.Count == 1 {
			out = append(out, m.Name)
			continue
		}
		for n := 1; n <= m.Count && n <= 100; n++ {
			out = append(out, fmt.Sprintf("%s %d", m.Name, n))
		}
	}
	return out
}

func (s *state) targeted(name string) bool {
	for _, t := range s.targets {
		if t == name {
			return true
		}
	}
	return false
}
