package runner

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Options configure one run, whatever the engine.
type Options struct {
	// Seed seeds the dice generator (unless Dice is set). The same plan, seed and decisions give
	// the same run.
	Seed uint64
	// Decider makes every decision. Required. If it also implements Roller, it is asked for each
	// die first (script roll entries, dice typed at the table).
	Decider Decider
	// Fallback, if set, takes over when Decider reports that it ran out (an error matching
	// ErrScriptEnded), e.g. a policy after a script's last entry. Otherwise the run stops (X003).
	Fallback Decider
	// Sink receives the events. Nil means Discard.
	Sink Sink
	// Dice, if set, replaces the seeded generator (dice.NewSeeded(Seed)): a save keeps and
	// checks its state.
	Dice dice.Source
	// Checkpoint, if set, is called at the end of every day, once the day's events are written:
	// the points a run is saved at and resumed from (by replaying the decisions up to it). An
	// error stops the run.
	Checkpoint func() error
	// Stream writes the parts of a long event as they happen rather than once it is over: a
	// Pathfinder battle's phase tables each before the next question (a run at the terminal,
	// issue 23). The events, and so the JSONL, are the same; only their timing changes.
	Stream bool
}

// Ending is how a run ended; every engine's result embeds it.
type Ending struct {
	Outcome string // Success | Failure | Stopped
	Day     int    // the day it ended (0 if it stopped before day 1)
	Reason  string // why: the objective, "day limit", the rule that ended it, the error
}

// Ended returns e (Result).
func (e *Ending) Ended() *Ending { return e }

// Result is what an engine returns from a run: its own result type, which embeds Ending.
type Result interface {
	Ended() *Ending
}

// Engine plays the plans of one rule system (runner/karzoral, runner/pathfinder ...). An engine
// package registers one in its init; it imports this package and compiler/plan, never another
// engine.
type Engine interface {
	// Rules is the plan.Meta.Rules value the engine plays: "karzoral", "pathfinder".
	Rules() string
	// Run plays p once. The Result is nil only when the run could not start (a plan the engine
	// cannot play, no Decider); otherwise it is returned with any error.
	Run(p *plan.Plan, o Options) (Result, error)
}

var (
	enginesMu sync.RWMutex
	engines   = map[string]Engine{}
)

// Register makes e available to Run under e.Rules(); an engine package calls it from init. It
// panics when two engines claim the same rules: a programming error.
func Register(e Engine) {
	enginesMu.Lock()
	defer enginesMu.Unlock()
	r := e.Rules()
	if r == "" {
		panic("runner: Register: an engine without rules")
	}
	if _, dup := engines[r]; dup {
		panic("runner: Register: two engines for rules " + r)
	}
	engines[r] = e
}

// Engines lists the rules of the registered engines, sorted.
func Engines() []string {
	enginesMu.RLock()
	defer enginesMu.RUnlock()
	var out []string
	for r := range engines {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// Run plays p with the engine its rules name (plan.Meta.Rules). A plan whose rules no linked
// engine plays is an error naming the engines there are.
func Run(p *plan.Plan, o Options) (Result, error) {
	if p == nil {
		return nil, fmt.Errorf("runner: nil plan")
	}
	enginesMu.RLock()
	e, ok := engines[p.Scenario.Rules]
	enginesMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("runner: no engine plays rules %q (engines: %s)", p.Scenario.Rules, strings.Join(Engines(), ", "))
	}
	return e.Run(p, o)
}

// Checker is an Engine that can say, without playing it, whether a plan is one it can play: the
// same floor its Run checks first (indices in range, blocks and hexes there), so that a tool that
// reads a plan without running it (sortie replay) refuses what Run would.
type Checker interface {
	Check(p *plan.Plan) error
}

// Check says whether p is a plan its engine (plan.Meta.Rules) can play, as Run checks it before
// playing: nil when it can, else the error Run would give. A plan whose rules no linked engine
// plays is an error; an engine with no Checker is checked by plan.Validate.
func Check(p *plan.Plan) error {
	if p == nil {
		return fmt.Errorf("runner: nil plan")
	}
	enginesMu.RLock()
	e, ok := engines[p.Scenario.Rules]
	enginesMu.RUnlock()
	if !ok {
		return fmt.Errorf("runner: no engine plays rules %q (engines: %s)", p.Scenario.Rules, strings.Join(Engines(), ", "))
	}
	if c, ok := e.(Checker); ok {
		return c.Check(p)
	}
	return plan.Validate(p)
}
