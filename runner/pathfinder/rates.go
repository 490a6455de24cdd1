package pathfinder

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
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

// countTactics adds the tactics each army used in the battle just fought to counts.
func countTactics(eng *Battle, counts [][numTactics]int) {
	for i := range counts {
		used := eng.State(i).Used
		for t := Tactic(0); t < numTactics; t++ {
			if used.Has(t) {
				counts[i][t]++
			}
		}
	}
}

// tacticRates turns counts into each army's TacticRate list.
func tacticRates(r *Rates, counts [][numTactics]int) {
	for i := range r.Armies {
		r.Armies[i].Tactics = []TacticRate{}
		for t := Tactic(0); t < numTactics; t++ {
			if n := counts[i][t]; n > 0 {
				r.Armies[i].Tactics = append(r.Armies[i].Tactics, TacticRate{Tactic: t.String(), Battles: n})
			}
		}
	}
}

// RunBattleRates fights a battle runs times with the engine's default policy (Policy)
// and dice seeded by seed, one after the other from one generator: the same seed gives the same
// rates.
func RunBattleRates(b *plan.Battle, seed uint64, runs int, rules Options) (*Rates, error) {
	return RunBattleRatesWith(b, RatesOptions{Seed: seed, Runs: runs, Rules: rules})
}

// RatesOptions configure RunBattleRatesWith.
type RatesOptions struct {
	Seed  uint64 // seeds the dice (and the random policy, apart from them)
	Runs  int
	Rules Options // the battle file's options apply on top
	// Policy makes the choices: "" or "first" the engine's default Policy (a prompt's first
	// choices are the Policy's, so the two are one; the engine plays it on its fast path),
	// "standard" Standard (every army on Standard tactic and strategy, the baseline), "random"
	// a uniformly random legal choice (runner.NewPolicy).
	Policy string
	// Script, when set, makes the choices of every battle from its first entry (it is rewound
	// before each), then Policy once it runs out. A script that does not fit stops the runs with
	// its *runner.DecisionError.
	Script *runner.Script
}

// RatePolicies lists the names RatesOptions.Policy takes.
var RatePolicies = []string{"first", "standard", "random"}

// RunBattleRatesWith fights a battle o.Runs times, every choice from o.Policy or o.Script, with
// dice seeded by o.Seed, one battle after the other from one generator: the same options give the
// same rates. It counts the wins, the routs, destructions and withdrawals, and the battles in which
// each army used each tactic.
func RunBattleRatesWith(b *plan.Battle, o RatesOptions) (*Rates, error) {
	setup, names, err := battleSetup(b, o.Rules)
	if err != nil {
		return nil, err
	}
	src := dice.NewSeeded(o.Seed)
	var builtin Chooser // nil: the Policy
	var dec, fallback runner.Decider
	switch o.Policy {
	case "", "first":
		fallback = runner.First
	case "standard":
		builtin = Standard{}
	case "random":
		if fallback, err = runner.NewPolicy("random", o.Seed); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown policy %q (want %s)", o.Policy, strings.Join(RatePolicies, ", "))
	}
	if o.Script != nil {
		dec = o.Script
	} else if o.Policy == "random" {
		dec, fallback = fallback, nil
	}
	if dec != nil && builtin != nil {
		return nil, fmt.Errorf("the standard policy is the engine's baseline: it takes no script")
	}
	eng, err := New(setup, src, builtin)
	if err != nil {
		return nil, err
	}
	var d *decisions
	if dec != nil {
		d = newDecisions(dec, fallback, src)
		d.day, d.hex, d.names = 0, b.ID, names
	}
	r := &Rates{Runs: o.Runs, Seed: o.Seed, Sides: b.Sides, Armies: make([]ArmyRates, len(names))}
	for i := range names {
		r.Armies[i] = ArmyRates{ID: names[i], Side: b.Armies[i].Side}
	}
	counts := make([][numTactics]int, len(names))
	defer tacticRates(r, counts)
	for range o.Runs {
		if d != nil {
			if o.Script != nil {
				o.Script.Rewind()
			}
			d.ch.Reset(dec, fallback, src)
			if err := eng.Reset(setup, d, d); err != nil {
				return nil, err
			}
		}
		res, err := eng.Run()
		if d != nil && d.err != nil {
			return nil, d.err
		}
		if err != nil {
			return nil, err
		}
		countTactics(eng, counts)
		r.Phases += res.Phases
		if res.Winner == SideA || res.Winner == SideB {
			r.Wins[res.Winner]++
		} else {
			r.NoWinner++
		}
		for i := range names {
			switch eng.State(i).Status {
			case StatusRouted:
				r.Armies[i].Routed++
			case StatusDestroyed:
				r.Armies[i].Destroyed++
			case StatusWithdrawn:
				r.Armies[i].Withdrawn++
			}
		}
	}
	return r, nil
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
	fmt.Fprintf(&buf, "%d battles, seed %d, %.2f phases a battle\n", r.Runs, seed, float64(r.Phases)/float64(max(1, r.Runs)))
	var rows [][]string
	for s := 0; s < 2; s++ {
		rows = append(rows, []string{"side " + b.Sides[s], pct(r.Wins[s]), "", "", ""})
		for _, a := range r.Armies {
			if a.Side == s {
				rows = append(rows, []string{"army " + a.ID, "", pct(a.Routed), pct(a.Destroyed), pct(a.Withdrawn)})
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
		rows = append(rows, []string{a.ID, strings.Join(used, ", ")})
	}
	if err := runner.RenderTable(&buf, []string{"army", "tactics used (share of battles)"}, rows); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}
