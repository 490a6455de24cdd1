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
//   - the Charge (U-3: 「ミノタウロスのスタンドは敵スタンドを2マスまで押しやることができる」): the
//     minotaurs ran 8,1 -> 3,1, five squares west along one row (at least 10 ft = 2 squares), into
//     wardens 2 at 2,2, adjacent west of their 3..4 x 1..2 space; the Gore has advantage against a
//     restrained target (13, 14 -> 14) + 6 = 20 vs AC 16: a hit; the save, d20 14 - 1 (Str 8) = 13 <
//     DC 14, fails: pushed west toward 1,2, where the acolytes stand, so not moved (the push stops
//     at an occupied square), and prone;
//   - the web's escape (U-76: its action): d20 4 - 1 = 3 < 13: still restrained, and a restrained
//     stand (speed 0) does not stand up;
//   - hold person (U-40: a stand's targeted spell may target a stand): round 2, the cultists' Wis
//     save d20 3 + 0 = 3 < 13: paralyzed; round 3 the stand does nothing, fails its end-of-turn
//     save (9 < 13), and the spell ends at its caster's turn in round 3 (U-1: 1 minute = 1 round).
func TestClashConditionsBattleU76(t *testing.T) {
	dir := repo(t, "testdata", "clash", "conditions")
	code, out, errs := runMain("battle", filepath.Join(dir, "conditions.cue"), "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		"wardens 2 DEX save (Web): d20 4 + 1 = 5 vs DC 13: fails",
		"wardens 2 is restrained (Web by hexer)",
		"bulls 1 moves 8,1 -> 3,1 (5 squares of movement)",
		"bulls 1 -> wardens 2, Gore: d20 adv [13, 14] (target restrained) + 6 = 20 vs AC 16: hit",
		"(attack, charge), a casualty",
		"wardens 2 STR save (charge): d20 14 - 1 = 13 vs DC 14: fails",
		"wardens 2 is not moved by the push (charge by bulls 1): acolytes 1",
		"wardens 2 is prone (charge by bulls 1)",
		"wardens 2 uses its action to escape Web: str check d20 4 - 1 = 3 vs DC 13: stays restrained",
		"cultists 1 WIS save (Hold Person): d20 3 + 0 = 3 vs DC 13: fails",
		"cultists 1 is paralyzed (Hold Person by acolytes 1)",
		"cultists 1 does nothing: paralyzed (U-76)",
		"cultists 1 WIS save (Hold Person): d20 9 + 0 = 9 vs DC 13: fails",
		"cultists 1 is no longer paralyzed (Hold Person by acolytes 1): duration over",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if strings.Contains(out, "wardens 2 is no longer prone") && strings.Index(out, "wardens 2 is no longer prone") < strings.Index(out, "stays restrained") {
		t.Error("a restrained stand stood up from prone")
	}
	goldenClash(t, "conditions.txt", out)
}
