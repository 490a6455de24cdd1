package replay

import "github.com/sortie-rpg/sortie/compiler/diag"

// CodeBadRun: a line of the run given to sortie replay is not one of a run's events.
const CodeBadRun = "X006"

func init() {
	diag.Register(diag.CodeInfo{Code: CodeBadRun, Title: "replay input is not a run's JSON Lines", Severity: diag.Error, Doc: `sortie replay reads a run recorded with --format jsonl: one JSON object a line, each with its
"type" (sortie schema --events). A line that is not JSON, an object without "type", or a file
with no event at all is refused with its file:line:col, and no page is written (exit 2).

Bad:
    sortie run scenarios/karzoral/field01 > run.txt        (the text transcript)
    sortie replay run.txt --plan scenarios/karzoral/field01 --html run.html

Fix: record the run as JSON Lines with every audience (the default of --format jsonl):
    sortie run scenarios/karzoral/field01 --format jsonl > run.jsonl
    sortie replay run.jsonl --plan scenarios/karzoral/field01 --html run.html`})
}
