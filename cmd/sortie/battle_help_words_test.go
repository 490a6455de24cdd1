//go:build linux || darwin

package main

import (
	"strings"
	"testing"
)

// TestBattleHelpSaysWhatABattleShows (issue 23 review, minor wordings): `?` at a battle's
// question says what a battle's words show, not a run's ("day or round, party, supplies",
// "of the run"); a clash turn's first question says where `auto` works (it must be answered
// itself; the turn's later, optional questions take auto); a Pathfinder battle file's question
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
			"    auto: not here (answer this one); at this turn's later questions it leaves the rest of\n",
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
