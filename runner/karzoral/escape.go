package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Escape after fleeing (K-93..K-97) and the party's defeat (K-100..K-102).

// escape implements K-93..K-97 after the party flees: burdens are carried (spread evenly over the PCs
// able to act, counts differing by at most 1; an uncarried burden is lost); each PC able to act rolls
// 2d6 + adventurer level + agility bonus - 2 per burden carried (Default; Rules.BurdenPenaltyFlat)
// vs TN = the highest monster level + 2d6 (rolled per PC, Default; Rules.EscapeTNOnce); a failure
// takes pursuit damage from the scenario's table (magic, nothing reduces it, K-95). The escape always
// succeeds; a PC downed by the pursuit collapses afterwards. No monster XP (K-96). Runner
// judgement: a PC already down (0 HP or less) does not roll and carries nobody; it is taken along.
func (s *state) escape(enc int) error {
	if !s.hasPCs() {
		return nil
	}
	k := &s.k
	lvl := s.maxLevel(enc)
	var able []int
	for i := range k.pcs {
		if k.pcs[i].hp > 0 {
			able = append(able, i)
		}
	}
	carried := make([]int, len(k.pcs))
	nb := 0
	for bi := range k.burdens {
		if k.burdens[bi].dead {
			continue
		}
		if len(able) == 0 {
			k.burdens[bi].dead = true
			if s.on {
				name := s.p.Party.Burdens[bi].Name
				r := &HPEvent{Note: s.note("K-97"), Text: fmt.Sprintf("nobody can carry burden %s: it is lost", name)}
				r.Who, r.Result = name, "lost"
				if err := s.send(r); err != nil {
					return err
				}
			}
			continue
		}
		// K-97: the players choose who takes the burden on (the seed: 「誰も足手まといを引き受けなかった
		// 場合、その足手まといはその場で失われます」), among the able PCs carrying the fewest so far
		// (spread as evenly as possible), or leave it: it is lost. Optional: the Default is the
		// even spread in turn (able[nb % n]).
		c := able[nb%len(able)]
		fewest := carried[c]
		for _, i := range able {
			fewest = min(fewest, carried[i])
		}
		cs := make([]runner.Choice, 0, len(able)+1) // an escape with burdens is rare: no buffer
		def := 0
		for _, i := range able {
			if carried[i] == fewest {
				if i == c {
					def = len(cs)
				}
				cs = append(cs, runner.Choice{Name: s.p.Party.PCs[i].Name, Value: i})
			}
		}
		cs = append(cs, runner.Choice{Name: "leave", Value: -1, Note: "nobody carries it: it is lost"})
		req := &s.req
		*req = runner.Request{Kind: runner.KindProtect, Day: s.day, Phase: s.phase, Choices: cs, Cause: "escape",
			Block: s.p.Field.Blocks[s.party].ID, Encounter: s.p.Party.Burdens[bi].Name, Optional: true, Default: def}
		pick, err := s.decide(req)
		if err != nil {
			return err
		}
		if pick < 0 {
			pick = def
		}
		if c = cs[pick].Value; c < 0 {
			k.burdens[bi].dead = true
			if s.on {
				name := s.p.Party.Burdens[bi].Name
				r := &HPEvent{Note: s.note("K-97"), Text: fmt.Sprintf("nobody takes burden %s on: it is lost", name)}
				r.Who, r.Result = name, "lost"
				if err := s.send(r); err != nil {
					return err
				}
			}
			continue
		}
		nb++
		carried[c]++
		if s.on {
			r := &EscapeEvent{Note: s.note("K-97"), Text: fmt.Sprintf("%s carries burden %s", s.p.Party.PCs[c].Name, s.p.Party.Burdens[bi].Name)}
			r.PC, r.Burden = s.p.Party.PCs[c].Name, s.p.Party.Burdens[bi].Name
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	var once [2]int
	if k.rules.EscapeTNOnce {
		d, err := s.roll2d6("escape TN")
		if err != nil {
			return err
		}
		once = d
	}
	for _, i := range able {
		pc := &s.p.Party.PCs[i]
		tnd := once
		if !k.rules.EscapeTNOnce {
			d, err := s.roll2d6("escape TN")
			if err != nil {
				return err
			}
			tnd = d
		}
		tn := lvl + tnd[0] + tnd[1]
		pen := CarryPenalty * carried[i]
		if k.rules.BurdenPenaltyFlat && carried[i] > 0 {
			pen = CarryPenalty
		}
		if s.on {
			r := &EscapeEvent{Note: s.note("K-94"), Text: fmt.Sprintf("%s: escape TN = highest monster level %d + [%d,%d] = %d", pc.Name, lvl, tnd[0], tnd[1], tn)}
			r.PC, r.Dice, r.TN = pc.Name, tnd, tn
			if err := s.send(r); err != nil {
				return err
			}
		}
		ok, err := s.check(i, pc.Level+pc.Agility-pen, tn, "escape", "K-94")
		if err != nil {
			return err
		}
		if ok {
			continue
		}
		row := pursuitRow(s.p.Pursuit, lvl)
		if row == "" {
			if s.on {
				r := &EscapeEvent{Note: s.note("K-95"), PC: pc.Name, Text: pc.Name + " fails but the scenario has no pursuit damage table: no damage"}
				if err := s.send(r); err != nil {
					return err
				}
			}
			continue
		}
		res, err := s.power(row, "pursuit")
		if err != nil {
			return err
		}
		dmg := max(res.Total, 0)
		after := k.pcs[i].hp - dmg
		if s.on {
			r := &EscapeEvent{Note: s.note("K-95"), Text: fmt.Sprintf("%s takes pursuit damage %s magic (not reducible), %d HP left", pc.Name, res, after)}
			r.PC, r.Roll, r.Damage, r.After = pc.Name, res.String(), dmg, after
			if err := s.send(r); err != nil {
				return err
			}
		}
		k.pcs[i].hp = after
		if after <= 0 && s.on {
			r := &HPEvent{Note: s.note("K-95"), Text: fmt.Sprintf("%s gets away and collapses afterwards", pc.Name)}
			r.Who, r.After, r.Result = pc.Name, after, "collapsed"
			if err := s.send(r); err != nil {
				return err
			}
		}
		if dmg > 0 && after <= 0 {
			// The seed: 「追撃ダメージによって気絶・死亡してしまった場合でも、取り残されることだけは
			// ありません」: the PC gets away, then its life check says fainted or dead (K-101).
			if err := s.lifeCheck(i, "K-95"); err != nil {
				return err
			}
		}
	}
	return nil
}

// pursuitRow returns the damage of the last row whose Level is at most lvl (the first row if lvl is
// below every row), "" for an empty table (K-95).
func pursuitRow(rows []plan.PursuitRow, lvl int) string {
	if len(rows) == 0 {
		return ""
	}
	out := rows[0].Damage
	for _, r := range rows {
		if r.Level <= lvl {
			out = r.Damage
		}
	}
	return out
}

// defeatAftermath implements K-100..K-102: all PCs die and the scenario fails; the angel revives the
// next morning by itself (K-102) and carries the bodies to the nearest base at 1 block a day (K-101).
func (s *state) defeatAftermath() error {
	for i := range s.k.pcs {
		s.k.pcs[i].hp = min(s.k.pcs[i].hp, 0)
		s.k.pcs[i].dead = true // K-100: 「ＰＣは全員死亡します」 (the angel revives, K-102)
	}
	if !s.on {
		return nil
	}
	base, dist := s.nearestBase()
	text := "all PCs die" // the event carries K-100
	if s.hasPCs() {
		angel := "the angel"
		for _, pc := range s.p.Party.PCs {
			if pc.Angel {
				angel = pc.Name
			}
		}
		text += fmt.Sprintf("; %s revives on the morning of day %d, gains impurity and despair (K-102)", angel, s.day+1)
		if base >= 0 {
			text += fmt.Sprintf(", and carries the bodies to base %s, %d blocks away, arriving on day %d (K-101)", s.p.Field.Blocks[base].ID, dist, s.day+1+dist)
		}
	}
	r := &DefeatEvent{Note: s.note("K-100"), Text: text}
	if base >= 0 {
		r.Base, r.Distance = s.p.Field.Blocks[base].ID, dist
	}
	return s.send(r)
}

// nearestBase finds the base nearest to the party by moves (breadth first over open exits), -1 if none.
func (s *state) nearestBase() (int, int) {
	nb := len(s.p.Field.Blocks)
	dist := make([]int, nb)
	for i := range dist {
		dist[i] = -1
	}
	q := []int{s.party}
	dist[s.party] = 0
	for len(q) > 0 {
		b := q[0]
		q = q[1:]
		if s.p.Field.Blocks[b].Kind == "base" {
			return b, dist[b]
		}
		for _, ex := range s.p.Field.Blocks[b].Exits {
			if ex.To >= 0 && ex.Open && dist[ex.To] < 0 {
				dist[ex.To] = dist[b] + 1
				q = append(q, ex.To)
			}
		}
	}
	return -1, 0
}
