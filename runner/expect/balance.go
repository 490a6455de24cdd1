package expect

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/load"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner"
)

// Balance checks (#Balance, `sortie simulate --check`): the per-run vocabulary of #Expect picks
// runs out of a simulation, and a Balance asserts their share (rate), statistics of their values
// (median, p90, min, max) and the coverage of whole kinds of entity. A Balance compiles to the
// per-run Watches the simulation counts (Watches), and Check reads them back from its tally.

// Balance is a decoded #Balance.
type Balance struct {
	Name   string   // the name field, or "expect[i]"
	Pos    diag.Pos // the entry
	Policy string   // as given; "" (DefaultPolicy): the subject's default, which the caller sets
	Runs   int      // 1000 unless given
	Seed   uint64   // 1 unless given
	Filter Expect   // the runs the rest is about (every run when empty)
	Winner *Str     // a lone battle's winning side, "no winner"
	Rate   *RateAt
	Stats  []Stat
	// Covered are the kinds (their plural names, as written: "events") whose every entity some
	// run must cover.
	Covered []Str
	// Problems are the entry's Q002s: a bound that cannot be read.
	Problems diag.List
}

// RateAt is an expected rate and where it is written.
type RateAt struct {
	Rate
	Pos diag.Pos
}

// Stat is an expected statistic of one value over the runs: Of is "median", "p90", "min" or
// "max"; Field is "day", "rations", "armies.ID" or "xp.NAME".
type Stat struct {
	Of, Field string
	Num       Num
	Pos       diag.Pos
	Word      string // Field "day": the word it was written with (NumAt.Word)
}

// Defaults of a #Balance entry (schema/expect.cue).
const (
	DefaultPolicy = "" // the subject's: sortie simulate's default for it (the registry's), set by the caller
	DefaultRuns   = 1000
	// MaxRuns is the most runs a balance check may ask for (schema/expect.cue, #Balance).
	MaxRuns = 1000000
	// MaxTotalRuns is the most runs the balance checks of one subject may ask for in all: a
	// thousand checks of MaxRuns each would run for days (TotalRuns).
	MaxTotalRuns = 2 * MaxRuns
)

// TotalRuns is the Q002 of a list of balance checks asking for more than MaxTotalRuns runs in
// all, at the first check that passes the bound; nil when the list is within it.
func TotalRuns(bs []Balance) diag.List {
	total := 0
	for _, b := range bs {
		if total += b.Runs; total > MaxTotalRuns {
			return diag.List{diag.Errorf(b.Pos, CodeBadTest, "the balance checks ask for more than %d runs in all by this one: split them among scenarios or ask fewer runs", MaxTotalRuns)}
		}
	}
	return nil
}

// LoadBalance reads the expect list of the scenario, battle or campaign made of files (see Load).
// No expect field: nil, nil.
func LoadBalance(files []string, workDir string, overlay map[string]load.Source) ([]Balance, error) {
	ev, err := lookup(files, workDir, "expect", overlay)
	if err != nil || !ev.Exists() {
		return nil, err
	}
	it, err := ev.List()
	if err != nil {
		return nil, err
	}
	var out []Balance
	for i := 0; it.Next(); i++ {
		d := &decoder{wd: workDir}
		b := d.balance(it.Value(), i)
		b.Problems = d.list
		out = append(out, b)
	}
	return out, nil
}

func (d *decoder) balance(v cue.Value, i int) Balance {
	b := Balance{Name: fmt.Sprintf("expect[%d]", i), Pos: d.pos(v.Pos()), Policy: DefaultPolicy, Runs: DefaultRuns, Seed: 1}
	field := func(name string) cue.Value { return v.LookupPath(cue.MakePath(cue.Str(name))) }
	if s := field("name"); s.Exists() {
		b.Name, _ = s.String()
	}
	if s := field("policy"); s.Exists() {
		b.Policy, _ = s.String()
	}
	if s := field("runs"); s.Exists() {
		// The bounds of schema/expect.cue's #Balance, held here too: the list is read by this
		// decoder, not through the schema, and a check of 2e9 runs would run for hours.
		if n, err := s.Int64(); err != nil || n < 1 || n > MaxRuns {
			d.list.Add(diag.Errorf(d.pos(s.Pos()), CodeBadTest, "runs: want a whole number from 1 to %d", MaxRuns))
		} else {
			b.Runs = int(n)
		}
	}
	if s := field("seed"); s.Exists() {
		if n, err := s.Uint64(); err == nil {
			b.Seed = n
		}
	}
	if s := field("winner"); s.Exists() {
		x, _ := s.String()
		b.Winner = &Str{V: x, Pos: d.pos(s.Pos())}
	}
	b.Filter = d.Expect(v)
	if r := field("rate"); r.Exists() {
		at := &RateAt{Pos: d.pos(r.Pos())}
		var err error
		if f, ferr := r.Float64(); ferr == nil {
			at.Rate, err = ParseRate(strconv.FormatFloat(f, 'f', -1, 64))
		} else if s, serr := r.String(); serr == nil {
			at.Rate, err = ParseRate(s)
		} else {
			err = fmt.Errorf("want a rate such as 0.5, \">=0.2\" or \"0.35..0.55\"")
		}
		if err != nil {
			d.list.Add(diag.Errorf(at.Pos, CodeBadTest, "rate: %v", err))
		} else {
			b.Rate = at
		}
	}
	for _, of := range []string{"median", "p90", "min", "max"} {
		sv := field(of)
		if !sv.Exists() {
			continue
		}
		if n := d.dayNum(sv); n != nil {
			b.Stats = append(b.Stats, Stat{Of: of, Field: "day", Word: n.Word, Num: n.Num, Pos: n.Pos})
		}
		if n := d.num(sv, "rations"); n != nil {
			b.Stats = append(b.Stats, Stat{Of: of, Field: "rations", Num: n.Num, Pos: n.Pos})
		}
		for _, group := range []string{"armies", "xp"} {
			for _, n := range d.named(sv, group) {
				b.Stats = append(b.Stats, Stat{Of: of, Field: group + "." + n.Name, Num: n.Num, Pos: n.Pos})
			}
		}
	}
	if c := field("covered"); c.Exists() {
		if it, err := c.List(); err == nil {
			for it.Next() {
				x, _ := it.Value().String()
				b.Covered = append(b.Covered, Str{V: x, Pos: d.pos(it.Value().Pos())})
			}
		}
	}
	return b
}

// coverKinds maps the plural names covered lists to the entity kinds of the engines.
var coverKinds = map[string]string{
	"blocks": "block", "passages": "passage", "boxes": "box", "events": "event", "objectives": "objective",
	"encounters": "encounter", "episodes": "episode", "traversals": "traversal", "hexes": "hex",
	"engagements": "engagement", "tactics": "tactic", "fates": "fate", "sorties": "sortie", "clears": "clear",
}

// Validate reports Q002 for a name the check gives that k does not know, a value the runs do not
// report over many runs (party), and a covered kind the subject has no entity of.
func (b *Balance) Validate(k Known, entities []runner.Entity) diag.List {
	list := b.Filter.Validate(k)
	if b.Filter.Party != nil {
		list.Add(diag.Errorf(b.Filter.Party.Pos, CodeBadTest, "party: a balance check does not read the party's last block; use objectives or events"))
	}
	f := Expect{}
	for _, s := range b.Stats {
		if s.Field == "day" {
			list = append(list, checkDayWord(&NumAt{Pos: s.Pos, Word: s.Word}, k)...)
		}
		if group, name, ok := strings.Cut(s.Field, "."); ok {
			n := Named{Name: name, Pos: s.Pos}
			if group == "armies" {
				f.Armies = append(f.Armies, n)
			} else {
				f.XP = append(f.XP, n)
			}
		}
	}
	list = append(list, f.Validate(k)...)
	if w := b.Winner; w != nil && !slices.Contains(k.Winners, w.V) {
		if k.Winners == nil {
			list.Add(diag.Errorf(w.Pos, CodeBadTest, "winner: only a battle has a winning side; use outcome: \"success\" or \"failure\""))
		} else {
			list.Add(diag.Errorf(w.Pos, CodeBadTest, "winner %q is no side of this battle (want %s)", w.V, quoteList(k.Winners)))
		}
	}
	have := map[string]bool{}
	for _, e := range entities {
		have[e.Kind] = true
	}
	for _, c := range b.Covered {
		if !have[coverKinds[c.V]] {
			list.Add(diag.Errorf(c.Pos, CodeBadTest, "covered: this subject has no %s", c.V))
		}
	}
	return list
}

// match reports whether run r shows every field of the filter.
func (b *Balance) match(r runner.RunView) bool {
	e := &b.Filter
	if e.Outcome != nil && r.Outcome() != e.Outcome.V {
		return false
	}
	if b.Winner != nil && r.Outcome() != b.Winner.V {
		return false
	}
	if e.Day != nil && !e.Day.Match(r.Day()) {
		return false
	}
	if e.Reason != nil && !strings.Contains(r.Cause(), e.Reason.V) {
		return false
	}
	if e.Rations != nil {
		if v, ok := value(r, "rations"); !ok || !e.Rations.Match(v) {
			return false
		}
	}
	for _, a := range e.Armies {
		if v, ok := value(r, "armies."+a.Name); !ok || !a.Num.Match(v) {
			return false
		}
	}
	for _, x := range e.XP {
		if v, _ := value(r, "xp."+x.Name); !x.Num.Match(v) {
			return false
		}
	}
	for _, o := range e.Objectives {
		if r.Count(runner.Key{Kind: "objective", ID: o.V}) == 0 {
			return false
		}
	}
	for _, ev := range e.Events {
		if !ev.Num.Match(r.Count(runner.Key{Kind: "event", ID: ev.Name})) {
			return false
		}
	}
	return true
}

// quoteList writes names as "a", "b" or "c".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// value reads a field of the vocabulary from a run: "day", "rations", "armies.ID" (a Karzoral
// army's strength or a Pathfinder army's hp), "xp.NAME".
func value(r runner.RunView, field string) (int, bool) {
	switch field {
	case "day":
		return r.Day(), true
	case "rations":
		return r.Value(runner.Key{Kind: "rations", ID: "party"})
	}
	group, name, _ := strings.Cut(field, ".")
	if group == "armies" {
		if v, ok := r.Value(runner.Key{Kind: "strength", ID: name}); ok {
			return v, true
		}
		return r.Value(runner.Key{Kind: "hp", ID: name})
	}
	return r.Value(runner.Key{Kind: "xp", ID: name})
}

// Watches returns what a simulation must count for b, in the order Check reads them: the runs
// that match the filter, then for each statistic the values over those runs and the runs among
// them whose value goes against it.
func (b *Balance) Watches() []runner.Watch {
	out := []runner.Watch{{Match: b.match}}
	for _, s := range b.Stats {
		s := s
		out = append(out,
			runner.Watch{Match: b.match, Value: func(r runner.RunView) (int, bool) { return value(r, s.Field) }},
			runner.Watch{Match: func(r runner.RunView) bool {
				v, ok := value(r, s.Field)
				return b.match(r) && ok && !s.Num.Match(v)
			}})
	}
	return out
}

// Result is the outcome of one assertion of a Balance.
type Result struct {
	Check string   // what it reads: "rate of runs with outcome success"
	Want  string   // what it must be: "0.35..0.55"
	Pos   diag.Pos // where it is written
	OK    bool
	Got   string // what the runs gave
	// Run is the smallest failing run (its index; the seed is the simulation's seed + Run), -1
	// when it passed.
	Run int
}

// Check reads b's assertions from t, whose Watched[first:] are b's Watches, over the subject's
// entities.
func (b *Balance) Check(t *runner.Tally, first int, entities []runner.Entity) []Result {
	w := t.Watched[first:]
	var out []Result
	what := b.Filter.describe(b.Winner)
	if b.Rate != nil {
		m := w[0]
		x := float64(m.Runs) / float64(max(t.Runs, 1))
		lo, hi := runner.Wilson(m.Runs, t.Runs)
		res := Result{Check: "rate of " + what, Want: b.Rate.Rate.String(), Pos: b.Rate.Pos, OK: b.Rate.Match(x), Run: -1,
			Got: fmt.Sprintf("%d of %s, %s (95%% interval %s - %s)", m.Runs, words.Count(t.Runs, "run"), pct(x), pct(lo), pct(hi))}
		if !res.OK {
			if b.Rate.TooHigh(x) {
				res.Run = m.First
			} else {
				res.Run = m.FirstNot
			}
		}
		out = append(out, res)
	}
	for i, s := range b.Stats {
		vals, against := w[1+2*i], w[2+2*i]
		d := &vals.Values
		var got int
		switch s.Of {
		case "median":
			got = d.Quantile(0.5)
		case "p90":
			got = d.Quantile(0.9)
		case "min":
			got = d.Min()
		case "max":
			got = d.Max()
		}
		field := s.Field
		if field == "day" && s.Word != "" {
			field = s.Word
		}
		res := Result{Check: fmt.Sprintf("%s %s of %s", s.Of, field, what), Want: s.Num.String(), Pos: s.Pos, Run: -1}
		if d.N == 0 {
			res.Got = "no run to read it from"
			res.Run = w[0].FirstNot
		} else {
			res.OK = s.Num.Match(got)
			res.Got = fmt.Sprintf("%d over %s", got, words.Count(d.N, "run"))
			if !res.OK {
				res.Run = against.First
			}
		}
		out = append(out, res)
	}
	for _, c := range b.Covered {
		kind := coverKinds[c.V]
		var never []string
		total := 0
		for _, e := range entities {
			if e.Kind != kind {
				continue
			}
			total++
			if t.Covered[e.Key()] == nil {
				id := e.ID
				if e.Scope != "" {
					id = e.Scope + ": " + id
				}
				never = append(never, id)
			}
		}
		res := Result{Check: c.V + " covered", Want: "all", Pos: c.Pos, OK: len(never) == 0, Run: -1,
			Got: fmt.Sprintf("%d of %d covered in %s", total-len(never), total, words.Count(t.Runs, "run"))}
		if !res.OK {
			res.Got += "; never: " + strings.Join(never, ", ")
			res.Run = 0 // no run covers them: the first shows it as well as any
		}
		out = append(out, res)
	}
	return out
}

// describe names the runs a filter picks: "runs with outcome success and day <= 9", "runs".
func (e *Expect) describe(winner *Str) string {
	var parts []string
	if e.Outcome != nil {
		parts = append(parts, "outcome "+e.Outcome.V)
	}
	if winner != nil {
		parts = append(parts, "winner "+winner.V)
	}
	if e.Day != nil {
		parts = append(parts, dayWord(e.Day)+" "+e.Day.Num.String())
	}
	if e.Reason != nil {
		parts = append(parts, strconv.Quote(e.Reason.V)+" in the reason")
	}
	if e.Rations != nil {
		parts = append(parts, "rations "+e.Rations.Num.String())
	}
	for _, a := range e.Armies {
		parts = append(parts, "army "+a.Name+" "+a.Num.String())
	}
	for _, x := range e.XP {
		parts = append(parts, "xp of "+x.Name+" "+x.Num.String())
	}
	for _, o := range e.Objectives {
		parts = append(parts, "objective "+o.V)
	}
	for _, ev := range e.Events {
		parts = append(parts, "event "+ev.Name+" fired "+ev.Num.String())
	}
	if len(parts) == 0 {
		return "all runs"
	}
	return "runs with " + strings.Join(parts, " and ")
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }
