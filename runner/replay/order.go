package replay

import (
	"fmt"
	"strings"
)

// order holds what a recording has shown so far of its own sequence, so that a run's lines
// shuffled or pasted twice by hand are refused (X006 at the line) instead of drawn as a battle or a
// day that never happened (issue 25, left by its review). What every engine writes:
//   - a scenario's run (Karzoral, or Pathfinder on a hex map): its days in order, from the "run"
//     or "start" records to one "end"; a campaign: runs one after another, each opened by a "run"
//     record, with only "campaign.*" records between one run's "end" and the next "run";
//   - a clash battle: one "clash.start" first, its rounds numbered 1, 2, 3 ... ("clash.round"),
//     the round's map and table of units carrying the round they end, nothing after "clash.end";
//   - a Pathfinder battle's log: phases in order (phaseNo never goes back), nothing after its
//     "end" line.
//
// What it cannot tell: a line of the middle pasted twice in its own day or round, or two lines of
// one day swapped; their page is what the recording says.
type order struct {
	campaign      bool // a campaign's recording: runs one after another
	over          bool // a campaign's "campaign.end" was read: nothing follows it
	opened, ended bool
	day, round    int
	phase         int
}

// orderFields are the fields of an event the order is read from, where it has them (a run's day,
// a clash event's round, a Pathfinder battle log line's phase number).
type orderFields struct {
	Day     *int `json:"day"`
	Round   *int `json:"round"`
	PhaseNo *int `json:"phaseNo"`
}

// see checks event i (its type, or its kind in a battle log; e the decoded common fields) against
// what came before. Errors: *EventError (Col 1: the line itself is out of place).
func (o *order) see(i int, e *event, battleLog bool) error {
	bad := func(format string, args ...any) error {
		return &EventError{Index: i, Col: 1, Why: fmt.Sprintf(format, args...) + " (lines of a run out of order, or pasted twice?)"}
	}
	var f orderFields
	e.into(&f)
	switch {
	case battleLog && e.Kind == "":
		// A simulation's record of a battle has its own events beside the log's entries.
	case battleLog:
		if o.ended {
			return bad("a %q line after the battle's \"end\"", e.Kind)
		}
		if f.PhaseNo != nil {
			if *f.PhaseNo < o.phase {
				return bad("phase %d after phase %d", *f.PhaseNo, o.phase)
			}
			o.phase = *f.PhaseNo
		}
		o.ended = e.Kind == "end"
	case strings.HasPrefix(e.Type, "clash."):
		switch {
		case e.Type == "clash.start":
			if o.opened {
				return bad("a second \"clash.start\": a page is one battle")
			}
			o.opened = true
			return nil
		case !o.opened:
			return bad("%q before the battle's \"clash.start\"", e.Type)
		case o.ended:
			return bad("%q after the battle's \"clash.end\"", e.Type)
		case e.Type == "clash.round":
			if f.Round == nil || *f.Round != o.round+1 {
				return bad("round %s after round %d (want round %d)", roundText(f.Round), o.round, o.round+1)
			}
			o.round = *f.Round
		case f.Round != nil && *f.Round != o.round:
			return bad("%q of round %d in round %d", e.Type, *f.Round, o.round)
		}
		o.ended = e.Type == "clash.end"
	case o.over:
		return bad("%q after the campaign's \"campaign.end\"", e.Type)
	case strings.HasPrefix(e.Type, "campaign."):
		if o.opened && !o.ended {
			return bad("%q in the middle of a scenario's run (before its \"end\")", e.Type)
		}
		o.over = e.Type == "campaign.end"
	default:
		switch e.Type {
		case "run":
			if o.opened && !o.ended {
				return bad("a second \"run\" record before the run's \"end\"")
			}
			if o.opened && !o.campaign {
				return bad("a second \"run\" record: a scenario's page is one run")
			}
			o.opened, o.ended, o.day = true, false, 0
			return nil
		case "start":
			if o.ended {
				return bad("a \"start\" record after the run's \"end\"")
			}
			o.opened = true
		}
		if o.ended {
			return bad("%q after the run's \"end\" (a new run opens with a \"run\" record)", e.Type)
		}
		if f.Day != nil {
			if *f.Day < o.day {
				return bad("day %d after day %d", *f.Day, o.day)
			}
			o.day = *f.Day
		}
		o.ended = e.Type == "end"
	}
	return nil
}

// roundText is a round number as the message shows it: "(none)" where the record has none.
func roundText(r *int) string {
	if r == nil {
		return "(none)"
	}
	return fmt.Sprint(*r)
}
