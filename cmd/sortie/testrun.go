package main

// The adapter between sortie test and the runner: it plays one test's script on a plan and
// returns the run in the expectation vocabulary (runner/expect). It is the only file of sortie
// test that knows the runner's entry points and result types.

import (
	"errors"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/expect"
)

// playTest replays script (a path) on p with the test's seed and policy. It returns the run and
// the script's findings: X002 (the script does not parse: run is nil), X001/X003 (an entry that
// does not fit the state, or a script that ended early: the run stopped there) and X004 (the
// scenario ended before the script did). err is for anything else (an I/O error, a plan the
// runner refuses).
func playTest(p *plan.Plan, script string, t *expect.Test) (*expect.Run, diag.List, error) {
	s, list, err := runner.LoadScript(script)
	if err != nil {
		return nil, nil, err
	}
	if list.HasErrors() {
		return nil, list, nil
	}
	var fallback runner.Decider
	if t.Policy != "" {
		if fallback, err = runner.NewPolicy(t.Policy, t.Seed); err != nil {
			return nil, nil, err
		}
	}
	var de *runner.DecisionError
	if p.Pathfinder != nil {
		res, err := runner.RunPathfinder(p, runner.PFOptions{Seed: t.Seed, Decider: s, Fallback: fallback, Rules: defaultRules})
		if errors.As(err, &de) {
			return &expect.Run{Outcome: runner.Stopped, Day: de.Day}, de.Diagnostics(), nil
		}
		if err != nil {
			return nil, nil, err
		}
		run := &expect.Run{Outcome: res.Outcome, Day: res.Day, Reason: res.Reason, Armies: map[string]int{}}
		for _, a := range res.Armies {
			run.Armies[a.ID] = a.HP
		}
		if id, ok := strings.CutPrefix(res.Reason, "objective "); ok {
			run.Objectives = []string{id} // the objective met ends a Pathfinder run
		}
		return run, s.Unused(), nil
	}
	res, err := runner.Run(p, runner.Options{Seed: t.Seed, Decider: s, Fallback: fallback})
	if errors.As(err, &de) {
		return &expect.Run{Outcome: runner.Stopped, Day: res.Day}, de.Diagnostics(), nil
	}
	if err != nil {
		return nil, nil, err
	}
	run := &expect.Run{Outcome: res.Outcome, Day: res.Day, Reason: res.Reason, Party: res.Party, Rations: res.Rations,
		Armies: map[string]int{}, XP: map[string]int{}, Events: map[string]int{}}
	for _, a := range res.Armies {
		run.Armies[a.ID] = a.Strength
	}
	for _, pc := range res.PCs {
		run.XP[pc.Name] = pc.XP
	}
	for _, o := range res.Objectives {
		run.Objectives = append(run.Objectives, o.ID)
	}
	for _, e := range res.Events {
		run.Events[e.ID] = e.Fired
	}
	return run, s.Unused(), nil
}

// knownOf lists what p defines, for expect.Expect.Validate.
func knownOf(p *plan.Plan) expect.Known {
	var k expect.Known
	if pf := p.Pathfinder; pf != nil {
		for _, a := range pf.Armies {
			k.Armies = append(k.Armies, a.ID)
		}
		for _, o := range pf.Objectives {
			k.Objectives = append(k.Objectives, o.ID)
		}
		return k
	}
	k.Armies, k.Objectives, k.Events, k.Blocks, k.PCs = []string{}, []string{}, []string{}, []string{}, []string{}
	for _, a := range p.Armies {
		k.Armies = append(k.Armies, a.ID)
	}
	for _, o := range p.Objectives {
		k.Objectives = append(k.Objectives, o.ID)
	}
	for _, e := range p.Events {
		k.Events = append(k.Events, e.ID)
	}
	for _, b := range p.Field.Blocks {
		k.Blocks = append(k.Blocks, b.ID)
	}
	for _, pc := range p.Party.PCs {
		k.PCs = append(k.PCs, pc.Name)
	}
	return k
}
