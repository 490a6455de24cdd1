package runner

import (
	"sort"
)

// Observer is what a simulation offers the events of a run: an event that implements Observed
// tells it what happened. Ids are the ones the events carry (a block's id, an army's id). Every
// method is cheap and allocates nothing once a key has been seen.
type Observer interface {
	// Cover records that entity (kind, id) happened: a block entered, an event fired, a tactic
	// used. The report counts the runs it happened in and the times.
	Cover(kind, id string)
	// Place records that who (the party, an army) now stands at where ("" off the field).
	Place(who, where string)
	// Occupy records that who (a unit of stands) now stands on every cell of where, replacing
	// its places (nil: off the field).
	Occupy(who string, where []string)
	// Tick ends a day: every place of the current scope counts once for the heat map.
	Tick()
	// Fight records one battle fought at where (a heat map's cell: a hex) in the current
	// scope: the heat map of where they fought.
	Fight(where string)
	// Measure sets a value of the run (the last one given counts): "strength" of an army at the
	// end, "xp" of a PC, "rations" of the party.
	Measure(name, who string, v int)
	// Add adds v to a value of the run (XP gained, one award at a time).
	Add(name, who string, v int)
	// End records how the run ended: the outcome (Success, Failure, a battle's winning side),
	// its cause ("objective takeTheGate", "friendly army lost", "day limit") and the day (or the
	// phases of a battle).
	End(outcome, cause string, day int)
	// Scope sets the scope of what follows: a campaign's scenario id, "" for the campaign itself.
	Scope(id string)
}

// Observed is implemented by events that tell a simulation what happened.
type Observed interface {
	Observe(o Observer)
}

// RunView is what a Watch sees of one finished run.
type RunView interface {
	Run() int // the run's index (0-based)
	Seed() uint64
	Outcome() string
	Cause() string
	Day() int
	// Count is how often (scope, kind, id) was covered in the run (0: never).
	Count(k Key) int
	// Value is the run's value of a measure (scope, name, who); ok false if never given.
	Value(k Key) (v int, ok bool)
	// Err is the error that stopped the run, if any.
	Err() error
}

// Watch is a per-run question a simulation counts (a balance assertion compiles to some): Match
// selects runs; Value, if set, gives the number whose distribution over the matching runs is
// kept (ok false: the run has none).
type Watch struct {
	Match func(RunView) bool
	Value func(RunView) (int, bool)
}

// Watched is what a simulation counted for one Watch.
type Watched struct {
	Runs     int  // runs that matched
	First    int  // the first run that matched, -1 if none
	FirstNot int  // the first run that did not match, -1 if none
	Values   Dist // the Value over the matching runs
}

// Cover counts one covered entity over the runs.
type Cover struct {
	Runs  int // runs in which it happened
	Times int // times it happened, all runs together
	First int // the first run in which it happened
}

// Tally is what a simulation observed, merged over its runs. Its maps are filled in any order;
// a report sorts their keys.
type Tally struct {
	Runs     int
	Outcomes map[string]int    // runs by outcome
	Causes   map[[2]string]int // runs by outcome and cause
	Days     Dist              // the day each run ended (all runs)
	DaysBy   map[string]*Dist  // the same, by outcome
	Covered  map[Key]*Cover    // entities that happened
	Measures map[Key]*Dist     // the runs' values, by measure
	// Heat counts the days each (scope, who, where) was stood on at a day's end; HeatDays the
	// day ends of each scope, all runs together.
	Heat     map[Key]int
	HeatDays map[string]int
	// Fought counts the battles fought at each (scope, where), all runs together (Key.Kind is
	// ""): the heat map of where they fought.
	Fought map[Key]int
	// Errors are the distinct errors that stopped runs, each with the first run and the count.
	Errors  map[string]*Cover
	Watched []Watched
}

func newTally(w []Watch) *Tally {
	t := &Tally{Outcomes: map[string]int{}, Causes: map[[2]string]int{}, DaysBy: map[string]*Dist{},
		Covered: map[Key]*Cover{}, Measures: map[Key]*Dist{}, Heat: map[Key]int{}, HeatDays: map[string]int{},
		Fought: map[Key]int{}, Errors: map[string]*Cover{}, Watched: make([]Watched, len(w))}
	for i := range t.Watched {
		t.Watched[i].First, t.Watched[i].FirstNot = -1, -1
	}
	return t
}

// Rate is the share of the runs that ended in outcome.
func (t *Tally) Rate(outcome string) float64 {
	if t.Runs == 0 {
		return 0
	}
	return float64(t.Outcomes[outcome]) / float64(t.Runs)
}

// merge adds u, the tally of later runs, to t.
func (t *Tally) merge(u *Tally) {
	t.Runs += u.Runs
	for k, n := range u.Outcomes {
		t.Outcomes[k] += n
	}
	for k, n := range u.Causes {
		t.Causes[k] += n
	}
	t.Days.Merge(&u.Days)
	for k, d := range u.DaysBy {
		if t.DaysBy[k] == nil {
			t.DaysBy[k] = &Dist{}
		}
		t.DaysBy[k].Merge(d)
	}
	mergeCovers(t.Covered, u.Covered)
	for k, d := range u.Measures {
		if t.Measures[k] == nil {
			t.Measures[k] = &Dist{}
		}
		t.Measures[k].Merge(d)
	}
	for k, n := range u.Heat {
		t.Heat[k] += n
	}
	for k, n := range u.HeatDays {
		t.HeatDays[k] += n
	}
	for k, n := range u.Fought {
		t.Fought[k] += n
	}
	for k, c := range u.Errors {
		mergeCover(t.Errors, k, c)
	}
	for i := range t.Watched {
		x, y := &t.Watched[i], &u.Watched[i]
		x.Runs += y.Runs
		x.First = firstOf(x.First, y.First)
		x.FirstNot = firstOf(x.FirstNot, y.FirstNot)
		x.Values.Merge(&y.Values)
	}
}

func mergeCovers(dst, src map[Key]*Cover) {
	for k, c := range src {
		mergeCover(dst, k, c)
	}
}

func mergeCover[K comparable](dst map[K]*Cover, k K, c *Cover) {
	d := dst[k]
	if d == nil {
		cp := *c
		dst[k] = &cp
		return
	}
	d.Runs += c.Runs
	d.Times += c.Times
	d.First = min(d.First, c.First)
}

func firstOf(a, b int) int {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	return min(a, b)
}

// SortedKeys returns the keys of m sorted by scope, kind and id.
func SortedKeys[V any](m map[Key]V) []Key {
	keys := make([]Key, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].Less(keys[j]) })
	return keys
}

// Less orders keys by scope, kind, then id.
func (k Key) Less(o Key) bool {
	if k.Scope != o.Scope {
		return k.Scope < o.Scope
	}
	if k.Kind != o.Kind {
		return k.Kind < o.Kind
	}
	return k.ID < o.ID
}

// runObserver is the Sink and Observer of one run at a time (one per worker), the RunView of the
// run it observed, and the accumulator of the worker's current chunk of runs. Every key it meets
// is interned once (index): after the first runs an observation is one map lookup and array
// updates, and a chunk's tally is made from the arrays once (tally).
type runObserver struct {
	run  int
	seed uint64

	index map[Key]int32 // interned keys: entities covered, measures, places, heat cells
	cache *keyCache     // in front of index (keycache.go)
	keys  []Key

	// This run.
	scope          string
	count          []int32 // by key: times covered in this run
	touched        []int32 // keys covered in this run
	value          []int   // by key: this run's value of a measure
	valued         []int32 // keys given a value in this run
	hasValue       []bool
	places         []place // who stands where now, every scope
	outcome, cause string
	day            int
	ended          bool
	err            error
	watch          []Watch

	// The chunk.
	acc accumulator
}

// place is who stands on heat cell cell (the key (scope, who, where)).
type place struct {
	scope, who string
	cell       int32
}

// ending is how some runs of a chunk ended: their outcome and cause, and their days.
type ending struct {
	outcome, cause string
	runs           int
	days           Dist
}

// accumulator is a chunk's tally with interned keys.
type accumulator struct {
	t        *Tally   // days, errors, watched: kept as they are
	endings  []ending // few: a linear search by string (most often the same strings) is cheap
	covRuns  []int    // by key
	covTimes []int
	covFirst []int
	measures []Dist
	heat     []int
}

func newRunObserver(w []Watch) *runObserver {
	o := &runObserver{index: map[Key]int32{}, cache: new(keyCache), watch: w}
	o.acc.t = newTally(w)
	return o
}

// intern returns k's index, making one the first time.
func (o *runObserver) intern(k Key) int32 {
	c := o.cache.slot(k)
	if c.ok && c.k == k {
		return c.i
	}
	if i, ok := o.index[k]; ok {
		*c = keySlot{k, i, true}
		return i
	}
	i := int32(len(o.keys))
	*c = keySlot{k, i, true}
	o.index[k] = i
	o.keys = append(o.keys, k)
	o.count = append(o.count, 0)
	o.value = append(o.value, 0)
	o.hasValue = append(o.hasValue, false)
	a := &o.acc
	a.covRuns, a.covTimes, a.covFirst = append(a.covRuns, 0), append(a.covTimes, 0), append(a.covFirst, -1)
	a.measures, a.heat = append(a.measures, Dist{}), append(a.heat, 0)
	return i
}

func (o *runObserver) reset(run int, seed uint64) {
	o.run, o.seed = run, seed
	o.scope = ""
	for _, i := range o.touched {
		o.count[i] = 0
	}
	o.touched = o.touched[:0]
	for _, i := range o.valued {
		o.hasValue[i] = false
	}
	o.valued = o.valued[:0]
	o.places = o.places[:0]
	o.outcome, o.cause, o.day, o.ended, o.err = "", "", 0, false, nil
}

// finish completes the run with what the Trial returned: an ending its events did not report
// (an engine without an end event, a run stopped by an error) is taken from the Ending.
func (o *runObserver) finish(end *Ending, err error) {
	o.err = err
	if end != nil && (!o.ended || err != nil) {
		o.outcome, o.cause, o.day = end.Outcome, end.Reason, end.Day
	}
	if err != nil {
		o.outcome = Stopped
		o.cause = "error"
	}
	if o.outcome == "" {
		o.outcome = Stopped
	}
}

// add adds the finished run to the chunk.
func (o *runObserver) add() {
	a := &o.acc
	t := a.t
	t.Runs++
	t.Days.Add(o.day)
	var en *ending
	for i := range a.endings {
		if e := &a.endings[i]; e.outcome == o.outcome && e.cause == o.cause {
			en = e
			break
		}
	}
	if en == nil {
		a.endings = append(a.endings, ending{outcome: o.outcome, cause: o.cause})
		en = &a.endings[len(a.endings)-1]
	}
	en.runs++
	en.days.Add(o.day)
	for _, i := range o.touched {
		a.covRuns[i]++
		a.covTimes[i] += int(o.count[i])
		if a.covFirst[i] < 0 {
			a.covFirst[i] = o.run
		}
	}
	for _, i := range o.valued {
		a.measures[i].Add(o.value[i])
	}
	if o.err != nil {
		msg := o.err.Error()
		c := t.Errors[msg]
		if c == nil {
			c = &Cover{First: o.run}
			t.Errors[msg] = c
		}
		c.Runs++
		c.Times++
	}
	for i := range t.Watched {
		w, x := &o.watch[i], &t.Watched[i]
		if !w.Match(o) {
			if x.FirstNot < 0 {
				x.FirstNot = o.run
			}
			continue
		}
		x.Runs++
		if x.First < 0 {
			x.First = o.run
		}
		if w.Value != nil {
			if v, ok := w.Value(o); ok {
				x.Values.Add(v)
			}
		}
	}
}

// tally returns the chunk's tally with its keys by name, and starts the next chunk.
func (o *runObserver) tally() *Tally {
	a := &o.acc
	t := a.t
	for i, k := range o.keys {
		if a.covRuns[i] > 0 {
			t.Covered[k] = &Cover{Runs: a.covRuns[i], Times: a.covTimes[i], First: a.covFirst[i]}
			a.covRuns[i], a.covTimes[i], a.covFirst[i] = 0, 0, -1
		}
		if a.measures[i].N > 0 {
			m := a.measures[i]
			t.Measures[k] = &m
			a.measures[i] = Dist{}
		}
		if a.heat[i] > 0 {
			t.Heat[k] = a.heat[i]
			a.heat[i] = 0
		}
	}
	for i := range a.endings {
		e := &a.endings[i]
		t.Outcomes[e.outcome] += e.runs
		t.Causes[[2]string{e.outcome, e.cause}] += e.runs
		d := t.DaysBy[e.outcome]
		if d == nil {
			d = &Dist{}
			t.DaysBy[e.outcome] = d
		}
		d.Merge(&e.days)
	}
	a.endings = a.endings[:0]
	a.t = newTally(o.watch)
	return t
}

// ObservesOnly implements Observing: the runs of a simulation need no text.
func (o *runObserver) ObservesOnly() {}

// Write implements Sink: an Observed event observes.
func (o *runObserver) Write(e Event) error {
	if x, ok := e.(Observed); ok {
		x.Observe(o)
	}
	return nil
}

func (o *runObserver) Cover(kind, id string) {
	i := o.intern(Key{o.scope, kind, id})
	if o.count[i] == 0 {
		o.touched = append(o.touched, i)
	}
	o.count[i]++
}

// Place keeps who's place in a short list (a party and a few armies): most days nobody moves
// far, and a place unchanged costs no lookup.
func (o *runObserver) Place(who, where string) {
	for i := range o.places {
		p := &o.places[i]
		if p.who != who || p.scope != o.scope {
			continue
		}
		switch {
		case where == "":
			o.places = append(o.places[:i], o.places[i+1:]...)
		case o.keys[p.cell].ID != where:
			p.cell = o.intern(Key{o.scope, who, where})
		}
		return
	}
	if where != "" {
		o.places = append(o.places, place{o.scope, who, o.intern(Key{o.scope, who, where})})
	}
}

func (o *runObserver) Occupy(who string, where []string) {
	keep := o.places[:0]
	for _, p := range o.places {
		if p.who != who || p.scope != o.scope {
			keep = append(keep, p)
		}
	}
	o.places = keep
	for _, w := range where {
		o.places = append(o.places, place{o.scope, who, o.intern(Key{o.scope, who, w})})
	}
}

func (o *runObserver) Tick() {
	o.acc.t.HeatDays[o.scope]++
	for i := range o.places {
		if p := &o.places[i]; p.scope == o.scope {
			o.acc.heat[p.cell]++
		}
	}
}

// Fight counts straight into the chunk's tally: battles are few (a handful a run).
func (o *runObserver) Fight(where string) {
	if where != "" {
		o.acc.t.Fought[Key{Scope: o.scope, ID: where}]++
	}
}

func (o *runObserver) Measure(name, who string, v int) {
	i := o.intern(Key{o.scope, name, who})
	if !o.hasValue[i] {
		o.hasValue[i] = true
		o.valued = append(o.valued, i)
	}
	o.value[i] = v
}

func (o *runObserver) Add(name, who string, v int) {
	i := o.intern(Key{o.scope, name, who})
	if !o.hasValue[i] {
		o.hasValue[i] = true
		o.valued = append(o.valued, i)
		o.value[i] = 0
	}
	o.value[i] += v
}

func (o *runObserver) End(outcome, cause string, day int) {
	if o.scope != "" {
		return // a campaign's sortie ends; the campaign goes on
	}
	o.outcome, o.cause, o.day, o.ended = outcome, cause, day, true
}

func (o *runObserver) Scope(id string) { o.scope = id }

// RunView
func (o *runObserver) Run() int        { return o.run }
func (o *runObserver) Seed() uint64    { return o.seed }
func (o *runObserver) Outcome() string { return o.outcome }
func (o *runObserver) Cause() string   { return o.cause }
func (o *runObserver) Day() int        { return o.day }
func (o *runObserver) Err() error      { return o.err }

func (o *runObserver) Count(k Key) int {
	if i, ok := o.index[k]; ok {
		return int(o.count[i])
	}
	return 0
}

func (o *runObserver) Value(k Key) (int, bool) {
	if i, ok := o.index[k]; ok && o.hasValue[i] {
		return o.value[i], true
	}
	return 0, false
}
