package main

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/urfave/cli/v2"
)

// diffBattles is sortie diff of two versions of a battle file: their entities (plandiff.
// ClashEntities, plandiff.BattleEntities) and, with --runs N, a simulation of each (seeds 1..N,
// the battle's own commanders unless --policy names another its registry entry offers) whose wins and draws are printed
// side by side. The report has no forecast and no reach: a battle has no march and no field.
func diffBattles(e *env, c *cli.Context, oldPath, newPath string) error {
	return diffBattlesAs(e, c, oldPath, newPath, nil)
}

// diffBattlesAs is diffBattles whose old version, with git set, is a copy of a revision's battle
// (diff --git REV BATTLE): the report names it git.name and its positions read "REV:path".
func diffBattlesAs(e *env, c *cli.Context, oldPath, newPath string, git *gitBattle) error {
	rename := func(s string) string { return s }
	oldName := oldPath
	if git != nil {
		rename, oldName = git.rename, git.name
	}
	pol := "default"
	if c.IsSet("policy") {
		pol = c.String("policy")
	}
	type version struct {
		be    battleEngine
		sub   *simSubject
		name  string
		tests []expect.Test
		decls map[string]diag.Pos // where its entities are declared (plandiff.BattleDeclarations)
	}
	var vs [2]version
	for i, path := range []string{oldPath, newPath} {
		u, list, err := compiler.CompileAnyBattle([]string{path}, e.opts())
		if err != nil && i == 1 && otherKind(e, path) == "scenario" {
			return mixedKinds(oldName, "a battle file", path, "a scenario")
		}
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		name := path
		if i == 0 {
			name = oldName
			for j := range list {
				list[j].Pos.File = rename(list[j].Pos.File)
			}
		}
		list.Sort()
		writeDiagText(e.stderr, list, false)
		if list.HasErrors() || u == nil {
			return failf(exitFindings, "%s has %s: nothing to compare", name, words.Count(list.Count(diag.Error), "error"))
		}
		be, _, ok := battleEngineOf(u)
		if !ok {
			return refuseKind("diff", path, u.Kind)
		}
		sub, err := battleSubject(path, u, defaultRules)
		if err != nil {
			return err
		}
		files, err := unitFiles(e, path)
		if err != nil {
			return err
		}
		tests, err := testsOf(e, files)
		if err != nil {
			return err
		}
		if i == 0 {
			for j := range tests {
				tests[j].Pos.File = rename(tests[j].Pos.File)
			}
		}
		vs[i] = version{be: be, sub: sub, name: name, tests: tests, decls: plandiff.BattleDeclarations(files, displayPath)}
	}
	o, n := vs[0].sub, vs[1].sub
	if o.meta.Rules != n.meta.Rules {
		return failf(exitUsage, "%s and %s follow different rules (%s, %s): nothing to compare", oldName, newPath, o.meta.Rules, n.meta.Rules)
	}
	// The policy is the registry's to accept, with its aliases (tactical for a clash battle's
	// default), as battle and simulate take it (issue 20 review: diff refused tactical).
	if of := offerOf(o.meta.Rules, o.meta.Kind); of != nil {
		if !of.hasPolicy(pol) {
			return failf(exitUsage, "--policy: %v", of.policyError(pol))
		}
		pol = of.Canonical(pol)
	}
	rep := &diffReport{Old: oldName, New: newPath, Battle: true, Tests: testChanges(vs[0].tests, vs[1].tests)}
	rep.Entities = vs[0].be.entities(o, n, vs[0].decls, vs[1].decls)
	for i := range rep.Entities {
		if f := rep.Entities[i].Old.File; f != "" {
			rep.Entities[i].Old.File = rename(f)
		}
	}
	if runs := c.Int("runs"); runs > 0 {
		sim := &diffSim{Policy: pol, Runs: runs}
		var outcomes [2]map[string]int
		for i, v := range vs {
			pm, err := v.sub.policy(pol)
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			t, err := runner.Simulate(v.sub.subject, runner.SimOptions{Runs: runs, Seed: 1, Policy: pm})
			if err != nil {
				return failf(exitUsage, "simulating %s: %v", v.name, err)
			}
			outcomes[i] = t.Outcomes
		}
		sim.Lines = battleSimLines(outcomes, runs)
		rep.Simulation = sim
	}
	return writeDiff(e, c, rep, c.String("format"))
}

// battleSimLines: each outcome (a side's name, or "no winner") either version had, as "wins: SIDE"
// (or "draws"), in the order of the old version's rate, the highest first, then the name.
func battleSimLines(outcomes [2]map[string]int, runs int) []simLine {
	seen := map[string]bool{}
	var names []string
	for _, m := range outcomes {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				names = append(names, k)
			}
		}
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := outcomes[0][names[i]], outcomes[0][names[j]]
		if a != b {
			return a > b
		}
		return names[i] < names[j]
	})
	var out []simLine
	for _, k := range names {
		what := "wins: " + k
		if k == "no winner" {
			what = "no winner (draws)"
		}
		l := simLine{What: what, Old: pct(outcomes[0][k], runs), New: pct(outcomes[1][k], runs)}
		l.OldPct, l.NewPct = fmt.Sprintf("%.1f%%", l.Old), fmt.Sprintf("%.1f%%", l.New)
		out = append(out, l)
	}
	return out
}
