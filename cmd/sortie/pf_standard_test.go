package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPathfinderStandardPolicyEverywhere: a Pathfinder battle's standard policy (every army on
// Standard tactic and strategy, the baseline: runner/pathfinder's Standard chooser; P-20..P-24's
// Tactics and Strategy Phases with no change made) is one name of the registry, taken by simulate
// as by battle --runs and by one battle (issue 20: simulate answered "unknown policy standard"
// while battle --runs took it). Under it no army ever uses a tactic other than Standard, so the
// report's tactic coverage holds exactly the armies' Standard entries, in every run; the two
// commands fight the same battles for the same seed, so they name the same winner at the same
// rate. A clash battle and a scenario have no standard, and say so with their lists.
func TestPathfinderStandardPolicyEverywhere(t *testing.T) {
	battle := filepath.Join("..", "..", "scenarios", "pathfinder", "orc-horde", "battle.cue")
	code, out, errb := run(t, "", "simulate", battle, "--runs", "200", "--seed", "5", "--policy", "standard", "--format", "json", "--workers", "1")
	if code != 0 {
		t.Fatalf("simulate --policy standard: exit %d: %s", code, errb)
	}
	var rep struct {
		Policy   string
		Outcomes []struct {
			Outcome string
			Runs    int
		}
		Coverage []struct {
			Kind     string
			Entities []struct {
				ID   string
				Runs int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Policy != "standard" {
		t.Errorf("the report's policy %q, want standard", rep.Policy)
	}
	for _, c := range rep.Coverage {
		if c.Kind != "tactic" {
			continue
		}
		for _, e := range c.Entities {
			std := strings.HasSuffix(e.ID, ": Standard")
			if std && e.Runs != 200 || !std && e.Runs != 0 {
				t.Errorf("tactic %s used in %d runs of 200 under standard, want %d", e.ID, e.Runs, map[bool]int{true: 200}[std])
			}
		}
	}
	code, rates, errb := run(t, "", "battle", battle, "--runs", "200", "--seed", "5", "--policy", "standard")
	if code != 0 {
		t.Fatalf("battle --runs --policy standard: exit %d: %s", code, errb)
	}
	for _, o := range rep.Outcomes {
		if o.Outcome == "no winner" {
			continue
		}
		// battle --runs prints "| side NAME | 81.5% |": the same share as simulate's runs.
		want := "side " + o.Outcome
		pct := float64(o.Runs) * 100 / 200
		if !regexp.MustCompile(`\| ` + regexp.QuoteMeta(want) + ` +\| ` + regexp.QuoteMeta(fmt.Sprintf("%.1f%%", pct)) + ` `).MatchString(rates) {
			t.Errorf("battle --runs does not give %s %.1f%% as simulate does:\n%s", o.Outcome, pct, rates)
		}
	}
	code, one, errb := run(t, "", "battle", battle, "--policy", "standard")
	if code != 0 || !strings.Contains(one, "Standard") {
		t.Errorf("one battle with --policy standard: exit %d, %s\n%s", code, errb, one)
	}
	for _, args := range [][]string{
		{"battle", battle, "--policy", "standard", "--play", "orcs"},
		{"battle", battle, "--policy", "standard", "--script", filepath.Join("..", "..", "scenarios", "pathfinder", "orc-horde", "battle.cue")},
	} {
		if code, _, errb := run(t, "", args...); code != 2 || !strings.Contains(errb, "--policy standard is the baseline") {
			t.Errorf("%v: exit %d, %s; want 2 and why", args, code, errb)
		}
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join("..", "..", "scenarios", "clash", "picket"), "policy standard is not for a clash battle (want default, first, random, explore)"},
		{filepath.Join("..", "..", "scenarios", "pathfinder", "stolen-lands"), "policy standard is not for a pathfinder scenario (want first, random, explore)"},
	} {
		for _, cmd := range []string{"simulate", "battle"} {
			if cmd == "battle" && strings.Contains(c.path, "stolen-lands") {
				continue
			}
			if code, _, errb := run(t, "", cmd, c.path, "--runs", "5", "--policy", "standard"); code != 2 || !strings.Contains(errb, c.want) {
				t.Errorf("%s %s --policy standard: exit %d, %q; want 2 and %q", cmd, c.path, code, errb, c.want)
			}
		}
	}
	if code, _, errb := run(t, "", "simulate", battle, "--policy", "bogus"); code != 2 || !strings.Contains(errb, `(want default, first, random, explore, standard)`) {
		t.Errorf("simulate --policy bogus: %d %s", code, errb)
	}
}
