package main

// The adapter between sortie test and sortie diff and the runner: it plays one test's script on
// a plan and returns the run in the expectation vocabulary (runner/expect), and plays a batch of
// fixed-seed runs under a policy for diff. It is the only file of those commands that knows the
// runner's entry points and result types.

import (
	"errors"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/graph"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/sortie-rpg/sortie/runner/karzoral"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
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
	res, err := runner.Run(p, runner.Options{Seed: t.Seed, Decider: s, Fallback: fallback})
	var de *runner.DecisionError
	if errors.As(err, &de) {
		return &expect.Run{Outcome: runner.Stopped, Day: de.Day}, de.Diagnostics(), nil
	}
	if err != nil {
		return nil, nil, err
	}
	return runOf(res), s.Unused(), nil
}

// runOf reads an engine's result in the expectation vocabulary.
func runOf(res runner.Result) *expect.Run {
	end := res.Ended()
	run := &expect.Run{Outcome: end.Outcome, Day: end.Day, Reason: end.Reason, Armies: map[string]int{}}
	switch r := res.(type) {
	case *karzoral.Result:
		run.Party, run.Rations = r.Party, r.Rations
		run.XP, run.Events = map[string]int{}, map[string]int{}
		for _, a := range r.Armies {
			run.Armies[a.ID] = a.Strength
		}
		for _, pc := range r.PCs {
			run.XP[pc.Name] = pc.XP
		}
		for _, o := range r.Objectives {
			run.Objectives = append(run.Objectives, o.ID)
		}
		for _, e := range r.Events {
			run.Events[e.ID] = e.Fired
		}
	case *pathfinder.ScenarioResult:
		for _, a := range r.Armies {
			run.Armies[a.ID] = a.HP
		}
		if id, ok := strings.CutPrefix(end.Reason, "objective "); ok {
			run.Objectives = []string{id} // the objective met ends a Pathfinder run
		}
	}
	return run
}

// knownOf lists what p defines, for expect.Expect.Validate.
func knownOf(p *plan.Plan) expect.Known {
	k := expect.Known{DayUnit: "day"}
	if pf := p.Pathfinder; pf != nil {
		k.NoRations = true // P: armies eat BP (P-11), the runner keeps no party rations
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

// simStats is what a batch of runs under a policy shows: how many runs, and how many ended in
// success, by each end reason, and fired each event.
type simStats struct {
	Runs    int            `json:"runs"`
	Success int            `json:"success"`
	Reasons map[string]int `json:"reasons"` // "failure: day limit", "success: objective takeTheGate"
	Events  map[string]int `json:"events"`  // runs in which the event fired at least once
}

// simulate plays p runs times with the policy, seeds 1..runs (the same seed for the dice and the
// policy), through the simulation driver (runner.Simulate), and counts the outcomes. A run that
// stops with an error is an error.
func simulate(p *plan.Plan, policy string, runs int) (*simStats, error) {
	s, err := runner.PlanSubject(p)
	if err != nil {
		return nil, err
	}
	if _, err := runner.NewPolicy(policy, 1); err != nil {
		return nil, err
	}
	t, err := runner.Simulate(s, runner.SimOptions{Runs: runs, Seed: 1, Policy: runner.NamedPolicy(policy)})
	if err != nil {
		return nil, err
	}
	if len(t.Errors) > 0 {
		return nil, errors.New(sortedKeys(t.Errors)[0])
	}
	st := &simStats{Runs: runs, Success: t.Outcomes[runner.Success], Reasons: map[string]int{}, Events: map[string]int{}}
	for k, n := range t.Causes {
		st.Reasons[k[0]+": "+k[1]] += n
	}
	for k, c := range t.Covered {
		if k.Scope == "" && k.Kind == karzoral.CoverEvent {
			st.Events[k.ID] = c.Runs
		}
	}
	return st, nil
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkPlan is the check that a plan's numbers are in range (a plan.json may be written by
// hand), for commands that read a plan without running it: the Karzoral runner's own (karzoral.New)
// and what the pictures and the forecast rely on (graph.Check: coordinates, and for Pathfinder
// indices and the day limit).
func checkPlan(p *plan.Plan) error {
	if p.Pathfinder == nil {
		if _, err := karzoral.New(p); err != nil {
			return err
		}
	}
	return graph.Check(p)
}
