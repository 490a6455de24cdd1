package runner

import "github.com/sortie-rpg/sortie/runner/dice"

// Explore is the explore policy (`--policy explore`): it prefers what it has not seen yet, so
// that a simulation's coverage converges in fewer runs than under random play. It decides on the
// Request alone, which is what the deciding side is told (the party's block, the legal choices
// and where each move leads, Choice.Note): for each decision it takes the choice tried least
// often, in earlier runs (what the generations before taught it, Learner) and in this run, ties
// broken at random by the run's own generator. A move is counted by the block it leads to, so
// the party heads for blocks no run has entered, and staying counts four times over; the party
// makes a forced march every night it may (K-41: further in the same days); other choices are
// counted by the decision's kind, block and encounter. A battle's "defeated" is taken only when nothing else is legal: it ends the run, and
// a party that explores does not seek it.
//
// An Explore learns across runs: make a fresh one (NewExplore) for every simulation and replay.
type Explore struct {
	counts map[string]int // choice key -> times taken in learnt runs
}

// NewExplore returns an explore policy that has learnt nothing.
func NewExplore() *Explore { return &Explore{counts: map[string]int{}} }

// Decider implements PolicyMaker: the decider of one run, which reads what e has learnt.
func (e *Explore) Decider(run int, seed uint64) (Decider, error) {
	return &exploreRun{e: e, rng: dice.NewSeeded(policySeed(seed) ^ 0x6578706c6f7265), own: map[string]int{}}, nil
}

// Learn implements Learner: what run's decider took counts from now on.
func (e *Explore) Learn(run int, d Decider) {
	if x, ok := d.(*exploreRun); ok {
		for k, n := range x.own {
			e.counts[k] += n
		}
	}
}

type exploreRun struct {
	e   *Explore
	rng *dice.Seeded
	own map[string]int
	tie []int
}

func (x *exploreRun) Decide(r *Request) (Answer, error) {
	best := -1
	x.tie = x.tie[:0]
	for i := range r.Choices {
		if r.Kind == KindBattle && r.Choices[i].Name == "defeated" && len(r.Choices) > 1 {
			continue
		}
		k := exploreKey(r, i)
		n := x.e.counts[k] + x.own[k]
		if r.Kind == KindMove && r.Choices[i].Note == "" {
			n = 4*n + 1 // staying shows little: it must be much less tried than a move
		}
		if r.Kind == KindNight && r.Choices[i].Name == "march" {
			n = -1 // a forced march goes further (K-41)
		}
		switch {
		case best < 0 || n < best:
			best = n
			x.tie = append(x.tie[:0], i)
		case n == best:
			x.tie = append(x.tie, i)
		}
	}
	if len(x.tie) == 0 {
		return Answer{}, nil
	}
	c := x.tie[x.rng.Roll(len(x.tie))-1]
	x.own[exploreKey(r, c)]++
	return Answer{Choice: c}, nil
}

// exploreKey counts a choice: a move by the block it leads to, a night by nothing (the party
// marches, Decide), anything else by the decision's kind, block, encounter and army and the
// choice's name.
func exploreKey(r *Request, i int) string {
	c := &r.Choices[i]
	if r.Kind == KindMove {
		if c.Note != "" {
			return "enter\x00" + c.Note
		}
		return "stay\x00" + r.Block
	}
	return r.Kind.String() + "\x00" + r.Block + "\x00" + r.Encounter + "\x00" + r.Army + "\x00" + c.Name
}
