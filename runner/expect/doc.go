// Package expect is the vocabulary of what a finished run must show (schema/expect.cue: #Expect,
// #Num, #Test) and its evaluation: sortie test checks one run of a script against it; sortie
// simulate (issue 14) checks batches of runs with the same fields and adds rates and medians.
//
// An Expect is decoded from the author's CUE value with the position of every field (Decode,
// Load), so a failed expectation is reported where it is written (Q001), and an expectation that
// names an army, objective, event or block the plan does not have is Q002. Runs come in as a Run,
// a plain summary any engine can fill (Karzoral or Pathfinder), so this package needs no runner.
package expect
