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
//   - compiler/plan, the contract between compiler and runner, imports no runner package;
//   - runner/dice imports no other package of the module;
//   - the campaign plays Karzoral only: of the engines it imports runner/karzoral alone;
//   - nothing outside cmd/ imports cmd/ (the command imports its own language server,
//     cmd/sortie/lsp; Go forbids importing the command itself).
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
}

// registers reports whether a package's (non-test) files call runner.Register.
func registers(t *testing.T, dir string, files []string) bool {
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte("runner.Register(")) {
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
			case p == module+"/compiler/plan" && strings.HasPrefix(d, module+"/runner"):
				msgs = append(msgs, p+" imports "+d+": the plan (the contract) imports no runner package")
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
