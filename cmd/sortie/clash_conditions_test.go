package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The Pass of Horns (testdata/clash/conditions): web, the minotaur's Charge and hold person in one
// battle, played from its script with seed 1; the transcript is golden and its condition lines are
// checked against values worked out by hand from the rules (testdata/clash/README.md):
//   - web (U-43, U-76): the novice stand's Dexterity save, d20 4 + 1 (Dex 12) = 5 < DC 13: restrained;
//     its square 2,2 is difficult ground while the web lasts (U-18, SRD: "The webs are difficult
//     terrain"): in round 2 the bulls' 2x2 space steps 3,1 -> 2,1 (entering 2,1 and the webbed 2,2:
//     2) -> 1,1 (entering 1,1 and 1,2: 1), 3 squares of movement for 2 steps;
//   - the Charge (U-3: 「ミノタウロスのスタンドは敵スタンドを2マスまで押しやることができる」): the
//     minotaurs ran 8,1 -> 3,1, five squares west along one row (at least 10 ft = 2 squares), into
//     wardens 1 at 2,1, adjacent west of their 3..4 x 1..2 space; the Gore with advantage (its own
//     Reckless) 13, 14 -> 14 + 6 = 20 vs AC 16: a hit; the save, d20 14 - 1 (Str 8) = 13 < DC 14,
//     fails: pushed 2 squares west (1,1 and 0,1 are empty) to 0,1, and prone;
//   - the wardens' turn: wardens 1 stands up (half its speed: 6 - 3 = 3 squares left, it moves 2);
//     wardens 2's web escape (its action) d20 4 - 1 = 3 < 13: still restrained;
//   - hold person (U-40: a stand's targeted spell may target a stand): round 1 the cultists' Wis
//     save 20 >= 13; round 2 3 + 0 = 3 < 13: paralyzed; round 3 the minotaurs hit the acolytes for
//     22: a concentration save DC max(10, 22 / 2) = 11, d20 6 + 2 = 8: broken, the cultists free.
//     (Round 3's dice follow the U-13 Default of runner/clash canTakeCommand: the hexer, which
//     joined the bulls on its own turn in round 2, takes command in round 3, not within the bulls'
//     turn of round 2, so round 3 has no Prepare roll.)
func TestClashConditionsBattleU76(t *testing.T) {
	dir := repo(t, "testdata", "clash", "conditions")
	code, out, errs := runMain("battle", filepath.Join(dir, "conditions.cue"), "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		"wardens 2 DEX save (Web): d20 4 + 1 = 5 vs DC 13: fails",
		"wardens 2 is restrained (Web by hexer)",
		"hexer's Web makes difficult ground (2 squares of movement each) on 2,2",
		"bulls 1: 3,1 -> 1,1 (3 squares, 15 ft of speed)",
		"bulls 1: 8,1 -> 3,1 (5 squares, 25 ft of speed)",
		"bulls 1 -> wardens 1, Gore: d20 adv [13, 14] (reckless) + 6 = 20 vs AC 16: hit",
		"(attack, charge), a casualty",
		"wardens 1 STR save (charge): d20 14 - 1 = 13 vs DC 14: fails",
		"wardens 1 is pushed 2 squares, 2,1 -> 0,1 (charge by bulls 1)",
		"wardens 1 is prone (charge by bulls 1)",
		"wardens 1 is no longer prone (charge): stands up (half its speed)",
		"wardens 2 uses its action to escape Web: str check d20 4 - 1 = 3 vs DC 13: stays restrained",
		"wardens 1: 0,1 -> 2,1 (2 squares, 10 ft of speed)",
		"cultists 1 WIS save (Hold Person): d20 20 + 0 = 20 vs DC 13: succeeds",
		"cultists 1 WIS save (Hold Person): d20 3 + 0 = 3 vs DC 13: fails",
		"cultists 1 is paralyzed (Hold Person by acolytes 1)",
		"acolytes 1 takes 22 damage: 38 -> 16 hp",
		"acolytes 1 CON save (concentration): d20 6 + 2 = 8 vs DC 11: fails",
		"cultists 1 is no longer paralyzed (Hold Person by acolytes 1): concentration broken by 22 damage",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	goldenClash(t, "conditions.txt", out)
}
