package runner

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The stable codes the runner reports (prefix X: execution). Registered in the diag catalogue, so
// `sortie explain X001` works.
const (
	CodeMismatch    = "X001" // a script entry does not fit the state
	CodeScriptError = "X002" // script syntax error or malformed entry
	CodeScriptEnded = "X003" // the script ended before the scenario did
	CodeScriptLeft  = "X004" // the scenario ended before the script did
	// CodeScriptRefused: the script file is not a regular file or is too large (ReadScript).
	CodeScriptRefused = "X005"
	// CodeBadFile: a plan (sortie compile -o) or a save (--save) sortie cannot read.
	CodeBadFile = "X007"
)

func init() {
	diag.Register(
		diag.CodeInfo{Code: CodeMismatch, Title: "script entry does not fit the state", Severity: diag.Error, Doc: `A script entry was read where the runner asked for a decision it does not answer: the wrong
kind (a pick where a move is asked), a direction with no block, a face the dice did not show,
a die value out of range, or a day assertion that is false. The message names the day and the
phase of the run at that point.

Bad (day 1, camp phase, the dice show 2 and 5):
    - pick: 3

Fix: replay the script with the transcript beside it; each entry answers the next question the
runner asks, in order. Add day: N to an entry to catch a script that drifts early.`},
		diag.CodeInfo{Code: CodeScriptError, Title: "script syntax error or malformed entry", Severity: diag.Error, Doc: `The script is not valid YAML or CUE, is not a list of entries, or an entry is malformed: an
unknown key, no decision or two, or a value of the wrong type.

An entry is one of
    {move: north|east|south|west|stay}
    {battle: won|fled|defeated|routed|fight}
    {pick: FACE}                 a camp, traversal or growth die (K-37, K-45, K-64)
    {night: rest|march}
    {protect: NAME|none}         K-89: the PC protecting the burden asked about
    {target: NAME|none}          K-75: the monster a friendly support instance hits
    {cancel: yes|no}             K-77: cancel an enemy support instance for 10 strength
    {take: yes|no}               K-90: the protector takes the burden's hit
    {traverse: continue|stop|leave}  K-45, K-46, K-50
    {roll: [FACE, ...]}          the next die faces, used before the seeded generator
optionally with day: N, an assertion that the decision is asked on day N.

Bad:
    - {mvoe: east}

Fix: correct the entry the position points at.`},
		diag.CodeInfo{Code: CodeScriptEnded, Title: "script ended before the scenario did", Severity: diag.Error, Doc: `The runner asked for a decision after the script's last entry. Without a fallback (sortie
run --policy first|random) the run stops there.

Bad:
    - {day: 1, move: east}   # and nothing for the camp phase that follows

Fix: add entries for the rest of the scenario, or give a policy to finish it.`},
		diag.CodeInfo{Code: CodeScriptLeft, Title: "scenario ended before the script did", Severity: diag.Warning, Doc: `The scenario succeeded or failed while the script still had entries: the play probably
differs from what the script's author meant.

Bad:
    # the scenario is won on day 7, but the script goes on with entries for day 8

Fix: remove the extra entries, or find the decision where the run went another way.`},
		diag.CodeInfo{Code: CodeBadFile, Title: "plan or save file sortie cannot read", Severity: diag.Error, Doc: `A plan given to run, simulate, graph or replay (the JSON sortie compile -o writes) or a save
given to resume (the JSON --save writes) is refused, and nothing is run or overwritten (exit
2), when it is not JSON or ends in the middle of it, holds a field sortie does not know or a
value of the wrong type (at that place: line and column), is of another format or version, or
its content is not what sortie wrote: a save whose checksum does not match, a plan the engine
refuses (two blocks on one square, a route through a block that does not exist: at 1:1, the
message says which).

Bad (a plan edited by hand):
    "armies": [{"id": "boggardWarband", "strength": "ten", ...}]

Fix: compile the scenario again (sortie compile SCENARIO -o plan.json) instead of editing its
plan; resume from a save sortie wrote, or start the run again.`},
		diag.CodeInfo{Code: CodeScriptRefused, Title: "script file refused: not a regular file, too large or too deep", Severity: diag.Error, Doc: `sortie reads a script (--script) only from a regular file of at most 4 MiB. A named pipe
would block the run until something writes to it, a device such as /dev/zero never ends, a
folder has no entries to read: each is refused before it is read, and the command exits 2.
A script nesting deeper than 100 levels (brackets, or YAML's "- - - ..."; a script is a flat
list) is refused at the place too deep before it is parsed, as a scenario file is (L005).

Bad:
    sortie run scenarios/karzoral/field01 --script /dev/zero
    mkfifo p.yaml; sortie run scenarios/karzoral/field01 --script p.yaml
    - - - - - - - - - - - - ...   (a line of 50,000 entries)

Fix: write the entries into a file and give its path; to build a script from another
program's output, save it first (prog > win.yaml; sortie run ... --script win.yaml).`},
	)
}
