package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// checkPlan: pcPlan(2) (Aria level 3, agility 2; Bram level 3, agility 1, scout 2, intelligence
// 1), three days, and the events given, each on its day (start phase). Flags: found, open.
func checkPlan(days int, evs ...plan.Event) *plan.Plan {
	p := pcPlan(2)
	p.DayLimit = days
	p.Party.PCs[1].Scout, p.Party.PCs[1].Intelligence = 2, 1
	p.Flags = []string{"found", "open"}
	p.Events = evs
	return p
}

func checkEvent(id string, day int, c plan.Check) plan.Event {
	return plan.Event{ID: id, On: plan.Trigger{Kind: plan.OnDay, Day: day}, Do: []plan.Action{{Op: plan.ActCheck, Check: &c}}}
}

// groups returns the texts of the K-4 GroupEvents of a run.
func groups(c *collect) []string {
	var out []string
	for _, g := range eventsOf[*GroupEvent](c) {
		if g.RuleID == "K-4" {
			out = append(out, g.Text)
		}
	}
	return out
}

// K-4 majority, worked by hand. The seed: 「目標値○・半数：ＰＣ全員が目標値○の判定を行い、過半数以上
// が成功することが成功要件」. Check search, TN 9, base agility (level + agility bonus): Aria 3 + 2 = 5,
// [2,2] = 4 + 5 = 9 >= 9: success; Bram 3 + 1 = 4, [1,3] = 4 + 4 = 8: failure. 1 of 2: the Default's
// strict majority (2 x 1 > 2 is false) fails, so fail runs (no flag); with Rules.MajorityAtHalf
// (2 x 1 >= 2) it passes and sets found.
func TestEventCheckMajorityK4(t *testing.T) {
	c := plan.Check{ID: "search", TN: 9, Mode: "majority", Base: "agility",
		Pass: []plan.Action{{Op: plan.ActSet, Flag: 0}}}
	for _, tc := range []struct {
		rules *Rules
		want  string
		flag  bool
	}{{nil, "failure", false}, {&Rules{MajorityAtHalf: true}, "success", true}} {
		p := checkPlan(1, checkEvent("e1", 1, c))
		g := newRig(t, []int{2, 2, 1, 3, 1, 2}, "stay", "1", "rest")
		col := &collect{}
		_, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: col}, Rules: tc.rules})
		if err != nil {
			t.Fatal(err)
		}
		g.done(t)
		want := "check search, TN 9, majority: 1 of 2 succeeded: " + tc.want
		if got := groups(col); len(got) != 1 || got[0] != want {
			t.Errorf("rules %+v: %q, want %q", tc.rules, got, want)
		}
		if has := flagSet(col, "found"); has != tc.flag {
			t.Errorf("rules %+v: found set %v, want %v", tc.rules, has, tc.flag)
		}
	}
}

// flagSet reports whether the run set flag f.
func flagSet(c *collect, f string) bool {
	for _, e := range eventsOf[*FlagEvent](c) {
		if e.Flag == f && e.Op == "set" {
			return true
		}
	}
	return false
}

// K-51, worked by hand. The seed: 「イベントで指定されている各判定は、同じタイミングの間にはＰＣ１人に
// つき１回しか試みることができず、原則として判定の再挑戦は行えません。例外的に、…「後でじっくり行える」と
// ＧＭが判断した判定については、１シナリオに１回、再挑戦を行えます」. Check lock, TN 10, any, base
// agility (Aria 5, Bram 4), doable later (c.Later), pass sets open:
//
//	day 1, e1: Aria [1,2] = 3 + 5 = 8, Bram [2,3] = 5 + 4 = 9: 0 of 2, failure.
//	day 1, e2 (same timing): nobody rolls; both failures stand: 0 of 2, failure.
//	day 2, e3 (later timing): both failed a check doable later: each retries once. Aria [3,3] = 6 +
//	  5 = 11 succeeds; Bram [1,1] fumbles (K-5): 1 of 2, success: open is set.
//	day 3, e4: Aria's success stands; Bram's retry is spent: 1 of 2, success, no dice.
//
// Check door, TN 5, all, base scout (Aria has none: flat; Bram scout 2 + intelligence 1 = 3), not
// doable later: day 1 Aria [1,3] = 4, Bram [1,1] fumble: 0 of 2; day 2 nobody rolls (no retry in
// principle): 0 of 2 again.
func TestEventCheckRetriesK51(t *testing.T) {
	lock := plan.Check{ID: "lock", TN: 10, Mode: "any", Base: "agility", Later: true,
		Pass: []plan.Action{{Op: plan.ActSet, Flag: 1}}}
	door := plan.Check{ID: "door", TN: 5, Mode: "all", Base: "scout"}
	p := checkPlan(3, checkEvent("e1", 1, lock), checkEvent("e2", 1, lock), checkEvent("e3", 2, lock),
		checkEvent("e4", 3, lock), checkEvent("d1", 1, door), checkEvent("d2", 2, door))
	g := newRig(t, []int{1, 2, 2, 3, 1, 3, 1, 1, 1, 2, 3, 3, 1, 1, 3, 4, 5, 6},
		"stay", "1", "rest", "stay", "3", "rest", "stay", "5", "rest")
	_, col, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	want := []string{
		"check lock, TN 10, any: 0 of 2 succeeded: failure",
		"check lock, TN 10, any: 0 of 2 succeeded: failure",
		"check door, TN 5, all: 0 of 2 succeeded: failure",
		"check lock, TN 10, any: 1 of 2 succeeded: success",
		"check door, TN 5, all: 0 of 2 succeeded: failure",
		"check lock, TN 10, any: 1 of 2 succeeded: success",
	}
	if got := groups(col); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("K-4 results:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var stands []string
	for _, e := range eventsOf[*CheckEvent](col) {
		if e.RuleID == "K-51" {
			stands = append(stands, e.Text)
		}
	}
	wantStands := []string{
		"Aria: lock check tried already this timing: the failure stands",
		"Bram: lock check tried already this timing: the failure stands",
		"Aria: door check tried on day 1 (start), no retry: the failure stands",
		"Bram: door check tried on day 1 (start), no retry: the failure stands",
		"Aria: lock check tried on day 2 (start), no retry: the success stands",
		"Bram: lock check tried on day 2 (start), its one retry spent: the failure stands",
	}
	if strings.Join(stands, "\n") != strings.Join(wantStands, "\n") {
		t.Errorf("K-51:\n%s\nwant\n%s", strings.Join(stands, "\n"), strings.Join(wantStands, "\n"))
	}
	if !flagSet(col, "open") {
		t.Error("the lock's pass did not set open")
	}
}

// K-4 each, worked by hand. The seed: 「目標値○・個別：…成否の結果をＰＣごとに適用する」. Check rocks,
// TN 8, each, base agility, damage 5: Aria [1,1] fumbles: 20 - 5 = 15 HP; Bram [3,3] = 6 + 4 = 10
// succeeds, keeps 20.
func TestEventCheckEachK4(t *testing.T) {
	p := checkPlan(1, checkEvent("e1", 1, plan.Check{ID: "rocks", TN: 8, Mode: "each", Base: "agility", Damage: 5}))
	g := newRig(t, []int{1, 1, 3, 3, 1, 2}, "stay", "1", "rest")
	_, col, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if got := groups(col); len(got) != 1 || got[0] != "check rocks, TN 8, each: 1 of 2 succeeded; each PC that failed loses 5 HP" {
		t.Errorf("K-4 each: %q", got)
	}
	hp := eventsOf[*HPEvent](col)
	if len(hp) == 0 || hp[0].Who != "Aria" || hp[0].After != 15 {
		t.Errorf("K-4 each: HP events %+v, want Aria at 15", hp)
	}
	for _, h := range hp {
		if h.Who == "Bram" && h.Result == "hurt" {
			t.Errorf("Bram succeeded but was hurt: %+v", h)
		}
	}
}

// K-100 outside a battle, worked by hand. The seed (004, 敗北と全滅): 「ＰＣ全員が倒されたり、行動不能に
// なってしまった場合…敗北…シナリオは失敗した扱い」: no cause is named, so an event check's damage that
// leaves no PC able to act fails the scenario at once, as a lost battle does. Check rockfall, TN 30,
// each, flat (平目), damage 40, on day 1 of 3:
//
//	Aria [1,2] = 3 < 30: failure; Bram [1,2] = 3: failure (neither a double 1 nor a double 6).
//	Aria 20 - 40 = -20: life check (K-101) [2,3] + level 3 = 8 < TN 20: she dies.
//	Bram 20 - 40 = -20: life check [6,6]: a critical, he lives, fainted at -20: he cannot act.
//
// Nobody can act: failure on day 1, reason "party downed by check rockfall (K-100)", one
// DefeatEvent, and no decision asked after it (days 2 and 3 are never played).
func TestEventCheckWipeK100(t *testing.T) {
	p := checkPlan(3, checkEvent("e1", 1, plan.Check{ID: "rockfall", TN: 30, Mode: "each", Damage: 40}))
	g := newRig(t, []int{1, 2, 1, 2, 2, 3, 6, 6})
	res, col, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if res.Outcome != runner.Failure || res.Day != 1 || res.Reason != "party downed by check rockfall (K-100)" || !res.Defeated {
		t.Errorf("K-100: outcome %q day %d reason %q defeated %v, want failure on day 1, party downed by check rockfall (K-100)",
			res.Outcome, res.Day, res.Reason, res.Defeated)
	}
	if d := eventsOf[*DefeatEvent](col); len(d) != 1 || d[0].RuleID != "K-100" {
		t.Errorf("K-100: defeat events %+v, want one", d)
	}
	var fates []string
	for _, h := range eventsOf[*HPEvent](col) {
		fates = append(fates, h.Who+" "+h.Result)
	}
	if want := "Aria hurt,Aria fainted,Aria dead,Bram hurt,Bram fainted"; strings.Join(fates, ",") != want {
		t.Errorf("K-101: HP events %v, want %s", fates, want)
	}
}
