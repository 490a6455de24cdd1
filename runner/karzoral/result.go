package karzoral

import (
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

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
	// Shop is the campaign's price list for shopping at a base mid-scenario (K-12): the items that
	// add rations, torches or oil, the scenario's own (plan.Plan.Shop) replacing those of the same
	// ID; Purse the gamels the party has to spend (the scenario's party.money is for a lone run).
	// Shopping is a decision paid from the purse (Result.Purchases); with no price list at all,
	// nothing is on sale.
	Shop  []plan.Item
	Purse int
	// ResurrectionCost is the campaign's price of a resurrection (K-14); 0: 10,000 gamels.
	ResurrectionCost int
	// Resume, if set, is the midpoint an earlier attempt cleared (its Result.Midpoint): the retry
	// resumes there (K-67) with fresh armies (K-68), the players having taken that option. Its
	// objective should also be in Midpoints.
	Resume *Midpoint
	// PCs are the names of the campaign's PCs that sortie alive (K-1), in campaign order. A plan
	// without a PCs list (members only) names them in its XP lines, where it would say "each
	// PC" or "the party" (K-61, K-66); the XP itself is Result.XP, the same for each. A plan with
	// PCs names its own and ignores them.
	PCs []string
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
	// Complete: the failure was complete (K-25: a friendly army wiped out): no XP was settled at
	// the end, failure XP included (a midpoint settled earlier keeps its XP, K-67).
	Complete bool
	// XP is what each PC earned in the run apart from its own fumbles: every growth's achievement
	// XP, monster XP and remaining-strength bonus (K-61..K-63), and the failure XP on a failure
	// (K-66). It is every PC's XP for a plan without PCs (members only); with PCs, each one's is in
	// PCs (fumbles included, K-5).
	XP int
	// Money is the gamels the party looted (K-98): the campaign puts them in its purse.
	Money int
	// Purchases are the items bought at bases mid-scenario (K-12), in order: the campaign's
	// ledger charges each (Carry.Shop, Carry.Purse).
	Purchases []Purchase
	// Resurrections are the PCs resurrected at bases mid-scenario (K-14), in order: the campaign's
	// ledger charges each (what the purse paid) and books what was borrowed.
	Resurrections []Resurrection
	// Midpoint is the state when this run cleared its midpoint, nil if it did not (K-67): what a
	// retry resumes from (Carry.Resume). It belongs to the Runner (see Midpoint).
	Midpoint *Midpoint
}

// PCResult is a PC at the end of a run: HP (hp), the XP gained in the run (K-61, K-66), and
// whether it is dead (K-100, K-101; a PC resurrected at a base, K-14, is not).
type PCResult struct {
	Name   string
	HP, XP int
	Dead   bool
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

// resultBuf keeps the lists of a Runner's Result between runs.
type resultBuf struct {
	armies  []ArmyResult
	objs    []ObjectiveResult
	events  []EventResult
	pcs     []PCResult
	burdens []BurdenResult
	named   []string
}

// orNil is l, or nil when it is empty (a Result's absent list is nil, as before it was reused).
func orNil[T any](l []T) []T {
	if len(l) == 0 {
		return nil
	}
	return l
}

// result fills the Runner's Result (its lists in the Runner's buffers: valid until the next Run).
func (s *state) result() *Result {
	p := s.p
	r := s.r
	b := &r.buf
	b.armies, b.objs, b.events = b.armies[:0], b.objs[:0], b.events[:0]
	b.pcs, b.burdens, b.named = b.pcs[:0], b.burdens[:0], b.named[:0]
	for i := range p.Armies {
		a := ArmyResult{ID: p.Armies[i].ID, Strength: s.armyStr[i]}
		if b := s.armyBlock[i]; b >= 0 {
			a.Block, a.OnField = p.Field.Blocks[b].ID, true
		}
		b.armies = append(b.armies, a)
	}
	for _, o := range s.order {
		ob := &p.Objectives[o]
		b.objs = append(b.objs, ObjectiveResult{ID: ob.ID, Outcome: ob.Outcome, XP: ob.XP, Day: int(s.reached[o])})
	}
	for i, n := range s.fired {
		if n > 0 {
			b.events = append(b.events, EventResult{ID: p.Events[i].ID, Fired: int(n)})
		}
	}
	for i, pc := range p.Party.PCs {
		b.pcs = append(b.pcs, PCResult{Name: pc.Name, HP: s.k.pcs[i].hp, XP: s.k.pcs[i].xp, Dead: s.k.pcs[i].dead})
	}
	for i, bd := range p.Party.Burdens {
		kb := &s.k.burdens[i]
		b.burdens = append(b.burdens, BurdenResult{Name: bd.Name, HP: kb.hp, MaxHP: kb.max, Dead: kb.dead})
	}
	for e := range s.k.named {
		for j, dead := range s.k.named[e] {
			name := p.Encounters[e].Monsters[j].Name
			if dead && !slices.Contains(s.carriedDead, name) && !slices.Contains(b.named, name) {
				b.named = append(b.named, name)
			}
		}
	}
	r.res = Result{
		Ending:        runner.Ending{Outcome: s.outcome, Day: s.day, Reason: s.reason},
		Defeated:      s.defeated,
		Complete:      s.k.complete,
		Party:         p.Field.Blocks[s.party].ID,
		Rations:       s.rations,
		Armies:        b.armies,
		Objectives:    orNil(b.objs),
		Events:        orNil(b.events),
		PCs:           orNil(b.pcs),
		Burdens:       orNil(b.burdens),
		Torches:       s.k.torches,
		Oil:           s.k.oil,
		XP:            s.k.partyXP,
		Midpoint:      s.midpoint,
		Money:         s.money,
		Purchases:     slices.Clone(s.bought),
		Resurrections: slices.Clone(s.raised),
		NamedDefeated: orNil(b.named),
	}
	return &r.res
}
