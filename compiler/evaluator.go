package compiler

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The evaluator side of the sandbox (see sandbox.go for sortie's side). An evaluator is the same
// executable started again with envEvaluator set: ServeEvaluator, called from the init of
// compiler/all once every rule system has registered itself (their inits run first), serves jobs
// on standard input and output instead of running the program, so that any program that links
// compiler/all (sortie, its tests, a library user) can bound its evaluations without help from
// its main. This is the one place the package writes to standard output and exits: in a process
// that exists only to do so.

// envEvaluator marks an evaluator process.
const envEvaluator = "SORTIE_EVALUATOR"

// evaluatorServed is set once ServeEvaluator has run: only then may this program start
// evaluators (startEvaluator), which are this program again.
var evaluatorServed atomic.Bool

// ServeEvaluator makes this process an evaluator when sortie started it as one: it answers jobs
// until its input ends and exits. Otherwise it returns at once, and the program may start
// evaluators from then on. Call it from the init of a package that imports every rule system
// (compiler/all does, and is what a program imports), so that the evaluator knows them all.
func ServeEvaluator() {
	evaluatorServed.Store(true)
	if os.Getenv(envEvaluator) != "" {
		os.Unsetenv(envEvaluator)
		os.Exit(serveEvaluator(os.Stdin, os.Stdout))
	}
}

// knobs carries the package's test switches to the evaluator, so that a test that turns one
// off in its own process sees the effect.
type knobs struct {
	FastPath, TreePath, Chunking, RecoverPanics bool
}

func currentKnobs() knobs {
	return knobs{FastPath: fastPath, TreePath: treePath, Chunking: chunking, RecoverPanics: recoverPanics}
}

func (k knobs) apply() {
	fastPath, treePath, chunking, recoverPanics = k.FastPath, k.TreePath, k.Chunking, k.RecoverPanics
}

// evalRequest is one job: vet (and with Compile, lower) a unit, decode a campaign file, or one
// of the jobs of ServeJobs (by its name).
type evalRequest struct {
	Job     string   `json:"job"` // "unit", "campaign" or a ServeJobs name
	Dir     string   `json:"dir"`
	Files   []string `json:"files"`
	WorkDir string   `json:"workDir"`
	Compile bool     `json:"compile,omitempty"`
	Budget  Budget   `json:"budget"`
	Knobs   knobs    `json:"knobs"`
	// Overlay holds contents that stand in for some of Files (Options.Overlay: an editor's
	// unsaved buffers), by absolute name.
	Overlay map[string][]byte `json:"overlay,omitempty"`
	// Symbols asks for the index of the unit's ids (Analyze).
	Symbols bool `json:"symbols,omitempty"`
	// Arg is the argument of a job of ServeJobs.
	Arg json.RawMessage `json:"arg,omitempty"`
}

// evalResponse is a message from the evaluator: a suspect (sent once the files are parsed, in
// case the evaluation does not come back), then the result or an overrun.
type evalResponse struct {
	Suspect *diag.Pos `json:"suspect,omitempty"`

	Done     bool              `json:"done,omitempty"`
	List     diag.List         `json:"list,omitempty"`
	Plan     json.RawMessage   `json:"plan,omitempty"`
	Battles  []json.RawMessage `json:"battles,omitempty"`
	Clashes  []json.RawMessage `json:"clashes,omitempty"` // clash battles (plan.EncodeClash)
	Campaign *CampaignDraft    `json:"campaign,omitempty"`
	Symbols  *Symbols          `json:"symbols,omitempty"` // with evalRequest.Symbols, once the files load
	Result   json.RawMessage   `json:"result,omitempty"`  // a ServeJobs job's result
	Err      string            `json:"err,omitempty"`

	// Over is "cpu" or "memory" when the budget ran out (the evaluator exits after it); Used is
	// what was used: nanoseconds or bytes.
	Over string `json:"over,omitempty"`
	Used int64  `json:"used,omitempty"`
}

// serveEvaluator answers jobs until its input ends, and returns the exit code.
func serveEvaluator(in io.Reader, out io.Writer) int {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // as sortie vet: short-lived, allocation-heavy work
	}
	dec := json.NewDecoder(in)
	enc := &sender{enc: json.NewEncoder(out)}
	w := &worker{}
	for {
		var req evalRequest
		if err := dec.Decode(&req); err != nil {
			if err == io.EOF {
				return 0
			}
			fmt.Fprintf(os.Stderr, "sortie evaluator: bad request: %v\n", err)
			return 2
		}
		req.Knobs.apply()
		resp := runJob(w, &req, enc)
		if err := enc.send(resp); err != nil {
			return 2
		}
	}
}

// sender writes messages one at a time (the job's and the watchdog's).
type sender struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func (s *sender) send(r evalResponse) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.enc.Encode(r)
}

// runJob runs one job under its budget.
func runJob(w *worker, req *evalRequest, enc *sender) evalResponse {
	b := req.Budget.withDefaults()
	stop := watch(b, enc)
	defer stop()
	nm := newNamer(req.WorkDir)
	w.suspect = func(p diag.Pos) {
		enc.send(evalResponse{Suspect: &p})
	}
	var resp evalResponse
	switch req.Job {
	case "unit":
		var list diag.List
		out := &outputs{wantSymbols: req.Symbols}
		p, err := w.vetUnit(unit{dir: req.Dir, files: req.Files, overlay: req.Overlay}, nm, &list, req.Compile, out)
		resp = respond(list, p, out, err)
	case "campaign":
		if len(req.Files) != 1 {
			resp.Err = "campaign job without its file"
			break
		}
		d, syms, list, err := w.campaign(req.Files[0], nm, req.Overlay, req.Symbols)
		resp.Campaign, resp.Symbols, resp.List = d, syms, list
		if err != nil {
			resp.Err = err.Error()
		}
	default:
		job := jobs[req.Job]
		if job == nil {
			resp.Err = fmt.Sprintf("unknown job %q", req.Job)
			break
		}
		var err error
		resp.Result, err = job(JobRequest{Files: req.Files, WorkDir: req.WorkDir, Arg: req.Arg, Suspect: w.suspect})
		if err != nil {
			resp.Err = err.Error()
		}
	}
	resp.Done = true
	// A unit that held much memory leaves it to a fresh CUE context: the next job starts small.
	if _, held := memUse(); held > b.Memory/2 {
		w.ctx = nil
	}
	return resp
}

// respond encodes the result of a unit job: its findings, its plan or battles, its symbols
// (Analyze), its error.
func respond(list diag.List, p *plan.Plan, out *outputs, err error) evalResponse {
	resp := evalResponse{List: list}
	if len(out.symbols) > 0 {
		resp.Symbols = out.symbols[0]
	}
	if err != nil {
		resp.Err = err.Error()
	}
	if p != nil {
		if resp.Plan, err = plan.Encode(p); err != nil {
			resp.Err = err.Error()
		}
	}
	for _, bt := range out.battles {
		data, err := json.Marshal(bt)
		if err != nil {
			resp.Err = err.Error()
		}
		resp.Battles = append(resp.Battles, data)
	}
	for _, c := range out.clashes {
		data, err := plan.EncodeClash(c)
		if err != nil {
			resp.Err = err.Error()
		}
		resp.Clashes = append(resp.Clashes, data)
	}
	return resp
}

// watch starts the budget watchdog of one job: every few milliseconds it compares the process's
// processor time since the start with the time budget, and its memory with the memory budget, and
// on an overrun sends the overrun and exits the process (the job's goroutine cannot be stopped
// otherwise). Memory is over budget when the memory the Go runtime holds from the system (heap,
// garbage included, stacks and the runtime's own: mapped, minus what is free or returned) passes
// the budget; the garbage collector is asked to collect at three quarters of it (Go's soft memory
// limit), so that garbage counts against a job only when its live data nearly fills the budget.
// (Until issue 28's B11 the bound was the live heap, with twice the budget held: a 512 MiB budget
// let an evaluator reach 945 MB resident.) stop ends the watch.
func watch(b Budget, enc *sender) (stop func()) {
	debug.SetMemoryLimit(b.Memory - b.Memory/4)
	start := cpuTime()
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			over, used := "", int64(0)
			if c := cpuTime() - start; c > b.CPU {
				over, used = "cpu", int64(c)
			} else if _, held := memUse(); held > b.Memory {
				over, used = "memory", held
			}
			if over == "" {
				continue
			}
			// The sender's lock is held from here to the exit: a result the job sends meanwhile is
			// never half written.
			enc.mu.Lock()
			select {
			case <-done: // the job finished meanwhile: its result stands
				enc.mu.Unlock()
				return
			default:
			}
			enc.enc.Encode(evalResponse{Over: over, Used: used})
			os.Exit(3)
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}

var memSamples = []metrics.Sample{
	{Name: "/gc/heap/live:bytes"},
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
	{Name: "/memory/classes/heap/free:bytes"},
}

var memMu sync.Mutex

// memUse returns the live heap as of the last collection, and the memory the Go runtime holds for
// the process: mapped, minus what it returned to the system and what is free for reuse.
func memUse() (live, held int64) {
	memMu.Lock()
	defer memMu.Unlock()
	metrics.Read(memSamples)
	var v [4]int64
	for i, s := range memSamples {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = int64(s.Value.Uint64())
		}
	}
	return v[0], v[1] - v[2] - v[3]
}

// suspectPos is where an overrun most likely comes from: the first comprehension of the unit's
// CUE files, else the first function call or repetition (`"x" * n`), else the top of its first
// file. Data files have none of these: their size is bounded (L004), so only their top is named.
func suspectPos(files []*ast.File, nm *namer, fallback string) diag.Pos {
	var comp, call token.Pos
	for _, f := range files {
		ast.Walk(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Comprehension:
				if !comp.IsValid() {
					comp = n.Pos()
				}
			case *ast.CallExpr:
				if !call.IsValid() {
					call = n.Pos()
				}
			case *ast.BinaryExpr:
				if x.Op == token.MUL && !call.IsValid() {
					call = n.Pos()
				}
			}
			return !comp.IsValid()
		}, nil)
		if comp.IsValid() {
			break
		}
	}
	for _, at := range []token.Pos{comp, call} {
		if p := nm.pos(at); p.IsValid() {
			return p
		}
	}
	return diag.Pos{File: nm.display(fallback), Line: 1, Column: 1}
}
