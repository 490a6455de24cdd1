package runner_test

import (
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/sortie-rpg/sortie"

// engineOf names the engine a package belongs to: "karzoral" for runner/karzoral and below, ""
// for a package that is not an engine. An engine is any package right under runner/ but the
// campaign and dice: a new rule system (runner/clash) is one without a change here.
func engineOf(path string) string {
	rest, ok := strings.CutPrefix(path, module+"/runner/")
	if !ok {
		return ""
	}
	top, _, _ := strings.Cut(rest, "/")
	switch top {
	case "campaign", "dice":
		return ""
	}
	return top
}

// TestImportRules enforces the layout's import rules over the module's packages (their
// transitive imports, from `go list -deps`; tests excluded):
//   - no engine imports another engine;
//   - the core (runner) imports no engine and not the campaign;
//   - compiler/plan, the contract between compiler and runner, imports no runner package;
//   - runner/dice imports no other package of the module;
//   - the campaign plays Karzoral only: of the engines it imports runner/karzoral alone;
//   - nothing imports cmd/.
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
	for _, p := range pkgs {
		deps[p.ImportPath] = p.Deps
	}
	for _, msg := range importViolationsOf(deps) {
		t.Error(msg)
	}
}

// importViolationsOf checks the rules of TestImportRules on a map from each package of the module
// to its transitive imports, and returns one message per broken rule and pair.
func importViolationsOf(deps map[string][]string) []string {
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
			pe, de := engineOf(p), engineOf(d)
			switch {
			case strings.HasPrefix(d, module+"/cmd/"):
				msgs = append(msgs, p+" imports "+d+": nothing may import cmd/")
			case pe != "" && de != "" && pe != de:
				msgs = append(msgs, p+" imports "+d+": an engine imports no other engine")
			case p == module+"/runner" && (de != "" || d == module+"/runner/campaign"):
				msgs = append(msgs, p+" imports "+d+": the core imports no engine and not the campaign")
			case p == module+"/compiler/plan" && strings.HasPrefix(d, module+"/runner"):
				msgs = append(msgs, p+" imports "+d+": the plan (the contract) imports no runner package")
			case strings.HasPrefix(p, module+"/runner/dice") && !strings.HasPrefix(d, module+"/runner/dice"):
				msgs = append(msgs, p+" imports "+d+": runner/dice imports nothing of the module")
			case p == module+"/runner/campaign" && de != "" && de != "karzoral":
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
	ok := map[string][]string{
		m("/runner"):            {m("/compiler/plan"), m("/compiler/diag"), m("/runner/dice")},
		m("/runner/karzoral"):   {m("/runner"), m("/compiler/plan"), m("/runner/dice")},
		m("/runner/pathfinder"): {m("/runner"), m("/compiler/plan"), m("/runner/dice")},
		m("/runner/campaign"):   {m("/runner"), m("/runner/karzoral")},
		m("/compiler"):          {m("/compiler/plan"), m("/runner/pathfinder"), m("/runner")},
		m("/cmd/sortie"):        {m("/runner"), m("/runner/karzoral"), m("/runner/pathfinder")},
	}
	if got := importViolationsOf(ok); len(got) != 0 {
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
	} {
		g := map[string][]string{m(tc.from): {m(tc.to)}}
		got := importViolationsOf(g)
		if len(got) != 1 || !strings.Contains(got[0], tc.rule) {
			t.Errorf("%s -> %s: %v, want one violation of %q", tc.from, tc.to, got, tc.rule)
		}
	}
}
