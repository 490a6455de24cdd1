package pathfinder

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
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

// ArmyRates counts how often one army ended a battle routed, destroyed or withdrawn.
type ArmyRates struct {
	ID        string `json:"id"`
	Side      int    `json:"side"`
	Routed    int    `json:"routed"`
	Destroyed int    `json:"destroyed"`
	Withdrawn int    `json:"withdrawn"`
}

// RunBattleRates fights a battle runs times with the engine's default policy (Policy), battle i
// with dice seeded by seed + i, through the simulation driver (runner.Simulate on BattleSubject,
// as `sortie battle --runs` does): the same seed gives the same rates on any number of workers.
func RunBattleRates(b *plan.Battle, seed uint64, runs int, rules Options) (*Rates, error) {
	s, err := BattleSubject(b, rules, false)
	if err != nil {
		return nil, err
	}
	t, err := runner.Simulate(s, runner.SimOptions{Runs: runs, Seed: seed, Policy: DefaultPolicy})
	if err != nil {
		return nil, err
	}
	return RatesOf(b, seed, t), nil
}

// DefaultPolicy is the PolicyMaker of the engine's default Policy (a nil decider: every choice
// of a lone battle's commanders is Policy's).
var DefaultPolicy runner.PolicyMaker = defaultPolicy{}

type defaultPolicy struct{}

func (defaultPolicy) Decider(int, uint64) (runner.Decider, error) { return nil, nil }

// RatesOf reads the rates from the tally of a simulation of battle b (BattleSubject): the wins of
// each side, the battles without a winner, the phases fought, and how often each army ended
// routed, destroyed or withdrawn (its status at the end).
func RatesOf(b *plan.Battle, seed uint64, t *runner.Tally) *Rates {
	r := &Rates{Runs: t.Runs, Seed: seed, Sides: b.Sides, NoWinner: t.Outcomes[NoWinner], Phases: int(t.Days.Sum)}
	for s := range r.Wins {
		r.Wins[s] = t.Outcomes[b.Sides[s]]
	}
	runs := func(id, fate string) int {
		if c := t.Covered[runner.Key{Kind: CoverFate, ID: id + ": " + fate}]; c != nil {
			return c.Runs
		}
		return 0
	}
	for i := range b.Armies {
		id := b.Armies[i].ID
		r.Armies = append(r.Armies, ArmyRates{ID: id, Side: b.Armies[i].Side, Routed: runs(id, "routed"),
			Destroyed: runs(id, "destroyed"), Withdrawn: runs(id, "withdrawn")})
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
