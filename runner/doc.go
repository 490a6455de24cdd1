// Package runner plays a compiled Karzoral field scenario (RULES.md Part K): a state machine over a
// plan.Plan and a small mutable state, one day at a time: start phase (K-19..K-25), action phase
// (K-27..K-33), camp phase (K-35..K-39, K-71) and night phase (K-40..K-42, K-57..K-59), or a
// traversal day (K-43..K-50).
//
// With PCs in the plan (plan.Party.PCs) the campaign's add-ons run too (karzoral.go, traversal.go):
// HP, light stock and the sleep penalty; checks (K-5: fumbles give 50 XP) with group modes (K-4);
// detailed battle rounds with support damage from both sides (K-73..K-77) and burden protection
// (K-86..K-92); escape with pursuit damage (K-93..K-97); monster XP, remaining-strength bonus and
// ability growth at the midpoint and the clear, failure XP (K-60..K-67); consecutive battles
// (K-72); routs of low-morale units (K-78..K-80); defeat and the angel's return (K-100..K-102).
// PC combat itself is not simulated: how a battle ends is a decision. Every Default of RULES.md's
// Ambiguities is a field of Rules (plan.RuleOptions), set from a scenario's options block or
// Options.Rules.
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
