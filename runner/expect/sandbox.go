package expect

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The tests: list `sortie test` replays and the expect: list (or an --expect file's) that
// `simulate --check` checks are CUE a stranger wrote: they are evaluated in the budgeted
// evaluator (compiler.RunJob), never in sortie's own process, like any scenario (issue 28).

func init() {
	compiler.ServeJobs(map[string]compiler.Job{jobName: serveJob})
}

const jobName = "expect"

// Request names what LoadBudgeted reads.
type Request struct {
	// Field is "tests" (Load) or "expect" (LoadBalance).
	Field string
	// VetBalance first checks the first file (an --expect file) against #Balance (VetFile);
	// with findings, the list is not read.
	VetBalance bool
	// Balances, with Field "tests", reads the expect: list too, in the same evaluation (vet
	// and test report its bounds that cannot be read: Balance.Problems).
	Balances bool
}

// Loaded is what LoadBudgeted read: the tests or the balance checks, and findings: VetFile's,
// or the budget overrun (L011, L012) that stopped the evaluation.
type Loaded struct {
	Tests    []Test    `json:"tests,omitempty"`
	Balances []Balance `json:"balances,omitempty"`
	List     diag.List `json:"list,omitempty"`
}

// BalanceProblems are the Q002s of every balance check of x (a bound that cannot be read: "9..3",
// "0.8..0.7", ""), in the list's order.
func (x Loaded) BalanceProblems() diag.List {
	var out diag.List
	for _, b := range x.Balances {
		out = append(out, b.Problems...)
	}
	return out
}

// LoadBudgeted is Load or LoadBalance (as r asks) in an evaluator under budget b.
func LoadBudgeted(ctx context.Context, r Request, files []string, workDir string, b compiler.Budget) (Loaded, error) {
	if len(files) == 0 {
		return Loaded{}, nil
	}
	res, list, err := compiler.RunJob(ctx, jobName, files, workDir, r, b)
	if err != nil || len(list) > 0 {
		return Loaded{List: list}, err
	}
	var x Loaded
	if err := json.Unmarshal(res, &x); err != nil {
		return Loaded{}, fmt.Errorf("evaluator: %v", err)
	}
	return x, nil
}

// serveJob is LoadBudgeted's side in the evaluator.
func serveJob(req compiler.JobRequest) (json.RawMessage, error) {
	var r Request
	if err := json.Unmarshal(req.Arg, &r); err != nil {
		return nil, err
	}
	if req.Suspect != nil {
		req.Suspect(compiler.SuspectOf(req.Files[0], req.WorkDir))
	}
	overlay := compiler.LibraryOverlay(req.Files, req.WorkDir)
	var x Loaded
	var err error
	switch r.Field {
	case "tests":
		x.Tests, err = Load(req.Files, req.WorkDir, overlay)
		if err == nil && r.Balances {
			x.Balances, err = LoadBalance(req.Files, req.WorkDir, overlay)
		}
	case "expect":
		if r.VetBalance {
			src, serr := compiler.SchemaCUE("schema")
			if serr != nil {
				return nil, serr
			}
			display := func(f string) string { return displayName(req.WorkDir, f) }
			if x.List = VetFile(req.Files[0], compiler.MaxFileSize, src, display); x.List.HasErrors() {
				break
			}
		}
		x.Balances, err = LoadBalance(req.Files, req.WorkDir, overlay)
	default:
		err = fmt.Errorf("unknown list %q", r.Field)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(x)
}
