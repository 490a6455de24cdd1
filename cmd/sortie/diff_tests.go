package main

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
	"github.com/sortie-rpg/sortie/runner/expect"
)

// sortie diff's tests section: the tests: lists of two versions of a scenario or a battle file,
// compared by test name (issue 20). A test in one version only is added or removed; a test in
// both whose script, seed, policy, winner or expectation differs is changed, with each field's
// old and new value. Positions are where each version's entry is written.

// testsOf reads the tests: list of the unit made of files (as sortie test reads it: in the
// budgeted evaluator); nil when it declares none.
func testsOf(e *env, files []string) ([]expect.Test, error) {
	wd, _ := os.Getwd()
	x, err := expect.LoadBudgeted(context.Background(), expect.Request{Field: "tests"}, files, wd, e.opts().Budget)
	if err != nil {
		return nil, failf(exitUsage, "cannot read the tests: %v", err)
	}
	if x.List.HasErrors() {
		writeDiagText(e.stderr, x.List, false)
		return nil, failf(exitFindings, "cannot read the tests")
	}
	return x.Tests, nil
}

// testChanges compares two tests: lists by name: added, removed and changed tests (Key "test
// NAME"), in the new list's order with the removed ones after, each in its own list's order.
func testChanges(old, new []expect.Test) []plandiff.EntityChange {
	byName := func(ts []expect.Test) map[string]*expect.Test {
		m := make(map[string]*expect.Test, len(ts))
		for i := range ts {
			m[ts[i].Name] = &ts[i]
		}
		return m
	}
	om, nm := byName(old), byName(new)
	var out []plandiff.EntityChange
	for i := range new {
		n := &new[i]
		o, ok := om[n.Name]
		if !ok {
			out = append(out, plandiff.EntityChange{Key: "test " + n.Name, Change: plandiff.Added, New: n.Pos})
			continue
		}
		var fs []plandiff.FieldDiff
		of, nf := testFields(o), testFields(n)
		for j := range of {
			if of[j][1] != nf[j][1] {
				fs = append(fs, plandiff.FieldDiff{Field: of[j][0], Old: of[j][1], New: nf[j][1]})
			}
		}
		if len(fs) > 0 {
			out = append(out, plandiff.EntityChange{Key: "test " + n.Name, Change: plandiff.Changed, Old: o.Pos, New: n.Pos, Fields: fs})
		}
	}
	for i := range old {
		if _, ok := nm[old[i].Name]; !ok {
			out = append(out, plandiff.EntityChange{Key: "test " + old[i].Name, Change: plandiff.Removed, Old: old[i].Pos})
		}
	}
	return out
}

// testFields are a test's compared fields as name and value, in a fixed order: script, seed,
// policy, winner, then each expectation by the name the test entry gives it ("round", "armies").
func testFields(t *expect.Test) [][2]string {
	str := func(s *expect.Str) string {
		if s == nil {
			return ""
		}
		return s.V
	}
	num := func(n *expect.NumAt) string {
		if n == nil {
			return ""
		}
		return n.Num.String()
	}
	named := func(ns []expect.Named) string {
		var parts []string
		for _, n := range ns {
			parts = append(parts, n.Name+" "+n.Num.String())
		}
		return strings.Join(parts, ", ")
	}
	var objs []string
	for _, o := range t.Expect.Objectives {
		objs = append(objs, o.V)
	}
	x := &t.Expect
	return [][2]string{
		{"script", t.Script.V}, {"seed", strconv.FormatUint(t.Seed, 10)}, {"policy", t.Policy}, {"winner", str(t.Winner)},
		{"outcome", str(x.Outcome)}, {dayWord(x.Day), num(x.Day)}, {"reason", str(x.Reason)},
		{"party", str(x.Party)}, {"rations", num(x.Rations)}, {"armies", named(x.Armies)},
		{"xp", named(x.XP)}, {"objectives", strings.Join(objs, ", ")}, {"events", named(x.Events)},
	}
}

// dayWord is how expect: names a run's length: "day", or a battle's "round" or "phase".
func dayWord(n *expect.NumAt) string {
	if n != nil && n.Word != "" {
		return n.Word
	}
	return "day"
}

// unitFiles are the files of the unit at path as the compiler reads it (compiler.UnitFiles): a
// file, or a folder's battle or scenario unit, never the scripts or other data files beside it.
// The caller has compiled path as one unit already; a path that resolves to no unit or to
// several is a usage error.
func unitFiles(e *env, path string) ([]string, error) {
	units, err := compiler.UnitFiles([]string{path}, e.opts().WorkDir, nil)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	if len(units) != 1 {
		return nil, failf(exitUsage, "%s holds %d units (scenarios, battles or campaigns): diff takes one on each side", path, len(units))
	}
	return units[0], nil
}
