//go:build linux || darwin

package main

import (
	"strings"
	"testing"
)

// TestBattleHelpSaysWhatABattleShows (issue 23 review, minor wordings): `?` at a battle's
// question says what a battle's words show, not a run's ("day or round, party, supplies",
// "of the run"); a clash turn's first question (hill, seed 1: vessa's action, the suggestion
// cast) says what `auto` does there: the suggestion, then the engine for the rest of the turn; a Pathfinder battle file's question
// names the battle once ("battle orcs-vs-militia: tactics phase: ...", not "... at
// orcs-vs-militia" again: its Where is the battle's id).
func TestBattleHelpSaysWhatABattleShows(t *testing.T) {
	bin := sortieBinary(t)
	_, clashOut, _ := runPiped(t, bin, "?\n", "battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison")
	_, pfOut, _ := runPiped(t, bin, "?\n", "battle", repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue"), "--play", "Stolen Lands")
	for _, c := range []struct {
		name, out string
		want, not []string
	}{
		{"clash", clashOut, []string{
			"    status: where the battle stands: the round, each side's VP, the objectives (U-65..U-71)\n",
			"    auto: cast, then the engine decides the rest of this turn\n",
		}, []string{"supplies", "of the run"}},
		{"pathfinder", pfOut, []string{
			"battle orcs-vs-militia: tactics phase: which tactic does army militia use?\n",
			"    briefing: the briefing of the start of the battle again\n",
			"    status: where the battle stands: its phase, each army's state, hp, tactic and strategy\n",
		}, []string{"supplies", "of the run", "at orcs-vs-militia"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.out, w) {
				t.Errorf("%s: the help lacks %q:\n%s", c.name, w, c.out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(c.out, n) {
				t.Errorf("%s: the help says %q:\n%s", c.name, n, c.out)
			}
		}
	}
}

// TestClashAutoAtTheAction (issue 23: "auto" at the action prompt was "not a choice" although
// battle --help says it leaves the turn to the engine): at hill's first garrison question (seed
// 1: vessa's action, suggestion cast), auto takes cast and asks nothing more of vessa's turn
// (her move and the spell's area go to the engine).
func TestClashAutoAtTheAction(t *testing.T) {
	bin := sortieBinary(t)
	out, prompts, _ := runPiped(t, bin, "auto\n", "battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison")
	if !strings.Contains(out, "vessa: cast\n") || strings.Contains(prompts, "is not a choice") {
		t.Fatalf("auto was not taken as cast:\n%s\n%s", out, prompts)
	}
	if n := strings.Count(prompts, "round 1, vessa:"); n != 1 {
		t.Errorf("vessa's turn asked %d questions, want 1 (auto leaves the rest to the engine):\n%s", n, prompts)
	}
}
