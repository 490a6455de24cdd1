package campaign

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// A campaign as a simulation's subject (`sortie simulate campaign.cue`): each run plays the whole
// campaign with one generator seeded by the run's seed and every decision from the run's decider;
// each worker keeps one karzoral.Runner per scenario (Runners). What a run covers comes from the
// campaign's events and its sorties' (observe.go).

// Entity kinds a campaign run covers, besides its scenarios' (scoped by scenario id).
const (
	CoverSortie = "sortie" // the scenario was played (K-16)
	CoverClear  = "clear"  // the scenario was cleared (K-10)
)

// Runners is a Player that keeps one karzoral.Runner per scenario plan, so that a campaign
// played again and again checks and prepares each plan once (a simulation's worker). It plays as
// RunnerPlayer does. Not safe for concurrent use.
type Runners struct {
	m map[*plan.Plan]*karzoral.Runner
	// bufs are the Report and Carry of every sortie (play): a Report returned by Play is valid
	// until the next Play.
	bufs sortieBufs
}

// Play implements Player.
func (r *Runners) Play(s *Sortie) (*Report, error) { return play(s, r.run, &r.bufs) }

func (r *Runners) run(p *plan.Plan, o karzoral.Options) (*karzoral.Result, error) {
	if r.m == nil {
		r.m = map[*plan.Plan]*karzoral.Runner{}
	}
	kr := r.m[p]
	if kr == nil {
		var err error
		if kr, err = karzoral.New(p); err != nil {
			return nil, err
		}
		r.m[p] = kr
	}
	return kr.Run(o)
}

// Subject returns campaign c as a simulation's subject.
func Subject(c *plan.Campaign) runner.Subject { return &subject{c: c} }

type subject struct{ c *plan.Campaign }

// Coverable lists the scenarios (played, cleared), then each scenario's own entities, scoped by
// its id.
func (s *subject) Coverable() []runner.Entity {
	var out []runner.Entity
	for _, sc := range s.c.Scenarios {
		out = append(out, runner.Entity{Kind: CoverSortie, ID: sc.ID, Name: sc.Plan.Scenario.Title, Decl: "scenarios." + sc.ID})
	}
	for _, sc := range s.c.Scenarios {
		out = append(out, runner.Entity{Kind: CoverClear, ID: sc.ID, Name: sc.Plan.Scenario.Title, Decl: "scenarios." + sc.ID})
	}
	for _, sc := range s.c.Scenarios {
		out = append(out, karzoral.Coverable(sc.Plan, sc.ID)...)
	}
	return out
}

func (s *subject) Trial() (runner.Trial, error) {
	return &trial{c: s.c, dice: dice.NewSeeded(0), player: &Runners{}}, nil
}

type trial struct {
	c      *plan.Campaign
	dice   *dice.Seeded
	player *Runners
	// last is the State of the last run, reused by the next (Options.Reuse): a run's Result is
	// read only for its Ending, before the next run.
	last *State
}

// Play plays the campaign once. Its outcome is Success when the final scenario was cleared,
// Failure otherwise (nothing left to select, or the sortie limit); its day counts the days of
// every sortie.
func (t *trial) Play(seed uint64, dec runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	t.dice.Reseed(seed)
	res, err := Run(t.c, Options{Seed: seed, Dice: t.dice, Decider: dec, Sink: sink, Player: t.player, Reuse: t.last})
	if res == nil {
		return nil, err
	}
	t.last = res.State
	end := Ending(res)
	return &end, err
}

// Ending is how a campaign run ends in the vocabulary of a scenario's (runner.Ending): Success
// when the final scenario was cleared, Stopped when a decider stopped it, Failure otherwise; the
// reason says which (EndNoMore, EndLimit ...); the day is the days of all its sorties.
func Ending(res *Result) runner.Ending {
	e := runner.Ending{Outcome: outcomeOf(res.End), Reason: endReason(res.End)}
	for _, r := range res.State.Rows {
		e.Day += r.Days
	}
	return e
}

// outcomeOf is the outcome of a campaign that ended so (EndFinal ...).
func outcomeOf(end string) string {
	switch end {
	case EndFinal:
		return runner.Success
	case EndStopped:
		return runner.Stopped
	}
	return runner.Failure
}

// endReason says why a campaign ended so.
func endReason(end string) string {
	switch end {
	case EndFinal:
		return "the final scenario is cleared (K-7)"
	case EndNoMore:
		return "no scenario is left to select"
	case EndLimit:
		return "the sortie limit was reached"
	case EndStopped:
		return "a decision could not be made (see the message below)"
	}
	return end
}

// Goal is the goal policy for a campaign: it selects the final scenario when it is open (K-7),
// else the scenario selected least often so far; it takes the first benefit, then sorties; each
// sortie is played by the scenario's own karzoral.Goal, fresh for every sortie.
func Goal(c *plan.Campaign) runner.PolicyMaker {
	g := &goal{c: c, goals: map[string]*karzoral.Goal{}}
	for _, sc := range c.Scenarios {
		g.goals[sc.ID] = karzoral.NewGoal(sc.Plan)
	}
	return g
}

type goal struct {
	c     *plan.Campaign
	goals map[string]*karzoral.Goal
}

func (g *goal) Decider(run int, seed uint64) (runner.Decider, error) {
	return &goalRun{g: g, seed: seed, scenario: g.c.Scenarios[g.c.Prologue].ID, selected: map[string]int{}}, nil
}

type goalRun struct {
	g        *goal
	seed     uint64
	scenario string         // the scenario being played or prepared
	sortie   runner.Decider // its goal decider, nil until its first decision
	day      int
	sorties  int
	selected map[string]int // times each scenario was selected
}

func (r *goalRun) Decide(q *runner.Request) (runner.Answer, error) {
	switch q.Kind {
	case runner.KindSelect:
		// The campaign's goal is its final scenario (K-7): take it when it is open, else the
		// scenario selected least often so far.
		best := 0
		for i, c := range q.Choices {
			if c.Value == r.g.c.Final {
				best = i
				break
			}
			if r.selected[c.Name] < r.selected[q.Choices[best].Name] {
				best = i
			}
		}
		r.scenario, r.sortie = q.Choices[best].Name, nil
		r.selected[r.scenario]++
		return runner.Answer{Choice: best}, nil
	case runner.KindBenefit, runner.KindPrepare:
		if q.Cause == "shop" { // K-12 at a base mid-scenario: the engine's Default buys back toward the starting stock
			return runner.Answer{Default: true}, nil
		}
		if i := q.Find("sortie"); q.Kind == runner.KindPrepare && i >= 0 {
			return runner.Answer{Choice: i}, nil
		}
		return runner.Answer{}, nil
	case runner.KindPick:
		if q.Day == 0 && q.Cause == "growth" { // the campaign's ability growth (K-64): the Default
			return runner.Answer{Default: true}, nil
		}
	}
	if r.sortie == nil || q.Day < r.day {
		// A new sortie (or the prologue again): a fresh memory of the field.
		r.sorties++
		d, err := r.g.goals[r.scenario].Decider(r.sorties, r.seed+uint64(r.sorties))
		if err != nil {
			return runner.Answer{}, err
		}
		r.sortie = d
	}
	r.day = q.Day
	return r.sortie.Decide(q)
}
