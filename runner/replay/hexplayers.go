package replay

import (
	"bytes"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// hexPlayersLine keeps out of the players' transcript what `sortie run --play friendly` keeps out
// of it: event i is decoded (runner.DecodeEvent) and shown to the players only when
// pathfinder.HexSight.SeesEvent says so, sight being the players' (P-14, their own armies always, an
// enemy army while it stands on a hex with one of theirs) once it knows where every army stands
// after the event. One rule for both: a kingdom's books (kingdom, treasury, pay, upkeep) only to its
// side; an enemy placed, healing or sick only where seen; an order naming an enemy army never (see
// SeesEvent for why). An event that does not decode keeps its audience (as clash.go's fog does).
//
// The setting out and the end: the run's text shows every army (and both kingdoms) in one table on
// one event. The players' text of such an event is its own line (decodedLine: "militia (friendly)
// at tradepost, hp 16", "success on day 3 (...)"), as a page built from recorded JSON Lines shows
// it; an enemy's setting out is the GM's already (hexSteps's march rule).
func hexPlayersLine(pg *page, i int, e *event, sight *pathfinder.HexSight) {
	if e.Type == "start" || e.Type == "end" {
		if d := decodedLine("pathfinder", e.raw); d != pg.Lines[i] {
			if pg.PLines == nil {
				pg.PLines = map[int]string{}
			}
			pg.PLines[i] = d
		}
	}
	ev, err := runner.DecodeEvent("pathfinder", e.raw)
	if err != nil {
		return
	}
	if !sight.SeesEvent(ev) {
		pg.Aud[i] = "gm"
		return
	}
	// An enemy's aftermath without its kingdom's Loyalty checks (pathfinder.PlayersNote).
	if am, ok := ev.(*pathfinder.HexAftermathEvent); ok && !sight.Own(am.Army) {
		if n := pathfinder.PlayersNote(am.Note); n != am.Note {
			c := *am
			c.Note = n
			var b bytes.Buffer
			if runner.NewJSONLSink(&b).Write(&c) == nil {
				pg.playersEvent(i, b.Bytes(), decodedLine("pathfinder", b.Bytes()))
			}
		}
	}
}
