package runner

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The Monte Carlo driver (`sortie simulate`, `sortie battle --runs`): N runs of one subject, run i
// seeded with RunSeed(S, i) and decided by a policy made for it, played in parallel by W workers
// into a Tally each; the chunks of runs are merged in run order, so that the result is the same
// for any W. Statistics and coverage come from the events of each run (Observed), never from an
// engine's internals.

// Subject is what a simulation plays many times: a scenario's plan (PlanSubject), a campaign
// (runner/campaign), a lone battle (runner/pathfinder).
type Subject interface {
	// Trial returns a player of the subject for one worker (its state is reused between runs;
	// it is used by one goroutine at a time).
	Trial() (Trial, error)
	// Coverable lists what a run may cover (blocks, events, objectives ...), in a stable order:
	// the report lists those no run covered.
	Coverable() []Entity
}

// Trial plays one run of a subject: dice seeded by seed, every decision from dec, every event to
// sink. The Ending is nil only when the run could not start; it may be the trial's own, valid
// until the next Play.
type Trial interface {
	Play(seed uint64, dec Decider, sink Sink) (*Ending, error)
}

// Simulator is implemented by an engine whose plans can be simulated: the small interface each
// engine contributes (runner/karzoral, runner/pathfinder).
type Simulator interface {
	// Prepare readies p to be played many times by one worker: the engine's checks and lookups
	// once, its state reused between runs.
	Prepare(p *plan.Plan) (Trial, error)
	// Coverable lists the entities of p a run may cover, in a stable order.
	Coverable(p *plan.Plan) []Entity
}

// Entity is one thing a run may cover: a block entered, a passage used, a box revealed, an event
// fired, an objective met, an encounter fought, an episode told, a battle fought, a tactic used.
type Entity struct {
	Scope string `json:"scope,omitempty"` // the scenario, in a campaign; "" otherwise
	Kind  string `json:"kind"`            // "block", "passage", "box", "event", "objective" ...
	ID    string `json:"id"`              // as the events name it: "05", "rupetenne -> t1", "supplyCache"
	Name  string `json:"name,omitempty"`  // a readable name, if the scenario gives one
	// Decl is where the entity is declared, as a path of keys in the scenario's source
	// ("field.blocks.05", "events.supplyCache"); the CLI turns it into file:line.
	Decl string `json:"decl,omitempty"`
	// At is a block's or a hex's coordinates ([x, y] on a square grid, [q, r] on a hex grid):
	// the heat map is drawn from them. Grid is "square" or "hex" then.
	At   *[2]int `json:"at,omitempty"`
	Grid string  `json:"grid,omitempty"`
	// Optional marks a non-event: something a run may well never do (a unit's morale breaking,
	// a side deserting), so that no run doing it is no gap in the coverage.
	Optional bool `json:"optional,omitempty"`
	// Cell marks a heat map's cell only (a square of a clash grid): it has At and Grid, and the
	// coverage does not list it.
	Cell bool `json:"cell,omitempty"`
}

// Key names what a run observed: the scope ("" or a campaign's scenario), the kind (an entity's
// kind, or a measure's name) and the id (an entity, or whose measure: an army, a PC).
type Key struct {
	Scope, Kind, ID string
}

// Key returns the entity's key.
func (e *Entity) Key() Key { return Key{e.Scope, e.Kind, e.ID} }

// PlanSubject returns the subject that plays p with the engine its rules name. An engine that
// does not implement Simulator cannot be simulated.
func PlanSubject(p *plan.Plan) (Subject, error) {
	if p == nil {
		return nil, errors.New("runner: nil plan")
	}
	enginesMu.RLock()
	e, ok := engines[p.Scenario.Rules]
	enginesMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("runner: no engine plays rules %q (engines: %s)", p.Scenario.Rules, joinComma(Engines()))
	}
	sim, ok := e.(Simulator)
	if !ok {
		return nil, fmt.Errorf("runner: the %s engine cannot be simulated", p.Scenario.Rules)
	}
	return &planSubject{p: p, sim: sim}, nil
}

type planSubject struct {
	p   *plan.Plan
	sim Simulator
}

func (s *planSubject) Trial() (Trial, error) { return s.sim.Prepare(s.p) }
func (s *planSubject) Coverable() []Entity   { return s.sim.Coverable(s.p) }

// RunSeed is the seed of run i (0-based) of a simulation seeded by seed: seed + i. Run i is the
// run `sortie run --seed RunSeed(seed, i)` plays with the same policy.
func RunSeed(seed uint64, i int) uint64 { return seed + uint64(i) }

// PolicyMaker makes the decider of each run of a simulation. Decider may be called from several
// goroutines at once.
type PolicyMaker interface {
	Decider(run int, seed uint64) (Decider, error)
}

// Learner is a PolicyMaker that learns from earlier runs (the explore policy). Runs come in
// generations of LearnEvery runs; every run of a generation decides from what the generations
// before it taught the policy (Decider only reads it), and once a generation is played Learn is
// called with each of its runs' deciders, in run order, before the next generation starts. So the
// runs, and what they teach, do not depend on the number of workers.
type Learner interface {
	PolicyMaker
	Learn(run int, d Decider)
}

// LearnEvery is the size of a Learner's generations (runs).
const LearnEvery = 64

// chunk is the number of runs a worker plays into one tally before the merge; learnChunk the
// same under a Learner, so that the workers share each generation. The tally does not depend on
// the chunks: every count adds up, every first run is a minimum.
const (
	chunk      = 64
	learnChunk = 16
)

// NamedPolicy is a PolicyMaker for the stateless policies of NewPolicy ("first", "random"), each
// run's seeded with the run's seed.
type NamedPolicy string

// Decider implements PolicyMaker.
func (n NamedPolicy) Decider(run int, seed uint64) (Decider, error) {
	return NewPolicy(string(n), seed)
}

// SimOptions configure a simulation.
type SimOptions struct {
	Runs    int    // >= 1
	Seed    uint64 // run i is seeded with RunSeed(Seed, i)
	Workers int    // parallel workers; 0 means GOMAXPROCS; the result does not depend on it
	Policy  PolicyMaker
	// Watch are the per-run questions the caller wants counted (balance assertions): for each,
	// the runs that match, the first run that matches and the first that does not, and the
	// distribution of its value over the runs that match.
	Watch []Watch
	// Progress, if set, is called with the number of runs merged so far, in order, from one
	// goroutine (a progress bar).
	Progress func(done int)
}

// Simulate plays o.Runs runs of s and returns their tally. The tally, and so any report made from
// it, is the same for the same subject, seed, runs and policy whatever o.Workers is. An error is
// returned only when the simulation cannot start (bad options, a subject that cannot be played);
// a run that stops with an error counts as outcome Stopped, its error in the tally.
func Simulate(s Subject, o SimOptions) (*Tally, error) {
	if o.Runs < 1 {
		return nil, fmt.Errorf("runner: simulate: runs %d, want at least 1", o.Runs)
	}
	if o.Policy == nil {
		return nil, errors.New("runner: simulate: no policy")
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	learner, learns := o.Policy.(Learner)
	size := chunk
	if learns {
		size = learnChunk
	}
	nchunks := (o.Runs + size - 1) / size
	workers = min(workers, nchunks)
	trials := make([]Trial, workers)
	for w := range trials {
		t, err := s.Trial()
		if err != nil {
			return nil, err
		}
		trials[w] = t
	}
	total := newTally(o.Watch)
	gen := nchunks // chunks per generation: all of them, unless the policy learns
	if learns {
		gen = LearnEvery / size
	}
	done := 0
	for first := 0; first < nchunks; first += gen {
		last := min(first+gen, nchunks)
		var deciders []Decider
		if learns {
			deciders = make([]Decider, min(last*size, o.Runs)-first*size)
		}
		err := playChunks(trials, size, first, last, &o, total, deciders, func() {
			if o.Progress != nil {
				done = min(done+size, o.Runs)
				o.Progress(done)
			}
		})
		if err != nil {
			return nil, err
		}
		for k, d := range deciders {
			learner.Learn(first*size+k, d)
		}
	}
	return total, nil
}

// playChunks plays chunks [first, last) of size runs on the workers and merges their tallies
// into total in chunk order. deciders, if not nil, receives each run's decider (index: run -
// first*size).
func playChunks(trials []Trial, size, first, last int, o *SimOptions, total *Tally, deciders []Decider, merged func()) error {
	type result struct {
		c   int
		t   *Tally
		err error
	}
	next := make(chan int)
	out := make(chan result, len(trials))
	var wg sync.WaitGroup
	for w := range trials {
		wg.Add(1)
		go func(tr Trial) {
			defer wg.Done()
			obs := newRunObserver(o.Watch)
			for c := range next {
				err := playChunk(tr, size, c, o, obs, deciders, first*size)
				out <- result{c, obs.tally(), err}
			}
		}(trials[w])
	}
	go func() {
		for c := first; c < last; c++ {
			next <- c
		}
		close(next)
		wg.Wait()
		close(out)
	}()
	pending := map[int]*Tally{}
	want := first
	var firstErr error
	for r := range out {
		if r.err != nil && firstErr == nil {
			firstErr = r.err
		}
		pending[r.c] = r.t
		for t, ok := pending[want]; ok; t, ok = pending[want] {
			delete(pending, want)
			total.merge(t)
			want++
			merged()
		}
	}
	return firstErr
}

// playChunk plays the runs of chunk c (of size runs) into obs's chunk.
func playChunk(tr Trial, size, c int, o *SimOptions, obs *runObserver, deciders []Decider, base int) error {
	for i := c * size; i < min((c+1)*size, o.Runs); i++ {
		seed := RunSeed(o.Seed, i)
		d, err := o.Policy.Decider(i, seed)
		if err != nil {
			return err
		}
		if deciders != nil {
			deciders[i-base] = d
		}
		obs.reset(i, seed)
		end, err := tr.Play(seed, d, obs)
		obs.finish(end, err)
		obs.add()
	}
	return nil
}

// Replay plays run i of the simulation o describes once more, its events to sink, its decider
// passed through wrap (nil: as it is; a recorder that writes a replay script). For a Learner the
// generations before run i are played again first (without events), so that the policy decides
// as it did in the simulation.
func Replay(s Subject, o SimOptions, i int, sink Sink, wrap func(Decider) Decider) (*Ending, error) {
	if i < 0 || i >= o.Runs {
		return nil, fmt.Errorf("runner: replay: run %d of %d", i, o.Runs)
	}
	if l, ok := o.Policy.(Learner); ok && i >= LearnEvery {
		prior := o
		prior.Runs = i - i%LearnEvery
		prior.Watch, prior.Progress = nil, nil
		if _, err := Simulate(s, prior); err != nil {
			return nil, err
		}
		_ = l // the Learner learnt from those runs
	}
	tr, err := s.Trial()
	if err != nil {
		return nil, err
	}
	seed := RunSeed(o.Seed, i)
	d, err := o.Policy.Decider(i, seed)
	if err != nil {
		return nil, err
	}
	if wrap != nil {
		d = wrap(d)
	}
	if sink == nil {
		sink = Discard
	}
	return tr.Play(seed, d, sink)
}

func joinComma(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
