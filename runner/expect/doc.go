// Package expect is the vocabulary of what a finished run must show (schema/expect.cue: #Expect,
// #Num, #Test) and its evaluation: sortie test checks one run of a script against it; sortie
// simulate (issue 14) checks batches of runs with the same fields and adds rates and medians.
//
// An Expect is decoded from the author's CUE value with the position of every field (Decode,
// Load), so a failed expectation is reported where it is written (Q001), and an expectation that
// names an army, objective, event or block the plan does not have is Q002. Runs come in as a Run,
// a plain summary any engine can fill (Karzoral or Pathfinder).
//
// Balance checks (#Balance, the expect: list; balance.go) extend the vocabulary to many runs: the
// per-run fields pick runs out of a simulation (runner.Simulate), and a check asserts their rate
// (Rate, #Rate), a statistic of their values, or the coverage of whole kinds of entity; it
// compiles to runner.Watches and reads the tally back (Check), a failure is Q005 with the
// smallest failing run. It imports runner (the core), no engine.
package expect
