package karzoral

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// K-97: the players choose who takes each burden on, or leave it (the seed: 「誰も足手まといを引き受け
// なかった場合、その足手まといはその場で失われます」). Cid is left: lost at once. Dov: both PCs carry
// none, so either may; Bram takes him. Highest level 6 (the chief). Aria, no burden: TN 6 + [3,3] =
// 12, check [4,4] + 3 + 2 = 13: away. Bram, one burden: TN 6 + [1,2] = 9, check [5,5] + 3 + 1 - 2
// = 12: away.
func TestEscapeChooseCarrierK97(t *testing.T) {
	p := pcPlan(2)
	p.Party.Burdens = []plan.Burden{{Name: "Cid"}, {Name: "Dov"}}
	enc := addBoggards(p, "boggards", true)
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	g := newRig(t, []int{3, 3, 4, 4, 1, 2, 5, 5, 1, 2}, "east", "fled", "leave", "Bram", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var lost []string
	for _, h := range eventsOf[*HPEvent](c) {
		if h.Result == "lost" {
			lost = append(lost, h.Who)
		}
	}
	if strings.Join(lost, ",") != "Cid" {
		t.Errorf("K-97 lost: %v, want Cid", lost)
	}
	var carry []string
	for _, e := range eventsOf[*EscapeEvent](c) {
		if e.RuleID == "K-97" {
			carry = append(carry, e.PC+":"+e.Burden)
		}
	}
	if strings.Join(carry, ",") != "Bram:Dov" {
		t.Errorf("K-97 carriers: %v, want Bram:Dov", carry)
	}
	ch := eventsOf[*CheckEvent](c)
	if len(ch) != 2 || ch[0].Total != 13 || ch[1].Total != 12 || ch[1].Result != "success" {
		t.Errorf("K-94 with K-97's -2: %+v", ch)
	}
	if len(res.Burdens) != 2 || !res.Burdens[0].Dead || res.Burdens[1].Dead {
		t.Errorf("burdens: %+v", res.Burdens)
	}
}

// K-100 after a pursuit (K-95), worked by hand. The seed (004, 敗北と全滅): 「ＰＣ全員が倒されたり、行動
// 不能になってしまった場合…敗北…シナリオは失敗した扱い」; the pursuit may down a PC (「追撃ダメージに
// よって気絶・死亡してしまった場合」). Aria and Bram at 5 HP flee the boggards (highest level 6, the
// chief); pursuit row K20+3@10:
//
//	Aria: TN 6 + [3,3] = 12; check [1,2] + 3 + 2 = 8: caught; pursuit [2,3] = 5 -> 3, +3 = 6:
//	  5 - 6 = -1; life check (K-101) [3,3] + 3 = 9 >= TN 1: fainted.
//	Bram: TN 6 + [3,3] = 12; check [1,2] + 3 + 1 = 7: caught; the same 6: -1, fainted.
//
// Nobody can act: failure on day 1 at once (no rest or night is asked), reason "party downed by
// the pursuit after boggards (K-100)".
func TestPursuitWipeK100(t *testing.T) {
	p := pcPlan(2)
	p.DayLimit = 3
	p.Party.PCs[0].HP, p.Party.PCs[1].HP = 5, 5
	enc := addBoggards(p, "boggards", true)
	addArmy(p, "e", "enemy", 40, 1, enc, "b1")
	p.Pursuit = []plan.PursuitRow{{Level: 1, Damage: "K20+3@10"}}
	g := newRig(t, []int{3, 3, 1, 2, 2, 3, 3, 3, 3, 3, 1, 2, 2, 3, 3, 3}, "east", "fled")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Failure || res.Day != 1 || res.Reason != "party downed by the pursuit after boggards (K-100)" || !res.Defeated {
		t.Errorf("K-100: outcome %q day %d reason %q defeated %v", res.Outcome, res.Day, res.Reason, res.Defeated)
	}
	var after []string
	for _, e := range eventsOf[*EscapeEvent](c) {
		if e.RuleID == "K-95" {
			after = append(after, fmt.Sprintf("%s:%d", e.PC, e.After))
		}
	}
	if strings.Join(after, ",") != "Aria:-1,Bram:-1" {
		t.Errorf("K-95: %v, want Aria:-1,Bram:-1", after)
	}
	if d := eventsOf[*DefeatEvent](c); len(d) != 1 {
		t.Errorf("K-100: defeat events %+v, want one", d)
	}
}
