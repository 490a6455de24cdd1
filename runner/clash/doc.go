// Package clash is the engine of D&D 5e "When Armies Clash" battles (RULES.md Part U): stands of
// ten creatures in units, solos and commanders on a grid of 20-ft squares, fought round by round
// to the VP of their objectives.
//
// It owns the rules (Setup checks a plan.Clash and converts it; Battle fights it: movement,
// integrity, attacks, spells and their areas, damage and casualties, morale, objectives and the
// end), the engine's policies
// (tactical, first, random: Policy), the map and the units table, and many-run rates. Decisions
// go to a Chooser (Question/Option); RunBattle and Setup.Fight connect it to the shared core: a
// runner.Decider through runner.Chain, events into a runner.Sink (the "clash" stream).
//
// Every Ambiguity Default of Part U is a switch of clashrules.Options (compiler/plan/clashrules),
// which the compiler's checks read too, with the limits a plan must keep to and the range in
// squares of a range in feet.
//
// It may import compiler/plan, compiler/plan/clashrules, runner (the core) and runner/dice, and
// nothing else of sortie: no other engine, no compiler core, no cmd. It prints nothing and exits never.
package clash
