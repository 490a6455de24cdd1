// Package runner plays a compiled Karzoral field scenario (RULES.md Part K, K-17..K-42): a state
// machine over a plan.Plan and a small mutable state, one day at a time: start phase (K-19..K-25),
// action phase (K-27..K-33), camp phase (K-35..K-39) and night phase (K-40..K-42).
//
// A run is pure given (plan, seed, decisions):
//   - every die comes from one source: faces a Decider supplies (a script's roll entries, dice typed
//     at the table; see Roller) and otherwise one seeded generator (runner/dice);
//   - every choice comes from one Decider (NewScript/LoadScript, NewPrompt, NewPolicy);
//   - every observable step goes to one Sink as a typed Record (NewTextSink, NewJSONLSink, Discard).
//
// Nothing here reads the wall clock, iterates a map for output or uses global randomness, so the same
// plan, seed and decisions give the same records byte for byte. Library code never prints to
// stdout or exits; it returns a Result, and errors the CLI can tell apart: a *DiagError (a script
// entry that does not fit the state, code X001; a script that ended early, X003, errors.Is
// ErrScriptEnded) and ErrNoInput (an interactive prompt reached end of input).
//
// Entry points:
//
//	res, err := runner.Run(p, runner.Options{Seed: 1, Decider: d, Fallback: f, Sink: sink})
//	r, err := runner.New(p); res, err := r.Run(opts) // many runs of one plan, few allocations
//	s, diags, err := runner.LoadScript("win.yaml")   // *Script: Decider + Roller; X002 in diags
//	d := runner.NewPrompt(os.Stdin, os.Stderr, tableDice)
//	d, err := runner.NewPolicy("first"|"random", seed)
//	runner.NewTextSink(w), runner.NewJSONLSink(w), runner.Discard
//
// Runner defaults where RULES.md leaves a choice to the implementation are documented at the function
// that applies them, with the rule ID.
package runner
