package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of the linter checks added after the walking skeleton. Families as in codes.go, plus T
// time and W army forecasts (warnings about what happens if the party does nothing).
const (
	codeUnusedEncounter = "R004"
	codeFlagNeverRead   = "R005"

	codeIsland     = "F004"
	codeBadTrail   = "F005"
	codeEventNever = "E004"
	codeObjNever   = "O002"

	codeTooFar       = "T001"
	codeDayAfter     = "T002"
	codeEpisodeTable = "T003"

	codeArmyDoom = "W001"

	codeArmyOffField = "A003"
	codeDuplicateID  = "R006"

	codeFileTooBig    = "L004"
	codeTooDeep       = "L005"
	codeEmbed         = "L006"
	codeImportOutside = "L007"
	codeNoReason      = "L008"
	codeUnusedIgnore  = "L009"
	codeBadIgnore     = "L010"
)

var registeredLint = registerLintCodes()

func registerLintCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeUnusedEncounter, Title: "encounter never used", Severity: diag.Warning, Doc: `No army (encounter), nightRaid or battle action names the encounter, so the party never
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
		diag.CodeInfo{Code: codeEpisodeTable, Title: "episode or traversal table is not six faces", Severity: diag.Error, Doc: `The camp phase rolls a d6 on the episode table (K-36, K-37): it has exactly six episodes,
face 1 first. A traversal area's event table is read the same way (K-45): six faces.
Reported by the schema step, at the list.

Bad:
    episodes: [{say: "1"}, {say: "2"}, {say: "3"}, {say: "4"}, {say: "5"}]

Fix: give six episodes (or six traversal faces).`},
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
		diag.CodeInfo{Code: codeFileTooBig, Title: "file too large", Severity: diag.Error, Doc: `A scenario file is larger than the size bound (4 MiB). sortie refuses it without parsing,
so that a hostile or mistaken input cannot exhaust memory.

Bad:
    a generated 50 MiB field.cue

Fix: split the scenario over several files of one package, or shrink it.`},
		diag.CodeInfo{Code: codeTooDeep, Title: "nesting too deep", Severity: diag.Error, Doc: `Brackets or braces nest deeper than the bound (100 levels). No scenario needs that depth;
sortie refuses the file before parsing it.

Bad:
    x: [[[[[[[[ ... ]]]]]]]]   // thousands deep

Fix: flatten the structure.`},
		diag.CodeInfo{Code: codeEmbed, Title: "@embed is refused", Severity: diag.Error, Doc: `A CUE file uses @embed (or declares @extern(embed)) to read another file. sortie reads only
the scenario's own files, so it refuses the file. The refusal holds everywhere in what is
evaluated: the scenario's files and every package it imports, from its module's own folders or
from cue.mod/pkg (a scenario folder with a cue.mod is its module's root). Embedding is refused
outright rather than confined, since no scenario needs it; links that lead outside the folder
are refused too (L018).

Bad:
    @extern(embed)
    package x
    notes: _ @embed(file="notes.txt")

Fix: put the data in a .cue, .yaml or .json file of the scenario.`},
		diag.CodeInfo{Code: codeImportOutside, Title: "import reaches outside the scenario", Severity: diag.Error, Doc: `An import names a package that is not inside the scenario's folder (or a relative path
with ".."). sortie never reads a file outside the scenario's folder and never uses a registry.

Bad:
    import "../shared"

Fix: keep the scenario self-contained in its folder.`},
		diag.CodeInfo{Code: codeNoReason, Title: "suppression without a reason", Severity: diag.Error, Doc: `A @sortie(ignore="CODE") attribute silences one code on one entity, and must say why, so
that a reviewer can judge it. Without reason it silences nothing.

Bad:
    armies: {...} @sortie(ignore="W001")

Fix: @sortie(ignore="W001", reason="the party must burn the cache first"); in YAML the same in
a comment: # @sortie(ignore="W001", reason="the party must burn the cache first").`},
		diag.CodeInfo{Code: codeUnusedIgnore, Title: "unused suppression", Severity: diag.Warning, Doc: `A @sortie(ignore="CODE", reason="...") attribute silences nothing: the code is not reported
on that entity (any more). Stale suppressions hide future mistakes.

Bad:
    "09": {at: [4, 1]} @sortie(ignore="F002", reason="reached by boat")   // 09 is reachable

Fix: delete the attribute.`},
		diag.CodeInfo{Code: codeBadIgnore, Title: "malformed suppression", Severity: diag.Error, Doc: `A @sortie attribute must read @sortie(ignore="CODE", reason="...") with one known code.

Bad:
    @sortie(ignore="X9", reason="...")
    @sortie(ignor="F002", reason="...")

Fix: name a code that sortie explain lists, with the keys ignore and reason.`},
	)
	return true
}
