//go:build linux || darwin

package main

import (
	"strings"
	"testing"
)

// TestClashSpellNotes (issue 23: "each offered action says what it does in a few words"; review
// D7: the spell question listed bare ids): at hill (seed 1) vessa, an SRD Mage, casts first; with
// Enter for the action (cast) and the move, the spell question shows each spell as the SRD's
// Mage and spells give it: Fireball (level 3, range 150 ft, a 20-ft sphere, 8d6 fire, a DEX save
// for half: U-44..U-47) with the Mage's 3 uses, Cone of Cold (level 5, a 60-ft cone from the
// caster, 8d8 cold, CON save for half) with its 1 use, and what "none" does.
func TestClashSpellNotes(t *testing.T) {
	bin := sortieBinary(t)
	_, prompts, _ := runPiped(t, bin, "\n\n", "battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison", "--seed", "1")
	for _, want := range []string{
		"fireball (Fireball, level 3: range 150 ft, 20-ft sphere, 8d6 fire, DEX save halves, 3 uses left)",
		"cone-of-cold (Cone of Cold, level 5: from the caster, 60-ft cone, 8d8 cold, CON save halves, 1 use left)",
		"none (cast no spell: the action is spent)",
	} {
		if !strings.Contains(prompts, want) {
			t.Errorf("the spell question lacks %q:\n%s", want, prompts)
		}
	}
}

// TestClashAreaMap (issue 23 item 5: the area question listed 123 squares as "1) 3,0  2) 4,0 ..."):
// at hill (seed 1) vessa moves to 7,4 and casts Fireball (range 150 ft); the question draws the
// field with the squares out of range blank and every stand and solo in sight. By hand: U-37's
// range is max(1, floor((150 + 10) / 20)) = 8 squares, measured as U-2's Manhattan distance from
// 7,4, so row 0 (4 rows up) holds x 3..11 and row 11 (7 down) x 6..8, where the legion's stands
// stand; the legion's stand at 5,11, out of range, is still drawn.
func TestClashAreaMap(t *testing.T) {
	bin := sortieBinary(t)
	_, prompts, _ := runPiped(t, bin, "\n\n\n", "battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison", "--seed", "1")
	row0 := "    0 " + strings.Repeat(" ", 9) + strings.TrimRight(strings.Repeat(".  ", 9), " ") + "\n"
	for _, want := range []string{
		"  where the spell's origin can go: the squares drawn are in range; type the square x,y\n",
		row0,
		"   11                l  l+ l  l\n",
	} {
		if !strings.Contains(prompts, want) {
			t.Errorf("the area question lacks %q:\n%s", want, prompts)
		}
	}
	if strings.Contains(prompts, "1) 3,0") {
		t.Errorf("the squares are still listed:\n%s", prompts)
	}
}

// TestClashTargetNotes (review D6: each target was listed twice, once with its distance and once
// as an answer, and without its hp): at hill (seed 1, Enter to each question) adepts 1, at 8,5,
// aims Fire Bolt; orcs 3 moved to 4,7: 4 + 2 = 6 squares away by U-2's Manhattan measure, an SRD
// orc's 15 of 15 hp; a stand killed this round is "a casualty" until the round ends (U-57).
func TestClashTargetNotes(t *testing.T) {
	bin := sortieBinary(t)
	_, prompts, _ := runPiped(t, bin, strings.Repeat("\n", 20), "battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison", "--seed", "1")
	for _, want := range []string{
		"round 1, adepts: which target does adepts 1's Fire Bolt go to?\n  distances from adepts 1 at 8,5, in squares of 20 ft (U-2, U-3)\n",
		") orcs 3 (6 squares away, 15/15 hp)\n",
		" squares away, a casualty)\n",
	} {
		if !strings.Contains(prompts, want) {
			t.Errorf("the target question lacks %q:\n%s", want, prompts)
		}
	}
	if strings.Contains(prompts, "squares away from") {
		t.Errorf("the targets are listed twice:\n%s", prompts)
	}
}
