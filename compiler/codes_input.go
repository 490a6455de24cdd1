package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of input that the size and depth bounds (L004, L005) do not catch: evaluation budgets
// (budget.go), and data files read as authors mean them (yamlfile.go).
const (
	codeTimeBudget      = "L011"
	codeMemoryBudget    = "L012"
	codeDuplicateKey    = "L013"
	codeAmbiguousNumber = "L014"
	codeNotScenarioFile = "L015"
	codeRulesNotBuilt   = "L016"
	codeWalkEntry       = "L019"
)

var registeredInput = registerInputCodes()

func registerInputCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeTimeBudget, Title: "evaluation over the time budget", Severity: diag.Error, Doc: `Evaluating the scenario's files took more processor time than the budget (10 s unless
--max-cpu says otherwise), or did not end within the wall-clock deadline (three times the
budget and ten seconds more). sortie stops the evaluation so that one file cannot hang a vet;
the other scenarios are vetted as usual. The finding is placed at the first comprehension,
function call or repetition of the scenario's CUE files, the likeliest cause, or else at the top
of its first file. Real scenarios evaluate in well under a second.

Bad:
    import "list"
    n: len([for x in list.Range(0, 100000000, 1) if x > 0 {x}])

Fix: write the data out, or compute less; if a scenario really needs more time, raise
--max-cpu.`},
		diag.CodeInfo{Code: codeMemoryBudget, Title: "evaluation over the memory budget", Severity: diag.Error, Doc: `Evaluating the scenario's files needed more memory than the budget (512 MiB unless
--max-memory says otherwise), or more than the machine had. sortie stops the evaluation so that
one file cannot exhaust the machine; the other scenarios are vetted as usual. The finding is
placed at the first comprehension, function call or repetition of the scenario's CUE files, or
else at the top of its first file.

Bad:
    import "list"
    xs: [for x in list.Range(0, 100000000, 1) {x}]

Fix: write the data out, or build less; if a scenario really needs more memory, raise
--max-memory.`},
		diag.CodeInfo{Code: codeDuplicateKey, Title: "key given twice in a YAML or JSON mapping", Severity: diag.Error, Doc: `A mapping of a YAML or JSON file gives the same key twice. YAML forbids it and most
readers silently keep the second value; CUE would merge the two. sortie refuses it at the
second key, naming the line of the first.

Bad:
    field:
      blocks:
        "03": {at: [4, 3]}
        "03": {at: [5, 3]}

Fix: rename one of them (a copied block that kept its id) or delete one.`},
		diag.CodeInfo{Code: codeAmbiguousNumber, Title: "YAML number with a leading zero", Severity: diag.Error, Doc: `A plain (unquoted) YAML value such as 03 or 007 is a number with a leading zero, which
YAML 1.1 readers take as octal and YAML 1.2 readers as decimal; in a scenario it is nearly
always an id. sortie refuses to guess. (A key such as 03: is read as the text "03".)

Bad:
    route: [01, 03, 05]

Fix: quote it, route: ["01", "03", "05"], or write the number without the zero. The hint
says which the schema wants there (a string, a number, or the one value allowed, as version: 1),
and sortie vet --fix and the editor's quick fix write it.`},
		diag.CodeInfo{Code: codeNotScenarioFile, Title: "file named among scenarios is not one", Severity: diag.Info, Doc: `A file named on the command line (as a pre-commit hook names every changed file) is a
script of decisions, a compiled plan, a save or a baseline, not a scenario; or a CUE library (a
package whose files say neither kind:, id: nor rules: at their top level, as
scenarios/pathfinder/armies.cue), which the scenarios that import or unify it are vetted with.
sortie says what it is and leaves it alone; it does not count as a finding.

Bad:
    sortie vet scenarios/karzoral/field01/field01.cue scenarios/karzoral/field01/win.yaml

Fix: nothing is wrong; to play a script, sortie run SCENARIO --script FILE.`},
		diag.CodeInfo{Code: codeRulesNotBuilt, Title: "rule system not built", Severity: diag.Error, Doc: `The file names a rule system that the format knows but this sortie does not build, or a
kind of file its rule system does not have: Karzoral has scenarios only, so a battle file of
rules: "karzoral" is refused. sortie refuses the file rather than check or run it by the rules
of another system.

Bad:
    kind:  "battle"
    rules: "karzoral"

Fix: a Karzoral scenario is kind: "scenario"; a battle file is rules: "pathfinder" (mass combat)
or rules: "clash" (When Armies Clash); or use a sortie that builds the rule system.`},
		diag.CodeInfo{Code: codeWalkEntry, Title: "folder entry not vetted", Severity: diag.Error, Doc: `A folder that sortie vets (vet DIR, vet DIR/..., vet ./...) holds a scenario file (by its
extension) that is a symbolic link, a named pipe, a device or a socket, or an entry whose name
is not valid UTF-8. sortie does not follow a link in a walk (it may lead outside the folder),
never opens a pipe or a device (the read would block or never end) and cannot show a name that
is not text; it reports the entry, with the bytes of its name that are not text as \xNN, and
vets everything else in the folder.

Bad:
    ln -s ../other/field.cue scenarios/mine/field.cue
    mkfifo scenarios/mine/pipe.yaml

Fix: replace the link or the pipe by a regular file, or rename the file in UTF-8.`},
	)
	return true
}
