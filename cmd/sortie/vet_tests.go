package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner/expect"
)

// vetTestScripts checks, as sortie test does before it replays a test, that the script of every
// test in the tests: list of each scenario or battle file of units is a regular file inside the
// file's folder: Q004 at the test's script: field otherwise, saying why (missing, L018 outside
// the folder, L017 not a regular file, too large). A unit vet already found errors in, or one
// whose files never mention tests (known from vet's own read, NoTests, or read here), is skipped; a tests: list that cannot be read is left to
// sortie test (its Q003). The list is read in the budgeted evaluator, as sortie test reads it.
func vetTestScripts(list diag.List, units []compiler.ScenarioFiles, budget compiler.Budget) diag.List {
	var out diag.List
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	for _, u := range units {
		if len(u.Files) == 0 || u.NoTests || hasErrors(list, u) || !mentionsTests(u.Files) {
			continue
		}
		x, err := expect.LoadBudgeted(context.Background(), expect.Request{Field: "tests"}, u.Files, wd, budget)
		if err != nil || x.List.HasErrors() {
			continue
		}
		dir := filepath.Dir(u.Files[0])
		for i := range x.Tests {
			t := &x.Tests[i]
			if t.Script.V == "" {
				continue // no script: a problem of the test itself (Q002), which sortie test reports
			}
			script := filepath.Join(dir, filepath.FromSlash(t.Script.V))
			if !filepath.IsAbs(script) {
				script = "." + string(filepath.Separator) + script
			}
			if why := scriptProblem(dir, script); why != "" {
				out.Add(diag.Errorf(t.Script.Pos, expect.CodeNoScript, "cannot read the script %s: %s", t.Script.V, why))
			}
		}
	}
	return out
}
