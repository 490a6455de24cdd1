// Package runner is what every engine shares: the decisions, the dice wiring, the event stream,
// the save seam and the one entry point that picks the engine by the plan's rules. The rule
// systems are sibling packages: runner/karzoral (Part K's day loop), runner/pathfinder (Part P's
// army statistics, battle engine and hex day loop); runner/campaign plays a campaign over the
// Karzoral engine; runner/dice is the dice.
//
// # Owns
//
//   - Decisions: a Request (Kind, Phase, the legal Choices) answered by a Decider: a Script
//     (LoadScript, ParseScript: YAML, JSON or CUE; X001..X004; ReadScript reads a regular file of
//     at most MaxScriptSize bytes, else X005), a Prompt (NewPrompt) or a policy
//     (NewPolicy, First). A Roller supplies dice too. Vocabulary lists the names a script may give.
//   - The Chain every engine asks through: the Decider, then its Fallback once a script ran out
//     (ErrScriptEnded); a die from the Roller first, then the dice source.
//   - Events: one struct per kind of event, declared by the engine that emits it (Event: Type,
//     Rule, Line; Texter and Margined for a transcript's blocks); a Sink receives them in order:
//     NewTextSink, NewJSONLSink (any event, encoding/json, "type" first), Discard. Enabled tells an
//     engine whether to build events at all, so that a run into Discard allocates nothing per day;
//     Printing whether to build texts and the events no simulation observes (false for an
//     Observing sink: a simulation's).
//     RegisterEvents and EventSchema make the versioned JSON Schema of the JSON Lines
//     (`sortie schema --events`, EventsVersion).
//   - Runs: Options (seed, deciders, sink, dice, Checkpoint: the save points a resume replays
//     to), Ending and Result (how a run ended), Engine and Register (one line in an engine's
//     init), and Run, which plays a plan with the engine its rules name.
//   - Simulation: Simulate plays a Subject (PlanSubject: any engine that implements Simulator;
//     runner/campaign and runner/pathfinder make campaign and battle subjects) N times, run i
//     seeded with RunSeed(seed, i), on W workers whose chunks are merged in run order into a
//     Tally of what the runs' events observed (Observer, Observed: coverage, places for the heat
//     map, values at the end, how each run ended; Watch for per-run questions); the result does
//     not depend on W. Dist and Wilson give its distributions and intervals; Replay plays one run
//     again; Recorder writes its decisions as a script. Policies that learn across runs are
//     Learners (Explore), fed in generations so that they too do not depend on W.
//   - RenderTable, the one table renderer of the transcripts; the X codes and their explain pages.
//
// # Imports
//
// compiler/plan (the contract: data only), compiler/diag and runner/dice; never an engine or the
// campaign (TestImportRules). An engine imports this package and compiler/plan, never another
// engine; nothing outside cmd/ imports cmd/.
//
// A run is pure given (plan, seed, decisions): every die comes through one Chain, every choice from
// one Decider, every observable step goes to one Sink. Nothing here reads the wall clock, iterates
// a map for output or uses global randomness. Library code never prints or exits; errors the CLI
// tells apart are a *DecisionError (X001, X003: errors.Is ErrScriptEnded) and ErrNoInput.
//
//	res, err := runner.Run(p, runner.Options{Seed: 1, Decider: d, Fallback: f, Sink: runner.NewTextSink(w)})
//	s, diags, err := runner.LoadScript("win.yaml") // *Script: Decider + Roller; X002 in diags
//	d, err := runner.NewPolicy("first"|"random", seed)
package runner
