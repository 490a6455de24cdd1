package clash

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/runner"
)

// Rates is what many fights of one battle give (`sortie battle --runs N`): how often each side won,
// how (total or tactical victory, U-72, U-73), the draws (U-74), why battles ended, and the rounds.
type Rates struct {
	Battle string    `json:"battle"`
	Runs   int       `json:"runs"`
	Seed   uint64    `json:"seed"`
	Policy string    `json:"policy"`
	Sides  [2]string `json:"sides"`
	Wins   [2]int    `json:"wins"`
	Total  [2]int    `json:"total"`    // total victories (a lead of 3 VP or more)
	Tact   [2]int    `json:"tactical"` // tactical victories (a lead of 1 or 2)
	Draws  int       `json:"draws"`
	// Reasons counts the ends by reason: "10 VP", "annihilation", "no scoring left", "round limit".
	Reasons map[string]int `json:"reasons"`
	Rounds  struct {
		Min    int     `json:"min"`
		Median int     `json:"median"`
		Max    int     `json:"max"`
		Mean   float64 `json:"mean"`
	} `json:"rounds"`
	VP [2]float64 `json:"meanVP"` // mean VP per side
}

// RunRates fights s runs times with the engine's policy, through the simulation driver
// (runner.Simulate on BattleSubject: run i's dice and PolicyRandom seeded with seed + i, on every
// processor), and reads the rates from the tally: the same seed gives the same rates.
func (s *Setup) RunRates(seed uint64, runs int, pol Policy) (*Rates, error) {
	if runs < 1 {
		return nil, fmt.Errorf("clash: %d runs", runs)
	}
	t, err := runner.Simulate(BattleSubject(s, pol, false), runner.SimOptions{Runs: runs, Seed: seed, Policy: PolicyMaker(pol)})
	if err != nil {
		return nil, err
	}
	if len(t.Errors) > 0 {
		msgs := make([]string, 0, len(t.Errors))
		for m := range t.Errors {
			msgs = append(msgs, m)
		}
		sort.Strings(msgs)
		return nil, errors.New(msgs[0])
	}
	return RatesOf(s.Plan, seed, pol, t), nil
}

// WriteRates writes r as a short report.
func WriteRates(w io.Writer, r *Rates) error {
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(r.Runs)) }
	rows := [][]string{{"", "wins", "total", "tactical", "mean VP"}}
	for s := 0; s < 2; s++ {
		rows = append(rows, []string{esc.Text(r.Sides[s]), pct(r.Wins[s]), pct(r.Total[s]), pct(r.Tact[s]), fmt.Sprintf("%.2f", r.VP[s])})
	}
	rows = append(rows, []string{"draws", pct(r.Draws), "", "", ""})
	if _, err := fmt.Fprintf(w, "%s: %s, seed %d, policy %s\n", esc.Text(r.Battle), words.Count(r.Runs, "battle"), r.Seed, esc.Text(r.Policy)); err != nil {
		return err
	}
	var buf bytes.Buffer
	writeColumns(&buf, rows)
	if _, err := w.Write(buf.Bytes()); err != nil {
		return err
	}
	keys := make([]string, 0, len(r.Reasons))
	for k := range r.Reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	ends := make([]string, len(keys))
	for i, k := range keys {
		ends[i] = esc.Text(k) + " " + strings.TrimSpace(pct(r.Reasons[k]))
	}
	_, err := fmt.Fprintf(w, "ended by: %s\nrounds: min %d, median %d, max %d, mean %.2f\n", strings.Join(ends, ", "), r.Rounds.Min, r.Rounds.Median, r.Rounds.Max, r.Rounds.Mean)
	return err
}
