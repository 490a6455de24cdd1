package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
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
