package karzoral

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// fuzzPlan is a small plan with every kind of step: a one-way box block, an enemy army with an
// encounter (a stayer, K-81; loot, K-98), a friendly army, enter and day events with battles, a
// report and a survey (K-23), a night raid, a midpoint and its army setup (K-67, K-68), objectives.
func fuzzPlan() *plan.Plan {
	p := mkPlan(
		bspec{id: "a", x: 0, y: 0, terrain: "plain"},
		bspec{id: "b", x: 1, y: 0, terrain: "reeds", box: "A", from: []plan.Dir{plan.North}},
		bspec{id: "c", x: 2, y: 0, box: "A"},
		bspec{id: "d", x: 1, y: 1, box: "A"},
		bspec{id: "e", x: 2, y: 1, box: "A"},
		bspec{id: "f", x: 0, y: 1, kind: "trail"},
	)
	p.DayLimit = 4
	p.Party.Rations = 12
	enc := addEncounter(p, "squad", "Squad")
	p.NightRaid = enc
	addArmy(p, "foe", "enemy", 30, 1, enc, "e", "d", "f")
	addArmy(p, "pal", "friendly", 40, 1, -1, "a", "f")
	fl := addFlag(p, "seen")
	p.Encounters[enc].Monsters = append(p.Encounters[enc].Monsters, plan.Monster{Name: "Imp", Level: 2, Count: 1, Stays: true})
	p.Encounters[enc].Loot = &plan.Loot{Money: 5, Do: []plan.Action{{Op: plan.ActClear, Flag: fl}}}
	p.Armies[0].Morale = "low"
	p.Midpoint = &plan.Setup{Armies: []plan.ArmySetup{{Army: 0, Strength: 10, Route: []int{blockIdx(p, "d")}}}}
	p.Events = []plan.Event{
		{ID: "look", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "f")}, Do: []plan.Action{
			{Op: plan.ActSay, Text: "x"}, {Op: plan.ActBattle, Encounter: enc}, {Op: plan.ActSet, Flag: fl}}},
		{ID: "tick", On: plan.Trigger{Kind: plan.OnDay, Day: 2}, Do: []plan.Action{{Op: plan.ActStrength, Army: 0, Delta: -5},
			{Op: plan.ActReveal, Army: 0}, {Op: plan.ActSurvey}}},
	}
	p.Objectives = []plan.Objective{
		{ID: "mid", When: plan.Cond{Op: plan.CondFlag, Flag: fl}, Outcome: "midpoint", XP: 1},
		{ID: "win", When: plan.Cond{Op: plan.CondAll, Args: []plan.Cond{{Op: plan.CondAt, Block: blockIdx(p, "c")}, {Op: plan.CondArmyGone, Army: 0}}}, Outcome: "success"},
	}
	return p
}

// FuzzScript parses arbitrary bytes as a script (YAML or CUE) and runs what parses against a small
// plan: whatever the input, nothing panics, and every run error is a script diagnostic.
func FuzzScript(f *testing.F) {
	for _, name := range []string{"../../testdata/runner/field01-win.yaml", "../../testdata/runner/field01-lose.yaml"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, false)
		}
	}
	f.Add([]byte("- {day: 1, move: east}\n- roll: [2, 5]\n- pick: 5\n- night: march\n- move: south\n- battle: fled\n"), false)
	f.Add([]byte("[{move: south}, {battle: won}, {roll: [1, 1]}, {pick: 1}, {night: rest}, {move: east}]"), true)
	f.Add([]byte("- {mvoe: east}\n- roll: [9, -1]\n- pick: x\n"), false)
	f.Add([]byte("[for x in [1] {move: x}]"), true)
	for _, name := range []string{"../../scenarios/karzoral/field02/success.yaml", "../../scenarios/karzoral/field02/failure.yaml"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, false)
		}
	}
	f.Add([]byte("- move: east\n- battle: fight\n- protect: Zed\n- target: none\n- cancel: yes\n- take: no\n- traverse: leave\n"), false)
	p := fuzzPlan()
	r, err := New(p)
	if err != nil {
		f.Fatal(err)
	}
	// Field 2 (PCs, burdens, support damage, traversal) runs every script too.
	p2, list2, err := compiler.Compile([]string{"scenarios/karzoral/field02"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p2 == nil || list2.HasErrors() {
		f.Fatal(err, list2)
	}
	r2, err := New(p2)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, isCUE bool) {
		name := "s.yaml"
		if isCUE {
			name = "s.cue"
		}
		s, list := runner.ParseScript(name, data)
		if s == nil {
			if !list.HasErrors() {
				t.Fatalf("no script and no error")
			}
			for _, d := range list {
				if d.Code != runner.CodeScriptError || d.Pos.File != name {
					t.Fatalf("bad diagnostic %s", d)
				}
			}
			return
		}
		for _, rr := range []*Runner{r, r2} {
			s.Rewind()
			var buf bytes.Buffer
			res, err := rr.Run(Options{Options: runner.Options{Seed: 1, Decider: s, Sink: runner.NewTextSink(&buf)}})
			if res == nil {
				t.Fatalf("no result")
			}
			if err != nil {
				var de *runner.DecisionError
				if !errors.As(err, &de) || (de.Diag.Code != runner.CodeMismatch && de.Diag.Code != runner.CodeScriptEnded) {
					t.Fatalf("unexpected error %v", err)
				}
				// A script that disagrees before the end stops the run; one that disagrees at a
				// decision after the outcome is settled (the growth picks at the end, K-64) leaves
				// that outcome standing.
				if res.Outcome != runner.Stopped && res.Outcome != runner.Success && res.Outcome != runner.Failure {
					t.Fatalf("error %v but outcome %s", err, res.Outcome)
				}
			}
			// A retry from the midpoint this run cleared (K-67) runs the rest of the script.
			if m := res.Midpoint.Clone(); m != nil {
				res, err = rr.Run(Options{Options: runner.Options{Seed: 1, Decider: s, Sink: runner.NewJSONLSink(&buf)},
					Carry: &Carry{Midpoints: []string{m.Objective}, Resume: m}})
				var de *runner.DecisionError
				if res == nil || (err != nil && !errors.As(err, &de)) {
					t.Fatalf("resumed run: %v", err)
				}
			}
		}
	})
}
