package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// simOne is the one run of sortie simulate --runs 1 (seed S: its run 0 is seeded S): its outcome,
// cause and day.
func simOne(t *testing.T, args ...string) (outcome, cause string, day int) {
	t.Helper()
	code, out, errb := run(t, "", append([]string{"simulate", "--runs", "1", "--workers", "1", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("simulate %v: exit %d: %s", args, code, errb)
	}
	var r struct {
		Outcomes []struct {
			Outcome string
			Causes  []struct{ Cause string }
		}
		Days struct{ Min int }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Outcomes) != 1 || len(r.Outcomes[0].Causes) != 1 {
		t.Fatalf("simulate %v: %v\n%s", args, err, out)
	}
	return r.Outcomes[0].Outcome, r.Outcomes[0].Causes[0].Cause, r.Days.Min
}

// TestRunPolicies: sortie run takes every policy sortie simulate has for the scenario (goal and
// explore were refused: `unknown policy "goal" (want first or random)`), with the same meaning:
// run --policy P --seed S ends as simulate --policy P --runs 1 --seed S's one run does (same
// outcome, reason and day). A policy the scenario's rule system lacks is refused with those it has.
func TestRunPolicies(t *testing.T) {
	field01 := repo(t, "scenarios", "karzoral", "field01")
	stolen := repo(t, "scenarios", "pathfinder", "stolen-lands")
	for _, c := range []struct {
		path, policy, seed string
	}{{field01, "goal", "1"}, {field01, "explore", "3"}, {field01, "random", "2"}, {stolen, "explore", "1"}} {
		_, out, errb := run(t, "", "run", c.path, "--policy", c.policy, "--seed", c.seed, "--format", "jsonl")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var end struct {
			Type, Outcome, Reason string
			Day                   int
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil || end.Type != "end" {
			t.Fatalf("run %s --policy %s: no end event (%v): %s", c.path, c.policy, err, errb)
		}
		outcome, cause, day := simOne(t, c.path, "--policy", c.policy, "--seed", c.seed)
		if end.Outcome != outcome || end.Reason != cause || end.Day != day {
			t.Errorf("run %s --policy %s --seed %s ended %s (%s) on day %d; simulate's run: %s (%s) on day %d",
				c.path, c.policy, c.seed, end.Outcome, end.Reason, end.Day, outcome, cause, day)
		}
	}
	code, _, errb := run(t, "", "run", stolen, "--policy", "goal")
	if code != exitUsage || !strings.Contains(errb, "policy goal is not for a pathfinder scenario") || !strings.Contains(errb, "want first, random, explore") {
		t.Errorf("goal on a Pathfinder scenario: exit %d %s", code, errb)
	}
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	if code, out, errb := run(t, "", "campaign", "run", camp, "--policy", "goal"); code != 0 || !strings.Contains(out, "unlock order") {
		t.Errorf("campaign run --policy goal: exit %d %s", code, errb)
	}
}

// TestSimulateBattleDefault: without --policy, sortie simulate of a battle file plays the battle's
// own commanders (policy default), as sortie battle --runs does: the same seeds give the same wins
// (it played the random policy, and the two named opposite winners).
func TestSimulateBattleDefault(t *testing.T) {
	for _, b := range []string{repo(t, "scenarios", "clash", "field", "field.cue"), repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue")} {
		code, out, errb := run(t, "", "simulate", b, "--runs", "60", "--format", "json")
		if code != 0 {
			t.Fatalf("simulate %s: exit %d %s", b, code, errb)
		}
		var rep struct {
			Policy   string
			Outcomes []struct {
				Outcome string
				Runs    int
			}
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		code, out, errb = run(t, "", "battle", b, "--runs", "60", "--format", "jsonl")
		if code != 0 {
			t.Fatalf("battle --runs %s: exit %d %s", b, code, errb)
		}
		var rates struct {
			Sides [2]string
			Wins  [2]int
		}
		if err := json.Unmarshal([]byte(out), &rates); err != nil {
			t.Fatal(err)
		}
		wins := map[string]int{}
		for _, o := range rep.Outcomes {
			wins[o.Outcome] = o.Runs
		}
		if rep.Policy != "default" || wins[rates.Sides[0]] != rates.Wins[0] || wins[rates.Sides[1]] != rates.Wins[1] {
			t.Errorf("%s: simulate (policy %q) wins %v; battle --runs %v %v", b, rep.Policy, wins, rates.Sides, rates.Wins)
		}
	}
}

// TestPolicyRefusedAlike (issue 23 item 6): a policy a file's rule system lacks is refused the
// same way by every command that plays it (run, campaign run, battle, battle --runs, simulate):
// exit 2, the same message, naming what to use instead and the policies there are. goal on a
// battle points to default (its own commanders); default on a scenario or campaign points to
// first (Pathfinder) or goal (Karzoral).
func TestPolicyRefusedAlike(t *testing.T) {
	hill := repo(t, "scenarios", "clash", "hill", "hill.cue")
	horde := repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue")
	field01 := repo(t, "scenarios", "karzoral", "field01")
	stolen := repo(t, "scenarios", "pathfinder", "stolen-lands")
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	for _, c := range []struct {
		policy string
		cmds   [][]string
		want   string
	}{
		{"goal", [][]string{{"battle", hill}, {"battle", "--runs", "2", hill}, {"simulate", "--runs", "2", hill}},
			"policy goal is not for a clash battle: goal walks a Karzoral field toward its open objectives; for the battle's own commanders use default (want default, first, random, explore)"},
		{"goal", [][]string{{"battle", horde}, {"battle", "--runs", "2", horde}, {"simulate", "--runs", "2", horde}},
			"policy goal is not for a pathfinder battle: goal walks a Karzoral field toward its open objectives; for the battle's own commanders use default (want default, first, random, explore, standard)"},
		{"default", [][]string{{"run", stolen}, {"simulate", "--runs", "2", stolen}},
			"policy default is not for a pathfinder scenario: default is a battle's own commanders; first takes the engine's own choice at every battle question (want first, random, explore)"},
		{"default", [][]string{{"run", field01}, {"simulate", "--runs", "2", field01}},
			"policy default is not for a karzoral scenario: default is a battle's own commanders; goal plays toward the open objectives (want first, random, explore, goal)"},
		{"default", [][]string{{"campaign", "run", camp}, {"simulate", "--runs", "2", camp}},
			"policy default is not for a karzoral campaign: default is a battle's own commanders; goal plays toward the open objectives (want first, random, explore, goal)"},
		{"bogus", [][]string{{"battle", hill}, {"simulate", "--runs", "2", hill}},
			`unknown policy "bogus" (want default, first, random, explore)`},
		// A Pathfinder battle also has standard (its baseline), in every command alike.
		{"bogus", [][]string{{"battle", horde}, {"battle", "--runs", "2", horde}, {"simulate", "--runs", "2", horde}},
			`unknown policy "bogus" (want default, first, random, explore, standard)`},
		// Explore learns across runs: battle --runs sends it to simulate (Pathfinder's said
		// `unknown policy "explore" (want first, standard, random)`).
		{"explore", [][]string{{"battle", "--runs", "2", hill}, {"battle", "--runs", "2", horde}},
			"--policy explore learns from one battle to the next: run sortie simulate --policy explore --runs N"},
	} {
		for _, cmd := range c.cmds {
			code, _, errb := run(t, "", append(cmd, "--policy", c.policy)...)
			if code != exitUsage || strings.TrimSpace(errb) != "sortie: "+c.want {
				t.Errorf("%v --policy %s: exit %d\n got %s\nwant sortie: %s", cmd, c.policy, code, strings.TrimSpace(errb), c.want)
			}
		}
	}
}
