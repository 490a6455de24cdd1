package karzoral

import "github.com/sortie-rpg/sortie/runner"

// What a run is given (Options, Carry) and what it returns (Result).

// Options configure one run: the options of every engine (runner.Options) and what only the
// Karzoral engine reads.
type Options struct {
	runner.Options
	// Rules, if set, replaces the plan's rule options (plan.Plan.Options): the Defaults of
	// RULES.md's Ambiguities, each switchable.
	Rules *Rules
	// Carry, if set, is what a campaign carries into this run (K-67): nil for a lone scenario.
	Carry *Carry
}

// Carry is what earlier sorties of a campaign leave to this run of a scenario (K-67, K-68).
type Carry struct {
	// Midpoints are midpoint objectives cleared by an earlier, failed attempt (K-67): each counts
	// as cleared from the start and gives no XP or growth again. Without Resume the retry starts
	// over from day 1 (the players declined to resume): nothing else is carried, so the party
	// must do again what led there.
	Midpoints []string
	// NamedDead are named monsters defeated earlier in the campaign: they never reappear (K-67).
	NamedDead []string
	// FailureXP, when above 0, is the campaign's failure XP for this scenario: it replaces the
	// plan's (K-66).
	FailureXP int
	// Resume, if set, is the midpoint an earlier attempt cleared (its Result.Midpoint): the retry
	// resumes there (K-67) with fresh armies (K-68), the players having taken that option. Its
	// objective should also be in Midpoints.
	Resume *Midpoint
}

// Result is how a run ended (runner.Ending: Outcome, Day, Reason) and the state at the end.
type Result struct {
	runner.Ending
	Party      string            // the party's block id at the end
	Rations    int               // rations left
	Armies     []ArmyResult      // in plan order
	Objectives []ObjectiveResult // objectives reached, in the order reached
	Events     []EventResult     // events that fired, in plan order

	// The Karzoral add-ons: PCs and burdens at the end (in plan order; nil for a members-only
	// party), light left (K-58), and the named monsters defeated (K-67: a retry never meets them).
	PCs           []PCResult
	Burdens       []BurdenResult
	Torches, Oil  int
	NamedDefeated []string
	// Defeated: the party was defeated (K-100): every PC but the angel is dead (K-102).
	Defeated bool
	// XP is what each PC earned in the run apart from its own fumbles: every growth's achievement
	// XP, monster XP and remaining-strength bonus (K-61..K-63), and the failure XP on a failure
	// (K-66). It is every PC's XP for a plan without PCs (members only); with PCs, each one's is in
	// PCs (fumbles included, K-5).
	XP int
	// Money is the gamels the party looted (K-98): the campaign puts them in its purse.
	Money int
	// Midpoint is the state when this run cleared its midpoint, nil if it did not (K-67): what a
	// retry resumes from (Carry.Resume). It belongs to the Runner (see Midpoint).
	Midpoint *Midpoint
}

// PCResult is a PC at the end of a run: HP (hp) and the XP gained in the run (K-61, K-66).
type PCResult struct {
	Name   string
	HP, XP int
}

// BurdenResult is a burden at the end of a run (K-87, K-88).
type BurdenResult struct {
	Name      string
	HP, MaxHP int
	Dead      bool
}

// ArmyResult is an army at the end of a run.
type ArmyResult struct {
	ID       string
	Strength int
	Block    string // "" when not on the field
	OnField  bool
}

// ObjectiveResult is an objective reached (K-60: midpoint, clear; or a failure objective).
type ObjectiveResult struct {
	ID      string
	Outcome string // "success" | "midpoint" | "failure"
	XP      int
	Day     int
}

// EventResult is an event that fired.
type EventResult struct {
	ID    string
	Fired int
}
