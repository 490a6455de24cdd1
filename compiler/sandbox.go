package compiler

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// sortie's side of the sandbox (see budget.go for why, evaluator.go for the evaluator's side).
// Evaluators are processes of this same executable, kept in a pool for the life of the program:
// one evaluates the scenarios it is given one after another (so a corpus of 500 scenarios costs
// one process start per processor, not 500), and is discarded when a job overruns its budget,
// crashes or outlives its deadline. Requests and replies are JSON lines on the evaluator's
// standard input and output.

// evaluator is one evaluator process.
type evaluator struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	enc    *json.Encoder
	msgs   chan evalResponse // closed when the process's output ends
	stderr *tailBuffer
	exited chan struct{} // closed when the process has been waited for
	werr   error         // the wait's error, set before exited is closed
}

// pool holds the idle evaluators.
var pool struct {
	mu      sync.Mutex
	idle    []*evaluator
	closing []*evaluator        // retired, exiting: Shutdown waits for them
	live    map[*evaluator]bool // every evaluator started and not yet waited for: KillEvaluators
}

// maxIdle bounds the idle evaluators kept for later jobs.
const maxIdle = 8

// startEvaluator starts an evaluator process: env is envEvaluator (this package's jobs) or
// envJobEvaluator (the jobs of ServeJobs).
func startEvaluator(env string) (*evaluator, error) {
	if env == envEvaluator && !evaluatorServed.Load() {
		// The evaluator would run this program's main (its tests, say) instead of serving.
		return nil, fmt.Errorf("cannot start an evaluator: this program does not serve them (import _ \"github.com/sortie-rpg/sortie/compiler/all\")")
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("cannot start an evaluator: %v", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), env+"=1")
	detach(cmd)
	e := &evaluator{cmd: cmd, msgs: make(chan evalResponse, 4), stderr: &tailBuffer{max: 8 << 10}, exited: make(chan struct{})}
	cmd.Stderr = e.stderr
	if e.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("cannot start an evaluator: %v", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("cannot start an evaluator: %v", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start an evaluator: %v", err)
	}
	e.enc = json.NewEncoder(e.stdin)
	pool.mu.Lock()
	if pool.live == nil {
		pool.live = map[*evaluator]bool{}
	}
	pool.live[e] = true
	pool.mu.Unlock()
	go func() {
		dec := json.NewDecoder(bufio.NewReaderSize(out, 64<<10))
		for {
			var m evalResponse
			if err := dec.Decode(&m); err != nil {
				break
			}
			e.msgs <- m
		}
		close(e.msgs)
		e.werr = cmd.Wait()
		pool.mu.Lock()
		delete(pool.live, e)
		pool.mu.Unlock()
		close(e.exited)
	}()
	return e, nil
}

// getEvaluator takes an idle evaluator or starts one.
func getEvaluator() (*evaluator, error) {
	pool.mu.Lock()
	if n := len(pool.idle); n > 0 {
		e := pool.idle[n-1]
		pool.idle = pool.idle[:n-1]
		pool.mu.Unlock()
		return e, nil
	}
	pool.mu.Unlock()
	return startEvaluator(envEvaluator)
}

// release returns a healthy evaluator to the pool.
func (e *evaluator) release() {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	if len(pool.idle) < maxIdle {
		pool.idle = append(pool.idle, e)
		return
	}
	pool.closing = append(pool.closing, e)
	e.stdin.Close() // it exits at the end of its input
}

// retire ends an evaluator that is given no more jobs: it exits at the end of its input, and
// Shutdown waits for it.
func (e *evaluator) retire() {
	pool.mu.Lock()
	live := pool.closing[:0]
	for _, c := range pool.closing {
		select {
		case <-c.exited: // gone: nothing to wait for
		default:
			live = append(live, c)
		}
	}
	pool.closing = append(live, e)
	pool.mu.Unlock()
	e.stdin.Close()
}

// Shutdown stops the idle evaluators and waits for them to exit. A program calls it before it
// exits (sortie's Main does), so that the evaluators' processor time is accounted to it; any
// later evaluation starts new ones.
func Shutdown() {
	pool.mu.Lock()
	idle := append(pool.idle, pool.closing...)
	pool.idle, pool.closing = nil, nil
	pool.mu.Unlock()
	for _, e := range idle {
		e.stdin.Close()
	}
	for _, e := range idle {
		for range e.msgs {
		}
		<-e.exited
	}
}

// KillEvaluators kills every evaluator process at once, busy or idle, without waiting: sortie's
// signal handler calls it before it exits, so that an interrupted vet leaves no evaluator
// running (Pdeathsig does the same on Linux for any other end of sortie).
func KillEvaluators() {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	for e := range pool.live {
		killGroup(e.cmd.Process.Pid)
		e.cmd.Process.Kill()
	}
}

// kill ends the process and waits for it.
func (e *evaluator) kill() {
	killGroup(e.cmd.Process.Pid)
	e.cmd.Process.Kill()
	e.stdin.Close()
	for range e.msgs {
	}
	<-e.exited
}

// evalOutcome is a finished job as sortie sees it: the evaluator's reply, or how the job ended
// without one.
type evalOutcome struct {
	resp    evalResponse
	suspect *diag.Pos
	// over is "cpu", "memory" or "wall" for an overrun (resp.Over, or the deadline); crash is
	// the end of the evaluator's error output when it died without a reply.
	over  string
	used  int64
	crash string
}

// budgetHook, when set (ObserveBudgets), is told the budget of every evaluation as the command
// gave it, before the defaults fill a zero one.
var budgetHook atomic.Pointer[func(Budget)]

// ObserveBudgets calls f with the budget every evaluation of a stranger's CUE is asked to run
// under, as the caller gave it (a zero field: the caller passed none, and the default applies),
// until stop is called. For tests: every evaluation of every command must take the command's
// --max-cpu/--max-memory (issue 28, B11). f may be called from several goroutines.
func ObserveBudgets(f func(Budget)) (stop func()) {
	budgetHook.Store(&f)
	return func() { budgetHook.Store(nil) }
}

// evaluate runs one job in an evaluator under the request's budget. When ctx is done first, the
// evaluator is killed and evaluate returns ctx's error.
func evaluate(ctx context.Context, req evalRequest) (evalOutcome, error) {
	return evaluateOn(ctx, req, false)
}

// evaluateOn is evaluate; with job, the job is one of ServeJobs', run in an evaluator of its own
// (started for it and retired after it: such jobs are few).
func evaluateOn(ctx context.Context, req evalRequest, job bool) (evalOutcome, error) {
	if err := ctx.Err(); err != nil {
		return evalOutcome{}, err
	}
	if h := budgetHook.Load(); h != nil {
		(*h)(req.Budget)
	}
	req.Budget = req.Budget.withDefaults()
	req.Knobs = currentKnobs()
	env := envEvaluator
	get := getEvaluator
	if job {
		env = envJobEvaluator
		get = func() (*evaluator, error) { return startEvaluator(envJobEvaluator) }
	}
	e, err := get()
	if err != nil {
		return evalOutcome{}, err
	}
	if err := e.enc.Encode(req); err != nil {
		// An idle evaluator that died meanwhile (killed from outside): try once more afresh.
		e.kill()
		if e, err = startEvaluator(env); err != nil {
			return evalOutcome{}, err
		}
		if err := e.enc.Encode(req); err != nil {
			e.kill()
			return evalOutcome{}, fmt.Errorf("evaluator: %v", err)
		}
	}
	var out evalOutcome
	deadline := time.NewTimer(wallDeadline(req.Budget.CPU))
	defer deadline.Stop()
	// From outside too: a single huge allocation stalls the evaluator's own watchdog until it is
	// done, so sortie reads the evaluator's processor time and resident memory itself and stops it
	// a little past the budget (the evaluator's finer account normally answers first).
	watch := time.NewTicker(10 * time.Millisecond)
	defer watch.Stop()
	cpu0, _, _ := procUsage(e.cmd.Process.Pid)
	for {
		select {
		case <-watch.C:
			cpu, rss, ok := procUsage(e.cmd.Process.Pid)
			switch {
			case !ok:
			case cpu-cpu0 > req.Budget.CPU+req.Budget.CPU/4:
				e.kill()
				out.over, out.used = "cpu", int64(cpu-cpu0)
				return out, nil
			case rss > req.Budget.Memory+minMemory: // the budget, and the process's code and C stacks
				e.kill()
				out.over, out.used = "memory", rss
				return out, nil
			}
		case m, ok := <-e.msgs:
			switch {
			case !ok:
				<-e.exited
				out.crash = e.stderr.String()
				if out.crash == "" && e.werr != nil {
					out.crash = e.werr.Error()
				}
				return out, nil
			case m.Suspect != nil:
				out.suspect = m.Suspect
			case m.Over != "":
				out.over, out.used = m.Over, m.Used
				e.kill()
				return out, nil
			case m.Done:
				out.resp = m
				// An evaluator that grew large keeps its memory: it is not given another job,
				// whose resident memory would then count what this one left.
				if _, rss, ok := procUsage(e.cmd.Process.Pid); job || ok && rss > req.Budget.Memory/2 {
					e.retire()
				} else {
					e.release()
				}
				return out, nil
			}
		case <-ctx.Done():
			e.kill()
			return evalOutcome{}, ctx.Err()
		case <-deadline.C:
			e.kill()
			out.over, out.used = "wall", int64(wallDeadline(req.Budget.CPU))
			return out, nil
		}
	}
}

// overrun turns a job that did not finish into its finding: L011 or L012 at the suspect (the
// construct most likely to blame, else the top of the first file), or L003 for a crash. With
// recoverPanics off (tests), a crash is a panic, as it would be in process.
func (o *evalOutcome) overrun(b Budget, files []string, nm *namer) diag.Diagnostic {
	b = b.withDefaults()
	pos := diag.Pos{File: nm.display(files[0]), Line: 1, Column: 1}
	if o.suspect != nil {
		pos = *o.suspect
	}
	switch o.over {
	case "cpu":
		return diag.Errorf(pos, codeTimeBudget, "evaluation stopped after %v of processor time, the time budget: nothing in this scenario was checked", b.CPU).
			WithHint("a comprehension, a function or a repetition that computes this much is not a scenario; if it is meant, raise --max-cpu")
	case "wall":
		return diag.Errorf(pos, codeTimeBudget, "evaluation did not end within %v: nothing in this scenario was checked", time.Duration(o.used)).
			WithHint("a file that blocks when read (a pipe), or a computation on a busy machine; if it is meant, raise --max-cpu")
	case "memory":
		return diag.Errorf(pos, codeMemoryBudget, "evaluation needed more than %s of memory, the memory budget: nothing in this scenario was checked", FormatBytes(b.Memory)).
			WithHint("a comprehension or a repetition that builds this much is not a scenario; if it is meant, raise --max-memory")
	}
	if strings.Contains(o.crash, "out of memory") || strings.Contains(o.crash, "cannot allocate memory") {
		return diag.Errorf(pos, codeMemoryBudget, "evaluation ran out of memory before reaching the %s budget: nothing in this scenario was checked", FormatBytes(b.Memory)).
			WithHint("the machine has less free memory than the budget; lower --max-memory or free memory")
	}
	if !recoverPanics {
		panic("evaluator crashed:\n" + o.crash)
	}
	last := strings.TrimSpace(o.crash)
	if i := strings.LastIndexByte(last, '\n'); i >= 0 && !strings.HasPrefix(last, "panic") {
		last = last[i+1:]
	}
	if first, _, ok := strings.Cut(last, "\n"); ok {
		last = first
	}
	return diag.Errorf(pos, codeLoad, "internal error while checking this scenario: the evaluator stopped (%s)", last).
		WithHint("please report this, with the scenario's files")
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
