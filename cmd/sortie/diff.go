package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/urfave/cli/v2"
)

var diffFormats = []string{"text", "json", "markdown"}

func diffCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "diff",
		Usage:     "compare two versions of a scenario or a battle file: entities, the armies' forecast, reach and a fixed-seed simulation",
		ArgsUsage: "OLD NEW | OLD/... NEW/... | --git REV PATH",
		Description: `diff compiles two versions of a scenario (two paths, or PATH and the same path at the git
revision REV) and says what changed:

  entities     added (+), removed (-) and changed (~) by id, with file:line:col in both
               versions: blocks or hexes, armies, encounters, events, objectives, settings
  forecast     the armies alone, as if the party did nothing (K-22, K-24, K-25; P-6, P-12..P-14):
               "army boggardWarband reaches 09 on day 3, was day 5", battles, a K-25 failure
  reach        blocks the party can no longer (or now) reach, and the first day each event and
               objective on a block can happen (K-28, K-32, K-41)
  simulation   --runs N plays (default 1000, seeds 1..N, 0 to skip) under --policy (random):
               "success rate 48.0% -> 31.0%", each end reason, how often each event fires

Two versions of a battle file (Pathfinder or When Armies Clash; two paths, or PATH at --git REV)
compare by entities (the battlefield square by square, sides, units, solos, resources and
objectives of a clash battle; each army field by field, "commander.level: 3 -> 5", with its
statistics, and the conditions of a Pathfinder battle) and a fixed-seed simulation: each
side's wins and the draws, side by side, under the battle's own commanders (--policy default)
unless --policy first or random is given.

Two trees, OLD/... NEW/..., compare unit by unit: each scenario, battle file and campaign of
one tree is paired with the one at the same path below the other's root and the pair compared as
above; units of one tree only are listed as added or removed, campaign files named, not compared.

--format text (default), json, or markdown (for a pull-request comment). Exit 0 (1 with
--exit-code when the versions differ), 1 when a version does not compile (its errors are
printed), 2 on usage or I/O errors (git too).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "git", Usage: "compare PATH with PATH at the git revision `REV`"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: " + strings.Join(diffFormats, ", ")},
			&cli.IntFlag{Name: "runs", Value: 1000, Usage: "simulate `N` runs of each version (0: no simulation)"},
			&cli.StringFlag{Name: "policy", Value: "random", Usage: "the simulation's policy: random or first (a battle: default, its own commanders, unless first or random is given)"},
			&cli.BoolFlag{Name: "exit-code", Usage: "exit 1 when the versions differ"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if !contains(diffFormats, format) {
				return failf(exitUsage, "unknown --format %q: use %s", format, strings.Join(diffFormats, ", "))
			}
			runs := c.Int("runs")
			if runs < 0 || runs > 1000000 {
				return failf(exitUsage, "--runs %d: want 0..1000000", runs)
			}
			if c.String("git") == "" && c.NArg() == 2 && (isTreePattern(c.Args().Get(0)) || isTreePattern(c.Args().Get(1))) {
				return diffTrees(e, c, c.Args().Get(0), c.Args().Get(1))
			}
			if c.String("git") == "" && c.NArg() == 2 && manyInFolder(c.Args().Get(0)) && manyInFolder(c.Args().Get(1)) {
				// Two folders of several units each (scenarios/clash): compared as trees.
				return diffTrees(e, c, filepath.Join(c.Args().Get(0), "..."), filepath.Join(c.Args().Get(1), "..."))
			}
			return diffPair(e, c, c.Args().Slice())
		},
	}
}

// diffPair is sortie diff of one pair, args: OLD and NEW, or PATH with --git REV.
func diffPair(e *env, c *cli.Context, args []string) error {
	runs := c.Int("runs")
	format := c.String("format")
	if isCampaignPath(args[:min(len(args), 1)]) {
		return refuseKind("diff", args[0], "campaign")
	}
	var oldV, newV *scenarioVersion
	var err error
	if rev := c.String("git"); rev != "" {
		if len(args) != 1 {
			return failf(exitUsage, "diff --git REV takes one PATH (see sortie diff --help)")
		}
		oldV, err = gitVersion(e, rev, args[0])
		var gb *gitBattle
		if errors.As(err, &gb) {
			defer safeio.RemoveTemp(gb.tmp)
			if o := offerOfUnit(unitOf(gb.err)); o == nil || !o.Diff {
				return refuseKind("diff", args[0], unitOf(gb.err).Kind)
			}
			return diffBattlesAs(e, c, gb.path, args[0], gb)
		}
		if err != nil {
			return err
		}
		defer safeio.RemoveTemp(oldV.tmp)
	} else {
		if len(args) != 2 {
			return failf(exitUsage, "diff needs OLD and NEW, or --git REV PATH (see sortie diff --help)")
		}
		oldV, err = loadVersion(e, args[0], "", nil)
		if u := unitOf(err); u != nil {
			if o := offerOfUnit(u); o == nil || !o.Diff {
				return refuseKind("diff", args[0], u.Kind)
			}
			return diffBattles(e, c, args[0], args[1])
		}
		if err != nil {
			return err
		}
	}
	if p := c.String("policy"); p != "random" && p != "first" {
		return failf(exitUsage, "unknown --policy %q: use random or first", p)
	}
	if newV, err = loadVersion(e, args[len(args)-1], "", nil); err != nil {
		if u := unitOf(err); u != nil {
			return mixedKinds(oldV.name, "a scenario", args[len(args)-1], "a "+u.Kind+" file")
		}
		return err
	}
	if (oldV.plan.Pathfinder == nil) != (newV.plan.Pathfinder == nil) {
		return failf(exitUsage, "%s and %s follow different rules (%s, %s): nothing to compare", oldV.name, newV.name, oldV.plan.Scenario.Rules, newV.plan.Scenario.Rules)
	}
	rep := &diffReport{Old: oldV.name, New: newV.name,
		Entities: plandiff.Entities(oldV.plan, newV.plan, oldV.decls, newV.decls),
		Tests:    testChanges(oldV.tests, newV.tests),
		Forecast: plandiff.Forecast(oldV.plan, newV.plan),
		Reach:    plandiff.Reach(oldV.plan, newV.plan)}
	if runs > 0 {
		sim := &diffSim{Policy: c.String("policy"), Runs: runs}
		if sim.OldStats, err = simulate(oldV.plan, sim.Policy, runs); err != nil {
			return failf(exitUsage, "simulating %s: %v", oldV.name, err)
		}
		if sim.NewStats, err = simulate(newV.plan, sim.Policy, runs); err != nil {
			return failf(exitUsage, "simulating %s: %v", newV.name, err)
		}
		sim.Lines = simLines(sim)
		rep.Simulation = sim
	}
	return writeDiff(e, c, rep, format)
}

// writeDiff writes a diff's report in format (text, markdown or json) to standard output, whole
// or not at all; with --exit-code a report with differences exits 1 (exitFindings).
func writeDiff(e *env, c *cli.Context, rep *diffReport, format string) error {
	var out bytes.Buffer
	var err error
	switch format {
	case "json":
		err = writeJSONHidden(&out, rep)
	case "markdown":
		rep.writeMarkdown(&out)
	default:
		rep.writeText(&out)
	}
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	if _, err := e.stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if c.Bool("exit-code") && rep.differs() {
		return failf(exitFindings, "")
	}
	return nil
}

// scenarioVersion is one side of a diff: its plan, where its entities are declared, and its name.
type scenarioVersion struct {
	name  string // as the user named it (or REV:path)
	plan  *plan.Plan
	decls map[string]diag.Pos
	tmp   string // a temporary folder to remove (git versions)
	tests []expect.Test
}

// loadVersion compiles the scenario at path; rename, if set, renames files in positions (a git
// version's temporary files to REV:path). Errors print and exit 1; I/O errors exit 2.
func loadVersion(e *env, path, name string, rename func(string) string) (*scenarioVersion, error) {
	if name == "" {
		name = path
	}
	if rename == nil {
		rename = func(s string) string { return s }
	}
	u, list, err := compiler.CompileAny([]string{path}, e.opts())
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	if u != nil && u.Kind != "scenario" {
		return nil, &otherUnit{path: path, unit: u}
	}
	if list.HasErrors() || u == nil {
		for i := range list {
			list[i].Pos.File = rename(list[i].Pos.File)
		}
		list.Sort()
		var errs diag.List
		for _, d := range list {
			if d.Severity == diag.Error {
				errs.Add(d)
			}
		}
		writeDiagText(e.stderr, errs, false)
		return nil, failf(exitFindings, "%s has %s: nothing to compare", name, words.Count(errs.Count(diag.Error), "error"))
	}
	p := u.Plan
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	var files []string
	for _, s := range p.Sources {
		files = append(files, filepath.Join(dir, filepath.FromSlash(s)))
	}
	wd, _ := os.Getwd()
	display := func(f string) string {
		if abs, err := filepath.Abs(f); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
				f = "./" + filepath.ToSlash(rel)
			}
		}
		return rename(f)
	}
	tests, err := testsOf(e, files)
	if err != nil {
		return nil, err
	}
	for i := range tests {
		tests[i].Pos.File = rename(tests[i].Pos.File)
	}
	return &scenarioVersion{name: name, plan: p, decls: plandiff.Declarations(files, display), tests: tests}, nil
}

// gitVersion writes the files of the scenario at path as they are at revision rev into a
// temporary folder and loads them; positions read "REV:path/file.cue:line:col".
func gitVersion(e *env, rev, path string) (*scenarioVersion, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, failf(exitUsage, "--git %q: not a revision", rev)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	dir, only := abs, ""
	if !st.IsDir() {
		dir, only = filepath.Dir(abs), filepath.Base(abs)
	}
	git := func(args ...string) ([]byte, error) {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		// git's answers are bounded as a file is (L004; issue 28, B4): a listing of a folder
		// with millions of entries is refused, git killed, rather than held whole.
		stdout := &cappedBuffer{max: compiler.MaxFileSize, kill: func() { cmd.Process.Kill() }}
		stderr := &cappedBuffer{max: 64 << 10, kill: func() { cmd.Process.Kill() }}
		cmd.Stdout, cmd.Stderr = stdout, stderr
		err := cmd.Run()
		if stdout.over {
			return nil, failf(exitUsage, "git %s: its answer is over %d MiB: refused (L004)", strings.Join(args, " "), compiler.MaxFileSize>>20)
		}
		out := stdout.buf.Bytes()
		if err != nil {
			msg := strings.TrimSpace(stderr.buf.String())
			if msg == "" {
				msg = err.Error()
			}
			return nil, failf(exitUsage, "git %s: %s", strings.Join(args, " "), msg)
		}
		return out, nil
	}
	prefix, err := git("rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	rel := strings.TrimSpace(string(prefix)) // the folder, relative to the repository root, "a/b/"
	listing, err := git("ls-tree", "-z", rev, "--", ".")
	if err != nil {
		return nil, err
	}
	// Recorded with safeio: an interrupted diff (SIGINT, SIGTERM, SIGHUP, SIGQUIT) removes it too (safeio.Abort).
	tmp, err := safeio.MkdirTemp("sortie-diff-*")
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	var wanted []string // the revision's files the loader reads, in the listing's order
	for _, entry := range strings.Split(string(listing), "\x00") {
		// "<mode> SP <type> SP <object> TAB <path>"
		meta, name, ok := strings.Cut(entry, "\t")
		if !ok || !strings.Contains(meta, " blob ") {
			continue
		}
		base := filepath.Base(name)
		if base != name && filepath.ToSlash(filepath.Dir(name)) != "." || base == "." || base == ".." || strings.ContainsAny(base, "/\\") {
			continue
		}
		if only != "" && base != only || !gitWanted(base) {
			continue
		}
		wanted = append(wanted, base)
	}
	// Too many files is known from the listing: refused before any is copied, whatever the
	// machine's speed.
	if len(wanted) > maxGitFiles {
		safeio.RemoveTemp(tmp)
		return nil, failf(exitUsage, "%s: the revision holds more than %d scenario files: refused (L004)", esc.Text(rev+":"+rel+wanted[maxGitFiles]), maxGitFiles)
	}
	found, bound := 0, newGitBound(e.budget)
	for _, base := range wanted {
		if err := bound.blob(dir, rev+":./"+base, filepath.Join(tmp, base), rev+":"+rel+base); err != nil {
			safeio.RemoveTemp(tmp)
			return nil, err
		}
		found++
	}
	if found == 0 {
		safeio.RemoveTemp(tmp)
		return nil, failf(exitUsage, "%s: no such scenario at %s", path, rev)
	}
	target := tmp
	if only != "" {
		target = filepath.Join(tmp, only)
	}
	name := rev + ":" + strings.TrimSuffix(rel, "/")
	if only != "" {
		name = rev + ":" + rel + only
	}
	rename := func(f string) string {
		if r, err := filepath.Rel(tmp, f); err == nil && !strings.HasPrefix(r, "..") {
			return rev + ":" + rel + filepath.ToSlash(r)
		}
		return f
	}
	renameAbs := func(f string) string {
		if a, err := filepath.Abs(f); err == nil {
			return rename(a)
		}
		return rename(f)
	}
	v, err := loadVersion(e, target, name, renameAbs)
	if unitOf(err) != nil {
		// A battle file (or a folder holding one): the copy is kept for diffBattles, which
		// compiles it as a battle; the caller removes it (issue 20 review, defect 5).
		return nil, &gitBattle{path: target, name: name, rename: renameAbs, tmp: tmp, err: err}
	}
	if err != nil {
		safeio.RemoveTemp(tmp)
		return nil, err
	}
	v.tmp = tmp
	return v, nil
}

// diffReport is what sortie diff prints.
type diffReport struct {
	Old      string                  `json:"old"`
	New      string                  `json:"new"`
	Entities []plandiff.EntityChange `json:"entities"`
	// Tests are the tests: entries added, removed or changed (diff_tests.go); left out, in text
	// and JSON, when none is.
	Tests      []plandiff.EntityChange `json:"tests,omitempty"`
	Forecast   []string                `json:"forecast"`
	Reach      []string                `json:"reach"`
	Simulation *diffSim                `json:"simulation,omitempty"`
	// Battle: two versions of a battle file (no forecast, no reach; the simulation's lines are
	// each side's wins and the draws).
	Battle bool `json:"battle,omitempty"`
}

type diffSim struct {
	Policy   string    `json:"policy"`
	Runs     int       `json:"runs"` // seeds 1..Runs
	OldStats *simStats `json:"old"`
	NewStats *simStats `json:"new"`
	Lines    []simLine `json:"lines"` // the success rate, then what changed
}

// simLine is one compared rate.
type simLine struct {
	What     string  `json:"what"`
	Old, New float64 `json:"-"`
	OldPct   string  `json:"old"`
	NewPct   string  `json:"new"`
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// simLines: the success rate always; then each end reason and each event whose rate changed
// (at the printed precision), the most frequent first.
func simLines(s *diffSim) []simLine {
	line := func(what string, a, b int) simLine {
		l := simLine{What: what, Old: pct(a, s.OldStats.Runs), New: pct(b, s.NewStats.Runs)}
		l.OldPct, l.NewPct = fmt.Sprintf("%.1f%%", l.Old), fmt.Sprintf("%.1f%%", l.New)
		return l
	}
	out := []simLine{line("success rate under "+s.Policy, s.OldStats.Success, s.NewStats.Success)}
	group := func(prefix string, a, b map[string]int) {
		keys := map[string]bool{}
		for k := range a {
			keys[k] = true
		}
		for k := range b {
			keys[k] = true
		}
		var ls []simLine
		for k := range keys {
			if l := line(prefix+k, a[k], b[k]); l.OldPct != l.NewPct {
				ls = append(ls, l)
			}
		}
		sort.Slice(ls, func(i, j int) bool {
			mi, mj := max(ls[i].Old, ls[i].New), max(ls[j].Old, ls[j].New)
			if mi != mj {
				return mi > mj
			}
			return ls[i].What < ls[j].What
		})
		out = append(out, ls...)
	}
	group("ended in ", s.OldStats.Reasons, s.NewStats.Reasons)
	group("event fired: ", s.OldStats.Events, s.NewStats.Events)
	return out
}

func (r *diffReport) differs() bool {
	if len(r.Entities) > 0 || len(r.Tests) > 0 || len(r.Forecast) > 0 || len(r.Reach) > 0 {
		return true
	}
	if r.Battle && r.Simulation != nil {
		for _, l := range r.Simulation.Lines {
			if l.OldPct != l.NewPct {
				return true
			}
		}
		return false
	}
	return r.Simulation != nil && len(r.Simulation.Lines) > 1
}

// posText, fieldText: a stranger's file name or value, one line (esc.Text; esc.Markdown or
// esc.MarkdownCode escape them again for Markdown).
func posText(p diag.Pos) string {
	if !p.IsValid() {
		return "-"
	}
	return esc.Text(p.String())
}

func fieldText(v string) string {
	if v == "" {
		return "(none)"
	}
	return esc.Short(v)
}

var changeMark = map[string]string{plandiff.Added: "+", plandiff.Removed: "-", plandiff.Changed: "~"}

func (r *diffReport) writeText(w io.Writer) {
	fmt.Fprintf(w, "--- %s\n+++ %s\n", esc.Text(r.Old), esc.Text(r.New))
	fmt.Fprintf(w, "\nentities\n")
	writeChanges(w, r.Entities)
	if len(r.Tests) > 0 {
		fmt.Fprintf(w, "\ntests\n")
		writeChanges(w, r.Tests)
	}
	section := func(title string, lines []string) {
		fmt.Fprintf(w, "\n%s\n", title)
		if len(lines) == 0 {
			fmt.Fprintf(w, "  (no change)\n")
		}
		for _, l := range lines {
			fmt.Fprintf(w, "  %s\n", esc.Text(l))
		}
	}
	if !r.Battle {
		section("forecast (the armies alone, as if the party did nothing)", r.Forecast)
		section("reach (K-28, K-32, K-41)", r.Reach)
	}
	if s := r.Simulation; s != nil {
		fmt.Fprintf(w, "\nsimulation (%s of each version, policy %s, seeds 1..%d)\n", words.Count(s.Runs, "run"), s.Policy, s.Runs)
		for _, l := range s.Lines {
			fmt.Fprintf(w, "  %s: %s -> %s\n", esc.Text(l.What), l.OldPct, l.NewPct)
		}
	}
}

// writeChanges writes entity (or test) changes as the text report lists them: "+ key  pos",
// "- key  pos", "~ key  old -> new" and each changed field; "(no change)" for none.
func writeChanges(w io.Writer, cs []plandiff.EntityChange) {
	if len(cs) == 0 {
		fmt.Fprintf(w, "  (no change)\n")
	}
	for _, c := range cs {
		switch c.Change {
		case plandiff.Added:
			fmt.Fprintf(w, "  + %s  %s\n", esc.Text(c.Key), posText(c.New))
		case plandiff.Removed:
			fmt.Fprintf(w, "  - %s  %s\n", esc.Text(c.Key), posText(c.Old))
		default:
			fmt.Fprintf(w, "  ~ %s  %s -> %s\n", esc.Text(c.Key), posText(c.Old), posText(c.New))
			for _, f := range c.Fields {
				if f.Field == "value" {
					fmt.Fprintf(w, "      %s -> %s\n", fieldText(f.Old), fieldText(f.New))
				} else {
					fmt.Fprintf(w, "      %s: %s -> %s\n", esc.Text(f.Field), fieldText(f.Old), fieldText(f.New))
				}
			}
		}
	}
}

// mdCell escapes a stranger's text for a table cell or a list item of a pull-request comment
// (esc.Markdown: no HTML, image, link or mention); mdCode for the inside of a code span.
func mdCell(s string) string { return esc.Markdown(s) }

func mdCode(s string) string { return esc.MarkdownCode(s) }

// writeMarkdownChanges writes entity (or test) changes as a Markdown table whose second column is
// headed what: the mark (+, -, ~), the key, the old and new positions and, for a changed one, each
// changed field; "No change." for none.
func writeMarkdownChanges(w io.Writer, what string, cs []plandiff.EntityChange) {
	if len(cs) == 0 {
		fmt.Fprintf(w, "No change.\n")
		return
	}
	fmt.Fprintf(w, "| | %s | old | new | change |\n|---|---|---|---|---|\n", what)
	for _, c := range cs {
		var fields []string
		for _, f := range c.Fields {
			if f.Field == "value" {
				fields = append(fields, fmt.Sprintf("%s → %s", mdCell(fieldText(f.Old)), mdCell(fieldText(f.New))))
			} else {
				fields = append(fields, fmt.Sprintf("%s: %s → %s", mdCell(f.Field), mdCell(fieldText(f.Old)), mdCell(fieldText(f.New))))
			}
		}
		if c.Change != plandiff.Changed {
			fields = []string{c.Change}
		}
		old, new := "", ""
		if c.Old.IsValid() {
			old = "`" + mdCode(c.Old.String()) + "`"
		}
		if c.New.IsValid() {
			new = "`" + mdCode(c.New.String()) + "`"
		}
		fmt.Fprintf(w, "| %s | `%s` | %s | %s | %s |\n", changeMark[c.Change], mdCode(c.Key), old, new, strings.Join(fields, "; "))
	}
}

func (r *diffReport) writeMarkdown(w io.Writer) {
	fmt.Fprintf(w, "### sortie diff: `%s` → `%s`\n\n", mdCode(r.Old), mdCode(r.New))
	fmt.Fprintf(w, "#### Entities\n\n")
	writeMarkdownChanges(w, "entity", r.Entities)
	if len(r.Tests) > 0 {
		fmt.Fprintf(w, "\n#### Tests\n\n")
		writeMarkdownChanges(w, "test", r.Tests)
	}
	list := func(title string, lines []string) {
		fmt.Fprintf(w, "\n#### %s\n\n", title)
		if len(lines) == 0 {
			fmt.Fprintf(w, "No change.\n")
		}
		for _, l := range lines {
			fmt.Fprintf(w, "- %s\n", mdCell(l))
		}
	}
	if !r.Battle {
		list("Forecast (the armies alone)", r.Forecast)
		list("Reach", r.Reach)
	}
	if s := r.Simulation; s != nil {
		fmt.Fprintf(w, "\n#### Simulation (%s, policy %s, seeds 1..%d)\n\n| | old | new |\n|---|---|---|\n", words.Count(s.Runs, "run"), s.Policy, s.Runs)
		for _, l := range s.Lines {
			fmt.Fprintf(w, "| %s | %s | %s |\n", mdCell(l.What), l.OldPct, l.NewPct)
		}
	}
}
