package clash

import (
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// A clash battle as a simulation's subject (`sortie simulate`, `sortie battle --runs`): each run
// fights the battle with dice seeded by the run's seed, every decision from the run's decider (nil:
// the engine's policy), on one Battle per worker. What each run covers comes from its events
// (observe.go).

// Entity kinds a clash run covers (runner.Entity.Kind).
const (
	CoverObjective = "objective" // the objective scored VP (U-65..U-69)
	CoverBroken    = "broken"    // the unit's morale broke (U-63)
	CoverDeserted  = "deserted"  // the unit's survivors deserted after a total defeat (U-72)
	CoverAction    = "action"    // a unit or solo took the action: "who: action" (U-33)
	CoverSquare    = "square"    // a square of the grid: a heat map cell only (runner.Entity.Cell)
)

// DrawOutcome is a simulated battle's outcome when neither side won (U-74): "no winner", as for
// a Pathfinder battle (pathfinder.NoWinner), so that a balance check's `winner: "no winner"`
// (schema/expect.cue) counts the draws of either kind of battle.
const DrawOutcome = "no winner"

// BattleSubject returns battle s as a simulation's subject, pol the engine's policy (the whole
// policy of a run with no decider, and what a decider leaves). A run's outcome is the winning
// side's name or DrawOutcome ("no winner"); its cause "total: REASON" or "tactical: REASON" (U-72, U-73; the draws'
// "draw: REASON"); its day counts the rounds. With detail every event of the battle goes to the
// run's sink (the actions, breaks and desertions sortie simulate covers); without it only the end
// (the winner, the VP by side), and the engine builds no event: `sortie battle --runs`.
func BattleSubject(s *Setup, pol Policy, detail bool) runner.Subject {
	return &subject{s: s, pol: pol, detail: detail}
}

type subject struct {
	s      *Setup
	pol    Policy
	detail bool
}

// Coverable lists the objectives and, for every unit, its morale breaking and its desertion
// (non-events: a unit that never broke is no gap, runner.Entity.Optional).
func (x *subject) Coverable() []runner.Entity {
	var out []runner.Entity
	for _, o := range x.s.obj {
		out = append(out, runner.Entity{Kind: CoverObjective, ID: o.name})
	}
	for _, kind := range []string{CoverBroken, CoverDeserted} {
		for _, u := range x.s.units {
			out = append(out, runner.Entity{Kind: kind, ID: u.id, Optional: true})
		}
	}
	// The grid's squares, the heat map's cells: where each unit's stands stood at the end of
	// each round (MapEvent.Observe).
	for y := 0; y < x.s.h; y++ {
		for xx := 0; xx < x.s.w; xx++ {
			at := [2]int{xx, y}
			out = append(out, runner.Entity{Kind: CoverSquare, ID: squareID(xx, y), At: &at, Grid: "square", Cell: true})
		}
	}
	return out
}

// squareID names a square as the heat map's cells do: "x,y".
func squareID(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }

func (x *subject) Trial() (runner.Trial, error) {
	return &trial{x: x, b: NewBattle(x.s), src: dice.NewSeeded(0)}, nil
}

type trial struct {
	x   *subject
	b   *Battle
	src *dice.Seeded
	end BattleEndEvent
}

func (t *trial) Play(seed uint64, dec runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	t.src.Reseed(seed)
	o := BattleOptions{Seed: seed, Dice: t.src, Decider: dec, Policy: t.x.pol}
	if t.x.detail {
		o.Sink = sink
	}
	res, err := t.x.s.fightOn(t.b, o)
	if res == nil {
		return nil, err
	}
	if !t.x.detail && err == nil && runner.Enabled(sink) {
		// The end alone, as the battle's own end event says it.
		t.end = BattleEndEvent{Rounds: res.Rounds, VP: res.VP, Outcome: res.Result.Outcome.String(), Reason: res.Result.Reason.String(),
			sides: [2]string{t.b.sideName(0), t.b.sideName(1)}}
		if res.Winner >= 0 {
			t.end.Winner = t.end.sides[res.Winner]
		}
		if werr := sink.Write(&t.end); werr != nil {
			return &res.Ending, werr
		}
	}
	end := res.Ending
	if err == nil {
		end.Outcome = DrawOutcome
		if res.Winner >= 0 {
			end.Outcome = t.b.sideName(int32(res.Winner))
		}
		end.Reason = res.Result.Outcome.String() + ": " + res.Result.Reason.String()
	}
	return &end, err
}

// PolicyMaker is the PolicyMaker of the engine's policy pol: a nil decider, so that pol decides
// everything without Requests (as `sortie battle --runs` fights).
func PolicyMaker(pol Policy) runner.PolicyMaker { return enginePolicy(pol) }

type enginePolicy Policy

func (enginePolicy) Decider(int, uint64) (runner.Decider, error) { return nil, nil }

// RatesOf reads a battle's rates from the tally of its simulation (BattleSubject): wins, total
// and tactical victories, draws, why battles ended, the rounds and the mean VP of each side.
func RatesOf(c *plan.Clash, seed uint64, pol Policy, t *runner.Tally) *Rates {
	s := &Setup{Plan: c}
	b := &Battle{s: s}
	r := &Rates{Battle: c.ID, Runs: t.Runs, Seed: seed, Policy: pol.String(), Reasons: map[string]int{},
		Sides: [2]string{b.sideName(0), b.sideName(1)}, Draws: t.Outcomes[DrawOutcome]}
	for k, n := range t.Causes {
		kind, reason, _ := strings.Cut(k[1], ": ")
		if reason == "" {
			continue
		}
		r.Reasons[reason] += n
		for side := range r.Sides {
			if k[0] != r.Sides[side] {
				continue
			}
			r.Wins[side] += n
			if kind == Total.String() {
				r.Total[side] += n
			} else {
				r.Tact[side] += n
			}
		}
	}
	r.Rounds.Min, r.Rounds.Median, r.Rounds.Max, r.Rounds.Mean = t.Days.Min(), t.Days.Quantile(0.5), t.Days.Max(), t.Days.Mean()
	for side, name := range r.Sides {
		if d := t.Measures[runner.Key{Kind: "vp", ID: name}]; d != nil {
			r.VP[side] = float64(d.Sum) / float64(max(t.Runs, 1))
		}
	}
	return r
}
