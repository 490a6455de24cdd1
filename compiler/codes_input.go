package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of untrusted input that the size and depth bounds (L004, L005) do not catch: evaluation
// budgets (budget.go).
const (
	codeTimeBudget   = "L011"
	codeMemoryBudget = "L012"
)

var registeredInput = registerInputCodes()

func registerInputCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeTimeBudget, Title: "evaluation over the time budget", Severity: diag.Error, Doc: `Evaluating the scenario's files took more processor time than the budget (20 s unless
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
		diag.CodeInfo{Code: codeMemoryBudget, Title: "evaluation over the memory budget", Severity: diag.Error, Doc: `Evaluating the scenario's files needed more memory than the budget (1 GiB unless
--max-memory says otherwise), or more than the machine had. sortie stops the evaluation so that
one file cannot exhaust the machine; the other scenarios are vetted as usual. The finding is
placed at the first comprehension, function call or repetition of the scenario's CUE files, or
else at the top of its first file.

Bad:
    import "list"
    xs: [for x in list.Range(0, 100000000, 1) {x}]

Fix: write the data out, or build less; if a scenario really needs more memory, raise
--max-memory.`},
	)
	return true
}
