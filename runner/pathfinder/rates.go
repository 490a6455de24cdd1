package pathfinder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// Many battles of one battle file (`sortie battle --runs N`): win, rout and destruction rates.

// Rates are the outcomes of many battles (RunBattleRates).
type Rates struct {
	Runs     int         `json:"runs"`
	Seed     uint64      `json:"seed"`
	Sides    [2]string   `json:"sides"`
	Wins     [2]int      `json:"wins"`     // battles each side won
	NoWinner int         `json:"noWinner"` // battles without a winner (both sides gone, or the phase limit)
	Phases   int         `json:"phases"`   // Ranged and Melee Phases fought, all battles together
	Armies   []ArmyRates `json:"armies"`
}

// ArmyRates counts how often one army ended a battle routed, destroyed or withdrawn, and in how
// many battles it used each tactic (P-22, P-23).
type ArmyRates struct {
	ID        string       `json:"id"`
	Side      int          `json:"side"`
	Routed    int          `json:"routed"`
	Destroyed int          `json:"destroyed"`
	Withdrawn int          `json:"withdrawn"`
	Tactics   []TacticRate `json:"tactics"` // the tactics it used, in the order of the rules
}

// TacticRate is how many battles an army used a tactic in.
type TacticRate struct {
	Tactic  string `json:"tactic"`
	Battles int    `json:"battles"`
}

// RunBattleRates fights a battle runs times with the engine's default policy (Policy), battle i
// with dice seeded by seed + i, through the simulation driver (runner.Simulate on BattleSubject,
// as `sortie battle --runs` does): the same seed gives the same rates on any number of workers.
func RunBattleRates(b *plan.Battle, seed uint64, runs int, rules pfarmy.Options) (*Rates, error) {
	return RunBattleRatesWith(b, RatesOptions{Seed: seed, Runs: runs, Rules: rules})
}

// RatesOptions configure RunBattleRatesWith.
type RatesOptions struct {
	Seed    uint64 // battle i is seeded with seed + i (runner.RunSeed), and so is its random policy
	Runs    int
	Workers int            // the driver's workers (0: every processor); the rates do not depend on it
	Rules   pfarmy.Options // the battle file's options apply on top
	// Policy makes the choices: "" or "first" the engine's default Policy (a prompt's first
	// choices are the Policy's, so the two are one; the engine plays it on its fast path),
	// "standard" Standard (every army on Standard tactic and strategy, the baseline), "random"
	// a uniformly random legal choice (runner.NewPolicy).
	Policy string
	// Script, when set, makes the choices of every battle from its first entry, then Policy once
	// it runs out. A script that does not fit stops the runs with its *runner.DecisionError (the
	// first battle it failed in, fought again).
	Script *runner.Script
}

// RatePolicies lists the names RatesOptions.Policy takes.
var RatePolicies = []string{"first", "standard", "random"}

// RunBattleRatesWith fights a battle o.Runs times through the simulation driver, every choice
// from o.Policy or o.Script: the same options give the same rates. It counts the wins, the routs,
// destructions and withdrawals, and the battles in which each army used each tactic (RatesOf).
func RunBattleRatesWith(b *plan.Battle, o RatesOptions) (*Rates, error) {
	so := SubjectOptions{Rules: o.Rules}
	var pol runner.PolicyMaker = DefaultPolicy
	switch o.Policy {
	case "", "first":
	case "standard":
		if o.Script != nil {
			return nil, fmt.Errorf("the standard policy is the engine's baseline: it takes no script")
		}
		so.Chooser = Standard{}
	case "random":
		pol = runner.NamedPolicy("random")
	default:
		return nil, fmt.Errorf("unknown policy %q (want %s)", o.Policy, strings.Join(RatePolicies, ", "))
	}
	if o.Script != nil {
		fallback := pol
		if fallback == DefaultPolicy {
			fallback = runner.NamedPolicy("first") // the Policy's first choices
		}
		pol = &scriptPolicy{s: o.Script, fallback: fallback}
	}
	s, err := NewBattleSubject(b, so)
	if err != nil {
		return nil, err
	}
	sim := runner.SimOptions{Runs: o.Runs, Seed: o.Seed, Workers: o.Workers, Policy: pol}
	t, err := runner.Simulate(s, sim)
	if err != nil {
		return nil, err
	}
	if len(t.Errors) > 0 {
		// The driver keeps an error's text; fight the first failed battle again for the error
		// itself (a script's *runner.DecisionError, with its diagnostic).
		first := -1
		for _, c := range t.Errors {
			if first < 0 || c.First < first {
				first = c.First
			}
		}
		if _, err := runner.Replay(s, sim, first, nil, nil); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("battle %d of %d stopped", first+1, o.Runs)
	}
	return RatesOf(b, o.Seed, t), nil
}

// scriptPolicy gives each battle a copy of the script from its first entry, then the fallback's
// decider for the run once the script runs out (runner.Chain).
type scriptPolicy struct {
	s        *runner.Script
	fallback runner.PolicyMaker
}

func (p *scriptPolicy) Decider(run int, seed uint64) (runner.Decider, error) {
	f, err := p.fallback.Decider(run, seed)
	if err != nil {
		return nil, err
	}
	c := &runner.Chain{}
	c.Reset(p.s.Copy(), f, nil)
	return c, nil
}

// StandardPolicy is the PolicyMaker of the standard policy, the baseline: every army on
// Standard tactic and strategy, the first enemy it can attack (the Standard chooser). Its
// decider only marks a run: a battle subject (NewBattleSubject) and RunBattle play a run under it
// with Standard on the engine's fast path, whatever the subject's own chooser, so that sortie
// simulate and sortie battle (--runs) play the same battles under the same name. As a decider
// of anything else (a --play seat's other side, a script's fallback) it answers no question:
// ErrStandardAlone.
var StandardPolicy runner.PolicyMaker = standardPolicy{}

type standardPolicy struct{}

func (standardPolicy) Decider(int, uint64) (runner.Decider, error) { return standardDecider{}, nil }

// standardDecider is StandardPolicy's decider (see there).
type standardDecider struct{}

// ErrStandardAlone is the answer of the standard policy's decider to a question: the standard
// policy plays whole battles (every army on Standard), not one side's or a script's remainder.
var ErrStandardAlone = errors.New("the standard policy is the engine's baseline: it plays every army of a whole battle, with no script and no player")

func (standardDecider) Decide(*runner.Request) (runner.Answer, error) {
	return runner.Answer{}, ErrStandardAlone
}

// isStandard reports whether d is the standard policy's decider.
func isStandard(d runner.Decider) bool {
	_, ok := d.(standardDecider)
	return ok
}

// DefaultPolicy is the PolicyMaker of the engine's default Policy (a nil decider: every choice
// of a lone battle's commanders is the subject's Chooser's, Policy unless it says otherwise).
var DefaultPolicy runner.PolicyMaker = defaultPolicy{}

type defaultPolicy struct{}

func (defaultPolicy) Decider(int, uint64) (runner.Decider, error) { return nil, nil }

// RatesOf reads the rates from the tally of a simulation of battle b (BattleSubject): the wins of
// each side, the battles without a winner, the phases fought, how often each army ended routed,
// destroyed or withdrawn (its status at the end), and in how many battles it used each tactic.
func RatesOf(b *plan.Battle, seed uint64, t *runner.Tally) *Rates {
	r := &Rates{Runs: t.Runs, Seed: seed, Sides: b.Sides, NoWinner: t.Outcomes[pfarmy.NoWinner], Phases: int(t.Days.Sum)}
	for s := range r.Wins {
		r.Wins[s] = t.Outcomes[b.Sides[s]]
	}
	runs := func(kind, id, what string) int {
		if c := t.Covered[runner.Key{Kind: kind, ID: id + ": " + what}]; c != nil {
			return c.Runs
		}
		return 0
	}
	for i := range b.Armies {
		id := b.Armies[i].ID
		a := ArmyRates{ID: id, Side: b.Armies[i].Side, Routed: runs(CoverFate, id, "routed"),
			Destroyed: runs(CoverFate, id, "destroyed"), Withdrawn: runs(CoverFate, id, "withdrawn"), Tactics: []TacticRate{}}
		for tc := pfarmy.Tactic(0); tc < pfarmy.NumTactics; tc++ {
			if n := runs(CoverTactic, id, tc.String()); n > 0 {
				a.Tactics = append(a.Tactics, TacticRate{Tactic: tc.String(), Battles: n})
			}
		}
		r.Armies = append(r.Armies, a)
	}
	return r
}

// WriteRates writes rates as a table: per side the share of battles won, per army the share it
// ended routed, destroyed or withdrawn (percent, one decimal).
func WriteRates(w io.Writer, b *plan.Battle, r *Rates, seed uint64) error {
	pct := func(n int) string {
		if r.Runs == 0 {
			return "0.0%"
		}
		return strconv.FormatFloat(100*float64(n)/float64(r.Runs), 'f', 1, 64) + "%"
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s, seed %d, %.2f phases a battle\n", words.Count(r.Runs, "battle"), seed, float64(r.Phases)/float64(max(1, r.Runs)))
	var rows [][]string
	for s := 0; s < 2; s++ {
		rows = append(rows, []string{"side " + esc.Text(b.Sides[s]), pct(r.Wins[s]), "", "", ""})
		for _, a := range r.Armies {
			if a.Side == s {
				rows = append(rows, []string{"army " + esc.Text(a.ID), "", pct(a.Routed), pct(a.Destroyed), pct(a.Withdrawn)})
			}
		}
	}
	rows = append(rows, []string{"no winner", pct(r.NoWinner), "", "", ""})
	if err := runner.RenderTable(&buf, []string{"", "wins", "routed", "destroyed", "withdrawn"}, rows); err != nil {
		return err
	}
	rows = rows[:0]
	for _, a := range r.Armies {
		var used []string
		for _, t := range a.Tactics {
			used = append(used, t.Tactic+" "+pct(t.Battles))
		}
		rows = append(rows, []string{esc.Text(a.ID), esc.Text(strings.Join(used, ", "))})
	}
	if err := runner.RenderTable(&buf, []string{"army", "tactics used (share of battles)"}, rows); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}
