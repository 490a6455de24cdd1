package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-25 (corrected 2026-12-01): a friendly army wiped out fails the scenario completely. The seed:
// 「このとき、【友軍】の「戦力」が１つでも０になった場合、そのシナリオは完全に失敗したことになりま
// す。即座にシナリオを終了し、かつ経験点の清算、成長は行われません」. Against K-66's ordinary failure
// (「失敗時の経験点を受け取ることはできますが」): the same plan with 100 failure XP pays Aria and
// Bram 100 each when the day limit ends it, and 0 each when f (60) steps into e (75) on day 1:
// d = min(60, 75) = 60, f at 0.
func TestCompleteFailureNoXPK25(t *testing.T) {
	ordinary := pcPlan(2)
	ordinary.FailureXP = 100
	g := newRig(t, []int{1, 2}, "stay", "1", "rest")
	res, _, err := run(t, ordinary, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Failure || res.Complete || len(res.PCs) != 2 || res.PCs[0].XP != 100 || res.PCs[1].XP != 100 {
		t.Errorf("K-66 ordinary failure: %+v, want 100 XP each", res)
	}

	wiped := pcPlan(2)
	wiped.FailureXP = 100
	addArmy(wiped, "f", "friendly", 60, 1, -1, "b0", "b1")
	addArmy(wiped, "e", "enemy", 75, 1, -1, "b1")
	res, c, err := run(t, wiped, &answers{t: t})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != runner.Failure || !res.Complete || res.Day != 1 {
		t.Fatalf("K-25: %s day %d complete %v (%s)", res.Outcome, res.Day, res.Complete, res.Reason)
	}
	if res.PCs[0].XP != 0 || res.PCs[1].XP != 0 || res.XP != 0 {
		t.Errorf("K-25: XP %+v (party %d), want 0 each: no failure XP", res.PCs, res.XP)
	}
	xp := eventsOf[*XPEvent](c)
	if len(xp) != 1 || xp[0].RuleID != "K-25" || xp[0].Gained != 0 {
		t.Errorf("K-25 xp records: %+v", xp)
	}
	if len(eventsOf[*GrowthEvent](c)) != 0 {
		t.Error("K-25: a growth roll after a complete failure")
	}
}
