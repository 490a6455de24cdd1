package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

// The stable codes of the Karzoral checks. Each is registered in the diag catalogue with its
// default severity and its documentation (what `sortie explain CODE` prints). Prefixes: R
// references and verbs, F field, A armies, E events and flags, O objectives, T time and W army
// forecasts (warnings about what happens if the party does nothing).
const (
	codeUnknownID       = "R001"
	codeOneVerb         = "R002"
	codeTrigger         = "R003"
	codeSameCoord       = "F001"
	codeUnreachable     = "F002"
	codeBadBox          = "F003"
	codeRouteGap        = "A001"
	codeRouteOneWay     = "A002"
	codeEventNoReach    = "E001"
	codeFlagNeverSet    = "E002"
	codeDayTooLate      = "E003"
	codeNoSuccess       = "O001"
	codeUnusedEncounter = "R004"
	codeFlagNeverRead   = "R005"
	codeIsland          = "F004"
	codeBadTrail        = "F005"
	codeEventNever      = "E004"
	codeObjNever        = "O002"
	codeTooFar          = "T001"
	codeDayAfter        = "T002"
	codeArmyDoom        = "W001"
	codeArmyOffField    = "A003"
	codeDuplicateID     = "R006"
)

// registered is set once the codes are in the catalogue; as a package-level variable it is
// initialised before any init function runs (the check registry's validation needs the codes).
var registered = registerCodes()

func registerCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeUnknownID, Title: "unknown id in a reference", Severity: diag.Error, Doc: `A reference names a block, army or encounter that the scenario does not define:
party.start, route steps, encounter, nightRaid, on.enter, battle, army, spawn, remove, and
enter, at, armyGone in conditions and objectives.

Bad:
    party: start: "rupetene"

Fix: use a defined id (the hint suggests the nearest one) or define the entity.`},
		diag.CodeInfo{Code: codeOneVerb, Title: "condition or action needs exactly one verb", Severity: diag.Error, Doc: `An action gives exactly one verb (say, set, clear, battle, army with strength, spawn, remove,
end); a condition exactly one of flag, not, all, any, at, day, armyGone. An objective's when
gives at least one.

Bad:
    do: [{say: "The gate falls.", set: "gateOpen"}]
    do: [{army: "mercenaries"}]              // army needs strength

Fix: split it into one action per verb: [{say: "The gate falls."}, {set: "gateOpen"}].`},
		diag.CodeInfo{Code: codeTrigger, Title: "event trigger needs exactly one of enter and day", Severity: diag.Error, Doc: `An event's on says when it is considered: on entering a block or at the start of a day,
not both and not neither.

Bad:
    on: {enter: "04", day: 3}

Fix: keep one; for "on day 3 if the party is in 04" use on: day: 3 with if: at: "04".`},
		diag.CodeInfo{Code: codeSameCoord, Title: "two blocks on one coordinate", Severity: diag.Error, Doc: `Two blocks have the same at: a field cell holds one block (K-17).

Bad:
    "03": {at: [4, 3]}
    "04": {at: [4, 3]}

Fix: move one of them; the related position names the first.`},
		diag.CodeInfo{Code: codeUnreachable, Title: "block the party can never reach", Severity: diag.Warning, Doc: `No sequence of moves from party.start reaches the block: moves are orthogonal (K-28) and a
block with enterFrom may only be entered from those sides (K-32). Armies may still use it,
hence a warning.

Bad:
    "05": {at: [4, 2], enterFrom: ["north"]}   // and nothing lies north of it

Fix: connect the block, or correct enterFrom (the side the party comes from: moving north
into a block enters it from the south).`},
		diag.CodeInfo{Code: codeBadBox, Title: "box is not a 2x2 group of 4 blocks", Severity: diag.Error, Doc: `A box (K-17, K-31) is a hidden 2x2 square: exactly four blocks with the same box name at
[x, y], [x+1, y], [x, y+1] and [x+1, y+1].

Bad:
    "12": {at: [6, 3], box: "A"}
    "13": {at: [8, 3], box: "A"}

Fix: give the box four blocks that form a square.`},
		diag.CodeInfo{Code: codeRouteGap, Title: "route step not adjacent to the previous one", Severity: diag.Error, Doc: `An army moves one block per step along its route (K-22), orthogonally. Repeating the same
block is a wait and is fine.

Bad:
    route: ["01", "05"]   // 01 at [4, 4], 05 at [4, 2]

Fix: add the block in between: ["01", "03", "05"].`},
		diag.CodeInfo{Code: codeRouteOneWay, Title: "route enters a one-way block from a forbidden side", Severity: diag.Error, Doc: `A route step enters a block whose enterFrom does not list the side it comes from (K-32).

Bad:
    "05": {at: [4, 2], enterFrom: ["south"]}
    route: ["06", "05"]   // 06 at [5, 2]: enters 05 from the east

Fix: route the army through an allowed side.`},
		diag.CodeInfo{Code: codeEventNoReach, Title: "event on a block the party cannot reach", Severity: diag.Error, Doc: `An event with on: enter names a block that no move from party.start reaches (see F002), so
it can never fire.

Bad:
    on: enter: "99"   // 99 is cut off by one-way blocks

Fix: connect the block or trigger the event differently.`},
		diag.CodeInfo{Code: codeFlagNeverSet, Title: "flag read but never set", Severity: diag.Error, Doc: `A condition (an event's if, an objective's when) reads a flag that no event or episode
action sets, so it is never true. Often a misspelling.

Bad:
    if: flag: "cacheBurnt"   // the event sets "cacheBurned"

Fix: use the flag name an action sets (the hint suggests the nearest).`},
		diag.CodeInfo{Code: codeDayTooLate, Title: "day event after the day limit", Severity: diag.Warning, Doc: `An event triggers on a day after days.limit; the scenario is over by then.

Bad:
    days: limit: 12
    on: day: 14

Fix: move the event to day 12 or earlier, or raise the limit.`},
		diag.CodeInfo{Code: codeNoSuccess, Title: "no success objective", Severity: diag.Warning, Doc: `No objective has outcome "success", so the scenario can only be lost (K-16, K-60).

Bad:
    objectives: half: {when: enter: "02", outcome: "midpoint"}

Fix: add an objective with outcome: "success".`}, diag.CodeInfo{Code: codeUnusedEncounter, Title: "encounter never used", Severity: diag.Warning, Doc: `No army (encounter), nightRaid or battle action names the encounter, so the party never
fights it. Often a misspelt reference elsewhere, or a leftover.

Bad:
    encounters: scouts: monsters: [{name: "Boggard", level: 4}]
    // and nothing says battle: "scouts"

Fix: use it (battle: "scouts", nightRaid: "scouts", or an army's encounter) or delete it.`},
		diag.CodeInfo{Code: codeFlagNeverRead, Title: "flag set but never read", Severity: diag.Warning, Doc: `An action sets a flag that no condition (an event's if, an objective's when) reads, so
setting it changes nothing. Often the reading side is misspelt.

Bad:
    do: [{set: "woodsCleared"}]   // and no if/when tests flag: "woodsCleared"

Fix: read the flag where it matters (if: flag: "woodsCleared") or drop the set action.`},
		diag.CodeInfo{Code: codeIsland, Title: "island of blocks", Severity: diag.Warning, Doc: `A group of blocks touches no other block of the field (K-17: adjacency is orthogonal), so
the party can never walk there from party.start. Reported once per island, at its first block
in source order; its blocks are not reported again as F002.

Bad:
    base: {at: [0, 0], kind: "base"}
    a:    {at: [1, 0]}
    far:  {at: [5, 5]}     // nothing next to it

Fix: add the blocks in between, or correct the coordinates.`},
		diag.CodeInfo{Code: codeBadTrail, Title: "trail chain does not join a base to a block", Severity: diag.Warning, Doc: `Footprint blocks (kind: "trail", K-29) are drawn between a base and a block. A chain of
orthogonally adjacent trail blocks must touch at least one base and at least one ordinary
block; otherwise it leads nowhere.

Bad:
    t1: {at: [1, 0], kind: "trail"}   // next to the base, but to no ordinary block

Fix: extend the chain to a block, or make the end of the chain an ordinary block.`},
		diag.CodeInfo{Code: codeEventNever, Title: "event that can never fire", Severity: diag.Error, Doc: `The event's condition can never hold: it needs the party in a block it cannot reach, in two
blocks at once (or somewhere other than the block that triggers the event), a flag both set
and not set, or a day after days.limit.

Bad:
    on: enter: "04"
    if: at: "05"                              // the party is in 04 when it fires
    if: all: [{flag: "x"}, {not: flag: "x"}]  // contradiction

Fix: drop the contradictory part of the condition.`},
		diag.CodeInfo{Code: codeObjNever, Title: "objective that can never be met", Severity: diag.Error, Doc: `The objective's when can never hold: its block is unreachable from party.start, it asks for
two blocks at once, a flag both set and not set, or a day after days.limit.

Bad:
    when: {enter: "gate", day: 20}   // days: limit: 12

Fix: make the condition satisfiable (see the message for the part that is not).`},
		diag.CodeInfo{Code: codeTooFar, Title: "objective too far for the day limit", Severity: diag.Error, Doc: `The objective's block is farther from party.start than the party can walk before
days.limit ends, even marching by day (K-28: one block) and by night (K-41 forced march: one
more block), so two blocks a day, entering one-way blocks only from allowed sides (K-32).

Bad:
    days: limit: 2
    // the gate is 10 moves from the start: at least 5 days

Fix: raise days.limit, move the start closer, or shorten the way.`},
		diag.CodeInfo{Code: codeDayAfter, Title: "condition on a day after the day limit", Severity: diag.Warning, Doc: `A condition asks for day N (day counter at least N) with N after days.limit; it can never
hold while the scenario runs.

Bad:
    days: limit: 12
    if: day: 14

Fix: use a day up to the limit, or raise the limit.`},
		diag.CodeInfo{Code: codeArmyDoom, Title: "friendly army destroyed if the party does nothing", Severity: diag.Warning, Doc: `A forecast: moving every army along its route (K-22) and fighting strength battles where
opposing armies meet (K-24, pairs in ascending army id), a friendly army reaches strength 0
and the scenario fails (K-25) on that day, unless the party acts first. Events are not
forecast (they depend on the party). Reported at the route step of each army that meets.

Bad:
    mercenaries: {side: "friendly", strength: 60, route: ["01", "02"]}
    vanguard:    {side: "enemy",    strength: 75, route: ["03", "02"]}

Fix: if the scenario means the party to intervene, say so with a suppression:
    armies: {...} @sortie(ignore="W001", reason="the party must weaken the vanguard")
or, in a YAML file, with the same attribute in a comment on the field's line (or the line
above):
    mercenaries: {side: friendly, strength: 60, route: ["01", "02"]}  # @sortie(ignore="W001", reason="...")
otherwise change the routes or strengths.`},
		diag.CodeInfo{Code: codeArmyOffField, Title: "army that never takes the field", Severity: diag.Warning, Doc: `An army is on the field from the start only if it is not a reserve and its strength is above
0 (K-21; an army at 0 leaves the field, K-24). A reserve army takes the field only when an action
spawns it. An army that starts at strength 0, or a reserve no action spawns, never moves or
fights.

Bad:
    guards: {side: "friendly", strength: 0, route: ["01"]}
    relief: {side: "friendly", strength: 40, route: ["01"], reserve: true}   // never spawned

Fix: give the army a strength, or spawn the reserve in an event: do: [{spawn: "relief"}].`},
		diag.CodeInfo{Code: codeDuplicateID, Title: "entity defined more than once", Severity: diag.Warning, Doc: `Two declarations give the same id in one section (field.blocks, armies, encounters, events,
objectives), in one file or in two files of the scenario, and both give the same field. CUE
merges them into one entity without a word, which is rarely what the author meant (two blocks
called "03" become one, or conflict). Reported at the later declaration; the related position is
the earlier. Declarations that add different fields to one entity are CUE's way of extending it
and are fine.

Bad:
    // story.cue
    armies: scouts: {side: "enemy", strength: 10, route: ["a"]}
    // more.cue
    armies: scouts: {side: "enemy", strength: 10, route: ["b"]}   // a conflict, or a silent merge

Fix: rename one of them, or keep one declaration.`},
	)
	return true
}
