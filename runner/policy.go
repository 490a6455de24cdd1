package runner

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner/dice"
)

// Policies lists the names NewPolicy accepts.
var Policies = []string{"first", "random"}

// NewPolicy returns an automatic Decider:
//   - "first" takes the first legal choice (moves in the order north, east, south, west, stay;
//     battles won; the first die; rest);
//   - "random" takes a uniformly random legal choice from its own generator, seeded from seed but
//     separate from the dice, so the dice of a run do not depend on the policy.
func NewPolicy(name string, seed uint64) (Decider, error) {
	switch name {
	case "first":
		return firstPolicy{}, nil
	case "random":
		return &randomPolicy{rng: dice.NewSeeded(policySeed(seed))}, nil
	}
	return nil, fmt.Errorf("unknown policy %q (want first or random)", name)
}

// First is the "first" policy: the first legal choice of every decision (NewPolicy("first")).
var First Decider = firstPolicy{}

type firstPolicy struct{}

func (firstPolicy) Decide(*Request) (Answer, error) { return Answer{}, nil }

// ReadsNotes: the first policy answers by position only (NoteReader).
func (firstPolicy) ReadsNotes() bool { return false }

type randomPolicy struct {
	rng *dice.Seeded
}

func (p *randomPolicy) Decide(r *Request) (Answer, error) {
	return Answer{Choice: p.rng.Roll(len(r.Choices)) - 1}, nil
}

// ReadsNotes: the random policy answers by position only (NoteReader).
func (*randomPolicy) ReadsNotes() bool { return false }

// policySeed derives the random policy's seed from the run's seed (a splitmix64 step over a
// different stream), so that the policy's generator and the dice never share a sequence.
func policySeed(seed uint64) uint64 {
	z := seed ^ 0x706f6c6963790000 // "policy"
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
