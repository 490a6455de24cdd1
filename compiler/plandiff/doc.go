// Package plandiff compares two compiled versions of a scenario for sortie diff: the entities
// added, removed and changed, by id (blocks or hexes, armies, encounters, events, objectives,
// and the scenario's settings), each with where it is declared in both versions; and what the
// data alone says about the play: the armies' forecast (package forecast: who reaches which
// block on which day, the strength battles and a K-25 failure) and which blocks, events and
// objectives the party can reach and how soon (K-28, K-32, K-41).
//
// Entities are compared in a normal form with every index resolved to an id, so that adding a
// block does not make every route look changed. What a batch of runs shows (rates under a
// policy) needs the runner and is added by the command.
package plandiff
