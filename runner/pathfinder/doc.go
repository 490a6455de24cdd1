// Package pathfinder implements Pathfinder 1e mass combat (Ultimate Campaign) as RULES.md Part P
// writes it: army statistics (P-1..P-11), a battle engine (P-12..P-66) and the hex day loop that
// marches armies over a scenario's field and fights their battles (RunScenario), or one battle of
// a battle file (RunBattle, RunBattleRates). The statistics and the engine are a library with no
// I/O: randomness comes from a dice.Source, every commander's choice from a Chooser, and the battle
// log, when wanted, goes to a callback.
//
// # Owns
//
// The battle engine (battle.go, phases.go, withdraw.go, offense.go, abilityfx.go, resolve.go, aftermath.go,
// plain.go, log.go), the default Policy (gm.go) and Standard (chooser.go), the hex day loop (hexrun.go, hexbattle.go, hexweek.go: upkeep and
// the weeks, hexorders.go: split, combine, reserve; decide.go: choices and dice through
// runner.Chain, validate.go), its events (hexevents.go: the "pathfinder" stream), and the lone
// battle's tables and log (single.go, tables.go, logentry.go, rates.go), the strategy track, phases,
// statuses and fates (track.go). It registers the
// hex day loop with runner.Register (rules "pathfinder") and its events with runner.RegisterEvents.
//
// # Imports
//
// runner (the core), compiler/plan, compiler/plan/pfarmy (the army statistics, names, options and
// plan conversion it shares with the compiler's checks) and runner/dice; never another engine. The
// battle engine uses none of the core: it takes a dice.Source and a Chooser.
//
// # Statistics (compiler/plan/pfarmy)
//
// An Army is what an author writes: size, creature CR, hit die, Morale, tactics, resources,
// abilities, commander, speed and optional hand-written ACR, hp, OM and DV. Derive turns it into Stats
// (ACR on the CR ladder, hp, OM, DV, Leadership, limits, consumption in BP a week, speed in 12-mile
// hexes a day); Check lists every inconsistency as a Finding with a stable code M001..M009 and a field
// path. CR values are exact: a CR is a rung of the ladder 1/8, 1/6, 1/4, 1/3, 1/2, 1, 2 ...
//
// # Battles
//
// A Setup (Combatants with their Stats and side, a Field, Options) goes into Battle.Reset; Run fights
// the battle and returns a Result; Aftermath applies destruction, rout and victory (P-57..P-61).
// Every Default of Part P is a field of Options whose zero value is the Default.
//
// Order of rolls, for scripted dice. Tactics Phase: ambush checks (army order). Each Ranged or Melee
// Phase, each step in army order: tactic-change checks (P-23); strategy-change checks (Melee, P-52);
// Taunt checks (taunter, then enemy, P-35); Withdraw opposed checks (the withdrawing army's d20, then
// the enemy's, P-25); siege-engine d4s (Melee, P-66); offense checks, each followed by its Siegebreaker
// check (P-33); then, army by army, the phase's damage with either a d100 for a destroyed army's NPC
// commander (P-58) or the rout check and its Hold the Line reroll (P-55, P-43); then parting shots,
// routing army by routing army, shooter by shooter (P-56), and d100s for the armies they destroy.
// Aftermath rolls the winners' Loyalty checks.
//
// # Readings
//
// Where the rules leave a gap the engine reads them so, each named at its code: damage and healing of
// a phase apply together, healing first (capped at full hp), damage second; hp <= ACR compares
// exactly (an ACR 1/3 army never checks rout); False Retreat works in Melee Phases; a withdrawing
// army that leaves makes no Melee check but does shoot in a Ranged Phase; Hit and Run applies to
// withdrawal checks in Ranged Phases and the first Melee Phase; parting shots use the phase's mode
// (strategy in Melee) and come from armies not skipping after a natural 1; Sniper Support's +2 comes
// before fog halves damage; siege engines cut the fortification of their army's target before the
// offense checks; an army treating a phase as ranged after a withdrawal check attacks only at range.
//
// # The hex day loop
//
// Movement and engagement on the hex map (P-12..P-14), the aftermath on the map (P-57..P-62: by
// default a withdrawn army goes where its owner chooses among adjacent hexes without hostile
// armies), recovery (P-64) and upkeep (P-59) are RunScenario's; see its doc. The battle engine
// gives it the speed in hexes a day and the Withdrawn status.
//
// # Speed
//
// Run does not allocate. It calls a *dice.Seeded and the built-in policies (Policy, Standard)
// without interfaces and reuses one Event for the log. Two-army battles under a built-in policy
// without a log take a plain path (plain.go) that adds sums made once in Reset and after the
// Tactics Phase (the Policy's estimates are kept per Reset); TestPlainMatchesGeneral checks it
// against the general one. BenchmarkBattle (the Policy) and BenchmarkBattleStandard report battles
// per second (wall clock and CPU).
package pathfinder
