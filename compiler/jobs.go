package compiler

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Jobs of other packages in the evaluator: a package that evaluates a stranger's CUE outside the
// compiler (runner/expect: the tests: and expect: lists, --expect files) serves its jobs with
// ServeJobs from its init and runs them with RunJob, under the same budget, watchdog and
// L011/L012 as a scenario. The compiler imports no such package: their evaluators are started
// with envJobEvaluator, which this package's init leaves alone, so that the serving package's
// own init (run after this one) answers.

// envJobEvaluator marks an evaluator process for the jobs of ServeJobs.
const envJobEvaluator = "SORTIE_JOB_EVALUATOR"

// JobRequest is what a job of ServeJobs is given: the files it evaluates (absolute), the working
// directory diagnostics name files from, its argument, and Suspect, to call with the construct
// most likely to blame before evaluating (SuspectOf), so that an overrun names it.
type JobRequest struct {
	Files   []string
	WorkDir string
	Arg     json.RawMessage
	Suspect func(diag.Pos)
}

// Job is a job of ServeJobs: its result is sent back to RunJob as is.
type Job func(JobRequest) (json.RawMessage, error)

// jobs are the jobs this evaluator serves (ServeJobs).
var jobs map[string]Job

// ServeJobs makes this process an evaluator of the jobs m when RunJob started it: it answers
// them until its input ends and exits. Otherwise it returns at once. Call it from an init.
func ServeJobs(m map[string]Job) {
	if os.Getenv(envJobEvaluator) == "" {
		return
	}
	os.Unsetenv(envJobEvaluator)
	jobs = m
	os.Exit(serveEvaluator(os.Stdin, os.Stdout))
}

// RunJob runs the job name of ServeJobs (in a package this program links) on files (relative to
// workDir or absolute) in an evaluator under budget b. A budget overrun or a crash comes back as
// its finding (L011, L012, L003) in list, at the suspect the job named, else the top of the first
// file; err is the job's own error, or ctx's.
func RunJob(ctx context.Context, name string, files []string, workDir string, arg any, b Budget) (result json.RawMessage, list diag.List, err error) {
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("job %s without files", name)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	abs := make([]string, len(files))
	for i, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(workDir, f)
		}
		abs[i] = filepath.Clean(f)
	}
	data, err := json.Marshal(arg)
	if err != nil {
		return nil, nil, err
	}
	o, err := evaluateOn(ctx, evalRequest{Job: name, Files: abs, WorkDir: workDir, Budget: b, Arg: data}, true)
	if err != nil {
		return nil, nil, err
	}
	if o.over != "" || o.crash != "" || !o.resp.Done {
		return nil, diag.List{o.overrun(b, abs, newNamer(workDir))}, nil
	}
	if o.resp.Err != "" {
		return nil, nil, fmt.Errorf("%s", o.resp.Err)
	}
	return o.resp.Result, nil, nil
}

// SuspectOf is where an overrun of evaluating file most likely comes from: its first
// comprehension, else its first call or repetition, else its top (a data file's). The file is
// read through the gate and only parsed.
func SuspectOf(file, workDir string) diag.Pos {
	nm := newNamer(workDir)
	if strings.EqualFold(filepath.Ext(file), ".cue") {
		if src, err := safeio.ReadFile(file, MaxFileSize); err == nil {
			if f, err := parser.ParseFile(file, src); err == nil {
				return suspectPos([]*ast.File{f}, nm, file)
			}
		}
	}
	return diag.Pos{File: nm.display(file), Line: 1, Column: 1}
}
