package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-75, K-76, worked by hand on supportPlan: the monsters win the initiative (先制判定), so each
// round their support comes first. The seed: 「ＰＣ側の支援ダメージは、ＰＣ全員の手番が終了した後」,
// 「魔物側の支援ダメージは、魔物すべての手番が終了した後」: each side's support follows its own turns.
//
//	round 1: nobody protects Cid. Enemy first: Aria, Bram, Cid at 0 hits, d3 = 1 -> Aria (K-76); f
//	  does not cancel; K20+5@10: [3,4] = 7 -> 5, +5 = 10 magic: Aria 20 -> 10 HP. Then the party's:
//	  f's K10@10 on Boggard 1: [3,4] = 7 -> 3 (K-75).
//	won: monster XP 10 x (4 + 4) = 80 (K-62); clear 100 + 80 + 10 x 30 (f untouched, K-63) = 480.
//
// With the party first (the Default, TestSupportDamageBothSidesK73K77) the friendly instance is the
// first support event.
func TestSupportOrderInitiativeK75K76(t *testing.T) {
	p := supportPlan()
	g := newRig(t, []int{1, 3, 4, 3, 4, 2, 5, 4, 4},
		"east", "monsters", "fight", "none", "no", "Boggard 1", "won", "5", "4")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Success {
		t.Fatalf("outcome %s (%s)", res.Outcome, res.Reason)
	}
	sup := eventsOf[*SupportEvent](c)
	if len(sup) != 2 {
		t.Fatalf("support records: %+v", sup)
	}
	if sup[0].Side != "enemy" || sup[0].Target != "Aria" || sup[0].Damage != 10 || sup[0].After != 10 {
		t.Errorf("K-76 first: %+v, want Aria hit for 10 -> 10 HP", sup[0])
	}
	if sup[1].Side != "friendly" || sup[1].Target != "Boggard 1" || sup[1].Damage != 3 {
		t.Errorf("K-75 second: %+v, want Boggard 1 takes 3", sup[1])
	}
	gr := eventsOf[*GroupEvent](c)
	if len(gr) != 1 || gr[0].Cause != "initiative" || gr[0].Result != "monsters" {
		t.Errorf("initiative: %+v", gr)
	}
	for _, r := range eventsOf[*XPEvent](c) {
		if r.RuleID == "K-61" && r.Gained != 480 {
			t.Errorf("K-61: %+v, want 480", r)
		}
	}
}

// Issue 22 D4: a script gives the initiative to the monsters with `answer: monsters` (it used to
// be refused: "answer wants yes or no"). The battle of TestSupportOrderInitiativeK75K76, its
// decisions from a YAML script and its dice from the rig: the monsters' support comes first
// (Aria 20 -> 10 HP), then f's on Boggard 1 (3), as worked by hand there. `answer: party` is read
// too (the Default, written out); `answer: maybe` is still refused at its line and column.
func TestScriptInitiativeK75K76(t *testing.T) {
	src := "- move: east\n- answer: monsters\n- battle: fight\n- protect: none\n- cancel: \"no\"\n" +
		"- target: Boggard 1\n- battle: won\n- pick: 5\n- pick: 4\n"
	g := newRig(t, []int{1, 3, 4, 3, 4, 2, 5, 4, 4})
	c := &collect{}
	res, err := Run(supportPlan(), Options{Options: runner.Options{Seed: 1, Decider: shopRoll{mustScript(t, src), g}, Sink: c}})
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	sup := eventsOf[*SupportEvent](c)
	if res.Outcome != runner.Success || len(sup) != 2 || sup[0].Side != "enemy" || sup[0].After != 10 || sup[1].Side != "friendly" || sup[1].Damage != 3 {
		t.Errorf("K-75/K-76 from a script: %s, %+v", res.Outcome, sup)
	}
	if gr := eventsOf[*GroupEvent](c); len(gr) != 1 || gr[0].Result != "monsters" {
		t.Errorf("initiative: %+v", gr)
	}
	if s, list := runner.ParseScript("s.yaml", []byte("- answer: party\n")); s == nil || list.HasErrors() {
		t.Errorf("answer: party refused: %v", list)
	}
	_, list := runner.ParseScript("s.yaml", []byte("- answer: maybe\n"))
	if len(list) != 1 || list[0].Pos.Line != 1 || list[0].Pos.Column != 11 || !strings.Contains(list[0].Message, "party or monsters") {
		t.Errorf("answer: maybe: %v", list)
	}
}

// Issue 23 review D6: the initiative question says what each answer means. Who won the initiative
// check (先制判定) acts first, and each round that side's support damage comes first: the party's
// after the PCs' turns (K-75), the monsters' after theirs (K-76). The battle of
// TestSupportOrderInitiativeK75K76.
func TestInitiativeChoicesSayTheRuleK75K76(t *testing.T) {
	g := newRig(t, []int{1, 3, 4, 3, 4, 2, 5, 4, 4},
		"east", "monsters", "fight", "none", "no", "Boggard 1", "won", "5", "4")
	var got []string
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Cause == "initiative" {
			for _, c := range r.Choices {
				got = append(got, c.Name+" ("+c.Note+")")
			}
		}
		return g.Decide(r)
	})
	if _, _, err := run(t, supportPlan(), rolling{d, g}); err != nil {
		t.Fatal(err)
	}
	want := "party (the party won the initiative check: it acts first; each round its support damage comes first, K-75) | " +
		"monsters (the monsters won it: they act first; each round their support damage comes first, K-76)"
	if s := strings.Join(got, " | "); s != want {
		t.Errorf("initiative choices:\n got %s\nwant %s", s, want)
	}
}
