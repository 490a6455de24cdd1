package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// The stable codes the compiler reports. Each is registered in the diag catalogue with its default
// severity and its documentation (what `sortie explain CODE` prints). Prefixes: L loading, S schema,
// R references and verbs, F field, A armies, E events and flags, O objectives.
const (
	codeSyntax      = "L001"
	codeNotScenario = "L002"
	codeLoad        = "L003"

	codeUnknownField = "S001"
	codeBadValue     = "S002"
	codeMissing      = "S003"
	codeNotInEnum    = "S004"

	codeUnknownID = "R001"
	codeOneVerb   = "R002"
	codeTrigger   = "R003"

	codeSameCoord   = "F001"
	codeUnreachable = "F002"
	codeBadBox      = "F003"

	codeRouteGap     = "A001"
	codeRouteOneWay  = "A002"
	codeEventNoReach = "E001"
	codeFlagNeverSet = "E002"
	codeDayTooLate   = "E003"
	codeNoSuccess    = "O001"
)

// registered is set once the codes are in the catalogue; as a package-level variable it is
// initialised before any init function runs (the check registry's validation needs the codes).
var registered = registerCodes()

func registerCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeSyntax, Title: "syntax error", Severity: diag.Error, Doc: `A file is not valid CUE, YAML or JSON, so nothing else in it can be checked.

Bad:
    party: {start: "rupetenne", members: 5

Fix: close the brace (or quote, bracket) the message points at.`},
		diag.CodeInfo{Code: codeNotScenario, Title: "not a scenario", Severity: diag.Error, Doc: `The files load, but they do not describe a scenario: the top level is not a struct, it has
no kind field, or kind is not "scenario".

Bad:
    kind: "senario"

Fix: start the scenario with kind: "scenario".`},
		diag.CodeInfo{Code: codeLoad, Title: "file could not be loaded", Severity: diag.Error, Doc: `A file parses but cannot be loaded: an import that cannot be resolved (sortie never uses a
module registry), files of different packages in one scenario, or a CUE error outside any
scenario field (such as a reference to an undefined name).

Bad:
    import "example.com/shared"

Fix: keep a scenario self-contained in one CUE package (several files are fine), or vendor the
imported package under cue.mod/.`},
		diag.CodeInfo{Code: codeUnknownField, Title: "unknown field", Severity: diag.Error, Doc: `A field the schema does not allow, usually a misspelling; or a key that is not a valid id.
Every struct of the scenario schema is closed.

Bad:
    days: limt: 12

Fix: use the name the hint suggests (here "limit"); ids use letters, digits, '_' and '-'.`},
		diag.CodeInfo{Code: codeBadValue, Title: "wrong type or value out of range", Severity: diag.Error, Doc: `A value has the wrong type, lies outside its allowed range, conflicts with another value of
the same field, or a list has the wrong number of elements.

Bad:
    party: members: 0      // at least 1
    armies: m: route: []   // at least one step

Fix: give a value of the type and range the message names.`},
		diag.CodeInfo{Code: codeMissing, Title: "required field missing", Severity: diag.Error, Doc: `A field every scenario (or this entity) must give is absent.

Bad:
    field: blocks: a: {kind: "trail"}   // no at

Fix: add the field, e.g. at: [3, 4]. A field with an obvious default (a scenario's rules, which
is karzoral when absent) says so in the hint, and sortie vet --fix adds it.`},
		diag.CodeInfo{Code: codeNotInEnum, Title: "value not one of the allowed values", Severity: diag.Error, Doc: `The field takes one of a fixed set of values.

Bad:
    rules: "karzorl"

Fix: use one of the listed values (here "karzoral").`},
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

Fix: add an objective with outcome: "success".`},
	)
	return true
}
