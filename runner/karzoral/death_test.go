package karzoral

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// deathPlan: supportPlan without the burden and without f's support (no cancellation, K-77):
// Aria (level 3, HP 20) and Bram (level 3, HP 10) at base b0; the enemy army e (K20+5@10, two
// level-4 boggards) at b1; three days; no objective, so the run goes on to the day limit.
func deathPlan() *plan.Plan {
	p := supportPlan()
	p.Party.Burdens = nil
	p.Party.Members = 2
	p.Party.Rations = 10
	p.Party.PCs[1].HP = 10
	p.Armies[armyIdx(p, "f")].Support = nil
	p.Armies[armyIdx(p, "f")].Accompany = false
	p.DayLimit = 3
	p.Objectives = nil
	return p
}

// K-101, K-14, K-20, worked by hand. The seed: 「死亡したＰＣの死体は、翌朝蘇生した魔動天使が回収し、拠
// 点まで退却します」 (K-101 Default for one PC dead among the living: the party carries the body);
// 「【リザレクション】によるＰＣの蘇生を行えます。費用として10,000ガメルが必要ですが、所持金が不足している
// 場合、以降の報酬から前借りすることができます」 and 「シナリオ中に蘇生した場合、蘇生したＰＣは次の「開始フ
// ェイズ」から行動可能です」 (K-14).
//
//	day 1: east into b1, e's army battle. Round 1: e's instance, d2 = 2 -> Bram; K20+5@10 [5,5]=10
//	  -> 8 crit, [3,4]=7 -> 5, +5 = 18 magic: Bram 10 - 18 = -8, fainted. Life check (SW2 core):
//	  [1,2] + level 3 = 6 < TN 8 (the HP below 0): Bram dies. Won. Camp [1,1] keeps 1; rest: Bram
//	  does not recover.
//	day 2: food 2 members - 1 dead PC = 1 eaten (10 - 2 - 1 = 7 left). West to base b0: the players
//	  resurrect Bram: 10,000 gamels, the purse 0 (a lone scenario) -> 0 paid, 10,000 borrowed.
//	  Rest: Bram, raised, does not act yet: no recovery.
//	day 3: start: Bram acts again at his 10 HP, before the meal; food 2 eaten.
func TestPCDeathAndResurrectionK101K14(t *testing.T) {
	day1 := []string{"east", "fight", "won", "1", "rest", "west"}
	for _, c := range []struct {
		name    string
		answers []string // from day 2's move on: the resurrection decisions among them
		dead    bool
		food3   int
	}{
		{"resurrected", []string{"resurrect Bram", "2", "rest", "stay", "3", "rest"}, false, 2},
		// The policy Default (an Optional request the script leaves to the engine): resurrect.
		{"policy default", []string{"2", "rest", "stay", "3", "rest"}, false, 2},
		// Declined at each visit to the base (day 2's move in, day 3's stay).
		{"left dead", []string{"done", "2", "rest", "stay", "done", "3", "rest"}, true, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newRig(t, []int{2, 5, 5, 3, 4, 1, 2, 1, 1, 2, 2, 3, 3}, append(slices.Clone(day1), c.answers...)...)
			res, col, err := run(t, deathPlan(), g)
			if err != nil {
				t.Fatal(err)
			}
			g.done(t)
			lc := eventsOf[*CheckEvent](col)
			if len(lc) != 1 || lc[0].Cause != "life" || lc[0].Total != 6 || lc[0].TN != 8 || lc[0].Result != "failure" {
				t.Errorf("K-101 life check: %+v", lc)
			}
			var food []int
			for _, f := range eventsOf[*FoodEvent](col) {
				food = append(food, f.Eaten)
			}
			if len(food) != 3 || food[0] != 2 || food[1] != 1 || food[2] != c.food3 {
				t.Errorf("K-20: rations eaten per day %v, want [2 1 %d] (a body eats nothing)", food, c.food3)
			}
			bram := res.PCs[1]
			if bram.Dead != c.dead || (!c.dead && bram.HP != 10) || (c.dead && bram.HP != -8) {
				t.Errorf("K-14/K-101: Bram at the end %+v, dead %v", bram, c.dead)
			}
			if c.dead {
				if len(res.Resurrections) != 0 {
					t.Errorf("K-14: %+v", res.Resurrections)
				}
				return
			}
			if len(res.Resurrections) != 1 || res.Resurrections[0] != (Resurrection{PC: "Bram", Day: 2, Block: "b0", Paid: 0, Borrowed: 10000}) {
				t.Errorf("K-14: resurrections %+v, want Bram day 2 at b0, 0 paid, 10000 borrowed", res.Resurrections)
			}
			var acts []string
			for _, h := range eventsOf[*HPEvent](col) {
				acts = append(acts, fmt.Sprintf("%d %s %s %d", h.At.Day, h.Who, h.Result, h.After))
			}
			if got := strings.Join(acts, " | "); got != "1 Bram fainted -8 | 1 Bram dead -8 | 2 Bram resurrected -8 | 3 Bram acts 10" {
				t.Errorf("K-101, K-14: HP events %q", got)
			}
		})
	}
}

// K-102, K-14, worked by hand: the angel dies and 「翌朝になれば自動的に蘇生します」, and is never
// offered a resurrection (「魔動天使はこの効果では蘇生できません」). deathPlan with Aria the angel at
// 10 HP. Day 1: e's instance d2 = 1 -> Aria; 18 magic: 10 - 18 = -8; life check [1,2] + 3 = 6 < 8:
// dead; Bram stands, so no defeat (K-100). Won; camp [1,1] keeps 1; rest (Aria stays dead).
// Day 2: Aria revives at 10 HP before the meal (2 eaten); west to base b0: nobody to resurrect.
func TestAngelRevivesNextMorningK102(t *testing.T) {
	p := deathPlan()
	p.DayLimit = 2
	p.Party.PCs[0].Angel, p.Party.PCs[0].HP = true, 10
	g := newRig(t, []int{1, 5, 5, 3, 4, 1, 2, 1, 1, 2, 2}, "east", "fight", "won", "1", "rest", "west", "2", "rest")
	res, col, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var acts []string
	for _, h := range eventsOf[*HPEvent](col) {
		acts = append(acts, fmt.Sprintf("%d %s %s %d %s", h.At.Day, h.Who, h.Result, h.After, h.RuleID))
	}
	if got := strings.Join(acts, " | "); got != "1 Aria fainted -8 K-76 | 1 Aria dead -8 K-101 | 2 Aria revived 10 K-102" {
		t.Errorf("K-102: HP events %q", got)
	}
	if f := eventsOf[*FoodEvent](col); len(f) != 2 || f[1].Eaten != 2 {
		t.Errorf("K-102: the angel revives before the day-2 meal: %+v", f)
	}
	if res.Defeated || res.PCs[0].Dead || len(res.Resurrections) != 0 {
		t.Errorf("K-102: %+v", res)
	}
}

// Issue 22 D6 (K-61, K-64, K-101): a PC dead at the clear gets its XP but no ability growth (the
// seed is silent; xp.go growth gives the reading: XP is 「各自の」, each PC's, and kept through a
// resurrection; 「能力値や技能の成長を行えます」 is done with a living character). deathPlan with
// supportPlan's objective back (e's army gone: success, 100 XP):
//
//	day 1: east into b1, e's battle. Round 1: d2 = 2 -> Bram; K20+5@10 [5,5]=10 -> 8 crit,
//	  [3,4]=7 -> 5, +5 = 18: Bram 10 - 18 = -8; life check [1,2] + 3 = 6 < 8: dead. Won: monster
//	  XP 10 x (4 + 4) = 80 (K-62); e gone: the clear. XP each: 100 + 0 fumbles + 80 + 10 x 30 (f
//	  at b0, K-63) = 480 (K-61), Bram's too. Growth: Aria rolls [3,6] and keeps 6; Bram none.
func TestDeadPCAtClearK64(t *testing.T) {
	p := deathPlan()
	p.Objectives = supportPlan().Objectives
	g := newRig(t, []int{2, 5, 5, 3, 4, 1, 2, 3, 6}, "east", "fight", "won", "6")
	res, col, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != "success" || len(res.PCs) != 2 || !res.PCs[1].Dead || res.PCs[0].XP != 480 || res.PCs[1].XP != 480 {
		t.Fatalf("D6: %s, PCs %+v; want success, Bram dead, 480 XP each", res.Outcome, res.PCs)
	}
	gr := eventsOf[*GrowthEvent](col)
	if len(gr) != 2 || gr[0].PC != "Aria" || gr[0].Face != 6 || gr[1].PC != "Bram" || gr[1].Face != 0 || !strings.Contains(gr[1].Text, "dead, no ability growth") {
		t.Errorf("D6 growth: %+v", gr)
	}
}

// K-101's life check (生死判定, SW2 core: 2d6 + adventurer level + vitality bonus) with the vitality
// bonus the PC now carries (plan.PC.Vitality). The day-1 battle of TestPCDeathAndResurrectionK101K14
// with Bram's vitality bonus 2: 18 damage takes him from 10 to -8 (TN 8); [1,2] + 3 + 2 = 8 >= 8:
// he lives, fainted at -8 (without the bonus, 6 < 8: dead). Camp [1,1] keeps 1, rest; the one-day
// limit ends the run with Bram alive.
func TestLifeCheckVitalityK101(t *testing.T) {
	p := deathPlan()
	p.DayLimit = 1
	p.Party.PCs[1].Vitality = 2
	g := newRig(t, []int{2, 5, 5, 3, 4, 1, 2, 1, 1}, "east", "fight", "won", "1", "rest")
	res, col, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	lc := eventsOf[*CheckEvent](col)
	if len(lc) != 1 || lc[0].Cause != "life" || lc[0].Modifier != 5 || lc[0].Total != 8 || lc[0].TN != 8 || lc[0].Result != "success" {
		t.Errorf("K-101 life check with vitality: %+v", lc)
	}
	if res.PCs[1].Dead {
		t.Errorf("K-101: Bram died: %+v", res.PCs[1])
	}
}
