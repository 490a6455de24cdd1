package compiler

import (
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
	// Overlay maps absolute file names to contents that stand in for the files on disk (an
	// editor's unsaved buffers, see overlay.go). Nil: every file is read from disk.
	Overlay map[string][]byte
}

// Vet loads paths, applies the schema and runs every check, returning all findings sorted by file,
// line and column.
//
// Each path is a file (.cue, .yaml, .yml, .json), a directory, or a pattern "dir/..." (every
// scenario below dir: each folder with .cue files is one, and so is each YAML or JSON file that
// says kind: scenario in a folder without .cue files; hidden folders, folders starting with '_'
// and cue.mod are skipped). All files named directly make up one scenario (one CUE package; YAML
// and JSON files unify with it). Each directory is a scenario of its own: all its .cue files (one
// package), or, when it has none, its single YAML or JSON file; subdirectories are not searched.
// Files named *_tool.cue, or starting with '.' or '_', are ignored: tool scripts are never run.
// Imports never reach a registry (CUE_REGISTRY=none), the module root is the scenario's folder,
// and no file outside that folder is read (L007 for imports, an error for symbolic links).
// Scenarios are vetted in parallel, one CUE context per worker (at most GOMAXPROCS workers).
//
// Findings carry stable codes (see the diag catalogue and `sortie explain CODE`): L001-L007
// loading and hostile input, L008-L010 suppressions, S001-S004 schema, R001-R006 references and
// usage, F001-F005 field, A001-A003 armies, E001-E004 events and flags, O001-O002 objectives,
// T001-T003 time and tables, W001 the army forecast. A file with a syntax or load error is not
// checked further. A @sortie(ignore="CODE", reason="...") attribute on a field silences CODE
// within that field's source range. Pathfinder files (rules: "pathfinder": a scenario on a hex
// field, or a battle file, kind: "battle"; pathfinder.go) take schema/pathfinder.cue instead and
// add M001-M009 (army statistics, pathfinder.Check, each at the offending field) and H001-H005
// (hexes, routes, battle values).
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
	if len(out.battles) > 0 {
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
	// wantSymbols asks for the symbol index of each unit that loads (Analyze, symbols.go).
	wantSymbols bool
	symbols     []*Symbols
}

func runOut(paths []string, opts Options, compile bool, out *outputs) (diag.List, []*plan.Plan, []ScenarioFiles, error) {
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
	units, err := collectUnits(paths, wd, opts.Overlay)
	if err != nil {
		return nil, nil, nil, err
	}
	for i := range units {
		units[i].overlay = opts.Overlay
	}
	if compile && len(units) != 1 {
		return nil, nil, nil, fmt.Errorf("compile takes one scenario (files of one package or one directory), got %d", len(units))
	}
	// Scenarios are vetted in parallel, at most GOMAXPROCS at a time, each with its own CUE
	// context (cue values are not safe for concurrent use); results are gathered in unit order
	// and sorted, so the output does not depend on scheduling.
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
			w := &worker{}
			for i := range next {
				r := &results[i]
				r.plan, r.err = w.vetUnit(units[i], newNamer(wd), &r.list, compile, &r.out)
			}
		}()
	}
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	var list diag.List
	var plans []*plan.Plan
	for _, r := range results {
		list.Add(r.list...)
		out.battles = append(out.battles, r.out.battles...)
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
		for _, f := range u.files {
			scen[i].Files = append(scen[i].Files, nm.display(f))
		}
	}
	return list, plans, scen, nil
}

// worker vets scenarios one after another in one CUE context, with the schema compiled once.
// After a panic the context is dropped and made anew.
type worker struct {
	ctx  *cue.Context
	def  cue.Value
	uses int
}

// contextUses bounds how many scenarios one CUE context evaluates before it is made anew: a
// context keeps what it evaluated, so reusing it forever would grow memory with the corpus.
const contextUses = 32

// vetUnit loads, checks and (when compile is set and there is no error) lowers one scenario.
// Pathfinder scenarios and battle files (pathfinder.go) are dispatched on kind and rules; a battle
// file's compiled form goes to out.battles.
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
		w.ctx, w.def = ctx, def
	}
	ctx, def := w.ctx, w.def
	ld, err := loadUnit(ctx, u, nm, &local)
	if err != nil || !ld.ok {
		return nil, err
	}
	if pf, ok := pathfinderUnit(ld.user); ok {
		if out.wantSymbols {
			out.symbols = append(out.symbols, pfSymbols(ld, nm, pf))
		}
		return vetPathfinder(ctx, pf, ld, nm, &local, u.files[0], compile, out)
	}
	if !checkKind(ld.user, nm, &local, u.files[0]) {
		return nil, nil
	}
	sc := newSchemaChecker(ctx, def, ld.user, nm, &local)
	unified := sc.run()
	root := nm.pos(ld.user.Pos())
	if !root.IsValid() || root.Line == 0 {
		root = diag.Pos{File: nm.display(u.files[0]), Line: 1, Column: 1}
	}
	s := (&decoder{nm: nm}).decode(ld.user, unified, root)
	s.Declared = declarations(append(append([]*ast.File(nil), ld.cue...), ld.data...), nm)
	sup := collectSuppressions(ld.cue, nm, &local)
	var found diag.List
	if err := runChecks(s, &found); err != nil {
		return nil, err
	}
	local.Add(applySuppressions(found, sup)...)
	if out.wantSymbols {
		out.symbols = append(out.symbols, karzoralSymbols(ld, nm, s))
	}
	if !compile || local.HasErrors() {
		return nil, nil
	}
	p, err = lower(s, ld.sources)
	if err != nil {
		return nil, fmt.Errorf("compiler bug: %v", err)
	}
	return p, nil
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
	if len(plans) > 0 || len(out.battles) != 1 {
		return nil, list, fmt.Errorf("%s is not a battle file (want kind: \"battle\", rules: \"pathfinder\")", strings.Join(paths, " "))
	}
	return out.battles[0], list, nil
}
