package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner/expect"
)

// vetTestScripts checks, as sortie test does before it replays a test, that every test's bounds
// read and name only what the file has (Q002, the same expect.Test.Validate sortie test runs),
// that every bound of the expect: list reads (Q002: a reversed range), and that the script of every
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
		x, err := expect.LoadBudgeted(context.Background(), expect.Request{Field: "tests", Balances: true}, u.Files, wd, budget)
		if err != nil || x.List.HasErrors() {
			continue
		}
		if len(x.Tests) == 0 && len(x.Balances) == 0 {
			continue
		}
		c, known, ok := compiledKnown(u, budget)
		// The expect: list's problems (a bound that cannot be read, "9..3"; a word or name the
		// file does not have, median: day: in a clash battle): Q002, as simulate --check and
		// sortie test report them (balanceChecks).
		if ok {
			out.Add(balanceChecks(x.Balances, known, entitiesOfCompiled(u.Files[0], c))...)
		} else {
			out.Add(x.BalanceProblems()...)
		}
		dir := filepath.Dir(u.Files[0])
		for i := range x.Tests {
			t := &x.Tests[i]
			// A bound that cannot be read ("9..3", a negative count) and a name or unit word the
			// file does not have (day: in a battle): Q002, as sortie test reports them.
			out.Add(t.Problems...)
			if ok {
				out.Add(t.Validate(known)...)
			}
			if t.Script.V == "" {
				continue // no script: a problem of the test itself (Q002), which sortie test reports
			}
			script := testScript(dir, t.Script.V)
			if why := scriptProblem(dir, script); why != "" {
				out.Add(diag.Errorf(t.Script.Pos, expect.CodeNoScript, "cannot read the script %s: %s", t.Script.V, why))
			}
		}
	}
	return out
}

// knownOfUnit is what the tests of u may name, as sortie test works it out (knownOf for a
// scenario; its engine's known and its length's word, phase or round, for a battle); false when
// u does not compile or no engine fights it (vet reports that itself).
func knownOfUnit(u compiler.ScenarioFiles, budget compiler.Budget) (expect.Known, bool) {
	_, k, ok := compiledKnown(u, budget)
	return k, ok
}

// compiledKnown is knownOfUnit with the unit compiled (nil when it does not compile).
func compiledKnown(u compiler.ScenarioFiles, budget compiler.Budget) (*compiler.Compiled, expect.Known, bool) {
	c, list, err := compiler.CompileAny(u.Files, compiler.Options{Budget: budget})
	if err != nil || c == nil || list.HasErrors() {
		return nil, expect.Known{}, false
	}
	k, ok := knownOfCompiled(c)
	return c, k, ok
}

// knownOfCompiled is knownOfUnit for a unit already compiled to c (sortie test's battles have
// it): false when no engine fights c.
func knownOfCompiled(c *compiler.Compiled) (expect.Known, bool) {
	if c.Kind != "battle" {
		return knownOf(c.Plan), c.Plan != nil
	}
	be, o, ok := battleEngineOf(c)
	if !ok {
		return expect.Known{}, false
	}
	known := be.known(c)
	known.NoRations, known.DayUnit = true, o.Unit
	return known, true
}
