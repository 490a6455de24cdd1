package replay

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// hexArmy is an army of a Pathfinder hex run as the page follows it from the run's events.
type hexArmy struct {
	hex     int // index into the plan's hexes; -1: not on the field
	hp      int
	hpKnown bool // hp is the recording's (false: an order's army in a recording without its hp)
	side    string
	gone    string // how it left the field ("destroyed", "surrendered", "disbanded", "split", "combined"); "": on it
	goneDay int    // the day it left; -1: it has not
	cameDay int    // the day it came on the field (0: it set out; an order's day); -1: not yet
	came    string // how an order made it ("split from militia"); "": it set out
	became  []string
}

// hpText is the army's hp as the map and status line show it: "?" when the recording lacks it.
func (a *hexArmy) hpText() string {
	if !a.hpKnown {
		return "?"
	}
	return strconv.Itoa(a.hp)
}

// why says when the army was off the field and why, for its chart line's gaps: the day an order
// made it, the day and the way it left, or that it never came; "" for an army on the field
// throughout with its hp known.
func (a *hexArmy) why() string {
	var w []string
	switch {
	case a.cameDay < 0:
		w = append(w, "never on the field in this run")
	case a.came != "":
		w = append(w, fmt.Sprintf("on the field from day %d (%s)", a.cameDay, a.came))
		if !a.hpKnown && a.gone == "" {
			w = append(w, "its hp is not in the recording (no hp in the order event)")
		}
	}
	switch {
	case a.gone == "":
	case len(a.became) > 0:
		w = append(w, fmt.Sprintf("%s into %s on day %d", a.gone, strings.Join(a.became, " and "), a.goneDay))
	default:
		w = append(w, fmt.Sprintf("%s on day %d", a.gone, a.goneDay))
	}
	return strings.Join(w, "; ")
}

// hexOrder follows a split or a combination carried out (note "": the engine's order event,
// runner/pathfinder hexorders.go) on day: the armies of from leave the field ("split into X and
// Y", "combined into C"), and those of into come onto hex with the hp the event gives each
// (hp: a JSON list in into's order; missing in older recordings, the hp is then unknown). The
// new armies are of the side of the first of from. A refused order (a note) and the other
// orders (reserve, activate, buy, sell, transfer, reform) move no army.
func hexOrder(armies map[string]*hexArmy, hexes map[string]int, day int, kind string, from, into []string, hex, note string, hp json.RawMessage) {
	if note != "" || (kind != "split" && kind != "combine") {
		return
	}
	var hps []int
	if json.Unmarshal(hp, &hps) != nil || len(hps) != len(into) {
		hps = nil
	}
	gone, came := "split", "split from "+strings.Join(from, " and ")
	if kind == "combine" {
		gone, came = "combined", "combined from "+strings.Join(from, " and ")
	}
	side := ""
	for _, id := range from {
		if a := armies[id]; a != nil {
			if side == "" {
				side = a.side
			}
			a.gone, a.hex, a.goneDay, a.became = gone, -1, day, into
		}
	}
	h, ok := hexes[hex]
	for k, id := range into {
		a := armies[id]
		if a == nil || !ok {
			continue
		}
		a.hex, a.side, a.cameDay, a.came, a.gone, a.goneDay = h, side, day, came, "", -1
		a.hp, a.hpKnown = 0, hps != nil
		if hps != nil {
			a.hp = hps[k]
		}
	}
}

// hexLeaves follows army a through an event that may take it off the field or move it after a
// battle, as the engine does (runner/pathfinder hexbattle.go, hexweek.go):
//   - aftermath (P-57): a destroyed army leaves the field. A routed or withdrawn army stays on
//     it (P-59, P-62): the engine places it on an adjacent hex with the "placed" event that
//     follows, and it marches on from there (a withdrawn army along its route the next day);
//   - placed (P-62): the army is now on hex to (toOK: the event names one); surrendered (P-55:
//     no hex to go to), it leaves the field;
//   - aftermath or pay with pathfinder.NoteDisbands in its note: it disbands at Morale -5 (P-7)
//     and leaves the field.
//
// An army that leaves in a battle's aftermath or by surrender fought a friendly army (P-14), so
// the players see it go (seen true: they no longer look for it where they last saw it,
// HexSight.Gone). An enemy that disbands at a week's end (pay), or a withdrawn or routed enemy
// placed away from every friendly army, is, for them, where they last saw it.
func hexLeaves(a *hexArmy, typ, status, note string, to int, toOK bool) (seen bool) {
	switch {
	case typ == "aftermath" && status == "destroyed", typ == "placed" && status == "surrendered":
		a.gone, a.hex = status, -1
		seen = true
	case typ == "placed" && toOK:
		a.hex = to
	}
	if (typ == "aftermath" || typ == "pay") && strings.Contains(note, pathfinder.NoteDisbands) && a.gone == "" {
		a.gone, a.hex = "disbanded", -1
		seen = typ == "aftermath"
	}
	return seen
}
