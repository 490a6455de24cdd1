package replay

// hexPlayersLine keeps out of the players' transcript what the players' map of a Pathfinder hex
// run keeps out of it (the fog of hexSteps: their own armies always, an enemy army while it
// stands on a hex with one of theirs, P-14 read as K-23's Default), for the events hexSteps's
// march rule does not cover. It is called with event i after hexSteps has followed it; army,
// armies and side are the event's fields of those names; enemy reports whether an id is an
// enemy army, inView whether the players see that army now.
//   - The setting out and the end: the run's text shows every army (and both kingdoms) in one
//     table on one event. The players' text of such an event is its own line (decodedLine: "militia
//     (friendly) at tradepost, hp 16", "success on day 3 (...)"), as a page built from recorded
//     JSON Lines shows it; an enemy's setting out is the GM's already.
//   - A kingdom's figures (kingdom, treasury, pay, upkeep: its Economy, Loyalty, Stability,
//     treasury, an army's consumption or rally roll) are the GM's when the kingdom is not the
//     players' (side other than "friendly"): no map shows them, and Part P gives a side no
//     sight of the other's books.
//   - An enemy army placed after a battle (P-62: on a hex with no hostile army, so away from
//     the players'), healing (P-64, P-1) or its disease worsening (Disease) is the GM's unless the players see it there.
//   - An order naming an enemy army (split, buy, reform...) is the enemy kingdom's decision: the
//     GM's.
func hexPlayersLine(pg *page, i int, e *event, army string, armies []string, side string, enemy, inView func(string) bool) {
	switch e.Type {
	case "start", "end":
		if d := decodedLine("pathfinder", e.raw); d != pg.Lines[i] {
			if pg.PLines == nil {
				pg.PLines = map[int]string{}
			}
			pg.PLines[i] = d
		}
	case "kingdom", "treasury", "pay", "upkeep":
		if side != "" && side != "friendly" {
			pg.Aud[i] = "gm"
		}
	case "placed", "recover", "disease":
		if enemy(army) && !inView(army) {
			pg.Aud[i] = "gm"
		}
	case "order":
		for _, id := range armies {
			if enemy(id) {
				pg.Aud[i] = "gm"
			}
		}
	}
}
