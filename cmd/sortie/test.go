package main

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/urfave/cli/v2"
)

var testFormats = []string{"text", "json", "junit"}

func testCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "test",
		Usage:     "replay the playthroughs a scenario or battle file declares (tests: [...]) and check what they reach",
		ArgsUsage: "PATH...",
		Description: `test finds the scenarios in each PATH (files, or a folder or DIR/... for every scenario
in it and below it), and replays every test a scenario declares beside its data:

  tests: [{script: "win.yaml", outcome: "success", day: 7, armies: {mercenaries: 15}}]

Each test plays its script (relative to the scenario's folder) with its seed (default 1) and,
with policy: first|random, lets the policy answer what the script leaves. Then the run must show
what the test expects (schema/expect.cue): outcome, day, reason, party, rations, armies, xp,
objectives, events; a number may be a bound ("<=7") or a range ("10..20").

A battle file (Pathfinder, When Armies Clash) declares tests: too, each expecting the side that
wins (winner: a side's name, or "no winner"), the battle's length (phase: or round:), reason:,
a Pathfinder army's hp at the end (armies:) or the clash objectives that scored VP (objectives:):

  tests: [{script: "hold.yaml", winner: "Stolen Lands", phase: 3, armies: {orcs: "<=0"}}]

A test fails (exit 1) when an expectation is not met (Q001, at the expectation), when it names
what the scenario lacks (Q002), when the scenario does not compile (Q003), when its script is
missing (Q004) or does not parse (X002), and when the script no longer fits the scenario: an
entry that does not fit the state (X001, at the script line, with the day and the phase), a
script that ends early (X003) or one the scenario outlives (X004).

--format text (default: one line per scenario, each failure with its diagnostics), json, or
junit (one test suite per scenario, one test case per test). Exit 0 when every test passes,
1 when one fails, 2 on usage or I/O errors.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: " + strings.Join(testFormats, ", ")},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "text format: a line for every test, passed ones too"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return failf(exitUsage, "test needs at least one PATH (see sortie test --help)")
			}
			format := c.String("format")
			if !contains(testFormats, format) {
				return failf(exitUsage, "unknown --format %q: use %s", format, strings.Join(testFormats, ", "))
			}
			rep, err := runTests(e, c.Args().Slice())
			if err != nil {
				return err
			}
			switch format {
			case "json":
				err = rep.writeJSON(e.stdout)
			case "junit":
				err = rep.writeJUnit(e.stdout)
			default:
				err = rep.writeText(e.stdout, c.Bool("verbose"))
			}
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			if rep.Failed > 0 {
				return failf(exitFindings, "")
			}
			return nil
		},
	}
}

// testReport is the outcome of sortie test: one entry per scenario found.
type testReport struct {
	Scenarios []scenarioTests `json:"scenarios"`
	Passed    int             `json:"passed"`
	Failed    int             `json:"failed"`
}

type scenarioTests struct {
	Dir         string     `json:"dir"`
	Tests       []testCase `json:"tests"`
	Diagnostics diag.List  `json:"diagnostics,omitempty"` // the scenario's own errors (Q003 and what vet says)
}

type testCase struct {
	Name        string    `json:"name"`
	Script      string    `json:"script"`
	Passed      bool      `json:"passed"`
	Result      string    `json:"result,omitempty"` // the run's outcome, day and armies
	Diagnostics diag.List `json:"diagnostics,omitempty"`
}

// runTests finds the scenarios of paths and runs their tests. Exit-coded errors only.
func runTests(e *env, paths []string) (*testReport, error) {
	opts := e.opts()
	for _, p := range paths {
		if compiler.IsCampaign(p) {
			return nil, refuseKind("test", p, "campaign")
		}
	}
	vetted, units, err := compiler.VetScenarios(paths, opts)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	rep := &testReport{Scenarios: []scenarioTests{}}
	for _, u := range units {
		if allCampaigns(u.Files) {
			continue // a campaign found in a folder: it declares no tests (its scenarios do)
		}
		if !mentionsTests(u.Files) && !hasErrors(vetted, u) {
			rep.Scenarios = append(rep.Scenarios, scenarioTests{Dir: u.Dir, Tests: []testCase{}})
			continue
		}
		st := scenarioTestsOf(u, wd, opts)
		for _, t := range st.Tests {
			if t.Passed {
				rep.Passed++
			} else {
				rep.Failed++
			}
		}
		if st.Diagnostics.HasErrors() { // no test ran, or the expect: list is wrong (Q002)
			rep.Failed++
		}
		rep.Scenarios = append(rep.Scenarios, st)
	}
	return rep, nil
}

// allCampaigns reports whether files are campaign files only.
func allCampaigns(files []string) bool {
	for _, f := range files {
		if !compiler.IsCampaign(f) {
			return false
		}
	}
	return len(files) > 0
}

// mentionsTests is a quick look for a tests or expect field (whose bounds test and vet read), so
// that scenarios without either are not compiled a second time.
func mentionsTests(files []string) bool {
	for _, f := range files {
		if data, err := safeio.ReadFile(f, compiler.MaxFileSize); err == nil && (strings.Contains(string(data), "tests") || strings.Contains(string(data), "expect")) {
			return true
		}
	}
	return false
}

// hasErrors reports whether vet found an error in one of u's files (or in its folder): such a
// scenario fails sortie test whether it declares tests or not, as go test fails a package that
// does not build.
func hasErrors(list diag.List, u compiler.ScenarioFiles) bool {
	mine := map[string]bool{filepath.Clean(u.Dir): true}
	for _, f := range u.Files {
		mine[filepath.Clean(f)] = true
	}
	for _, d := range list {
		if d.Severity == diag.Error && mine[filepath.Clean(d.Pos.File)] {
			return true
		}
	}
	return false
}

// maxScript is the largest script sortie test reads, in bytes (the compiler's bound on a file).
const maxScript = 4 << 20

// testScript is the file a test's script names: a relative name from dir, the folder of the
// file holding the test, as diagnostics name files (./dir/win.yaml); an absolute name as written
// (script: "/dev/zero" is that device, outside the folder, not dir/dev/zero "no such file": the
// reviewer's item 9), which scriptProblem refuses.
func testScript(dir, name string) string {
	if filepath.IsAbs(filepath.FromSlash(name)) {
		return filepath.Clean(filepath.FromSlash(name))
	}
	script := filepath.Join(dir, filepath.FromSlash(name))
	if !filepath.IsAbs(script) {
		script = "." + string(filepath.Separator) + script
	}
	return script
}

// scriptProblem says why the script at path cannot be replayed ("" when it can): it must resolve
// inside root, the scenario's folder (L018 otherwise), and be a regular file (a folder, a pipe or
// a device such as /dev/zero would fail or never end, L017) of at most maxScript bytes.
func scriptProblem(root, path string) string {
	r, err := safeio.NewRoot(root)
	if err != nil {
		return reason(err)
	}
	// Confined to the scenario's folder (issue 28): a script that resolves outside it (a
	// "../secret/x", a link to ~/.ssh/id_ed25519) is refused unread, without saying where it leads.
	abs, err := filepath.Abs(path)
	if err != nil {
		return reason(err)
	}
	real, err := r.Resolve(abs)
	if err != nil {
		if c := safeio.CodeOf(err); c != "" {
			return c + ": resolves outside the scenario's folder: refused"
		}
		return reason(err)
	}
	st, err := safeio.Stat(real)
	switch {
	case safeio.CodeOf(err) != "":
		return safeio.CodeOf(err) + ": not a regular file (a folder, a pipe or a device)"
	case err != nil:
		return reason(err)
	case st.Size() > maxScript:
		return fmt.Sprintf("larger than %d bytes (4 MiB)", maxScript)
	}
	return ""
}

// scenarioTestsOf compiles one scenario or battle file and replays its tests.
func scenarioTestsOf(u compiler.ScenarioFiles, wd string, opts compiler.Options) scenarioTests {
	st := scenarioTests{Dir: u.Dir, Tests: []testCase{}}
	c, list, err := compiler.CompileAny(u.Files, opts)
	if err != nil || c == nil || list.HasErrors() {
		list.Sort()
		st.Diagnostics = append(st.Diagnostics, list...)
		msg := "the scenario has errors; no test was run"
		if compiler.UnitKind(u.Files) == "battle" {
			msg = "the battle has errors; no test was run"
		}
		var none *compiler.NoUnitError
		switch {
		case errors.As(err, &none):
			msg = none.Counts() // its L015 is in the list above
		case err != nil:
			msg = err.Error()
		}
		st.Diagnostics.Add(diag.Errorf(diag.Pos{File: u.Dir}, expect.CodeNoVet, "%s", msg))
		return st
	}
	if c.Kind == "battle" {
		return battleTestsOf(u, c, wd, opts)
	}
	p := c.Plan
	// The tests: list is a stranger's CUE too: it is read in the budgeted evaluator.
	x, err := expect.LoadBudgeted(context.Background(), expect.Request{Field: "tests", Balances: true}, u.Files, wd, opts.Budget)
	if err != nil {
		st.Diagnostics.Add(diag.Errorf(diag.Pos{File: u.Dir}, expect.CodeNoVet, "cannot read the tests: %v", err))
		return st
	}
	if x.List.HasErrors() { // a budget overrun (L011, L012)
		st.Diagnostics.Add(x.List...)
		return st
	}
	// The expect: list's problems fail the file, as simulate --check refuses them.
	st.Diagnostics.Add(balanceChecks(x.Balances, knownOf(p), entitiesOfCompiled(u.Files[0], c))...)
	st.Tests = replayTests(u, x.Tests, knownOf(p), func(script string, t *expect.Test) (*expect.Run, diag.List, error) {
		return playTest(p, script, t)
	})
	return st
}

// replayTests replays tests, the tests: list of the scenario or battle file u, with play (which
// plays one test's script on u's plan, as playTest), after checking each names only what known
// holds and that its script is a regular file inside u's folder; a test that fails either is not
// played.
func replayTests(u compiler.ScenarioFiles, tests []expect.Test, known expect.Known, play func(script string, t *expect.Test) (*expect.Run, diag.List, error)) []testCase {
	out := []testCase{}
	for i := range tests {
		t := &tests[i]
		tc := testCase{Name: t.Name, Script: t.Script.V}
		tc.Diagnostics.Add(t.Problems...)
		tc.Diagnostics.Add(t.Validate(known)...)
		script := testScript(filepath.Dir(u.Files[0]), t.Script.V)
		// Not read after a Q002: an empty path names the folder itself.
		if why := scriptProblem(filepath.Dir(u.Files[0]), script); why != "" && !tc.Diagnostics.HasErrors() {
			tc.Diagnostics.Add(diag.Errorf(t.Script.Pos, expect.CodeNoScript, "cannot read the script %s: %s", t.Script.V, why))
		}
		if !tc.Diagnostics.HasErrors() {
			run, found, err := play(script, t)
			switch {
			case err != nil:
				tc.Diagnostics.Add(diag.Errorf(t.Pos, expect.CodeBadTest, "the run failed: %v", err))
			case run == nil:
				tc.Diagnostics.Add(found...)
			default:
				for i := range found {
					found[i].Severity = diag.Error // in a test, a script that no longer fits fails it
				}
				tc.Diagnostics.Add(found...)
				tc.Result = run.Summary()
				if run.Outcome != "stopped" {
					tc.Diagnostics.Add(t.Check(run)...)
				}
			}
		}
		tc.Passed = !tc.Diagnostics.HasErrors()
		out = append(out, tc)
	}
	return out
}

// reason shortens an os error to its reason ("no such file or directory").
func reason(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	if se, ok := err.(*safeio.Error); ok {
		return se.Msg
	}
	return err.Error()
}

// writeText prints go test's way: a "--- FAIL" block per failed test with its diagnostics, then
// one line per scenario (ok, FAIL, or "?" with no tests), then PASS or FAIL.
func (r *testReport) writeText(w io.Writer, verbose bool) error {
	var b strings.Builder
	for _, s := range r.Scenarios {
		s.Dir = esc.Text(s.Dir) // a copy: the report is not changed
		for _, d := range s.Diagnostics {
			fmt.Fprintf(&b, "%s: %s: %s\n", esc.Text(d.Pos.String()), d.Code, esc.Text(d.Message))
		}
		failed := 0
		for _, t := range s.Tests {
			if t.Passed {
				if verbose {
					fmt.Fprintf(&b, "--- PASS: %s (%s): %s\n", esc.Text(t.Name), esc.Text(t.Script), esc.Text(t.Result))
				}
				continue
			}
			failed++
			fmt.Fprintf(&b, "--- FAIL: %s (%s)\n", esc.Text(t.Name), esc.Text(t.Script))
			if t.Result != "" {
				fmt.Fprintf(&b, "    the run: %s\n", esc.Text(t.Result))
			}
			for _, d := range t.Diagnostics {
				fmt.Fprintf(&b, "    %s: %s: %s\n", esc.Text(d.Pos.String()), d.Code, esc.Text(d.Message))
				if d.Hint != "" {
					fmt.Fprintf(&b, "    \thint: %s\n", esc.Text(d.Hint))
				}
			}
		}
		switch {
		case s.Diagnostics.HasErrors() && len(s.Tests) > 0: // the tests ran: the expect: list is wrong
			fmt.Fprintf(&b, "FAIL\t%s\t%d of %d tests failed; its expect: list has errors\n", s.Dir, failed, len(s.Tests))
		case s.Diagnostics.HasErrors():
			fmt.Fprintf(&b, "FAIL\t%s\tdoes not compile\n", s.Dir)
		case len(s.Tests) == 0:
			fmt.Fprintf(&b, "?\t%s\t[no tests]\n", s.Dir)
		case failed > 0:
			fmt.Fprintf(&b, "FAIL\t%s\t%d of %s failed\n", s.Dir, failed, words.Count(len(s.Tests), "test"))
		default:
			fmt.Fprintf(&b, "ok\t%s\t%s\n", s.Dir, words.Count(len(s.Tests), "test"))
		}
	}
	if r.Failed > 0 {
		fmt.Fprintf(&b, "FAIL: %d passed, %d failed\n", r.Passed, r.Failed)
	} else {
		fmt.Fprintf(&b, "PASS: %d passed, %d failed\n", r.Passed, r.Failed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeJSON writes the report as indented JSON, a stranger's hidden characters (a U+202E in a
// test's name or path) as \uXXXX (writeJSONHidden, as vet --format json; issue 20 review).
func (r *testReport) writeJSON(w io.Writer) error { return writeJSONHidden(w, r) }

// JUnit XML, the subset CI systems read.
type tjSuites struct {
	XMLName  xml.Name  `xml:"testsuites"`
	Name     string    `xml:"name,attr"`
	Tests    int       `xml:"tests,attr"`
	Failures int       `xml:"failures,attr"`
	Suites   []tjSuite `xml:"testsuite"`
}

type tjSuite struct {
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Cases    []tjCase `xml:"testcase"`
}

type tjCase struct {
	Name      string     `xml:"name,attr"`
	ClassName string     `xml:"classname,attr"`
	Failure   *tjFailure `xml:"failure,omitempty"`
	SystemOut string     `xml:"system-out,omitempty"`
}

type tjFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnit prints one test suite per scenario and one test case per test; a scenario that
// does not compile is one failed case named after it. No times: the report is deterministic.
func (r *testReport) writeJUnit(w io.Writer) error {
	out := tjSuites{Name: "sortie test"}
	for _, s := range r.Scenarios {
		dir := esc.Text(s.Dir) // names are one line; encoding/xml escapes the rest
		suite := tjSuite{Name: dir}
		if s.Diagnostics.HasErrors() {
			suite.Cases = append(suite.Cases, tjCase{Name: "compile", ClassName: dir, Failure: failureOf(s.Diagnostics)})
		}
		for _, t := range s.Tests {
			tc := tjCase{Name: esc.Text(t.Name), ClassName: dir, SystemOut: esc.XML(t.Result)}
			if !t.Passed {
				tc.Failure = failureOf(t.Diagnostics)
			}
			suite.Cases = append(suite.Cases, tc)
		}
		for _, c := range suite.Cases {
			suite.Tests++
			if c.Failure != nil {
				suite.Failures++
			}
		}
		out.Tests += suite.Tests
		out.Failures += suite.Failures
		out.Suites = append(out.Suites, suite)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func failureOf(list diag.List) *tjFailure {
	var lines []string
	msg := ""
	for _, d := range list {
		if d.Severity != diag.Error {
			continue
		}
		if msg == "" {
			msg = d.Code + ": " + esc.Text(d.Message)
		}
		lines = append(lines, esc.Text(d.String()))
	}
	return &tjFailure{Message: msg, Type: "failure", Text: strings.Join(lines, "\n")}
}
