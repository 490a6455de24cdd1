package replay

import "github.com/sortie-rpg/sortie/compiler/diag"

// CodeBadRun: a line of the run given to sortie replay is not one of a run's events: not a JSON
// object, or with no "type" (a Pathfinder battle file's log: no "type" and no "kind"), as
// cmd/sortie's readRunLines checks.
const CodeBadRun = "X006"

func init() {
	diag.Register(diag.CodeInfo{Code: CodeBadRun, Title: "replay input is not a run's JSON Lines", Severity: diag.Error, Doc: `sortie replay reads the JSON Lines of one run: one JSON object a line, blank lines
skipped. What each line must hold depends on what --plan names:
  - a scenario, a plan.json, a campaign or a clash battle file: a "type" (a string: the event's
    kind, sortie schema --events), as run, campaign run, resume and battle write with
    --format jsonl;
  - a Pathfinder battle file: a "type" or a "kind" (its battle log, sortie battle FILE
    --format jsonl, writes "kind").
Nothing else of a line is required here: its other fields are read as the page needs them. A
line that is not a JSON object, one with neither field (with a Pathfinder battle file) or no
"type" (otherwise), or a file with no line at all, is refused with its file:line:col, and no
page is written (exit 2). So are: more than 50,000 events (one page holds one run); a null
entry in a list; a number beyond ±1,000,000,000 (a seed excepted: no run counts so far); a
name the plan does not hold where a run names one of its things (an army, a hex, a block, a
unit, a stand, a solo, a square of a clash grid), at the value's line:column; a run whose "run" line names another scenario or other sources (sourceHash)
than the plan given, or a campaign's run against one scenario's plan. The lines must also keep
the order an engine writes them in (lines shuffled or pasted twice by hand): a run's days never
go back and nothing follows its "end" (a campaign: only campaign records between one run's
"end" and the next "run", nothing after "campaign.end"; one scenario: one "run"); a clash
battle has one "clash.start" first, rounds 1, 2, 3 ..., and nothing after "clash.end"; a
Pathfinder battle log's phases never go back, and nothing follows its "end". A line pasted
twice within its own day or round cannot be told and is drawn as recorded.

Bad:
    sortie run scenarios/karzoral/field01 > run.txt        (the text transcript)
    sortie replay run.txt --plan scenarios/karzoral/field01 --html run.html

Fix: record the run as JSON Lines with every audience (the default of --format jsonl):
    sortie run scenarios/karzoral/field01 --format jsonl > run.jsonl
    sortie replay run.jsonl --plan scenarios/karzoral/field01 --html run.html
    sortie battle scenarios/pathfinder/orc-horde --format jsonl > log.jsonl
    sortie replay log.jsonl --plan scenarios/pathfinder/orc-horde --html battle.html`})
}
