// Package karzoral is the Karzoral field campaign engine (RULES.md Part K): a state machine over a
// plan.Plan and a small mutable state, one day at a time: start phase (K-19..K-25), action phase
// (K-27..K-33), camp phase (K-35..K-39, K-71) and night phase (K-40..K-42, K-57..K-59), or a
// traversal day (K-43..K-50).
//
// With PCs in the plan (plan.Party.PCs) the campaign's add-ons run too: HP, light stock and the
// sleep penalty (rest.go); checks (K-5: fumbles give 50 XP) with group modes (K-4, checks.go);
// detailed battle rounds with support damage from both sides (K-73..K-77) and burden protection
// (K-86..K-92, support.go); escape with pursuit damage (K-93..K-97, escape.go); monster XP,
// remaining-strength bonus and ability growth at the midpoint and the clear, failure XP
// (K-60..K-67, xp.go); consecutive battles (K-72); routs of low-morale units (K-78..K-80); defeat
// and the angel's return (K-100..K-102). PC combat itself is not simulated: how a battle ends is a
// decision. Every Default of RULES.md's Ambiguities is a field of Rules (plan.RuleOptions), set from
// a scenario's options block or Options.Rules.
//
// XP is settled for every plan (K-61..K-66; Result.XP for a party without a PCs list). A retry
// resumes at the midpoint an earlier attempt cleared (Result.Midpoint, Carry.Resume: K-67) with
// fresh armies (the scenario's midpoint setup, K-68). The fog of war (K-23): PlayerView is what the
// players know; every decision carries it (runner.Request.View) and every event says who may see
// it (At.Seen: all, gm, party; runner.ViewSink filters a stream).
//
// # Owns
//
// The day loop (runner.go, result.go, day.go, actions.go, traversal.go), battles (battle.go:
// routs, stayers, loot), midpoint retention (midpoint.go), the players' view (playerview.go), the
// plan checks it relies on (validate.go), its events (events.go, events_addon.go, events_view.go:
// one struct per kind, the JSON names of the "karzoral" stream; evbuf.go: the frequent ones,
// reused from one to the next), the policies goal.go (on the players' view) and simulate.go
// (what a run covers), and the transcript's field maps
// and summary table (text.go, view.go). It
// registers itself with runner.Register (rules "karzoral") and its events with
// runner.RegisterEvents.
//
// # Imports
//
// runner (the core), compiler/plan, runner/dice; never another engine. runner/campaign imports it.
//
//	res, err := karzoral.Run(p, karzoral.Options{Options: runner.Options{Seed: 1, Decider: d, Sink: sink}})
//	r, err := karzoral.New(p); res, err := r.Run(opts) // many runs of one plan, few allocations
//
// Runner defaults where RULES.md leaves a choice to the implementation are documented at the
// function that applies them, with the rule ID.
package karzoral
