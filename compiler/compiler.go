package compiler

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Options configures loading. The zero value is fine.
type Options struct {
	// WorkDir is the directory relative paths are resolved against and diagnostics are named
	// relative to ("./scenarios/x.cue"; files outside it print absolute). Default: the process's
	// working directory.
	WorkDir string
	// Command is the command line's command ("sortie battle"), named by a refusal to compile
	// several units at once; "" says "compile".
	Command string
	// Budget bounds the evaluation of each scenario and campaign file (see Budget); the zero
	// value is the default budget.
	Budget Budget
	// Packages makes a CUE file named directly stand for every CUE file of its package in its
	// folder (a pre-commit hook names only the files that changed).
	Packages bool
	// Overlay maps absolute file names to contents that stand in for the files on disk (an
	// editor's unsaved buffers, see overlay.go). Nil: every file is read from disk.
	Overlay map[string][]byte
	// Cache, when set, keeps each scenario's result for later runs with the same input
	// (cache.go): a DirCache for the CLI, a MemCache for a long-lived process. Units with an
	// overlay and Analyze's symbol index bypass it.
	Cache Cache

	// ctx cancels the evaluations (AnalyzeContext); nil: never.
	ctx context.Context
}

// context returns the options' context, context.Background() when none was given.
func (o Options) context() context.Context {
	if o.ctx == nil {
		return context.Background()
	}
	return o.ctx
}

// Vet loads paths, applies the schema and runs every check, returning all findings sorted by file,
// line and column.
//
// Each path is a file (.cue, .yaml, .yml, .json), a directory, or a pattern "dir/..." (every
// scenario below dir: each CUE package that says kind: at its top level, and each YAML or JSON
// file that says kind: scenario or battle; hidden folders, folders starting with '_' and cue.mod
// are skipped). Files named directly are sorted by what they hold (units.go): a YAML or JSON file
// with a top-level kind is a scenario of its own, the CUE files of one package in one folder are
// one (with Options.Packages, with the rest of their package), a YAML or JSON file without kind
// joins the CUE package named in its folder, and a script, plan, save, baseline or CUE library
// (units_library.go) is an L015 note. A directory holds one scenario per CUE package and per
// YAML or JSON file with a kind; its scripts are left alone; subdirectories are not searched.
// Files named *_tool.cue, or starting with '.' or '_', are ignored: tool scripts are never run. Imports never reach a
// registry (CUE_REGISTRY=none), the module root is the scenario's folder, and no file outside
// that folder is read (L007 for imports, an error for symbolic links); only regular files are
// read. YAML is read as authors write it (yamlfile.go). Each scenario is evaluated in an
// evaluator process under Options.Budget (budget.go, sandbox.go), at most GOMAXPROCS at once; a
// valid YAML or JSON scenario is vetted on the fast path in this process instead (fast.go), and
// with Options.Cache an unchanged scenario's result is read from the cache (cache.go).
//
// Findings carry stable codes (see the diag catalogue and `sortie explain CODE`): L001-L007
// loading and hostile input, L008-L010 suppressions, L011-L012 the evaluation budget, L013-L014
// YAML and JSON as written, L015 a file that is not a scenario, L016 a rule system not built,
// S001-S004 schema, R001-R006 references and usage, F001-F005 field, A001-A003 armies, E001-E005
// events and flags, O001-O002 objectives, T001-T003 time and tables, W001 the army forecast. A
// file with a syntax or load error is not checked further. A @sortie(ignore="CODE", reason="...")
// attribute on a field silences CODE within that field's source range (in YAML, the attribute in
// a comment). Pathfinder files (rules: "pathfinder": a scenario on a hex field, or a battle file,
// kind: "battle"; pathfinder.go) take schema/pathfinder.cue instead and add M001-M009 (army
// statistics, pathfinder.Check, each at the offending field) and H001-H005 (hexes, routes,
// battle values). When Armies Clash battle files (kind: "battle", rules: "clash";
// compiler/clash) take #ClashBattle and add U001-U015 (grid, placement, integrity, stat blocks,
// objectives). The rule systems are in rules.go; compiler/all links them all.
//
// err is non-nil only for I/O or usage problems: a missing path, an unreadable file or directory,
// a file of another type, a directory with no scenario file, no path at all. The CLI exits 2 then.
func Vet(paths []string, opts Options) (diag.List, error) {
	list, _, _, err := runOut(paths, opts, false, &outputs{})
	return list, err
}

// ScenarioFiles names the files of one vetted scenario, as diagnostics name them.
type ScenarioFiles struct {
	Dir   string   // the scenario's folder
	Files []string // its files, in load order
	// NoTests: vet read every one of the files (or had them, unchanged, in its stat manifest)
	// and none holds the word "tests" or "expect", so none has a tests: or expect: list. false:
	// not known.
	NoTests bool
}

// VetScenarios is Vet that also returns the scenarios it vetted (in the order of paths; a
// "dir/..." pattern in lexical order), clean ones included: CI reports list every scenario.
func VetScenarios(paths []string, opts Options) (diag.List, []ScenarioFiles, error) {
	list, _, units, err := runOut(paths, opts, false, &outputs{})
	return list, units, err
}

// Compile vets paths like Vet and lowers the scenario to a plan (see package plan). Compile takes
// exactly one scenario (files, or one directory); several are a usage error. p is nil when the
// list has errors; warnings do not prevent a plan. The same sources always give a byte-identical
// plan.Encode output.
//
// The plan resolves every reference to an index. Blocks, events, objectives and episodes keep
// source order; armies (K-24 resolves pairs in ascending army ID), encounters, boxes and flags are
// sorted by name. Block.Exits[d] names the neighbour in direction d and whether entering it from
// here is allowed (K-32: moving in direction d enters the neighbour from side d.Opposite()). An
// objective's when is a CondAll of its fields (enter as CondAt); {army, strength} is ActStrength.
// NightRaid and Army.Encounter are -1 when absent. SourceHash is "sha256:<hex>" over the source
// files sorted by their slash path relative to the scenario directory (path, NUL, content, NUL
// each); Sources lists those paths.
func Compile(paths []string, opts Options) (p *plan.Plan, list diag.List, err error) {
	out := &outputs{}
	list, plans, _, err := runOut(paths, opts, true, out)
	if err != nil {
		return nil, list, err
	}
	if len(out.battles) > 0 || len(out.clashes) > 0 {
		return nil, list, fmt.Errorf("%s is a battle file (kind: \"battle\"): run it with sortie battle", paths[0])
	}
	if list.HasErrors() || len(plans) != 1 {
		return nil, list, nil
	}
	return plans[0], list, nil
}

// recoverPanics turns a panic while vetting a scenario (in CUE or in sortie) into an L003
// diagnostic, so that no input crashes the tool. Tests switch it off to see the panic.
var recoverPanics = true

// outputs collects what a run compiled besides scenario plans.
type outputs struct {
	battles []*plan.Battle
	clashes []*plan.Clash // clash battle files (compiler/clash)
	// wantSymbols asks for the symbol index of each unit that loads (Analyze, symbols.go).
	wantSymbols bool
	symbols     []*Symbols
	// stat: the run keeps the unit in its stat manifest (cache_stat.go), so a fast-path result
	// needs no cache entry of its own; evalUnit then leaves the cacheable result in resp.
	stat bool
	resp *evalResponse
	// noTests: the unit's files were read, and none holds "tests" (ScenarioFiles.NoTests).
	noTests bool
}

// EmptyPath refuses p when it is empty or blank. Not the working folder: an empty argument is a
// slip (an unset variable: sortie vet "$DIR"), which would read, draw or rewrite what the user
// did not name (issue 20 review). Every command that takes a path asks it first.
func EmptyPath(p string) error {
	if strings.TrimSpace(p) == "" {
		return fmt.Errorf("an empty path (%q): name a file or a folder (. for this one)", p)
	}
	return nil
}

func runOut(paths []string, opts Options, compile bool, out *outputs) (diag.List, []*plan.Plan, []ScenarioFiles, error) {
	for _, p := range paths {
		if err := EmptyPath(p); err != nil {
			return nil, nil, nil, err
		}
	}
	wd := opts.WorkDir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, nil, nil, fmt.Errorf("working directory: %v", err)
		}
	}
	wd, err := filepath.Abs(wd)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("working directory: %v", err)
	}
	// A vet with a cache keeps a stat manifest (cache_stat.go): a unit whose files are as they
	// were takes its result without a read, and the loader judges such files without a read.
	var sm *statRun
	if opts.Cache != nil && !compile && !out.wantSymbols && opts.Overlay == nil {
		sm = loadStat(opts.Cache, statKey(paths, wd, opts))
	}
	// A folder is DIR/... for vet and test (several scenarios), not for one to compile or for
	// the editor's symbols (issue 20).
	units, notes, err := collectUnits(paths, wd, newNamer(wd), opts.Packages, !compile && !out.wantSymbols, opts.Overlay, sm.sniffer())
	if err != nil {
		return nil, nil, nil, err
	}
	for i := range units {
		units[i].overlay = opts.Overlay
	}
	if compile && len(units) == 0 && len(notes) > 0 {
		// A file named is a script, plan, save or baseline (L015): say which.
		n := notes[0]
		return notes, nil, nil, fmt.Errorf("%s is %s", n.Pos.File, strings.Replace(n.Message, ": not vetted ", " ", 1))
	}
	if compile && len(units) == 1 && units[0].campaign {
		// A campaign has no plan of its own: its scenarios' plans are compiled with it.
		return notes, nil, nil, campaignRefusal(paths, units[0], wd, opts.Command)
	}
	if compile && len(units) != 1 {
		return notes, nil, nil, manyUnits(paths, units, wd, opts.Command)
	}
	if err := opts.Budget.Check(); err != nil {
		return nil, nil, nil, err
	}
	// Scenarios are vetted in parallel, at most GOMAXPROCS at a time, each in an evaluator
	// process under the budget (sandbox.go); results are gathered in unit order and sorted, so
	// the output does not depend on scheduling.
	type result struct {
		list diag.List
		plan *plan.Plan
		out  outputs
		err  error
	}
	results := make([]result, len(units))
	for i := range results {
		results[i].out.wantSymbols = out.wantSymbols
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(len(units), max(1, runtime.GOMAXPROCS(0))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := &results[i]
				if units[i].campaign && !compile {
					r.err = vetCampaignUnit(units[i], wd, opts, &r.list)
					continue
				}
				var sigs []fileSig
				if sm != nil {
					if resp, noTests, ok := sm.hit(units[i]); ok {
						r.out.noTests = noTests
						r.plan, r.err = takeResponse(resp, &r.list, &r.out)
						continue
					}
					sigs, r.out.stat = sign(units[i])
				}
				r.plan, r.err = evalUnit(units[i], wd, opts, compile, &r.list, &r.out)
				if r.out.resp != nil {
					sm.record(units[i], sigs, *r.out.resp, r.out.noTests)
				}
			}
		}()
	}
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	if sm != nil {
		sm.save(units)
	}
	list := notes
	var plans []*plan.Plan
	for _, r := range results {
		list.Add(r.list...)
		out.battles = append(out.battles, r.out.battles...)
		out.clashes = append(out.clashes, r.out.clashes...)
		out.symbols = append(out.symbols, r.out.symbols...)
		if r.err != nil {
			return list, nil, nil, r.err
		}
		if r.plan != nil {
			plans = append(plans, r.plan)
		}
	}
	list.Sort()
	nm := newNamer(wd)
	scen := make([]ScenarioFiles, len(units))
	for i, u := range units {
		scen[i].Dir = nm.display(u.dir)
		scen[i].NoTests = results[i].out.noTests
		for _, f := range u.files {
			scen[i].Files = append(scen[i].Files, nm.display(f))
		}
	}
	return list, plans, scen, nil
}

// campaignRefusal is the refusal of command (compile, run, battle, ...: one scenario or battle)
// given a campaign u: it names what it found (the campaign folder given, with its campaign file,
// or the campaign file), what command takes, and the commands that take a campaign:
//
//	scenarios/karzoral is a campaign folder (its campaign file ./scenarios/karzoral/campaign.cue,
//	kind: "campaign"), and sortie battle fights a battle file: play the campaign with sortie
//	campaign run, check it with sortie vet or sortie campaign vet
func campaignRefusal(paths []string, u unit, wd, command string) error {
	file := nm0(wd, u.files[0])
	what := fmt.Sprintf("%s is a campaign file (kind: \"campaign\")", file)
	if len(paths) == 1 {
		if st, err := os.Stat(strings.TrimSuffix(paths[0], "...")); err == nil && st.IsDir() {
			what = fmt.Sprintf("%s is a campaign folder (its campaign file %s, kind: \"campaign\")", paths[0], file)
		}
	}
	want := map[string]string{
		"sortie battle": "sortie battle fights a battle file",
		"sortie run":    "sortie run plays a scenario",
	}[command]
	if want == "" {
		if command == "" {
			command = "sortie compile"
		}
		want = command + " takes " + strings.Replace(oneUnit(command), "one ", "a ", 1)
	}
	return fmt.Errorf("%s, and %s: play the campaign with sortie campaign run, check it with sortie vet or sortie campaign vet", what, want)
}

// manyUnits is the refusal of a command that takes one unit given several (or none): it names the
// command, the units found (three at most) and what to run instead: the command on one of them,
// or vet, test or simulate --check, which take DIR/....
func manyUnits(paths []string, units []unit, wd, command string) error {
	if command == "" {
		command = "sortie compile"
	}
	one := oneUnit(command)
	if len(units) == 0 {
		return fmt.Errorf("%s takes %s (a file, or the files of one folder); %s holds none", command, one, strings.Join(paths, " "))
	}
	var names []string
	for i, u := range units {
		if i == 3 {
			names = append(names, "...")
			break
		}
		names = append(names, nm0(wd, u.files[0]))
	}
	return fmt.Errorf("%s takes %s (a file, or the files of one folder), got %d from %s (%s): run %s on one of them (%s %s), or check them all with sortie vet, sortie test or sortie simulate --check, which take DIR/...",
		command, one, len(units), strings.Join(paths, " "), strings.Join(names, ", "), command, command, names[0])
}

// oneUnit is what command takes, as its refusals name it: a battle file for sortie battle, a
// scenario for sortie compile and sortie run (each refuses the other kind), either for another.
func oneUnit(command string) string {
	switch command {
	case "sortie battle":
		return "one battle file"
	case "sortie compile", "sortie run":
		return "one scenario"
	}
	return "one scenario or battle"
}

// nm0 names a file as diagnostics name it, relative to wd.
func nm0(wd, abs string) string { return newNamer(wd).display(abs) }

// vetCampaignUnit vets a campaign file found among scenarios (a folder, a "dir/..." walk, files
// named together) as VetCampaign does: the campaign's own checks (C001-C007) and every scenario it
// names. A scenario also vetted as a unit of its own reports the same findings at the same
// positions twice, and list.Sort drops the copies.
func vetCampaignUnit(u unit, wd string, opts Options, list *diag.List) error {
	opts.WorkDir = wd
	opts.Overlay = u.overlay
	l, err := VetCampaign(u.files[0], opts)
	list.Add(l...)
	return err
}

// evalUnit vets (and with compile, lowers) one unit in an evaluator: its findings go to list, a
// battle file's compiled form to out. A unit over its budget or whose evaluator crashed has one
// finding (L011, L012, L003) and no plan; err is for I/O and usage problems.
//
// With a cache, a unit whose input is unchanged takes its result from there (cache.go); a
// cached result that does not decode is vetted afresh. Else a unit of one YAML or JSON file is
// first tried on the fast path, in this process (fast.go), on the very bytes the key was made of.
// The evaluator reads the files itself, so a result of the CUE path is stored only when the files
// still make the same key (a file saved during the vet is not cached under its old content).
// A unit with an overlay (an editor's buffers) or whose symbols are wanted (Analyze) takes the
// evaluator directly, uncached: the cache and the fast path know the files on disk and the
// findings only. opts' context cancels the evaluation.
func evalUnit(u unit, wd string, opts Options, compile bool, list *diag.List, out *outputs) (*plan.Plan, error) {
	b := opts.Budget
	overlay := u.overlayOf()
	direct := overlay != nil || out.wantSymbols
	var key CacheKey
	var data map[string][]byte
	cached := false
	if opts.Cache != nil && !direct {
		if key, data, cached = unitKey(u, wd, b, compile); cached {
			if resp, ok := cacheGet(opts.Cache, key); ok {
				var l diag.List
				var o outputs
				if p, err := takeResponse(resp, &l, &o); err == nil {
					if out.stat {
						out.resp = &resp
					}
					out.noTests = noTestsIn(u.files, data)
					list.Add(l...)
					out.battles = append(out.battles, o.battles...)
					out.clashes = append(out.clashes, o.clashes...)
					return p, nil
				}
			}
		}
	}
	var resp evalResponse
	ok := false
	if !direct {
		resp, ok = fastJob(u, wd, compile, data)
	}
	if !ok {
		o, err := evaluate(opts.context(), evalRequest{Job: "unit", Dir: u.dir, Files: u.files, WorkDir: wd, Compile: compile, Budget: b,
			Overlay: overlay, Symbols: out.wantSymbols})
		if err != nil {
			return nil, err
		}
		if o.over != "" || o.crash != "" || !o.resp.Done {
			list.Add(o.overrun(b, u.files, newNamer(wd)))
			return nil, nil
		}
		resp = o.resp
		if cached {
			again, _, same := unitKey(u, wd, b, compile)
			cached = same && again == key
		}
	}
	// The files read for the key are those vetted (the fast path's bytes, or the evaluator's
	// when the key is the same after it).
	out.noTests = cached && noTestsIn(u.files, data)
	if cached && cacheable(resp) {
		if !ok || !out.stat {
			cachePut(opts.Cache, key, resp)
		}
		if out.stat {
			out.resp = &resp
		}
	}
	return takeResponse(resp, list, out)
}

// noTestsIn reports whether none of files holds the word "tests" or "expect" (ScenarioFiles.NoTests:
// vet reads both lists' bounds), by their contents in data (each file read).
func noTestsIn(files []string, data map[string][]byte) bool {
	for _, f := range files {
		if d, ok := data[f]; !ok || bytes.Contains(d, []byte("tests")) || bytes.Contains(d, []byte("expect")) {
			return false
		}
	}
	return true
}

// takeResponse decodes the result of a unit job (respond): findings to list, battles and
// symbols to out.
func takeResponse(resp evalResponse, list *diag.List, out *outputs) (*plan.Plan, error) {
	list.Add(resp.List...)
	if resp.Symbols != nil {
		out.symbols = append(out.symbols, resp.Symbols)
	}
	if resp.Err != "" {
		return nil, errors.New(resp.Err)
	}
	for _, raw := range resp.Battles {
		bt := new(plan.Battle)
		if err := json.Unmarshal(raw, bt); err != nil {
			return nil, fmt.Errorf("evaluator: a battle that does not decode: %v", err)
		}
		out.battles = append(out.battles, bt)
	}
	for _, raw := range resp.Clashes {
		c, err := plan.DecodeClash(raw)
		if err != nil {
			return nil, fmt.Errorf("evaluator: a clash battle that does not decode: %v", err)
		}
		out.clashes = append(out.clashes, c)
	}
	if resp.Plan == nil {
		return nil, nil
	}
	p, err := plan.Decode(resp.Plan)
	if err != nil {
		return nil, fmt.Errorf("evaluator: a plan that does not decode: %v", err)
	}
	return p, nil
}

// worker vets scenarios one after another in one CUE context, with the schema compiled once (in
// an evaluator process). After a panic the context is dropped and made anew.
type worker struct {
	ctx  *cue.Context
	def  cue.Value
	defs map[string]cue.Value // other definitions of the schema, by name (definition)
	uses int
	// suspect, when set, is told where an overrun would most likely come from once the files
	// are parsed (see suspectPos).
	suspect func(diag.Pos)
}

// contextUses bounds how many scenarios one CUE context evaluates before it is made anew: a
// context keeps what it evaluated, so reusing it forever would grow memory with the corpus.
const contextUses = 32

// vetUnit loads, checks and (when compile is set and there is no error) lowers one scenario.
// The file goes to its rule system on kind and rules (rules.go); a battle file's compiled form
// goes to out.battles (Pathfinder) or out.clashes (When Armies Clash).
func (w *worker) vetUnit(u unit, nm *namer, list *diag.List, compile bool, out *outputs) (p *plan.Plan, err error) {
	var local diag.List
	defer func() {
		if recoverPanics {
			if r := recover(); r != nil {
				p, err = nil, nil
				w.ctx = nil
				local.Add(diag.Errorf(diag.Pos{File: nm.display(u.files[0])}, codeLoad, "internal error while checking this scenario: %v", r).
					WithHint("please report this, with the scenario's files"))
			}
		}
		list.Add(local...)
	}()

	if w.uses++; w.uses > contextUses {
		w.ctx, w.uses = nil, 1
	}
	if w.ctx == nil {
		ctx := cuecontext.New()
		def, err := compileSchema(ctx)
		if err != nil {
			return nil, err
		}
		w.ctx, w.def, w.defs = ctx, def, nil
	}
	ctx, def := w.ctx, w.def
	ld, err := loadUnit(ctx, u, nm, &local, w.parsed(nm, u.files[0]))
	if err != nil || !ld.ok {
		return nil, err
	}
	uc := &unitCtx{ctx: ctx, def: def, defs: w.definition, ld: ld, nm: nm, list: &local, fallback: u.files[0], compile: compile, out: out}
	if treePath && len(ld.cue) > 0 {
		// CUE files: the evaluated value, exported, is validated without unifying (fast.go).
		if root, ok := exportTree(&ld, nm); ok {
			uc.fast = &fastUnit{root: root, top: nm.pos(ld.user.Pos()), export: true}
		}
	}
	return dispatch(uc)
}

// definition returns a definition of the embedded schema, compiled once per CUE context.
func (w *worker) definition(name string) (cue.Value, error) {
	if w.defs == nil {
		w.defs = map[string]cue.Value{}
	}
	if v, ok := w.defs[name]; ok {
		return v, nil
	}
	if name == "#Scenario" {
		return w.def, nil
	}
	v, err := compileDef(w.ctx, name)
	if err != nil {
		return cue.Value{}, err
	}
	w.defs[name] = v
	return v, nil
}

// parsed is loadUnit's callback that tells w.suspect where an overrun would come from.
func (w *worker) parsed(nm *namer, fallback string) func([]*ast.File) {
	if w.suspect == nil {
		return nil
	}
	return func(files []*ast.File) { w.suspect(suspectPos(files, nm, fallback)) }
}

// CompileBattle vets a Pathfinder battle file (kind: "battle", rules: "pathfinder"; see
// schema/pathfinder.cue) and compiles it: both sides' armies with their derived stat blocks
// (P-1..P-11), in source order, and the battlefield conditions (P-65). Army findings are
// pathfinder.Check's M001..M009, placed at the offending field; H005 for battle values. b is nil
// when the list has errors. err is for I/O and usage problems, a file of another kind included.
func CompileBattle(paths []string, opts Options) (b *plan.Battle, list diag.List, err error) {
	out := &outputs{}
	list, plans, _, err := runOut(paths, opts, true, out)
	if err != nil {
		return nil, list, err
	}
	if list.HasErrors() {
		return nil, list, nil
	}
	if len(out.clashes) > 0 {
		return nil, list, fmt.Errorf("%s is a clash battle file (rules: \"clash\"): compile it with CompileClash", strings.Join(paths, " "))
	}
	if len(plans) > 0 || len(out.battles) != 1 {
		return nil, list, fmt.Errorf("%s is not a battle file (want kind: \"battle\", rules: \"pathfinder\")", strings.Join(paths, " "))
	}
	return out.battles[0], list, nil
}
