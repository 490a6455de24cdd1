package runner_test

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/sortie-rpg/sortie"

// engineOf returns the engine a package belongs to (the engine's import path, for the engine and
// the packages below it), or "" for a package that is not an engine. An engine is a package that
// registers itself with runner.Register: a new rule system (runner/clash) is one without a change
// here.
func engineOf(path string, engines []string) string {
	for _, e := range engines {
		if path == e || strings.HasPrefix(path, e+"/") {
			return e
		}
	}
	return ""
}

// TestImportRules enforces the layout's import rules over the module's packages (their
// transitive imports, from `go list -deps`; tests excluded):
//   - no engine imports another engine;
//   - the core (runner) imports no engine and not the campaign;
//   - compiler/plan, the contract between compiler and runner, and its subpackages (the rule
//     arithmetic compiler and engines share: compiler/plan/pfarmy, compiler/plan/clashrules, and
//     the options table these two share, compiler/plan/optable) import no runner package;
//   - runner/dice imports no other package of the module;
//   - the campaign plays Karzoral only: of the engines it imports runner/karzoral alone;
//   - nothing outside cmd/ imports cmd/ (the command imports its own language server,
//     cmd/sortie/lsp; Go forbids importing the command itself);
//   - no package of compiler/ imports a runner package (its own imports: compilerViolationsOf) but
//     the pure ones of compilerMayImport (runner/dice), and for the pairs of knownEngineImports,
//     which may only shrink;
//   - the compiler's core imports no rule-system package of the compiler (compiler/karzoral,
//     compiler/pathfinder, compiler/clash): those register themselves, as engines do, and
//     compiler/all, which links the rule systems for a program, imports every one there is.
func TestImportRules(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(gocmd, "list", "-deps", "-json", "./...")
	cmd.Dir = filepath.Join("..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	type pkg struct {
		ImportPath string
		Dir        string
		GoFiles    []string
		Deps       []string
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(p.ImportPath, module) {
			pkgs = append(pkgs, p)
		}
	}
	var paths []string
	for _, p := range pkgs {
		paths = append(paths, p.ImportPath)
	}
	for _, want := range []string{"/runner", "/runner/karzoral", "/runner/pathfinder", "/runner/campaign", "/runner/dice", "/compiler/plan"} {
		if !slices.Contains(paths, module+want) {
			t.Fatalf("go list does not show %s%s (got %v)", module, want, paths)
		}
	}
	deps := map[string][]string{}
	var engines []string
	for _, p := range pkgs {
		deps[p.ImportPath] = p.Deps
		if p.ImportPath != module+"/runner" && registers(t, p.Dir, p.GoFiles) {
			engines = append(engines, p.ImportPath)
		}
	}
	for _, want := range []string{"/runner/karzoral", "/runner/pathfinder"} {
		if !slices.Contains(engines, module+want) {
			t.Fatalf("%s%s does not call runner.Register (engines: %v)", module, want, engines)
		}
	}
	for _, msg := range importViolationsOf(deps, engines) {
		t.Error(msg)
	}
	for _, msg := range compilerViolationsOf(deps, knownEngineImports) {
		t.Error(msg)
	}
	var systems []string
	for _, p := range pkgs {
		if strings.HasPrefix(p.ImportPath, module+"/compiler/") && callsIn(t, p.Dir, p.GoFiles, "compiler.Register(") {
			systems = append(systems, strings.TrimPrefix(p.ImportPath, module))
		}
	}
	for _, msg := range compilerLayoutOf(systems, paths, notSplitYet) {
		t.Error(msg)
	}
}

// notSplitYet are the rule systems of compilerRuleSystems whose checks still live in the
// compiler's core, each with why. The list may only shrink: a package made for one fails the
// test until its entry is removed.
var notSplitYet = map[string]string{}

// compilerLayoutOf checks that `go list ./compiler/...` shows the core and one package per rule
// system: registering are the compiler packages that call compiler.Register (module-relative),
// listed every package go list shows. Each registering package is one of compilerRuleSystems, and
// each of those is listed, unless notSplit says why not (and then it must not be listed).
func compilerLayoutOf(registering, listed []string, notSplit map[string]string) []string {
	var msgs []string
	for _, r := range registering {
		if !slices.Contains(compilerRuleSystems, r) {
			msgs = append(msgs, module+r+" registers a rule system but is not in compilerRuleSystems: add it (the core must not import it)")
		}
	}
	for _, rs := range compilerRuleSystems {
		has := slices.Contains(listed, module+rs)
		why, pending := notSplit[rs]
		switch {
		case has && pending:
			msgs = append(msgs, module+rs+" exists: remove it from notSplitYet ("+why+")")
		case !has && !pending:
			msgs = append(msgs, "go list shows no "+module+rs+": each rule system of the compiler is a package of its own")
		case has && !slices.Contains(registering, rs):
			msgs = append(msgs, module+rs+" does not call compiler.Register: a rule system enters the registry from its init")
		}
	}
	return msgs
}

// TestCompilerLayout: compilerLayoutOf on made-up listings: today's shape passes; a rule system
// package not registered, a registering package not listed as a rule system, a rule system with
// no package and a split one still in notSplit are each caught.
func TestCompilerLayout(t *testing.T) {
	m := func(s string) string { return module + s }
	pending := map[string]string{"/compiler/karzoral": "test"}
	all := []string{"/compiler/karzoral", "/compiler/pathfinder", "/compiler/clash"}
	listed := []string{m("/compiler"), m("/compiler/karzoral"), m("/compiler/pathfinder"), m("/compiler/clash"), m("/compiler/all")}
	notKarzoral := []string{m("/compiler"), m("/compiler/pathfinder"), m("/compiler/clash"), m("/compiler/all")}
	if got := compilerLayoutOf(all, listed, nil); len(got) != 0 {
		t.Errorf("today's layout refused: %v", got)
	}
	for _, tc := range []struct {
		name                string
		registering, listed []string
		notSplit            map[string]string
		rule                string
	}{
		{"unregistered", []string{"/compiler/karzoral", "/compiler/clash"}, listed, nil, "does not call compiler.Register"},
		{"unlisted system", append(all[:3:3], "/compiler/gurps"), listed, nil, "not in compilerRuleSystems"},
		{"no package", []string{"/compiler/pathfinder", "/compiler/clash"}, notKarzoral, nil, "go list shows no"},
		{"split but pending", all, listed, pending, "remove it from notSplitYet"},
	} {
		if got := compilerLayoutOf(tc.registering, tc.listed, tc.notSplit); len(got) != 1 || !strings.Contains(got[0], tc.rule) {
			t.Errorf("%s: %v, want one violation of %q", tc.name, got, tc.rule)
		}
	}
}

// knownEngineImports are imports of an engine by the compiler that are allowed for now, each with
// what it is for. Issue 20 moved the rule arithmetic the compiler's checks share with the engines
// to compiler/plan/pfarmy and compiler/plan/clashrules, and the list is empty; it may only shrink:
// an entry no longer imported fails the test until removed.
var knownEngineImports = map[[2]string]string{}

// compilerMayImport are the runner packages a compiler package may import: pure ones, that import
// nothing of the runner but themselves (runner/dice: the dice notation, checked above).
var compilerMayImport = []string{"/runner/dice"}

// compilerRuleSystems are the compiler's rule-system packages (issue 20): the core imports none.
var compilerRuleSystems = []string{"/compiler/karzoral", "/compiler/pathfinder", "/compiler/clash"}

// compilerViolationsOf checks the compiler's rules of TestImportRules on a map from each package
// of the module to its imports, transitive ones included (go list -deps): a package of compiler/
// reaches no runner package, directly or through another package, but those of compilerMayImport
// and the known pairs (each of which must still be imported), and the core (compiler) imports no
// rule-system package.
func compilerViolationsOf(imports map[string][]string, known map[[2]string]string) []string {
	var msgs []string
	var names []string
	for p := range imports {
		names = append(names, p)
	}
	slices.Sort(names)
	seen := map[[2]string]bool{}
	for _, p := range names {
		if p != module+"/compiler" && !strings.HasPrefix(p, module+"/compiler/") {
			continue
		}
		for _, d := range imports[p] {
			if (d == module+"/runner" || strings.HasPrefix(d, module+"/runner/")) && !slices.Contains(compilerMayImport, strings.TrimPrefix(d, module)) {
				if _, ok := known[[2]string{p, d}]; ok {
					seen[[2]string{p, d}] = true
					continue
				}
				msgs = append(msgs, p+" imports "+d+": no compiler package imports the runner or an engine (move the rule arithmetic both need to a pure package both may import)")
			}
			for _, rs := range compilerRuleSystems {
				if p == module+"/compiler" && (d == module+rs || strings.HasPrefix(d, module+rs+"/")) {
					msgs = append(msgs, p+" imports "+d+": the compiler's core imports no rule system (it registers itself)")
				}
			}
		}
	}
	if all, ok := imports[module+"/compiler/all"]; ok {
		for _, rs := range compilerRuleSystems {
			if _, exists := imports[module+rs]; exists && !slices.Contains(all, module+rs) {
				msgs = append(msgs, module+"/compiler/all does not import "+module+rs+": a program linking compiler/all would not know the rule system")
			}
		}
	}
	var gone []string
	for k := range known {
		if _, listed := imports[k[0]]; listed && !seen[k] {
			gone = append(gone, k[0]+" no longer imports "+k[1]+": remove the pair from knownEngineImports")
		}
	}
	slices.Sort(gone)
	return append(msgs, gone...)
}

// TestCompilerViolations: the compiler's rules on made-up graphs: a new engine import, an import
// of a rule system by the core, a rule system compiler/all does not link and a known pair no
// longer imported are each caught; a rule system importing the core, and the core's known pair,
// pass.
func TestCompilerViolations(t *testing.T) {
	m := func(s string) string { return module + s }
	known := map[[2]string]string{{m("/compiler"), m("/runner/pathfinder")}: "test"}
	ok := map[string][]string{
		m("/compiler"):       {m("/compiler/plan"), m("/runner/pathfinder"), m("/runner/dice")},
		m("/compiler/clash"): {m("/compiler"), m("/compiler/plan")},
		m("/compiler/all"):   {m("/compiler"), m("/compiler/clash")},
		m("/cmd/sortie"):     {m("/compiler/all"), m("/runner/clash")},
	}
	if got := compilerViolationsOf(ok, known); len(got) != 0 {
		t.Errorf("the layout's shape is refused: %v", got)
	}
	for _, tc := range []struct {
		from, to, rule string
	}{
		{"/compiler/clash", "/runner/clash", "no compiler package imports the runner"},
		{"/compiler/pathfinder", "/runner/pathfinder", "no compiler package imports the runner"},
		{"/compiler/graph", "/runner/karzoral/internal/x", "no compiler package imports the runner"},
		{"/compiler/plan", "/runner", "no compiler package imports the runner"},
		{"/compiler", "/compiler/clash", "core imports no rule system"},
		{"/compiler", "/compiler/pathfinder/stats", "core imports no rule system"},
	} {
		g := map[string][]string{m(tc.from): {m(tc.to)}}
		got := compilerViolationsOf(g, nil)
		if len(got) != 1 || !strings.Contains(got[0], tc.rule) {
			t.Errorf("%s -> %s: %v, want one violation of %q", tc.from, tc.to, got, tc.rule)
		}
	}
	// Through another package: go list -deps lists compiler/all's dependencies transitively, so a
	// rule system that imports its engine makes compiler/all (and every program) reach it too.
	through := map[string][]string{
		m("/compiler/all"):   {m("/compiler"), m("/compiler/clash"), m("/compiler/plan/clashrules"), m("/runner/clash")},
		m("/compiler/clash"): {m("/compiler"), m("/compiler/plan/clashrules")},
	}
	if got := compilerViolationsOf(through, nil); len(got) != 1 || !strings.Contains(got[0], "compiler/all imports "+m("/runner/clash")) {
		t.Errorf("an engine reached through another package: %v, want one violation", got)
	}
	missing := map[string][]string{m("/compiler/clash"): {m("/compiler")}, m("/compiler/all"): {m("/compiler")}}
	if got := compilerViolationsOf(missing, nil); len(got) != 1 || !strings.Contains(got[0], "compiler/all does not import") {
		t.Errorf("a rule system compiler/all does not link: %v, want one violation", got)
	}
	gone := map[string][]string{m("/compiler"): {m("/compiler/plan")}}
	if got := compilerViolationsOf(gone, known); len(got) != 1 || !strings.Contains(got[0], "no longer imports") {
		t.Errorf("a known pair no longer imported: %v, want one message to remove it", got)
	}
}

// maxFileLines is the most lines a non-test Go file of the module may have (STYLE.md: files under
// about 600 lines, one job per file).
const maxFileLines = 600

// TestFileSizes: no non-test Go file of the module's packages (go list's GoFiles, every build of
// this platform) is over maxFileLines lines.
func TestFileSizes(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(gocmd, "list", "-f", "{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}\n{{end}}", "./...")
	cmd.Dir = filepath.Join("..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	files := strings.Fields(string(out))
	if len(files) < 100 {
		t.Fatalf("go list names %d files: want the module's several hundred", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(data, []byte("\n")); n > maxFileLines {
			t.Errorf("%s: %d lines, over %d: split it by job", f, n, maxFileLines)
		}
	}
}

// registers reports whether a package's (non-test) files call runner.Register.
func registers(t *testing.T, dir string, files []string) bool {
	return callsIn(t, dir, files, "runner.Register(")
}

// callsIn reports whether a package's (non-test) files hold call (a function's name and "(").
func callsIn(t *testing.T, dir string, files []string, call string) bool {
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte(call)) {
			return true
		}
	}
	return false
}

// importViolationsOf checks the rules of TestImportRules on a map from each package of the module
// to its transitive imports, given the engines' import paths, and returns one message per broken
// rule and pair.
func importViolationsOf(deps map[string][]string, engines []string) []string {
	var msgs []string
	var names []string
	for p := range deps {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		for _, d := range deps[p] {
			if !strings.HasPrefix(d, module) {
				continue
			}
			pe, de := engineOf(p, engines), engineOf(d, engines)
			switch {
			case strings.HasPrefix(d, module+"/cmd/") && !strings.HasPrefix(p, module+"/cmd/"):
				msgs = append(msgs, p+" imports "+d+": nothing outside cmd/ may import cmd/")
			case pe != "" && de != "" && pe != de:
				msgs = append(msgs, p+" imports "+d+": an engine imports no other engine")
			case p == module+"/runner" && (de != "" || d == module+"/runner/campaign"):
				msgs = append(msgs, p+" imports "+d+": the core imports no engine and not the campaign")
			case (p == module+"/compiler/plan" || strings.HasPrefix(p, module+"/compiler/plan/")) && strings.HasPrefix(d, module+"/runner"):
				msgs = append(msgs, p+" imports "+d+": the plan (the contract) and its rule arithmetic import no runner package")
			case strings.HasPrefix(p, module+"/runner/dice") && !strings.HasPrefix(d, module+"/runner/dice"):
				msgs = append(msgs, p+" imports "+d+": runner/dice imports nothing of the module")
			case p == module+"/runner/campaign" && de != "" && de != module+"/runner/karzoral":
				msgs = append(msgs, p+" imports "+d+": the campaign plays the Karzoral engine only")
			}
		}
	}
	return msgs
}

// TestImportViolations: the checker itself, on made-up graphs: each rule is caught, and the real
// layout's shape passes.
func TestImportViolations(t *testing.T) {
	m := func(s string) string { return module + s }
	engines := []string{m("/runner/karzoral"), m("/runner/pathfinder"), m("/runner/clash")}
	ok := map[string][]string{
		m("/runner"):            {m("/compiler/plan"), m("/compiler/diag"), m("/runner/dice")},
		m("/runner/karzoral"):   {m("/runner"), m("/compiler/plan"), m("/runner/dice")},
		m("/runner/pathfinder"): {m("/runner"), m("/compiler/plan"), m("/runner/dice")},
		m("/runner/campaign"):   {m("/runner"), m("/runner/karzoral")},
		m("/compiler"):          {m("/compiler/plan"), m("/runner/pathfinder"), m("/runner")},
		m("/cmd/sortie"):        {m("/runner"), m("/runner/karzoral"), m("/runner/pathfinder"), m("/cmd/sortie/lsp")},
		m("/cmd/sortie/lsp"):    {m("/compiler"), m("/compiler/diag")},
		m("/runner/expect"):     {m("/runner"), m("/runner/karzoral"), m("/runner/pathfinder")}, // a helper, not an engine
	}
	if got := importViolationsOf(ok, engines); len(got) != 0 {
		t.Errorf("the layout's shape is refused: %v", got)
	}
	for _, tc := range []struct {
		from, to, rule string
	}{
		{"/runner/pathfinder", "/runner/karzoral", "no other engine"},
		{"/runner/clash", "/runner/pathfinder/internal/x", "no other engine"},
		{"/runner", "/runner/karzoral", "the core"},
		{"/runner", "/runner/campaign", "the core"},
		{"/compiler/plan", "/runner/pathfinder", "the contract"},
		{"/compiler/plan/pfarmy", "/runner/pathfinder", "the contract"},
		{"/compiler/plan/clashrules", "/runner/dice", "the contract"},
		{"/compiler/plan/optable", "/runner", "the contract"},
		{"/runner/dice", "/runner", "imports nothing"},
		{"/runner/campaign", "/runner/pathfinder", "Karzoral engine only"},
		{"/compiler", "/cmd/sortie", "cmd/"},
		{"/runner/expect", "/cmd/sortie/lsp", "cmd/"},
	} {
		g := map[string][]string{m(tc.from): {m(tc.to)}}
		got := importViolationsOf(g, engines)
		if len(got) != 1 || !strings.Contains(got[0], tc.rule) {
			t.Errorf("%s -> %s: %v, want one violation of %q", tc.from, tc.to, got, tc.rule)
		}
	}
}
