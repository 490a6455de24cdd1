package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/sortie-rpg/sortie/runner/simreport"
)

// sortie simulate --check: the balance checks (#Balance) of the subject's expect: list, or of an
// --expect file, each group of checks with the same policy, runs and seed played as one
// simulation; a failing check is a Q005 at its line with the smallest failing seed, and a replay
// script of that run is written for sortie run --script.

// replayMarker starts every replay script simulate writes; it overwrites only those.
const replayMarker = "# sortie replay:"

// checkGroup is the checks that share one simulation.
type checkGroup struct {
	policy string
	runs   int
	seed   uint64
	checks []*expect.Balance
}

// checked is the outcome of --check.
type checked struct {
	results []simreport.Check
	failed  int
	report  *simreport.Report // the first group's report (for --html)
	// fail is the first failing check's smallest failing run (--html plays it into a replay
	// page); fail.run -1: none.
	fail struct {
		run    int
		name   string
		policy string
		opts   runner.SimOptions
	}
}

// loadChecks reads the balance checks: the --expect file's if given, else the subject's own.
// Q002 problems are printed, and make it fail with exit 1.
func loadChecks(e *env, sub *simSubject, expectFile string) ([]expect.Balance, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	files := sub.files
	if expectFile != "" {
		if _, err := os.Stat(expectFile); err != nil {
			return nil, failf(exitUsage, "--expect: %v", err)
		}
		files = []string{expectFile}
	}
	// The list is a stranger's CUE (an --expect file above all): it is read, and an --expect
	// file checked against #Balance, in the budgeted evaluator (a bomb is an L011/L012 there).
	x, err := expect.LoadBudgeted(context.Background(), expect.Request{Field: "expect", VetBalance: expectFile != ""}, files, wd, e.budget)
	if err != nil {
		return nil, failf(exitUsage, "cannot read the balance checks: %v", err)
	}
	if x.List.HasErrors() {
		x.List.Sort()
		writeDiagText(e.stderr, x.List, false)
		where := "the balance checks"
		if expectFile != "" {
			where = expectFile
		}
		return nil, failf(exitFindings, "%s in %s", words.Count(x.List.Count(diag.Error), "problem"), where)
	}
	bs := x.Balances
	if len(bs) == 0 {
		where := "the scenario has no expect: list"
		if expectFile != "" {
			where = expectFile + " has no expect: list"
		}
		return nil, failf(exitUsage, "--check: %s (see schema/expect.cue, #Balance)", where)
	}
	// A check with no policy: plays what sortie simulate plays for the subject without --policy
	// (the registry's Default: a battle's own commanders, random for a scenario), so that the
	// two agree (issue 20 review: a battle's check played random, 41% where simulate said 58%).
	for i := range bs {
		if bs[i].Policy == expect.DefaultPolicy {
			bs[i].Policy = sub.defaultPolicy()
		}
	}
	list := balanceChecks(bs, sub.known, sub.subject.Coverable())
	if len(list) > 0 {
		list.Sort()
		writeDiagText(e.stderr, list, false)
		if list.HasErrors() {
			return nil, failf(exitFindings, "%s in the balance checks", words.Count(list.Count(diag.Error), "problem"))
		}
	}
	return bs, nil
}

// runChecks plays each group's simulation and checks its balances. Failing checks are written to
// stderr as Q005 diagnostics, each with a replay script in replayDir.
func runChecks(e *env, sub *simSubject, path string, bs []expect.Balance, workers int, replayDir string) (*checked, error) {
	var groups []*checkGroup
	for i := range bs {
		b := &bs[i]
		var g *checkGroup
		for _, x := range groups {
			if x.policy == b.Policy && x.runs == b.Runs && x.seed == b.Seed {
				g = x
			}
		}
		if g == nil {
			g = &checkGroup{policy: b.Policy, runs: b.Runs, seed: b.Seed}
			groups = append(groups, g)
		}
		g.checks = append(g.checks, b)
	}
	out := &checked{}
	out.fail.run = -1
	entities := sub.subject.Coverable()
	var list diag.List
	for gi, g := range groups {
		var watches []runner.Watch
		var offsets []int
		for _, b := range g.checks {
			offsets = append(offsets, len(watches))
			watches = append(watches, b.Watches()...)
		}
		pol, err := sub.policy(g.policy)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		opts := runner.SimOptions{Runs: g.runs, Seed: g.seed, Workers: workers, Policy: pol, Watch: watches}
		bar := newProgress(e, g.runs)
		if bar != nil {
			opts.Progress = bar.set
		}
		t, err := runner.Simulate(sub.subject, opts)
		bar.done()
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		var groupChecks []simreport.Check
		for bi, b := range g.checks {
			for _, r := range b.Check(t, offsets[bi], entities) {
				c := simreport.Check{Name: b.Name + ": " + r.Check, Want: r.Want, Pos: r.Pos.String(), OK: r.OK, Got: r.Got}
				if !r.OK {
					out.failed++
					if r.Run >= 0 {
						seed := runner.RunSeed(g.seed, r.Run)
						c.Seed = &seed
						fresh, err := sub.policy(g.policy)
						if err != nil {
							return nil, failf(exitUsage, "%v", err)
						}
						ro := opts
						ro.Policy, ro.Watch, ro.Progress = fresh, nil, nil
						file, cmd, err := writeReplay(sub, path, b, ro, r.Run, replayDir)
						if err != nil {
							return nil, failf(exitUsage, "replay script: %v", err)
						}
						c.Replay = file
						if out.fail.run < 0 {
							out.fail.run, out.fail.name, out.fail.policy, out.fail.opts = r.Run, c.Name, g.policy, ro
						}
						d := diag.Errorf(r.Pos, expect.CodeBalance, "%s (policy %s): %s: got %s, want %s (smallest failing seed %d)", b.Name, b.Policy, r.Check, r.Got, r.Want, seed)
						d.Hint = "replay it: " + cmd
						list.Add(d)
					} else {
						list.Add(diag.Errorf(r.Pos, expect.CodeBalance, "%s (policy %s): %s: got %s, want %s", b.Name, b.Policy, r.Check, r.Got, r.Want))
					}
				}
				groupChecks = append(groupChecks, c)
			}
		}
		out.results = append(out.results, groupChecks...)
		if gi == 0 {
			sub.meta.Policy = g.policy
			out.report = simreport.Build(sub.meta, g.seed, t, entities, sub.decls.locate)
			out.report.Checks = groupChecks
		}
	}
	writeDiagText(e.stderr, list, false)
	return out, nil
}

// writeReplay plays run i of the simulation o again with a recorder and writes its decisions as a
// script: the file's name and the command that replays it.
func writeReplay(sub *simSubject, path string, b *expect.Balance, o runner.SimOptions, i int, dir string) (string, string, error) {
	seed := runner.RunSeed(o.Seed, i)
	var rec *runner.Recorder
	wrap := func(d runner.Decider) runner.Decider {
		if d == nil {
			return nil // a battle's own commanders: nothing to record, the seed replays it
		}
		rec = runner.NewRecorder(d)
		return rec
	}
	if _, err := runner.Replay(sub.subject, o, i, nil, wrap); err != nil && rec == nil {
		return "", "", err
	}
	cmd := fmt.Sprintf("sortie %s %s --seed %d", sub.command(), path, seed)
	if rec == nil {
		return "", cmd, nil
	}
	name := fmt.Sprintf("%s-%s-seed%d.replay.yaml", sub.meta.ID, fileSafe(b.Name), seed)
	file := filepath.Join(dir, name)
	cmd += " --script " + file
	data := rec.Script(fmt.Sprintf("sortie replay: %s %s, run %d of sortie simulate --check (policy %s, seed %d, %d runs): seed %d\n%s", sub.meta.Kind, sub.meta.ID, i, b.Policy, o.Seed, o.Runs, seed, cmd))
	wo := safeio.Options{Flag: "--replay-dir", Sources: inputSources(append(sub.files, path)...), Kind: "a replay script",
		IsKind: func(old []byte) bool { return strings.HasPrefix(string(old), replayMarker) }}
	if err := safeio.WriteFile(file, data, wo); err != nil {
		return "", "", err
	}
	return file, cmd, nil
}

var unsafeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Za-z0-9_-]+`) })

func fileSafe(s string) string { return strings.Trim(unsafeName().ReplaceAllString(s, ""), "-") }

// writeChecks writes the checks as text: one line each, ok or FAIL, with the smallest failing
// seed and the replay script.
func writeChecks(w io.Writer, cs []simreport.Check) error {
	cs = esc.Strings(cs) // the checks' names and values come from the --expect file: one line each
	var b strings.Builder
	for _, c := range cs {
		status := "ok  "
		if !c.OK {
			status = "FAIL"
		}
		fmt.Fprintf(&b, "%s %s: %s, want %s", status, c.Name, c.Got, c.Want)
		if c.Seed != nil {
			b.WriteString(" (smallest failing seed " + strconv.FormatUint(*c.Seed, 10))
			if c.Replay != "" {
				b.WriteString(", replay " + c.Replay)
			}
			b.WriteString(")")
		}
		if c.Pos != "" {
			b.WriteString("\n     at " + c.Pos)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
