package karzoral

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// The fog of war (K-23): what the players know. 「【友軍】【蛮族軍】ともに、離れた場所にいるＰＣがその
// 存在、及び移動を知るには、魔動天使がエンジェルオーダー【〆航天俯瞰】を使用しなければなりません」:
// the players learn of armies elsewhere only by the angel's aerial survey or when the scenario tells
// them. K-23 Default: the party's own block and its accompanying army are in view; everything else
// is hidden. K-30: the terrain of every block outside a box is known; K-31: a box's once entered.

// PlayerView is the players' knowledge during a run: the party and its block, the map as far as it
// is known (K-30, K-31), the armies as last seen (K-23), the flags, episodes, objectives and the
// traversal. Prompts, the players' transcript and map, and every policy read it (a decision's
// runner.Request.View); it never shows what the party could not know. It is a window on the live
// run: valid only while the decision or the event that carries it is handled.
type PlayerView struct {
	s *state
}

// BlockInfo is a block as the players know it.
type BlockInfo struct {
	ID, Name string
	Kind     string // "base" | "trail" | "block"
	At       [2]int // [x, y]
	Known    bool   // its terrain is known (K-30; a box's once entered, K-31)
	Terrain  string // "" unless Known
	Dark     bool   // needs light (K-57); false unless Known
	Box      string // the hidden box it belongs to, "" for none
}

// ArmyInfo is an army as the players last saw it (K-23).
type ArmyInfo struct {
	ID, Name string
	Friendly bool
	Seen     bool // seen at least once in this run
	InView   bool // in the party's block now (or riding with it)
	Gone     bool // seen beaten, destroyed or leaving the field
	Block    int  // the block it was last seen in, -1 if never seen or gone
	Day      int  // the day it was last seen, 0 if never
	Strength int  // its strength when last seen; 0: not known (seen by a survey or a reveal, K-23)
	// StrengthDay is the day Strength was learned (0 when not known): Day, or an earlier day (a
	// survey or a report since told where, not the strength, K-23), or a later one (the XP
	// settlement told it, K-63): the strength stays known until the players learn another.
	StrengthDay int
	Missed      int // the day the party stood in Block and found it gone from there, 0: not (K-23)
}

// ObjectiveInfo is an objective: the players know their objectives (the scenario's briefing).
type ObjectiveInfo struct {
	ID       string
	Outcome  string     // "success" | "midpoint" | "failure"
	XP       int        // achievement XP (K-61)
	When     *plan.Cond // its condition
	Reached  int        // the day it was reached, 0 if not
	Retained bool       // a midpoint retained from an earlier attempt (K-67)
}

// sighting is the players' last sight of an army.
type sighting struct {
	seen, gone      bool
	block, day, str int
	strDay          int // the day str was learned (0: not known); kept by a survey that tells none
	missed          int // the day the party stood in block and found the army gone from it (D3), 0: not
}

// Day returns the day (0 before the first start phase) and DayLimit the scenario's last.
func (v *PlayerView) Day() int      { return v.s.day }
func (v *PlayerView) DayLimit() int { return v.s.p.DayLimit }

// Phase returns the phase of the day.
func (v *PlayerView) Phase() runner.Phase { return v.s.phase }

// Party returns the party's block index.
func (v *PlayerView) Party() int { return v.s.party }

// Rations returns the rations left (K-20); Light the torches and flasks of oil left (K-58).
func (v *PlayerView) Rations() int              { return v.s.rations }
func (v *PlayerView) Light() (torches, oil int) { return v.s.k.torches, v.s.k.oil }

// MarchLight returns what a forced march from the party's block would burn now (K-41, K-57, K-58:
// hours, a multiple of 12, from state.marchLight, the function forcedMarchCosts charges) and
// whether the light left falls short of it, so that the march, or part of it, would be unlit
// (K-59): each 12 hours takes 6 torches or 1 flask of oil, as useLight pays them.
func (v *PlayerView) MarchLight() (hours int, short bool) {
	hours = v.s.marchLight()
	k := &v.s.k
	return hours, k.oil+k.torches/TorchesPer12h < (hours+11)/12
}

// Blocks returns the number of blocks; block indices are 0..Blocks()-1.
func (v *PlayerView) Blocks() int { return len(v.s.p.Field.Blocks) }

// Block returns block b as the players know it.
func (v *PlayerView) Block(b int) BlockInfo {
	blk := &v.s.p.Field.Blocks[b]
	bi := BlockInfo{ID: blk.ID, Name: blk.Name, Kind: blk.Kind, At: blk.At, Known: v.s.revealed.has(b)}
	if bi.Known {
		bi.Terrain, bi.Dark = blk.Terrain, blk.Dark
	}
	if blk.Box >= 0 {
		bi.Box = v.s.p.Field.Boxes[blk.Box].Name
	}
	return bi
}

// Exit returns the block one step from b in direction d (-1: none) and, when the players know it
// (the target's terrain is known, K-30, K-31, K-32), whether it may be entered from this side;
// open is true when not known.
func (v *PlayerView) Exit(b int, d plan.Dir) (to int, open, known bool) {
	ex := v.s.p.Field.Blocks[b].Exits[d]
	if ex.To < 0 {
		return -1, false, true
	}
	if !v.s.revealed.has(ex.To) {
		return ex.To, true, false
	}
	return ex.To, ex.Open, true
}

// Visited reports whether the party has stood in block b in this run.
func (v *PlayerView) Visited(b int) bool { return v.s.visited.has(b) }

// Armies returns the number of armies; Army(i) is army i as last seen.
func (v *PlayerView) Armies() int { return len(v.s.p.Armies) }

// Army returns army i as the players know it (K-23).
func (v *PlayerView) Army(i int) ArmyInfo {
	a := &v.s.p.Armies[i]
	sg := v.s.sight[i]
	ai := ArmyInfo{ID: a.ID, Name: a.Name, Friendly: a.Friendly(), Seen: sg.seen, Gone: sg.gone, Block: -1,
		Day: sg.day, Strength: sg.str, StrengthDay: sg.strDay, InView: v.s.inView(i), Missed: sg.missed}
	if sg.seen && !sg.gone {
		ai.Block = sg.block
	}
	return ai
}

// Flags returns the number of flags; FlagName and Flag give each one's name and whether it is set.
func (v *PlayerView) Flags() int            { return len(v.s.p.Flags) }
func (v *PlayerView) FlagName(i int) string { return v.s.p.Flags[i] }
func (v *PlayerView) Flag(i int) bool       { return v.s.flags.has(i) }
func (v *PlayerView) Checked(face int) bool {
	return face >= 1 && face <= 6 && v.s.checked&(1<<(face-1)) != 0
}
func (v *PlayerView) Objectives() int        { return len(v.s.p.Objectives) }
func (v *PlayerView) PCs() int               { return len(v.s.p.Party.PCs) }
func (v *PlayerView) Burdens() int           { return len(v.s.p.Party.Burdens) }
func (v *PlayerView) Fired(event int) int    { return int(v.s.fired[event]) }
func (v *PlayerView) Outcome() (o, r string) { return v.s.outcome, v.s.reason }

// Objective returns objective i.
func (v *PlayerView) Objective(i int) ObjectiveInfo {
	o := &v.s.p.Objectives[i]
	return ObjectiveInfo{ID: o.ID, Outcome: o.Outcome, XP: o.XP, When: &o.When, Reached: int(v.s.reached[i]), Retained: v.s.retained.has(i)}
}

// PC returns PC i's name, current and maximum HP (K-1).
func (v *PlayerView) PC(i int) (name string, hp, maxHP int) {
	pc := &v.s.p.Party.PCs[i]
	return pc.Name, v.s.k.pcs[i].hp, pc.HP
}

// PCDead reports whether PC i is dead (K-101; the party carries its body).
func (v *PlayerView) PCDead(i int) bool { return v.s.k.pcs[i].dead }

// Burden returns burden i's name, HP and whether it is dead (K-87, K-88).
func (v *PlayerView) Burden(i int) (name string, hp int, dead bool) {
	b := &v.s.k.burdens[i]
	return v.s.p.Party.Burdens[i].Name, b.hp, b.dead
}

// Traversal returns the area being traversed (-1 in normal mode), its progress and threshold
// (K-45, K-47).
func (v *PlayerView) Traversal() (area, progress, threshold int) {
	if a := v.s.k.trav; a >= 0 {
		return a, v.s.k.progress, v.s.p.Traversals[a].Threshold
	}
	return -1, 0, 0
}

// Brief says in a line what the players know of the armies (runner.Briefer, shown above a move at
// the prompt): those in view with their strength, and where and when the others were last seen.
// "" when no army was ever seen.
func (v *PlayerView) Brief() string {
	var in, seen []string
	for i := range v.s.p.Armies {
		a := v.Army(i)
		switch {
		case a.InView:
			in = append(in, fmt.Sprintf("%s, strength %d", a.ID, a.Strength))
		case a.Gone:
			seen = append(seen, fmt.Sprintf("%s gone (day %d)", a.ID, a.Day))
		case a.Seen && a.Missed > 0:
			seen = append(seen, fmt.Sprintf("%s left %s (seen there on day %d, gone by day %d), %s", a.ID, v.s.p.Field.Blocks[a.Block].ID, a.Day, a.Missed, strengthAsOf(a.Strength, a.StrengthDay, a.Day)))
		case a.Seen:
			seen = append(seen, fmt.Sprintf("%s at %s on day %d, %s", a.ID, v.s.p.Field.Blocks[a.Block].ID, a.Day, strengthAsOf(a.Strength, a.StrengthDay, a.Day)))
		}
	}
	var parts []string
	if len(in) > 0 {
		parts = append(parts, "here: "+strings.Join(in, "; "))
	}
	if len(seen) > 0 {
		parts = append(parts, "last seen: "+strings.Join(seen, "; "))
	}
	return strings.Join(parts, "; ")
}

// inView reports whether army i is in the party's sight now (K-23 Default: in the party's block;
// an accompanying army is always there).
func (s *state) inView(i int) bool { return s.armyBlock[i] >= 0 && s.armyBlock[i] == s.party }

// seenAt is the audience of something that happens in block b: everyone if it is the party's
// block, else the GM only (K-23).
func (s *state) seenAt(b int) runner.Audience {
	if b >= 0 && b == s.party {
		return runner.AudienceAll
	}
	return runner.AudienceGM
}

// look records the armies in the party's sight now (K-23): called after every move of the party
// or the armies, every change to an army and before every decision. The party's own block is in
// its sight (K-23 Default), so an army last seen there and not there now is known to have left it
// (issue 22 D3: the record kept it there): sighting.missed is the day it was found gone, the
// last-seen block and day stay what they were.
func (s *state) look() {
	for i := range s.sight {
		sg := &s.sight[i]
		switch {
		case s.inView(i):
			*sg = sighting{seen: true, block: s.armyBlock[i], day: s.day, str: s.armyStr[i], strDay: s.day}
		case sg.seen && !sg.gone && sg.missed == 0 && sg.block == s.party:
			sg.missed = s.day
		}
	}
}

// sightLeave records that the party watched army i march out of its block (the ArmyMoveEvent is
// seen by all and names where it went): its last sighting is that block, on this day.
func (s *state) sightLeave(i int) {
	s.sight[i] = sighting{seen: true, block: s.armyBlock[i], day: s.day, str: s.armyStr[i], strDay: s.day}
}

// sightGone records that the party saw army i leave the field (beaten, destroyed, removed in its
// block).
func (s *state) sightGone(i int) {
	s.sight[i] = sighting{seen: true, gone: true, block: -1, day: s.day, str: s.armyStr[i], strDay: s.day}
}

// survey implements the Angel Order aerial survey (【〆航天俯瞰】, K-23) and the scenario's reveal of
// one army (army >= 0): the players learn where the armies on the field stand now, not their
// strength (the seed: 「その存在、及び移動」; Rules.SurveyStrength tells it too): a strength they
// learned before stays known, with its day (issue 23 review D8: the survey made it "unknown"). It
// writes a SightingEvent (seen by all).
func (s *state) survey(army int, source string) error {
	for i := range s.sight {
		if army >= 0 && i != army {
			continue
		}
		if s.armyBlock[i] >= 0 {
			// K-23: the seed's 「その存在、及び移動」: where it is, not its strength (the one last
			// learned stays, with its day), unless the rules say the survey tells it
			// (Rules.SurveyStrength).
			str, strDay := s.sight[i].str, s.sight[i].strDay
			if s.k.rules.SurveyStrength || s.inView(i) { // in the party's block: seen anyway
				str, strDay = s.armyStr[i], s.day
			}
			s.sight[i] = sighting{seen: true, block: s.armyBlock[i], day: s.day, str: str, strDay: strDay}
		}
	}
	if !s.on {
		return nil
	}
	if s.ev.sighted == nil {
		s.ev.sighted = []ArmySeen{}
	}
	e := reuse(&s.ev.sighting, SightingEvent{At: s.at(), Source: source, Armies: s.ev.sighted[:0]})
	for i := range s.sight {
		if (army < 0 || i == army) && s.armyBlock[i] >= 0 {
			e.Armies = append(e.Armies, s.armySeen(i))
		}
	}
	s.ev.sighted = e.Armies
	if army >= 0 && s.armyBlock[army] < 0 {
		e.Missing = s.p.Armies[army].ID
	}
	return s.send(e)
}

// strengthWord is "strength N", or "strength unknown" for 0 (a sighting from a survey, K-23: an
// army on the field always has strength above 0).
func strengthWord(n int) string {
	if n <= 0 {
		return "strength unknown"
	}
	return fmt.Sprintf("strength %d", n)
}

// strengthAsOf is strengthWord for a sighting of day whose strength was learned on day known:
// "strength N on day D" when that is another day (K-23: a survey since told where, not the
// strength; K-63: the XP settlement told it).
func strengthAsOf(n, known, day int) string {
	if n > 0 && known > 0 && known != day {
		return fmt.Sprintf("strength %d on day %d", n, known)
	}
	return strengthWord(n)
}

// settleSight records that the XP settlement at a growth told the players the strength of every
// friendly army on the field (K-63: the remaining-strength bonus is 10 x it, issue 23 review D8);
// where it stands stays as last seen.
func (s *state) settleSight() {
	for _, i := range s.r.friendly {
		if s.armyBlock[i] >= 0 {
			s.sight[i].str, s.sight[i].strDay = s.armyStr[i], s.day
		}
	}
}

// armySeen is army i's entry in a sighting or the players' day end.
func (s *state) armySeen(i int) ArmySeen {
	sg := s.sight[i]
	a := ArmySeen{ID: s.p.Armies[i].ID, Day: sg.day, Strength: sg.str, InView: s.inView(i), Missed: sg.missed}
	if sg.str > 0 && sg.strDay != sg.day {
		a.StrengthDay = sg.strDay
	}
	if !sg.gone {
		a.Block = &s.p.Field.Blocks[sg.block].ID
	}
	return a
}
