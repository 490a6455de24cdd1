package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestClashPlayHidesHiddenEnemy (issue 23, B2; U-50, U-80): bridge's skulk script has goblins 3
// (raiders) hide in round 1 (d20 11 + 6 = 17) and be spotted later. Playing the wardens, the
// player is not shown the Hide attempt (nor the computer's choice to hide); --play all and --play
// raiders show the Hide line.
//
// The second stand (issue 23 review, U-43, U-56, U-57): Ostric's Ice Storm covers 4,3 3,4 4,4
// 5,4 4,5, and so goblins 3, hidden at 4,5: its DEX save (d20 9, advantage, + 2 = 11 vs DC 14)
// fails, and its 16 damage against 7 hp makes it a casualty with 16 - 7 = 9 damage overflowing
// into goblins 1 (spotted, at 3,5, outside the area): 7 -> 0 hp, a casualty. The wardens were
// never shown goblins 3 hit, so goblins 1's damage is not "(overflow)" for them (it would tell
// of a hidden neighbour hit) but "(spell)", the Ice Storm they saw cast; and goblins 3, a casualty
// they never saw fall, is not announced as
// "no longer hidden (spotted)" when the scouts' turn comes. --play all and raiders see both.
func TestClashPlayHidesHiddenEnemy(t *testing.T) {
	const hide = "goblins 3 hides: d20 11 + 6 = 17"
	const spotted = "goblins 3 is no longer hidden (spotted)"
	const plain, over = "goblins 1 takes 9 damage: 7 -> 0 hp (spell), a casualty\n", "goblins 1 takes 9 damage: 7 -> 0 hp (overflow), a casualty\n"
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
		if strings.Contains(all, spotted) != c.sees {
			t.Errorf("--play %s: shows %q: %v, want %v", c.play, spotted, !c.sees, c.sees)
		}
		if want := map[bool]string{false: plain, true: over}[c.sees]; !strings.Contains(all, want) {
			t.Errorf("--play %s: no %q", c.play, want)
		}
		if !c.sees && (strings.Contains(stderr, "goblins 3: action hide") || strings.Contains(all, "from goblins 3")) {
			t.Errorf("--play %s: the computer's choice to hide, or the overflow, is shown", c.play)
		}
	}
}

// TestBattlePlayGM (issue 23 review): battle --play wardens --gm answers for the wardens and shows
// the GM's view, as run --play SIDE --gm does: the raiders' hidden goblins 3 hiding (d20 11 + 6 =
// 17, U-50) and its spotting (U-80), which --play wardens alone withholds
// (TestClashPlayHidesHiddenEnemy).
func TestBattlePlayGM(t *testing.T) {
	args := []string{"battle", repo(t, "scenarios", "clash", "bridge", "bridge.cue"), "--script", repo(t, "scenarios", "clash", "bridge", "skulk.yaml"),
		"--play", "wardens", "--gm"}
	_, stdout, stderr := run(t, strings.Repeat("\n", 400), args...)
	for _, want := range []string{"goblins 3 hides: d20 11 + 6 = 17", "goblins 3 is no longer hidden (spotted)"} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("--play wardens --gm does not show %q", want)
		}
	}
}

// TestRunPlayGMShowsBothKingdoms (issue 23 review: `run border-war --play friendly --gm` still
// hid the enemy kingdom, the fog was on whatever the view): --gm with --play SIDE is the GM's
// view, as battle --play SIDE --gm: the briefing names the enemy kingdom and its armies (from
// scenarios/pathfinder/border-war: Tar-Baphon's host, economy 2, loyalty 2, stability 2,
// control DC 20; the yetis start in reserve at the moors, hp 22), and the computer's choices for
// yetis are shown while no friendly army shares their hex.
func TestRunPlayGMShowsBothKingdoms(t *testing.T) {
	args := []string{"run", repo(t, "scenarios", "pathfinder", "border-war"), "--play", "friendly", "--gm"}
	_, stdout, stderr := run(t, strings.Repeat("\n", 400), args...)
	for _, want := range []string{"kingdom enemy (Tar-Baphon's host): economy 2, loyalty 2, stability 2, control DC 20",
		"enemy: yetis (Yeti Pack), Medium, ACR 4, hp 22/22", "yetis goes into reserve at moors"} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("run --play friendly --gm does not show %q", want)
		}
	}
}

// TestClashPlayUnitsTableKnowsOnlySeenCasualties (issue 23 review: the units table's "goblins
// 0/3 ... eliminated" and the VP line's "goblins eliminated" told the wardens of a stand they
// never saw fall). By hand from bridge.cue and skulk.yaml, seed 1 (the GM's view, --gm): goblins
// 3 hides (U-50: d20 11 + 6 = 17) and falls to the Ice Storm while hidden (U-57, never revealed
// to the wardens); goblins 1 and 2 are spotted (U-80) and fall in sight. So the wardens can
// account for 2 of the 3 goblin stands: the table shows the unit's stands, hp and state unknown
// ("?/3", "?", "?"), and the attrition VP (U-66: 2 VP, public) without "goblins eliminated".
// The battle's end and result stay public (U-72): "tactical victory for Wardens of the Ash".
func TestClashPlayUnitsTableKnowsOnlySeenCasualties(t *testing.T) {
	bridge := repo(t, "scenarios", "clash", "bridge")
	args := []string{"battle", filepath.Join(bridge, "bridge.cue"), "--script", filepath.Join(bridge, "skulk.yaml"), "--play", "wardens", "--seed", "1"}
	_, stdout, stderr := run(t, strings.Repeat("\n", 400), args...)
	all := stdout + stderr
	goblins := regexp.MustCompile(`(?m)^goblins +Grask's warband +skirmisher +(\S+) +(\S+) +(\S+)`)
	rows := goblins.FindAllStringSubmatch(all, -1)
	if len(rows) == 0 {
		t.Fatalf("no goblins row in the units table:\n%s", all)
	}
	for _, r := range rows {
		if r[1] != "?/3" || r[2] != "?" || r[3] != "?" {
			t.Errorf("the wardens' units table shows goblins %q %q %q, want ?/3 ? ?", r[1], r[2], r[3])
		}
	}
	for _, leak := range []string{"(Drive them off: goblins eliminated)", "\ngoblins 3 hides", "\ngoblins 3 is eliminated"} {
		if strings.Contains(all, leak) {
			t.Errorf("the wardens are shown %q", leak)
		}
	}
	for _, want := range []string{"Wardens of the Ash scores 2 VP (Drive them off: out of sight): 2 VP",
		"the battle ends after 4 rounds (annihilation): tactical victory for Wardens of the Ash, 8 - 6 VP"} {
		if !strings.Contains(all, want) {
			t.Errorf("the wardens are not shown %q", want)
		}
	}
	// The GM sees the truth.
	_, gmOut, _ := run(t, strings.Repeat("\n", 400), append(args, "--gm")...)
	if !regexp.MustCompile(`(?m)^goblins +Grask's warband +skirmisher +0/3 +0 +eliminated`).MatchString(gmOut) {
		t.Errorf("--gm: the units table lacks goblins 0/3 0 eliminated:\n%s", gmOut)
	}
}
