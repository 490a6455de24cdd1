package replay

import (
	"encoding/json"
	"fmt"
)

// playersOnly makes p a players-only page: only what the players learned during the run is in
// it, so the file can be handed to them (not merely a view that hides the GM's data).
//   - Events: those for everyone and for the party; the GM's (audience gm, and the ones the
//     page's fog gives the GM: a hidden stand's moves, an unseen enemy march) are dropped, with
//     their transcript lines, and the steps' event ranges renumbered. An event with a players'
//     text (page.PLines) keeps that text only, and its players' JSON line (page.pEvents) if any.
//   - Marks: each step's players' marks become its only marks (K-23: the armies where last
//     seen; U-50/U-80: no hidden enemy; a hex run's enemies as last seen); the status is the
//     players' line.
//   - Chart: the GM's series (army strengths, an enemy's hp, a clash unit's stands where the
//     players count otherwise) are dropped.
//   - Karzoral maps: a box the party never opened in the run (still fogged at the last step
//     that shows its map, K-31) is drawn blank: its blocks' ids, names and terrain are not in
//     the file.
//
// Errors: a page with no players' view (a Pathfinder battle file names no players' side; a
// clash battle whose two generals are both the DM, U-78).
func playersOnly(p *page) error {
	for _, s := range p.Steps {
		if s.Party == nil && p.Rules != "karzoral" && p.Rules != "campaign" {
			why := "it has no players' view"
			switch p.Rules {
			case "pfbattle":
				why = "a Pathfinder battle file names no players' side"
			case "clash":
				why = "both sides' general is the DM (U-78)"
			}
			return fmt.Errorf("no players-only page: %s", why)
		}
	}
	// Events: keep all and party, renumber.
	newIdx := make([]int, len(p.Events)+1)
	var events []json.RawMessage
	var lines, aud []string
	for i := range p.Events {
		newIdx[i] = len(events)
		if p.Aud[i] == "gm" {
			continue
		}
		if ev, ok := p.pEvents[i]; ok {
			p.Events[i] = ev
		}
		events = append(events, p.Events[i])
		if l, ok := p.PLines[i]; ok {
			p.Lines[i] = l
		}
		lines = append(lines, p.Lines[i])
		aud = append(aud, p.Aud[i])
	}
	newIdx[len(p.Events)] = len(events)
	p.Events, p.Lines, p.Aud, p.PLines, p.pEvents = events, lines, aud, nil, nil
	for i := range p.Steps {
		s := &p.Steps[i]
		s.First, s.End = newIdx[s.First], newIdx[s.End]
		s.GM, s.Party = s.Party, nil // checked above: every step has the players' marks (Karzoral: nil is none)
		if s.PartyStatus != "" {
			s.Status = s.PartyStatus
		}
		s.PartyStatus = ""
	}
	// Chart: everyone's series only.
	var keep []series
	for _, s := range p.Chart.Series {
		if s.Aud != "gm" {
			s.twin = false // its GM twin is gone: it has a legend place of its own
			keep = append(keep, s)
		}
	}
	p.Chart.Series = keep
	// Karzoral maps: boxes never opened drawn blank.
	for k := range p.Maps {
		m := &p.Maps[k]
		if m.plan == nil {
			continue
		}
		hide := map[int]bool{}
		shown := false
		for _, s := range p.Steps {
			if s.Map == k {
				shown = true
				hide = map[int]bool{}
				for _, c := range s.Fog {
					hide[c] = true
				}
			}
		}
		if !shown {
			for i, bl := range m.plan.Field.Blocks {
				if bl.Box >= 0 {
					hide[i] = true
				}
			}
		}
		*m = karzoralMapHiding(k, m.plan, hide)
	}
	p.Only = "party"
	return nil
}
