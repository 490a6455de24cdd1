package compiler

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner/expect"
)

// Expectations in the evaluator: the tests: list `sortie test` replays and the expect: list (or
// an --expect file's) `simulate --check` checks are CUE a stranger wrote, so they are evaluated
// in the budgeted evaluator process (job "expect"), never in sortie's own, like any scenario.

// Expectations is what LoadExpect read: the tests or the balance checks, and the findings of
// the --expect file's check against #Balance (VetBalance).
type Expectations struct {
	Tests    []expect.Test    `json:"tests,omitempty"`
	Balances []expect.Balance `json:"balances,omitempty"`
	List     diag.List        `json:"list,omitempty"`
}

// ExpectRequest names what LoadExpect reads.
type ExpectRequest struct {
	// Field is "tests" (expect.Load) or "expect" (expect.LoadBalance).
	Field string
	// Files are the scenario's files (or the --expect file alone), WorkDir the folder names are
	// relative to and diagnostics are named from.
	Files   []string
	WorkDir string
	// VetBalance first checks Files[0] (an --expect file) against #Balance; with findings, the
	// list is not loaded.
	VetBalance bool
}

// LoadExpect reads the tests or balance checks of r in an evaluator under budget b. A budget
// overrun is an L011/L012 finding (in the result's List, at the construct most likely to blame);
// err is for a failure to evaluate at all (a file that cannot be loaded) or a cancelled ctx.
func LoadExpect(ctx context.Context, r ExpectRequest, b Budget) (Expectations, error) {
	if len(r.Files) == 0 {
		return Expectations{}, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	files := make([]string, len(r.Files))
	for i, f := range r.Files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(r.WorkDir, f)
		}
		files[i] = filepath.Clean(f)
	}
	r.Files = files
	o, err := evaluate(ctx, evalRequest{Job: "expect", Files: r.Files, WorkDir: r.WorkDir, Budget: b,
		Field: r.Field, VetBalance: r.VetBalance})
	if err != nil {
		return Expectations{}, err
	}
	if o.over != "" || o.crash != "" || !o.resp.Done {
		return Expectations{List: diag.List{o.overrun(b, r.Files, newNamer(r.WorkDir))}}, nil
	}
	if o.resp.Err != "" {
		return Expectations{}, fmt.Errorf("%s", o.resp.Err)
	}
	var x Expectations
	if err := json.Unmarshal(o.resp.Expect, &x); err != nil {
		return Expectations{}, fmt.Errorf("evaluator: %v", err)
	}
	return x, nil
}

// expectJob is the evaluator's side of LoadExpect.
func expectJob(req *evalRequest, w *worker) evalResponse {
	var resp evalResponse
	nm := newNamer(req.WorkDir)
	if len(req.Files) == 0 {
		resp.Err = "expect job without files"
		return resp
	}
	// Positions first, in case the evaluation does not come back.
	if p := expectSuspect(req.Files[0], nm); p.IsValid() && w.suspect != nil {
		w.suspect(p)
	}
	var x Expectations
	var err error
	switch req.Field {
	case "tests":
		x.Tests, err = expect.Load(req.Files, req.WorkDir, LibraryOverlay(req.Files, req.WorkDir))
	case "expect":
		if req.VetBalance {
			src, serr := SchemaCUE("schema")
			if serr != nil {
				err = serr
				break
			}
			if x.List = expect.VetFile(req.Files[0], MaxFileSize, src, nm.display); x.List.HasErrors() {
				break
			}
		}
		x.Balances, err = expect.LoadBalance(req.Files, req.WorkDir, LibraryOverlay(req.Files, req.WorkDir))
	default:
		err = fmt.Errorf("unknown expectation field %q", req.Field)
	}
	if err != nil {
		resp.Err = err.Error()
		return resp
	}
	resp.Expect, err = json.Marshal(x)
	if err != nil {
		resp.Err = err.Error()
	}
	return resp
}

// expectSuspect is where an overrun of the expect job most likely comes from: the first
// comprehension, call or repetition of the file's CUE (suspectPos), else its top.
func expectSuspect(file string, nm *namer) diag.Pos {
	if strings.EqualFold(filepath.Ext(file), ".cue") {
		if src, err := safeio.ReadFile(file, MaxFileSize); err == nil {
			if f, err := parser.ParseFile(file, src); err == nil {
				return suspectPos([]*ast.File{f}, nm, file)
			}
		}
	}
	return diag.Pos{File: nm.display(file), Line: 1, Column: 1}
}
