// Package campaign plays a whole campaign (K-7..K-16, K-60..K-68): the prologue, then scenario
// selection, sortie preparation (mercenary benefit, shopping, treatment, resurrection) and the
// sortie, whose day loop is runner/karzoral's; then growth, the money ledger and unlocks, until the
// final scenario is cleared, nothing is left to select or the decisions run out.
//
// A scenario is played through the Player seam (see Sortie and Report); campaign decisions are
// runner Requests of kinds KindSelect, KindBenefit and KindPrepare, answered by the same Decider
// as the scenario's (a script's {select: field01}, {benefit: daisy}, {prepare: sortie}, a prompt
// or a policy). The package never prints or exits: it writes its events (events.go: the "campaign"
// stream) and, in between, each sortie's to Options.Sink: one stream.
//
// # Owns
//
// The campaign level: selection, preparation, the ledger and debts (state.go), the sortie seam
// (sortie.go: Sortie, Report, Player, RunnerPlayer), its events (events.go, emit.go).
//
// # Imports
//
// runner (the core), runner/karzoral (the engine its scenarios are played with), compiler/plan,
// runner/dice; no other engine (TestImportRules).
package campaign
