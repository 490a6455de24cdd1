package simreport

import (
	"net/url"
	"sort"

	"github.com/sortie-rpg/sortie/runner"
)

// Report is a simulation's result as `sortie simulate` prints it (text, --format json, --html).
// Every list is sorted, so that the same tally gives the same report byte for byte.
type Report struct {
	Kind     string     `json:"kind"`  // "scenario", "campaign", "battle"
	ID       string     `json:"id"`    // the scenario's, campaign's or battle's id
	Title    string     `json:"title"` // its title
	Rules    string     `json:"rules"` // "karzoral", "pathfinder" ...
	Runs     int        `json:"runs"`
	Seed     uint64     `json:"seed"`     // run i is seeded with seed + i
	LastSeed uint64     `json:"lastSeed"` // the seed of the last run
	Policy   string     `json:"policy"`   // the policy that decided
	DayUnit  string     `json:"dayUnit"`  // what Days counts: "days", "phases"
	Outcomes []Outcome  `json:"outcomes"` // success first, then failure, then the rest by name
	Days     Summary    `json:"days"`     // when the runs ended
	DaysHist []Bar      `json:"daysHistogram"`
	Measures []Measure  `json:"measures"`
	Coverage []Coverage `json:"coverage"`
	Heat     []Heat     `json:"heat,omitempty"`
	Errors   []RunError `json:"errors,omitempty"`
	Checks   []Check    `json:"checks,omitempty"` // balance assertions, when checked
	// Watch are runs of interest played again into replay pages beside the HTML report
	// (simulate --html): the longest run, the smallest failing seed of a check.
	Watch []Watched `json:"watch,omitempty"`
}

// Watched is a run of interest with its replay page (runner/replay).
type Watched struct {
	Why  string `json:"why"`  // "the longest run", "the smallest failing seed of CHECK"
	Run  int    `json:"run"`  // its index in the simulation
	Seed uint64 `json:"seed"` // its dice seed (sortie run --seed)
	Page string `json:"page"` // the page's file name, beside the report
}

// Href is the relative link to Page: its name with what a URL reads otherwise escaped (a report
// named "r#1.html" linked its pages as a fragment, "r?x.html" as a query).
func (w Watched) Href() string { return (&url.URL{Path: w.Page}).String() }

// Outcome is how many runs ended one way, with the 95% Wilson interval of its rate.
type Outcome struct {
	Outcome string  `json:"outcome"`
	Runs    int     `json:"runs"`
	Rate    float64 `json:"rate"`
	Low     float64 `json:"low"`  // 95% confidence interval
	High    float64 `json:"high"` //
	Causes  []Cause `json:"causes"`
}

// Cause is how many runs ended by one cause.
type Cause struct {
	Cause string  `json:"cause"`
	Runs  int     `json:"runs"`
	Rate  float64 `json:"rate"`
}

// Summary describes a distribution: how many values, the smallest, the median, the 90th
// percentile, the largest (nearest rank) and the mean.
type Summary struct {
	N      int     `json:"n"`
	Min    int     `json:"min"`
	Median int     `json:"median"`
	P90    int     `json:"p90"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
}

// Bar is one bar of a histogram: the runs whose value was from Value to To inclusive (To ==
// Value but in a histogram of a wide range).
type Bar struct {
	Value int `json:"value"`
	To    int `json:"to"`
	Runs  int `json:"runs"`
}

// maxBars is the most bars a histogram has: a wider range of values is binned in equal widths.
const maxBars = 24

// Measure is the distribution of one value at the end of the runs: an army's strength, a PC's
// XP, the rations left.
type Measure struct {
	Scope string `json:"scope,omitempty"`
	Name  string `json:"name"` // "strength", "xp", "rations", "hp" ...
	Who   string `json:"who"`
	Summary
	Hist []Bar `json:"histogram"`
}

// Coverage is one kind of entity (blocks, events ...): how many there are, how many some run
// covered, and each with the runs it happened in.
type Coverage struct {
	Scope string `json:"scope,omitempty"`
	Kind  string `json:"kind"`
	// Optional: the kind is a non-event (a unit breaking, deserting): what no run did is listed,
	// not reported as a gap.
	Optional bool     `json:"optional,omitempty"`
	Total    int      `json:"total"`
	Covered  int      `json:"covered"`
	Entities []Entity `json:"entities"`
}

// Entity is one entity's coverage. Pos is where it is declared (file:line:col), if known.
type Entity struct {
	ID        string  `json:"id"`
	Name      string  `json:"name,omitempty"`
	Runs      int     `json:"runs"`  // runs in which it happened (0: never)
	Times     int     `json:"times"` // times, all runs together
	Rate      float64 `json:"rate"`
	FirstSeed *uint64 `json:"firstSeed,omitempty"` // the seed of the first run it happened in
	Pos       string  `json:"pos,omitempty"`
	// Listed is false for an entity no list of the subject names (a tactic a battle used).
	Listed bool `json:"listed"`
	// Optional: a non-event (an army's fate, falling back to Standard): when no run did it, that
	// is a fact, not a gap. Coverage.Optional is set when every entity of the kind is.
	Optional bool `json:"optional,omitempty"`
}

// Heat is one field's heat map: for each block or hex the day ends each who (the party, an army)
// stood there, out of Days day ends, and the battles fought there, out of Battles.
type Heat struct {
	Scope string `json:"scope,omitempty"`
	Grid  string `json:"grid"` // "square" | "hex"
	Days  int    `json:"days"` // day ends counted, all runs together
	// Battles counts the battles fought on the map's cells, all runs together (0: none, or a
	// rule system whose battles have no place on its map).
	Battles int      `json:"battles,omitempty"`
	Who     []string `json:"who"` // "party" first, then the armies by id
	Cells   []Cell   `json:"cells"`
}

// Cell is one block or hex of a heat map: its coordinates and, for each Who, the day ends.
type Cell struct {
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
	At     [2]int `json:"at"`
	Count  []int  `json:"count"`            // by Heat.Who
	Fought int    `json:"fought,omitempty"` // the battles fought here, all runs together
}

// RunError is an error that stopped runs: the runs and the first run's seed.
type RunError struct {
	Error     string `json:"error"`
	Runs      int    `json:"runs"`
	FirstSeed uint64 `json:"firstSeed"`
}

// Check is a balance assertion's result (filled in by the caller that checked it).
type Check struct {
	Name   string  `json:"name"`          // what it reads: "winRate: rate of runs with outcome success"
	Want   string  `json:"want"`          // what it must be: "0.35..0.55"
	Pos    string  `json:"pos,omitempty"` // where it is written
	OK     bool    `json:"ok"`
	Got    string  `json:"got"`              // what the runs gave
	Seed   *uint64 `json:"seed,omitempty"`   // the smallest failing run's seed
	Replay string  `json:"replay,omitempty"` // the replay script written for it
}

// Meta names the simulated subject.
type Meta struct {
	Kind, ID, Title, Rules, Policy string
	DayUnit                        string // "days" (default) or "phases"
}

// Build makes the report of tally t over the entities of the subject. locate, if set, turns an
// entity's scope and Decl into its file:line:col ("" if unknown).
func Build(m Meta, seed uint64, t *runner.Tally, entities []runner.Entity, locate func(scope, decl string) string) *Report {
	r := &Report{Kind: m.Kind, ID: m.ID, Title: m.Title, Rules: m.Rules, Runs: t.Runs, Seed: seed,
		LastSeed: runner.RunSeed(seed, t.Runs-1), Policy: m.Policy, DayUnit: m.DayUnit}
	if r.DayUnit == "" {
		r.DayUnit = "days"
	}
	r.Outcomes = outcomes(t)
	r.Days = summarize(&t.Days)
	r.DaysHist = histogram(&t.Days)
	for _, k := range runner.SortedKeys(t.Measures) {
		d := t.Measures[k]
		r.Measures = append(r.Measures, Measure{Scope: k.Scope, Name: k.Kind, Who: k.ID, Summary: summarize(d), Hist: histogram(d)})
	}
	r.Coverage = coverage(seed, t, entities, locate)
	r.Heat = heat(t, entities)
	var msgs []string
	for msg := range t.Errors {
		msgs = append(msgs, msg)
	}
	sort.Strings(msgs)
	for _, msg := range msgs {
		c := t.Errors[msg]
		r.Errors = append(r.Errors, RunError{Error: msg, Runs: c.Runs, FirstSeed: runner.RunSeed(seed, c.First)})
	}
	return r
}

func outcomes(t *runner.Tally) []Outcome {
	var names []string
	for o := range t.Outcomes {
		names = append(names, o)
	}
	rank := func(s string) int {
		switch s {
		case runner.Success:
			return 0
		case runner.Failure:
			return 1
		case runner.Stopped:
			return 3
		}
		return 2
	}
	sort.Slice(names, func(i, j int) bool {
		if a, b := rank(names[i]), rank(names[j]); a != b {
			return a < b
		}
		return names[i] < names[j]
	})
	var out []Outcome
	for _, o := range names {
		n := t.Outcomes[o]
		lo, hi := runner.Wilson(n, t.Runs)
		oc := Outcome{Outcome: o, Runs: n, Rate: rate(n, t.Runs), Low: lo, High: hi}
		for k, c := range t.Causes {
			if k[0] == o && k[1] != "" {
				oc.Causes = append(oc.Causes, Cause{Cause: k[1], Runs: c, Rate: rate(c, t.Runs)})
			}
		}
		sort.Slice(oc.Causes, func(i, j int) bool {
			a, b := oc.Causes[i], oc.Causes[j]
			if a.Runs != b.Runs {
				return a.Runs > b.Runs
			}
			return a.Cause < b.Cause
		})
		out = append(out, oc)
	}
	return out
}

func rate(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

func summarize(d *runner.Dist) Summary {
	return Summary{N: d.N, Min: d.Min(), Median: d.Quantile(0.5), P90: d.Quantile(0.9), Max: d.Max(), Mean: d.Mean()}
}

// histogram has a bar per value from the smallest to the largest (zero bars included, so the
// shape reads right), or, over a range wider than maxBars, bars of width ceil(range/20) from the
// smallest value.
func histogram(d *runner.Dist) []Bar {
	values, counts := d.Values()
	if len(values) == 0 {
		return []Bar{}
	}
	lo, hi := values[0], values[len(values)-1]
	width := 1
	if hi-lo+1 > maxBars {
		width = (hi - lo + 20) / 20
	}
	n := (hi-lo)/width + 1
	out := make([]Bar, n)
	for i := range out {
		out[i].Value = lo + i*width
		out[i].To = out[i].Value + width - 1
	}
	for i, v := range values {
		out[(v-lo)/width].Runs += counts[i]
	}
	return out
}

// coverage groups the entities by scope and kind (in the order the subject lists them), each
// with its tally, then the covered keys no entity names (a tactic used), by key.
func coverage(seed uint64, t *runner.Tally, entities []runner.Entity, locate func(scope, decl string) string) []Coverage {
	var out []Coverage
	index := map[[2]string]int{}
	group := func(scope, kind string) *Coverage {
		k := [2]string{scope, kind}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Coverage{Scope: scope, Kind: kind})
		}
		return &out[i]
	}
	listed := map[runner.Key]bool{}
	entry := func(k runner.Key, name, pos string, isListed bool) Entity {
		e := Entity{ID: k.ID, Name: name, Pos: pos, Listed: isListed}
		if c := t.Covered[k]; c != nil {
			e.Runs, e.Times, e.Rate = c.Runs, c.Times, rate(c.Runs, t.Runs)
			s := runner.RunSeed(seed, c.First)
			e.FirstSeed = &s
		}
		return e
	}
	for _, en := range entities {
		k := en.Key()
		if listed[k] || en.Cell {
			continue
		}
		listed[k] = true
		pos := ""
		if locate != nil && en.Decl != "" {
			pos = locate(en.Scope, en.Decl)
		}
		g := group(en.Scope, en.Kind)
		e := entry(k, en.Name, pos, true)
		e.Optional = en.Optional
		g.Entities = append(g.Entities, e)
	}
	for _, k := range runner.SortedKeys(t.Covered) {
		if !listed[k] {
			g := group(k.Scope, k.Kind)
			g.Entities = append(g.Entities, entry(k, "", "", false))
		}
	}
	for i := range out {
		g := &out[i]
		g.Total = len(g.Entities)
		g.Optional = g.Total > 0
		for _, e := range g.Entities {
			if e.Runs > 0 {
				g.Covered++
			}
			g.Optional = g.Optional && e.Optional
		}
	}
	return out
}

// heat lays out one heat map per scope whose entities have coordinates: its cells in entity
// order, "party" first among who, then the rest by name.
func heat(t *runner.Tally, entities []runner.Entity) []Heat {
	var out []Heat
	index := map[string]int{}
	for _, en := range entities {
		if en.At == nil {
			continue
		}
		i, ok := index[en.Scope]
		if !ok {
			i = len(out)
			index[en.Scope] = i
			out = append(out, Heat{Scope: en.Scope, Grid: en.Grid, Days: t.HeatDays[en.Scope]})
		}
		out[i].Cells = append(out[i].Cells, Cell{ID: en.ID, Name: en.Name, At: *en.At})
	}
	for i := range out {
		h := &out[i]
		whoSet := map[string]bool{}
		for k := range t.Heat {
			if k.Scope == h.Scope {
				whoSet[k.Kind] = true
			}
		}
		for w := range whoSet {
			h.Who = append(h.Who, w)
		}
		sort.Slice(h.Who, func(a, b int) bool {
			if (h.Who[a] == "party") != (h.Who[b] == "party") {
				return h.Who[a] == "party"
			}
			return h.Who[a] < h.Who[b]
		})
		for c := range h.Cells {
			cell := &h.Cells[c]
			cell.Count = make([]int, len(h.Who))
			for w, who := range h.Who {
				cell.Count[w] = t.Heat[runner.Key{Scope: h.Scope, Kind: who, ID: cell.ID}]
			}
			cell.Fought = t.Fought[runner.Key{Scope: h.Scope, ID: cell.ID}]
			h.Battles += cell.Fought
		}
	}
	return out
}
