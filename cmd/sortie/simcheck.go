package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	cueyaml "cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler"
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
		// A scenario's expect: list was checked against #Balance when it compiled; a side file
		// is checked here, within a deadline (a hostile CUE file must not hang the command).
		list, ok := withDeadline(expectDeadline, func() diag.List { return vetExpectFile(expectFile) })
		if !ok {
			return nil, failf(exitUsage, "--expect %s: still evaluating after %s; simplify the file", expectFile, expectDeadline)
		}
		if list.HasErrors() {
			list.Sort()
			writeDiagText(e.stderr, list, false)
			return nil, failf(exitFindings, "%d problem(s) in %s", list.Count(diag.Error), expectFile)
		}
		files = []string{expectFile}
	}
	bs, err := expect.LoadBalance(files, wd, compiler.LibraryOverlay(files, wd))
	if err != nil {
		return nil, failf(exitUsage, "cannot read the balance checks: %v", err)
	}
	if len(bs) == 0 {
		where := "the scenario has no expect: list"
		if expectFile != "" {
			where = expectFile + " has no expect: list"
		}
		return nil, failf(exitUsage, "--check: %s (see schema/expect.cue, #Balance)", where)
	}
	var list diag.List
	entities := sub.subject.Coverable()
	for i := range bs {
		list = append(list, bs[i].Problems...)
		list = append(list, bs[i].Validate(sub.known, entities)...)
	}
	if len(list) > 0 {
		list.Sort()
		writeDiagText(e.stderr, list, false)
		if list.HasErrors() {
			return nil, failf(exitFindings, "%d problem(s) in the balance checks", list.Count(diag.Error))
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
						d := diag.Errorf(r.Pos, expect.CodeBalance, "%s: %s: got %s, want %s (smallest failing seed %d)", b.Name, r.Check, r.Got, r.Want, seed)
						d.Hint = "replay it: " + cmd
						list.Add(d)
					} else {
						list.Add(diag.Errorf(r.Pos, expect.CodeBalance, "%s: %s: got %s, want %s", b.Name, r.Check, r.Got, r.Want))
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

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

func fileSafe(s string) string { return strings.Trim(unsafeName.ReplaceAllString(s, ""), "-") }

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

// expectDeadline bounds the evaluation of an --expect file.
const expectDeadline = 30 * time.Second

// withDeadline returns f's result, or ok false when it takes longer than d (f goes on in the
// background; the command then exits).
func withDeadline[T any](d time.Duration, f func() T) (T, bool) {
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v, true
	case <-time.After(d):
		var zero T
		return zero, false
	}
}

// vetExpectFile checks an --expect file's expect: list against the schema's #Balance: a
// misspelt field or a bad value is a Q002 at its position.
func vetExpectFile(path string) diag.List {
	bad := func(pos diag.Pos, format string, args ...any) diag.List {
		return diag.List{diag.Errorf(pos, expect.CodeBadTest, format, args...)}
	}
	file := diag.Pos{File: displayPath(path)}
	src, err := safeio.ReadNamed(path, compiler.MaxFileSize)
	if err != nil {
		return bad(file, "%v", err)
	}
	if len(src) > 4<<20 {
		return bad(file, "the file is larger than 4 MiB")
	}
	ctx := cuecontext.New()
	var v cue.Value
	if strings.EqualFold(filepath.Ext(path), ".cue") {
		v = ctx.CompileBytes(src, cue.Filename(path))
	} else {
		f, err := cueyaml.Extract(path, src)
		if err != nil {
			return bad(file, "%v", err)
		}
		v = ctx.BuildFile(f)
	}
	if err := v.Err(); err != nil {
		return cueDiags(err, file)
	}
	schemaSrc, err := compiler.SchemaCUE("schema")
	if err != nil {
		return bad(file, "%v", err)
	}
	def := ctx.CompileBytes(schemaSrc).LookupPath(cue.ParsePath("#Balance"))
	list := v.LookupPath(cue.ParsePath("expect"))
	if !list.Exists() {
		return nil // loadChecks says there is no list
	}
	it, err := list.List()
	if err != nil {
		return bad(file, "expect: want a list of balance checks (#Balance)")
	}
	var out diag.List
	for it.Next() {
		if err := it.Value().Unify(def).Validate(cue.Concrete(true)); err != nil {
			out = append(out, cueDiags(err, file)...)
		}
	}
	return out
}

// balanceWants says what a #Balance field takes, for the fields whose schema is a disjunction.
var balanceWants = map[string]string{
	"policy":  `one of "first", "random", "explore", "goal", "default"`,
	"rate":    `a share from 0 to 1: 0.5, ">= 0.2" or "0.35..0.55"`,
	"outcome": `"success" or "failure"`,
	"day":     `a whole number: 7, "<= 7" or "10..20"`,
	"rations": `a whole number: 7, "<= 7" or "10..20"`,
}

// cueDiags turns CUE errors into Q002s at the user's positions: one per field (a disjunction's
// alternatives all fail at the same place: its first says enough), none without a position when
// another has one.
func cueDiags(err error, file diag.Pos) diag.List {
	var out diag.List
	seen := map[string]bool{}
	for _, e := range cueerrors.Errors(err) {
		pos := file
		for _, p := range cueerrors.Positions(e) {
			if p.IsValid() && p.Filename() != "" && p.Line() > 0 {
				pos = diag.Pos{File: displayPath(p.Filename()), Line: p.Line(), Column: p.Column()}
				break
			}
		}
		path := strings.Join(e.Path(), ".")
		if pos.Line == 0 || seen[path] {
			continue
		}
		seen[path] = true
		msg, args := e.Msg()
		text := fmt.Sprintf(msg, args...)
		if p := e.Path(); len(p) > 0 && balanceWants[p[len(p)-1]] != "" && strings.HasPrefix(text, "conflicting values") {
			text = "want " + balanceWants[p[len(p)-1]] // CUE names one alternative of the disjunction only
		}
		out = append(out, diag.Errorf(pos, expect.CodeBadTest, "%s: %s (see #Balance in sortie schema)", path, text))
	}
	if len(out) == 0 {
		out = append(out, diag.Errorf(file, expect.CodeBadTest, "%v", err))
	}
	return out
}
