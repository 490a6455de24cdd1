package karzoral

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// K-37 option CheckedFaceForbidden: with face 1 checked and the dice [1,2], only 2 may be kept.
// Default: both.
func TestCheckedFaceForbiddenK37(t *testing.T) {
	for _, c := range []struct {
		rules *Rules
		legal string
	}{{nil, "1, 2"}, {&Rules{CheckedFaceForbidden: true}, "2"}} {
		p := pcPlan(1)
		p.DayLimit = 2
		var legal string
		d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
			if r.Kind == runner.KindPick && r.Day == 2 {
				legal = r.Legal()
			}
			return runner.Answer{}, nil
		})
		g := &rig{answers: answers{t: t}, faces: []int{1, 3, 1, 2}}
		dr := struct {
			runner.Decider
			runner.Roller
		}{d, g}
		if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: dr}, Rules: c.rules}); err != nil {
			t.Fatal(err)
		}
		if legal != c.legal {
			t.Errorf("K-37 %+v: legal %q, want %q", c.rules, legal, c.legal)
		}
	}
}

// K-41 option SleepPenaltyOneDay: the penalty of day 2 ends at the start of day 3 even without a
// rest (a second march on day 2 starts a new one on day 3). Default: until a rest.
func TestSleepPenaltyOneDayK41(t *testing.T) {
	p := pcPlan(1)
	p.DayLimit = 3
	g := newRig(t, []int{1, 2, 3, 4, 5, 6}, "stay", "1", "march", "stay", "stay", "3", "march", "stay", "stay", "5", "rest")
	c := &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Rules: &Rules{SleepPenaltyOneDay: true}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	var got []string
	for _, r := range eventsOf[*SleepEvent](c) {
		got = append(got, itoa(r.Day)+r.Result)
	}
	// day 2 on; day 3: the old one ends (one day only), the new one begins; the rest on day 3 ends it.
	if strings.Join(got, " ") != "2on 3off 3on 3off" {
		t.Errorf("K-41 option: %v", got)
	}
}

// K-58 option TorchesFirst: with 6 torches and 1 flask, a march burns the torches (default: oil).
func TestTorchesFirstK58(t *testing.T) {
	for _, c := range []struct {
		rules        *Rules
		torches, oil int
	}{{nil, 6, 0}, {&Rules{TorchesFirst: true}, 0, 1}} {
		p := pcPlan(1)
		p.Party.Torches, p.Party.LanternOil = 6, 1
		g := newRig(t, []int{1, 2}, "stay", "1", "march", "stay")
		col := &collect{}
		if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: col}, Rules: c.rules}); err != nil {
			t.Fatal(err)
		}
		if l := eventsOf[*LightEvent](col); len(l) != 1 || l[0].Torches != c.torches || l[0].Oil != c.oil {
			t.Errorf("K-58 %+v: %+v, want %d torches %d oil", c.rules, l, c.torches, c.oil)
		}
	}
}

// K-43 option TraversalNextDay: entering on day 1 runs no cycle that day (camp and night follow);
// day 2 is a traversal day. K-47 option CompletionEndsDay: completing rests at once, no camp.
func TestTraversalOptionsK43K47(t *testing.T) {
	p := traversalPlan("free")
	g := newRig(t, []int{1, 2, 2, 6, 6, 6}, "east", "1", "rest", "continue", "6", "continue")
	c := &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Rules: &Rules{TraversalNextDay: true, CompletionEndsDay: true}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	// Day 2: [2,6] keep 6: +2 = 2; [6,6]: 6 is checked, both dice show it: interrupted.
	// So: the cycle ran only on day 2, and no camp on day 2.
	if camps := eventsOf[*PickEvent](c); len(camps) != 1 || camps[0].Day != 1 {
		t.Errorf("K-43 option: camp picks %+v", camps)
	}
	p = traversalPlan("free")
	p.DayLimit = 1
	g = newRig(t, []int{1, 6, 2, 2}, "east", "continue", "6", "continue", "2")
	c = &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Rules: &Rules{CompletionEndsDay: true}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	// [1,6] keep 6: 2; [2,2] keep 2: 3 >= 3: complete; the day ends with a rest: no camp.
	if tr := eventsOf[*TraversalEvent](c); len(eventsOf[*PickEvent](c)) != 0 || tr[len(tr)-1].Step != "complete" {
		t.Errorf("K-47 option:\n%s", c.trace("traversal", "pick"))
	}
}

// K-76 option SupportSparesNPCs: the burden is not a target: two eligible PCs, d2 = 2 -> Bram.
// K-77 option CancelLimit 1: the second instance cannot be cancelled (no decision asked).
func TestSupportOptionsK76K77(t *testing.T) {
	p := supportPlan()
	p.Armies[armyIdx(p, "f")].Support = nil
	p.Armies[armyIdx(p, "e")].Support = []string{"K0@13", "K0@13"}
	// Instance 1: d2 = 2 -> Bram, cancel yes. Instance 2: only Aria at 0: no die; no cancel
	// (limit 1): K0@13 [1,2] -> 0.
	g := newRig(t, []int{2, 1, 2}, "east", "fight", "none", "yes", "defeated")
	c := &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: g, Sink: c}, Rules: &Rules{SupportSparesNPCs: true, CancelLimit: 1}}); err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if cn := eventsOf[*CancelEvent](c); len(cn) != 1 || cn[0].Target != "Bram" {
		t.Errorf("K-77 limit: %+v", cn)
	}
	if s := eventsOf[*SupportEvent](c); len(s) != 1 || s[0].Target != "Aria" {
		t.Errorf("K-76 option: %+v", s)
	}
}

// K-64 option AbilityGrowths 2: two growths per PC at the clear; K-103 option complete-edition is
// accepted from a plan and rejected when unknown.
func TestGrowthAndTableOptionsK64K103(t *testing.T) {
	p := pcPlan(1)
	p.Party.PCs = p.Party.PCs[:1]
	p.Objectives = []plan.Objective{{ID: "at", When: plan.Cond{Op: plan.CondDay, Day: 1}, Outcome: "success"}}
	p.Options = &plan.RuleOptions{AbilityGrowths: 2, PowerTable: "complete-edition"}
	g := newRig(t, []int{1, 2, 3, 4}, "2", "4")
	_, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	g.done(t)
	if gr := eventsOf[*GrowthEvent](c); len(gr) != 2 || gr[0].Face != 2 || gr[1].Face != 4 {
		t.Errorf("K-64 option: %+v", gr)
	}
	p.Options.PowerTable = "완전판"
	if _, err := New(p); err == nil {
		t.Error("an unknown power table was accepted")
	}
}

// The scenario's options block reaches the plan (field02 writes abilityGrowths: 1) and a plan
// without one has no options (field01 stays as it was).
func TestOptionsFromScenario(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field02"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	if p.Options == nil || p.Options.AbilityGrowths != 1 || len(p.Traversals) != 1 || len(p.Party.PCs) != 3 || p.Pursuit[2].Damage != "K30@10" {
		t.Errorf("field02 plan: options %+v, traversals %d, PCs %d", p.Options, len(p.Traversals), len(p.Party.PCs))
	}
	p, _, _ = compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if p.Options != nil || p.Party.PCs != nil || p.Traversals != nil {
		t.Errorf("field01 plan grew add-ons: %+v", p.Options)
	}
}

// X001: a script's protect entry naming nobody in the party is reported with the legal names.
func TestScriptProtectMismatch(t *testing.T) {
	p := supportPlan()
	_, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: mustScript(t, "- move: east\n- battle: fight\n- protect: Zed\n")}})
	wantDiag(t, err, runner.CodeMismatch, 3, 3, "day 1, action phase", "Zed is not a legal choice (legal: none, Aria, Bram)")
}
