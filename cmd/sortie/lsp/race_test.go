//go:build race

package lsp

// raceOn: the race detector slows CUE's evaluation many times over; the timing tests skip.
const raceOn = true
