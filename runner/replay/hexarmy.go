package replay

import (
	"strings"

	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// hexArmy is an army of a Pathfinder hex run as the page follows it from the run's events.
type hexArmy struct {
	hex  int // index into the plan's hexes; -1: not on the field
	hp   int
	side string
	gone string // how it left the field ("destroyed", "surrendered", "disbanded"); "": on it
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
