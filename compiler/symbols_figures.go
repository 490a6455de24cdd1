package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// What the index says beyond ids: the members of an entity that have no id (a clash unit's
// stands, for the outline) and the numbers the compiler derives for places of the text (for an
// editor's inlay hints: a clash stand's hp and speed, a Pathfinder army's ACR, hp, OM and DV, the
// day a Karzoral army reaches each step of its route). A rule system fills them in as it indexes
// its file (clashSymbols, pfSymbols and vetPathfinder, karzoralSymbols); both are sent back from
// an evaluator with the symbol.

// Part is a member of an entity that has no id of its own: a clash unit's stand.
type Part struct {
	Name   string   // "stand 1" (1-based, in the order written)
	Pos    diag.Pos // where it is written (the start of its value)
	Detail string   // what the compiler derives of it: "at [1, 2]: hp 11, speed 6 squares (U-6)"
}

// Figure is a number the compiler derives for a place of the author's text, which an editor shows
// just before that place.
type Figure struct {
	Pos   diag.Pos // the place it is about (the start of a value)
	Label string   // short: "hp 11 · 6 sq"
}
