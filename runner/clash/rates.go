package clash

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
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

// RunRates fights s runs times with the engine's policy and no events: run i's dice and
// PolicyRandom are seeded from seed and i, so the same seed gives the same rates.
func (s *Setup) RunRates(seed uint64, runs int, pol Policy) (*Rates, error) {
	if runs < 1 {
		return nil, fmt.Errorf("clash: %d runs", runs)
	}
	r := &Rates{Battle: s.Plan.ID, Runs: runs, Seed: seed, Policy: pol.String(), Reasons: map[string]int{}}
	b := NewBattle(s)
	r.Sides = [2]string{b.sideName(0), b.sideName(1)}
	rounds := make([]int, 0, runs)
	var vp [2]int
	sum := 0
	for i := 0; i < runs; i++ {
		b.Reset(Config{Seed: runSeed(seed, i), Policy: pol})
		res, err := b.Run()
		if err != nil {
			return nil, err
		}
		switch res.Winner {
		case -1:
			r.Draws++
		default:
			r.Wins[res.Winner]++
			if res.Outcome == Total {
				r.Total[res.Winner]++
			} else {
				r.Tact[res.Winner]++
			}
		}
		r.Reasons[res.Reason.String()]++
		rounds = append(rounds, res.Rounds)
		sum += res.Rounds
		vp[0] += res.VP[0]
		vp[1] += res.VP[1]
	}
	sort.Ints(rounds)
	r.Rounds.Min, r.Rounds.Max, r.Rounds.Median = rounds[0], rounds[runs-1], rounds[(runs-1)/2]
	r.Rounds.Mean = float64(sum) / float64(runs)
	r.VP = [2]float64{float64(vp[0]) / float64(runs), float64(vp[1]) / float64(runs)}
	return r, nil
}

// runSeed is run i's seed: a splitmix64 step of seed + i, so neighbouring runs are unrelated.
func runSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// WriteRates writes r as a short report.
func WriteRates(w io.Writer, r *Rates) error {
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(r.Runs)) }
	rows := [][]string{{"", "wins", "total", "tactical", "mean VP"}}
	for s := 0; s < 2; s++ {
		rows = append(rows, []string{r.Sides[s], pct(r.Wins[s]), pct(r.Total[s]), pct(r.Tact[s]), fmt.Sprintf("%.2f", r.VP[s])})
	}
	rows = append(rows, []string{"draws", pct(r.Draws), "", "", ""})
	if _, err := fmt.Fprintf(w, "%s: %d battles, seed %d, policy %s\n", r.Battle, r.Runs, r.Seed, r.Policy); err != nil {
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
		ends[i] = k + " " + strings.TrimSpace(pct(r.Reasons[k]))
	}
	_, err := fmt.Fprintf(w, "ended by: %s\nrounds: min %d, median %d, max %d, mean %.2f\n", strings.Join(ends, ", "), r.Rounds.Min, r.Rounds.Median, r.Rounds.Max, r.Rounds.Mean)
	return err
}
