package pathfinder

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

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

// ArmyRates counts how often one army ended a battle routed, destroyed or withdrawn.
type ArmyRates struct {
	ID        string `json:"id"`
	Side      int    `json:"side"`
	Routed    int    `json:"routed"`
	Destroyed int    `json:"destroyed"`
	Withdrawn int    `json:"withdrawn"`
}

// RunBattleRates fights a battle runs times with the engine's default policy (Policy)
// and dice seeded by seed, one after the other from one generator: the same seed gives the same
// rates.
func RunBattleRates(b *plan.Battle, seed uint64, runs int, rules Options) (*Rates, error) {
	setup, names, err := battleSetup(b, rules)
	if err != nil {
		return nil, err
	}
	eng, err := New(setup, dice.NewSeeded(seed), nil)
	if err != nil {
		return nil, err
	}
	r := &Rates{Runs: runs, Seed: seed, Sides: b.Sides, Armies: make([]ArmyRates, len(names))}
	for i := range names {
		r.Armies[i] = ArmyRates{ID: names[i], Side: b.Armies[i].Side}
	}
	for range runs {
		res, err := eng.Run()
		if err != nil {
			return nil, err
		}
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
	_, err := w.Write(buf.Bytes())
	return err
}
