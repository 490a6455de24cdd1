package karzoral

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// K-72 with K-96 and K-62: fleeing the second battle of a consecutive pair leaves its monsters in
// the block, not the first pair's, already beaten. The seed (連戦): 「１回目の戦闘が終了した後、間髪
// 入れずに他の魔物との戦闘が発生する」, and for XP 「一度計上した魔物は、同じシナリオ中であっても次回
// の成長では計上しません」. Entering b1 fires the ambush: boggards (2 x level 4) won: 10 x 8 = 80
// pending; at once the wolves (2 x level 3): fled (no XP for them, K-62). Day 2 the party stays:
// step (b) resumes the ambush at the wolves (K-96), won: 10 x 6 = 60, pending 140. The clear: 140
// each, not 220 (a second 80 for the boggards) as when the chain restarted at its first battle.
func TestFleeConsecutiveK72(t *testing.T) {
	p := pcPlan(2)
	p.DayLimit = 2
	wolves := len(p.Encounters) + 1
	enc := addBoggards(p, "boggards", false)
	p.Encounters[enc].Next = &wolves
	p.Encounters = append(p.Encounters, plan.Encounter{ID: "wolves", Monsters: []plan.Monster{{Name: "Wolf", Level: 3, Count: 2}}})
	cleared := addFlag(p, "cleared")
	p.Events = []plan.Event{{ID: "ambush", Once: true, On: plan.Trigger{Kind: plan.OnEnter, Block: 1},
		Do: []plan.Action{{Op: plan.ActBattle, Encounter: enc}, {Op: plan.ActSet, Flag: cleared}}}}
	p.Objectives = []plan.Objective{{ID: "end", When: plan.Cond{Op: plan.CondFlag, Flag: cleared}, Outcome: "success"}}
	// Escape (K-94) from the wolves' battle: the TN is the highest level among the monsters that
	// appeared in that battle (現れた魔物: the wolves, level 3; the boggards were the previous
	// battle) + 2d6: 3 + [1,1] = 5 (issue 22 D8: this comment said 4, the boggards' level). Aria
	// [5,5] + 3 + agility 2 = 15, Bram [5,5] + 3 + 1 = 14: both get away.
	// Camp [1,2]: face 1; day 2 the clear's growth rolls [5,6] (Aria keeps 5) and [1,1] (Bram).
	g := newRig(t, []int{1, 1, 5, 5, 1, 1, 5, 5, 1, 2, 5, 6, 1, 1},
		"east", "won", "fled", "1", "rest", "stay", "won", "5", "1")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success {
		t.Fatalf("%s %s", res.Outcome, res.Reason)
	}
	if got := c.trace("battle"); got != "1 action battle boggards b1 won\n1 action battle wolves b1 fled\n2 action battle wolves b1 won\n" {
		t.Errorf("K-72 battles:\n%s", got)
	}
	var esc []string
	for _, r := range eventsOf[*CheckEvent](c) {
		if r.Cause == "escape" {
			esc = append(esc, fmt.Sprintf("%s %d vs %d", r.PC, r.Total, r.TN))
		}
	}
	if want := []string{"Aria 15 vs 5", "Bram 14 vs 5"}; !slices.Equal(esc, want) {
		t.Errorf("K-94 escape checks %v, want %v", esc, want)
	}
	var xp []int
	for _, r := range eventsOf[*XPEvent](c) {
		xp = append(xp, r.Gained)
	}
	// 80 (boggards), 60 (wolves on day 2), then the clear: 140 each.
	if len(xp) != 4 || xp[0] != 80 || xp[1] != 60 || xp[2] != 140 || xp[3] != 140 {
		t.Errorf("K-62: %v", xp)
	}
}
