package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// Field 1 played from the bundled win script: checked by hand against field01.cue and K-19..K-41
// (see testdata/runner/field01-win.yaml).
func TestField01Win(t *testing.T) {
	s, list, err := runner.LoadScript("../../testdata/runner/field01-win.yaml")
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	res, c, err := run(t, field01(), s)
	if err != nil {
		t.Fatal(err)
	}
	// Day 3 night: the cache burns, warband 75 -> 45; day 5: warband 45 vs mercenaries 60 at 09,
	// d = 45: warband 0 (removed), mercenaries 15; day 7: the party enters the gate.
	if res.Outcome != runner.Success || res.Day != 7 || res.Reason != "objective takeTheGate" {
		t.Errorf("got %s on day %d (%s)", res.Outcome, res.Day, res.Reason)
	}
	sb := eventsOf[*StrengthBattleEvent](c)
	if len(sb) != 1 || sb[0].Day != 5 || sb[0].Block != "09" || sb[0].Army != "boggardWarband" || sb[0].ArmyBefore != 45 || sb[0].ArmyAfter != 0 || sb[0].OtherBefore != 60 || sb[0].OtherAfter != 15 {
		t.Errorf("strength battle: %+v", sb)
	}
	if len(res.Objectives) != 2 || res.Objectives[0].ID != "cacheBurned" || res.Objectives[0].Day != 3 || res.Objectives[0].XP != 500 {
		t.Errorf("objectives %+v", res.Objectives)
	}
	// 7 days of 5 rations from 60: 25 left.
	if res.Rations != 25 || res.Party != "gate" {
		t.Errorf("result %+v", res)
	}
	if u := s.Unused(); u != nil {
		t.Errorf("unused entries: %v", u)
	}
}

// Field 1, the lose script: the mercenaries (60) meet the full warband (75) at 09 on day 5 and are
// wiped out: K-24, K-25.
func TestField01Lose(t *testing.T) {
	s, list, err := runner.LoadScript("../../testdata/runner/field01-lose.yaml")
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	res, c, err := run(t, field01(), s)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != runner.Failure || res.Day != 5 || res.Reason != "friendly army mercenaries wiped out (K-25)" {
		t.Errorf("got %s on day %d (%s)", res.Outcome, res.Day, res.Reason)
	}
	sb := eventsOf[*StrengthBattleEvent](c)
	if len(sb) != 1 || sb[0].ArmyBefore != 75 || sb[0].ArmyAfter != 15 || sb[0].OtherBefore != 60 || sb[0].OtherAfter != 0 {
		t.Errorf("strength battle: %+v", sb)
	}
	// Day 3: face 2 was checked on day 1: a night raid, fled (K-96).
	if b := eventsOf[*BattleEvent](c); len(b) != 1 || b[0].Day != 3 || b[0].Result != "fled" || b[0].Cause != "nightRaid" {
		t.Errorf("battles: %+v", b)
	}
}
