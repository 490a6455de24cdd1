package main

import (
	"strings"
	"testing"
)

// TestClashPlayHidesHiddenEnemy (issue 23, B2; U-50, U-80): bridge's skulk script has goblins 3
// (raiders) hide in round 2 (d20 11 + 6 = 17) and be spotted later. Playing the wardens, the
// player is not shown the Hide attempt (nor the computer's choice to hide), and is shown the
// reveal; --play all and --play raiders show the Hide line.
func TestClashPlayHidesHiddenEnemy(t *testing.T) {
	const hide = "goblins 3 hides: d20 11 + 6 = 17"
	args := []string{"battle", repo(t, "scenarios", "clash", "bridge", "bridge.cue"), "--script", repo(t, "scenarios", "clash", "bridge", "skulk.yaml")}
	enters := strings.Repeat("\n", 400)
	for _, c := range []struct {
		play string
		sees bool
	}{{"wardens", false}, {"all", true}, {"raiders", true}} {
		_, stdout, stderr := run(t, enters, append(args, "--play", c.play)...)
		all := stdout + stderr
		if strings.Contains(all, hide) != c.sees {
			t.Errorf("--play %s: shows %q: %v, want %v", c.play, hide, !c.sees, c.sees)
		}
		if !strings.Contains(all, "goblins 3 is no longer hidden (spotted)") {
			t.Errorf("--play %s: the reveal is not shown", c.play)
		}
		if !c.sees && strings.Contains(stderr, "goblins 3: action hide") {
			t.Errorf("--play %s: the computer's choice to hide is shown", c.play)
		}
	}
}
