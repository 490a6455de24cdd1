package main

import (
	"context"
	"errors"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/clash"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// sortie test for battle files (issue 20): a Pathfinder or When Armies Clash battle declares
// tests: as a scenario does, each a script replayed with its seed, and the battle must end as the
// test says: winner: (a side, or "no winner"), phase:/round: (its length), reason:, armies: (a
// Pathfinder army's hp at the end) and objectives: (a clash objective that scored VP).

// battleTestsOf replays the tests: of the battle file u compiled to c, through its engine
// (battleEngines), naming its length as its registry entry does (offer.Unit: phase, round).
func battleTestsOf(u compiler.ScenarioFiles, c *compiler.Compiled, wd string, opts compiler.Options) scenarioTests {
	st := scenarioTests{Dir: u.Dir, Tests: []testCase{}}
	// The tests: list is a stranger's CUE too: it is read in the budgeted evaluator.
	x, err := expect.LoadBudgeted(context.Background(), expect.Request{Field: "tests", Balances: true}, u.Files, wd, opts.Budget)
	if err != nil {
		st.Diagnostics.Add(diag.Errorf(diag.Pos{File: u.Dir}, expect.CodeNoVet, "cannot read the tests: %v", err))
		return st
	}
	if x.List.HasErrors() { // a budget overrun (L011, L012)
		st.Diagnostics.Add(x.List...)
		return st
	}
	be, _, ok := battleEngineOf(c)
	known, kok := knownOfCompiled(c)
	if !ok || !kok {
		st.Diagnostics.Add(x.BalanceProblems()...) // the expect: list's unreadable bounds fail the file
		st.Diagnostics.Add(diag.Errorf(diag.Pos{File: u.Dir}, expect.CodeNoVet, "no engine fights %s battle files", c.Rules))
		return st
	}
	// The expect: list's problems fail the file, as simulate --check refuses them.
	st.Diagnostics.Add(balanceChecks(x.Balances, known, entitiesOfCompiled(u.Files[0], c))...)
	st.Tests = replayTests(u, x.Tests, known, func(script string, t *expect.Test) (*expect.Run, diag.List, error) {
		return be.test(c, script, t)
	})
	return st
}

// knownOfClash is what a clash battle's tests may name: its sides (and the draw) and objectives.
func knownOfClash(cl *plan.Clash) expect.Known {
	k := expect.Known{Objectives: []string{}, Winners: []string{clashSideName(cl, 0), clashSideName(cl, 1), clash.DrawOutcome},
		Reasons: clash.ResultLines([2]string{clashSideName(cl, 0), clashSideName(cl, 1)})}
	for _, o := range cl.Objectives {
		k.Objectives = append(k.Objectives, o.ID)
	}
	return k
}

// knownOfPFBattle is what a Pathfinder battle's tests may name: its sides (and "no winner") and
// armies.
func knownOfPFBattle(b *plan.Battle) expect.Known {
	k := expect.Known{Armies: []string{}, Winners: []string{b.Sides[0], b.Sides[1], pfarmy.NoWinner}}
	for _, a := range b.Armies {
		k.Armies = append(k.Armies, a.ID)
	}
	return k
}

// scriptOf loads a test's script of a battle of rules ("clash", "pathfinder": the example an
// X002 gives): nil and its findings (X002) when it does not parse.
func scriptOf(path, rules string) (*runner.Script, diag.List, error) {
	s, list, err := runner.LoadScriptFor(path, rules)
	if err != nil || list.HasErrors() {
		return nil, list, err
	}
	return s, nil, nil
}

// stoppedRun is the run of a test whose script did not fit (X001) or ended early (X003).
func stoppedRun(err error, unit string) (*expect.Run, diag.List, error) {
	var de *runner.DecisionError
	if errors.As(err, &de) {
		return &expect.Run{Outcome: runner.Stopped, Day: de.Day, Unit: unit}, de.Diagnostics(), nil
	}
	return nil, nil, err
}

// playPFBattleTest fights a Pathfinder battle (P-15..P-56) with the test's script, seed and policy
// (first or random, for what the script leaves; none: X003 when it ends, as sortie battle
// --script). The run's Day is the phases fought, Armies each army's hp, Reason the fate of every
// army that left the field ("orcs routed") or "phase limit".
func playPFBattleTest(b *plan.Battle, path string, t *expect.Test) (*expect.Run, diag.List, error) {
	s, list, err := scriptOf(path, "pathfinder")
	if s == nil {
		return nil, list, err
	}
	o := pathfinder.BattleOptions{Seed: t.Seed, Decider: s, Rules: defaultRules}
	if t.Policy != "" {
		if o.Fallback, err = runner.NewPolicy(t.Policy, t.Seed); err != nil {
			return nil, nil, err
		}
	}
	res, err := pathfinder.RunBattle(b, o)
	if err != nil {
		return stoppedRun(err, "phase")
	}
	run := &expect.Run{Outcome: runner.Success, Day: res.Phases, Unit: "phase", Winner: res.Winner, Armies: map[string]int{}}
	if run.Winner == "" {
		run.Winner = pfarmy.NoWinner
	}
	var gone []string
	for _, a := range res.Armies {
		run.Armies[a.ID] = a.HP
		if a.Status != "active" {
			gone = append(gone, a.ID+" "+a.Status)
		}
	}
	run.Reason = strings.Join(gone, ", ")
	if res.Limit {
		run.Reason = "phase limit"
	}
	return run, s.Unused(), nil
}

// playClashTest fights a When Armies Clash battle (U-24..U-75) with the test's script and seed;
// what the script leaves goes to the engine's policy (the test's first or random, tactical by
// default), as sortie battle --script. The run's Day is the rounds fought, Reason the battle's
// result line ("total victory for Harrow, 10 - 4 VP (10 VP)"), Objectives those that scored VP.
func playClashTest(cl *plan.Clash, path string, t *expect.Test) (*expect.Run, diag.List, error) {
	s, list, err := scriptOf(path, "clash")
	if s == nil {
		return nil, list, err
	}
	pol := clash.PolicyTactical
	if t.Policy != "" {
		p, ok := clash.ParsePolicy(t.Policy)
		if !ok {
			return nil, nil, errors.New("unknown policy " + t.Policy)
		}
		pol = p
	}
	res, err := clash.RunBattle(cl, clash.BattleOptions{Seed: t.Seed, Decider: s, Policy: pol})
	if err != nil {
		return stoppedRun(err, "round")
	}
	run := &expect.Run{Outcome: runner.Success, Day: res.Rounds, Unit: "round", Reason: res.Ending.Reason, Winner: clash.DrawOutcome}
	if res.Winner >= 0 {
		run.Winner = clashSideName(cl, res.Winner)
	}
	for i, vp := range res.ObjectiveVP {
		if vp > 0 && i < len(cl.Objectives) {
			run.Objectives = append(run.Objectives, cl.Objectives[i].ID)
		}
	}
	return run, s.Unused(), nil
}
