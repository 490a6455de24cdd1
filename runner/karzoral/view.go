package karzoral

import "github.com/sortie-rpg/sortie/compiler/plan"

// View is a read-only look at the state of a run (the transcript's field map and summary read it).
// It is valid only while the event that carries it is written.
type View struct {
	s *state
}

// Plan returns the plan being run.
func (v *View) Plan() *plan.Plan { return v.s.p }

// Day returns the day counter (0 before the first start phase).
func (v *View) Day() int { return v.s.day }

// Party returns the party's block index.
func (v *View) Party() int { return v.s.party }

// Rations returns the rations left (K-20).
func (v *View) Rations() int { return v.s.rations }

// Army returns army i's block (-1 when not on the field) and strength.
func (v *View) Army(i int) (block, strength int) { return v.s.armyBlock[i], v.s.armyStr[i] }

// Revealed reports whether block b's terrain is known (K-30, K-31).
func (v *View) Revealed(b int) bool { return v.s.revealed.has(b) }

// Flag reports whether flag i is set.
func (v *View) Flag(i int) bool { return v.s.flags.has(i) }

// Checked reports whether episode face f (1..6) is checked (K-36).
func (v *View) Checked(f int) bool { return f >= 1 && f <= 6 && v.s.checked&(1<<(f-1)) != 0 }

// Fired returns how many times event i fired.
func (v *View) Fired(i int) int { return int(v.s.fired[i]) }

// Reached returns the day objective i was reached, or 0.
func (v *View) Reached(i int) int { return int(v.s.reached[i]) }

// Outcome returns the outcome so far ("" while the run goes on) and its reason.
func (v *View) Outcome() (outcome, reason string) { return v.s.outcome, v.s.reason }

// PC returns PC i's current HP and the XP it gained in this run (K-61, K-66).
func (v *View) PC(i int) (hp, xp int) { return v.s.k.pcs[i].hp, v.s.k.pcs[i].xp }

// PCDead reports whether PC i is dead (K-100, K-101): not after a resurrection (K-14).
func (v *View) PCDead(i int) bool { return v.s.k.pcs[i].dead }

// Burden returns burden i's HP, max HP and whether it is dead (K-87, K-88).
func (v *View) Burden(i int) (hp, max int, dead bool) {
	b := &v.s.k.burdens[i]
	return b.hp, b.max, b.dead
}

// Light returns the torches and flasks of lantern oil left (K-58).
func (v *View) Light() (torches, oil int) { return v.s.k.torches, v.s.k.oil }

// Traversal returns the area the party is traversing (-1 in normal mode) and its progress (K-45).
func (v *View) Traversal() (area, progress int) { return v.s.k.trav, v.s.k.progress }
