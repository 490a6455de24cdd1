// Package dice is sortie's one source of randomness: a seeded generator whose state can be saved and
// restored, so that the same seed gives the same rolls on every machine (no global randomness, no
// wall clock). Rolls that come from a script or from the table are supplied by the runner's decision
// source; this package is the generator behind them.
//
// # Owns
//
// The generator (Seeded, its saved state), BCDice notation (Parse, Evaluate) and the Sword World
// power table (K-103, PowerRoll).
//
// # Imports
//
// Nothing of sortie: every other runner package may import it.
package dice
