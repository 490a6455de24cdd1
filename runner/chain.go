package runner

import (
	"errors"
	"fmt"

	"github.com/sortie-rpg/sortie/runner/dice"
)

// Chain is how an engine asks for decisions and dice, the same way in every engine and in the
// campaign:
//   - a decision goes to the Decider; once that reports that it ran out (an error matching
//     ErrScriptEnded) the Fallback, if any, takes over for the rest of the run;
//   - a die goes to the current decider's Roller first (a script's roll entries, dice typed at the
//     table), and otherwise to the dice source.
//
// A Chain is itself a Decider and a Roller, so that a campaign can hand its chain to the scenarios
// it plays. The zero Chain is not usable: call Reset. It is not safe for concurrent use.
type Chain struct {
	dec, fallback Decider
	roller        Roller
	dice          dice.Source
	onFallback    func() error
}

// Reset starts a run with decider dec (required), fallback (nil: none) and dice source src.
func (c *Chain) Reset(dec, fallback Decider, src dice.Source) {
	c.dec, c.fallback, c.dice = dec, fallback, src
	c.roller, _ = dec.(Roller)
}

// ReadsNotes reports whether the current decider may read the notes of the next request
// (NoteReader): when the decider is a script that may run out, the fallback too, since it may be
// the one asked.
func (c *Chain) ReadsNotes() bool {
	return ReadsNotes(c.dec) || (c.fallback != nil && ReadsNotes(c.fallback))
}

// OnFallback sets fn to be called once, when the Fallback takes over and before it is asked:
// an engine writes its "fallback" event there. An error from fn stops the run.
func (c *Chain) OnFallback(fn func() error) { c.onFallback = fn }

// Ask puts req to the current decider and checks the answer: it returns an index into
// req.Choices, or -1 when the decider left an Optional request to the engine (Answer.Default). Errors are the decider's (a *DecisionError, ErrNoInput ...), fn's of OnFallback,
// or an answer out of range.
func (c *Chain) Ask(req *Request) (int, error) {
	ans, err := c.dec.Decide(req)
	if err != nil && c.fallback != nil && errors.Is(err, ErrScriptEnded) {
		c.dec, c.fallback = c.fallback, nil
		c.roller, _ = c.dec.(Roller)
		if c.onFallback != nil {
			if ferr := c.onFallback(); ferr != nil {
				return 0, ferr
			}
		}
		ans, err = c.dec.Decide(req)
	}
	if err != nil {
		return 0, err
	}
	if ans.Default && req.Optional {
		return -1, nil // left to the engine
	}
	if ans.Choice < 0 || ans.Choice >= len(req.Choices) {
		return 0, fmt.Errorf("%s: decider chose %d, want 0..%d for a %s decision", req.Where(), ans.Choice, len(req.Choices)-1, req.Kind)
	}
	return ans.Choice, nil
}

// Die rolls one die of req.Sides faces (req.Kind is KindRoll; req says where and why): the
// current decider's Roller first, else the dice source. A face outside 1..Sides is an error.
func (c *Chain) Die(req *Request) (int, error) {
	if c.roller != nil {
		f, ok, err := c.roller.Roll(req)
		if err != nil {
			return 0, err
		}
		if ok {
			if f < 1 || f > req.Sides {
				return 0, fmt.Errorf("%s: die face %d out of range 1..%d", req.Where(), f, req.Sides)
			}
			return f, nil
		}
	}
	f := c.dice.Roll(req.Sides)
	if f < 1 || f > req.Sides {
		return 0, fmt.Errorf("%s: the dice source rolled %d on 1d%d", req.Where(), f, req.Sides)
	}
	return f, nil
}

// Rolls reports whether the current decider supplies dice: when it does not, an engine may roll
// the source directly (Source) without building a Request. A decider that is itself a Chain
// (a campaign's, handed to its sorties) supplies dice only when its own current decider does:
// otherwise Die would ask it in vain and roll the source anyway (the same source, the same
// faces), so a random campaign's sortie builds no Request per die (issue 29).
func (c *Chain) Rolls() bool {
	if in, ok := c.roller.(*Chain); ok {
		return in.Rolls()
	}
	return c.roller != nil
}

// Source is the dice source of the run.
func (c *Chain) Source() dice.Source { return c.dice }

// Decide implements Decider: Ask, as an Answer (Default when the request was left to the
// engine, so that a Chain under another passes that on).
func (c *Chain) Decide(req *Request) (Answer, error) {
	i, err := c.Ask(req)
	if i < 0 && err == nil {
		return Answer{Default: true}, nil
	}
	return Answer{Choice: i}, err
}

// Roll implements Roller: the current decider's Roller, if it has one (ok false otherwise, and
// the caller rolls its own dice).
func (c *Chain) Roll(req *Request) (int, bool, error) {
	if c.roller == nil {
		return 0, false, nil
	}
	return c.roller.Roll(req)
}
