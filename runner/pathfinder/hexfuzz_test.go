package pathfinder_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// FuzzPFScript parses arbitrary bytes as a script and plays the bundled Pathfinder scenario with
// it: nothing panics, and every run error is a script diagnostic (X001, X003) at a position.
//
//	go test ./runner -run XXX -fuzz FuzzPFScript -fuzztime 60s -fuzzminimizetime 2s -parallel 1
func FuzzPFScript(f *testing.F) {
	if b, err := os.ReadFile("../../scenarios/pathfinder/stolen-lands/win.yaml"); err == nil {
		f.Add(b, false)
	}
	f.Add([]byte("- {tactic: \"defensive wall\"}\n- {strategy: reckless}\n- {target: orcs}\n- {answer: no}\n- {place: ford}\n- roll: [20, 1]\n"), false)
	f.Add([]byte("[{tactic: standard}, {tactic: withdraw}, {roll: [20]}, {strategy: defensive}]"), true)
	f.Add([]byte("- {answer: maybe}\n- {tactic: 3}\n"), false)
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/stolen-lands"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		f.Fatal(err, list)
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
			return
		}
		res, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: s}})
		if err != nil {
			var de *runner.DecisionError
			if !errors.As(err, &de) || (de.Diag.Code != runner.CodeMismatch && de.Diag.Code != runner.CodeScriptEnded) || !de.Diag.Pos.IsValid() {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if res == nil || (res.Outcome != runner.Success && res.Outcome != runner.Failure) {
			t.Fatalf("result %+v", res)
		}
	})
}

// FuzzBattleFile compiles arbitrary bytes as a battle file and, when it compiles, fights it with the
// random policy and for rates: whatever the armies, nothing panics and no error comes back; the
// lone battle's end agrees with itself (battleEndAgrees), the 20 battles for rates each end one
// way, and the battles leave the plan, the armies' statistics, as it was.
//
//	go test ./runner/pathfinder -run XXX -fuzz FuzzBattleFile -fuzztime 60s -fuzzminimizetime 2s -parallel 1
func FuzzBattleFile(f *testing.F) {
	for _, name := range []string{"orc-horde", "wolf-riders"} {
		if b, err := os.ReadFile("../../scenarios/pathfinder/" + name + "/battle.cue"); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`kind: "battle", rules: "pathfinder", id: "x", version: 1, conditions: {fog: true, darkness: true}
sides: [{name: "a", armies: {s: {size: "Colossal", cr: 20, hitDie: "d12", resources: {siegeEngines: 3, healingPotions: true, ranged: true},
	tactics: ["Taunt", "Siegebreaker", "False Retreat"], commander: {level: 20, charisma: 5, soldierRanks: 10, boons: ["Hold the Line", "Triage"]}}}},
	{name: "b", armies: {t: {size: "Fine", cr: 9, hitDie: "d6", fortification: 8, routed: true}, u: {size: "Tiny", cr: "1/2", hitDie: "d8", ambusher: true}}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := dir + "/b.cue"
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		b, list, err := compiler.CompileBattle([]string{path}, compiler.Options{WorkDir: dir})
		if err != nil || b == nil {
			if err == nil && !list.HasErrors() {
				t.Fatalf("no battle and no error")
			}
			return
		}
		before, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		random, err := runner.NewPolicy("random", 3)
		if err != nil {
			t.Fatal(err)
		}
		res, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: random, Out: io.Discard})
		if err != nil {
			t.Fatalf("RunBattle: %v", err)
		}
		if bad := battleEndAgrees(b, res); bad != "" {
			t.Fatal(bad)
		}
		rates, err := pathfinder.RunBattleRates(b, 1, 20, pfarmy.Options{})
		if err != nil {
			t.Fatalf("RunBattleRates: %v", err)
		}
		// Every battle ends one way: a side's win or none (P-61); an army ends at most one way.
		if rates.Runs != 20 || rates.Wins[0]+rates.Wins[1]+rates.NoWinner != 20 {
			t.Fatalf("20 battles: runs %d, wins %v, no winner %d", rates.Runs, rates.Wins, rates.NoWinner)
		}
		for _, a := range rates.Armies {
			if a.Routed < 0 || a.Destroyed < 0 || a.Withdrawn < 0 || a.Routed+a.Destroyed+a.Withdrawn > 20 {
				t.Fatalf("army %s: routed %d, destroyed %d, withdrawn %d of 20", a.ID, a.Routed, a.Destroyed, a.Withdrawn)
			}
		}
		// The battles leave the plan (the armies' statistics) as it was.
		if after, err := json.Marshal(b); err != nil || string(after) != string(before) {
			t.Fatalf("the battles changed the plan (%v)", err)
		}
	})
}

// battleEndAgrees checks a lone battle's result against itself and its plan: an active army has
// hp left (P-57); cut off at the phase limit there is no winner; otherwise the winner is the side
// with armies still active and every active army is the winner's (P-61), and with no winner no
// army is active. It returns the first violation, or "".
func battleEndAgrees(b *plan.Battle, r *pathfinder.BattleResult) string {
	side := map[string]int{}
	for _, a := range b.Armies {
		side[a.ID] = a.Side
	}
	if len(r.Armies) != len(b.Armies) {
		return fmt.Sprintf("%d armies in the result, %d in the plan", len(r.Armies), len(b.Armies))
	}
	var active [2]int
	for _, a := range r.Armies {
		s, ok := side[a.ID]
		if !ok {
			return fmt.Sprintf("army %q is not the plan's", a.ID)
		}
		if a.Status == "active" {
			if a.HP <= 0 {
				return fmt.Sprintf("army %s: active with hp %d", a.ID, a.HP)
			}
			active[s]++
		}
	}
	switch {
	case r.Limit && r.Winner != "":
		return fmt.Sprintf("cut off at the phase limit with a winner, %q", r.Winner)
	case r.Limit:
	case r.Winner == "" && active != [2]int{}:
		return fmt.Sprintf("no winner with armies active %v", active)
	case r.Winner == b.Sides[0] && (active[0] == 0 || active[1] > 0),
		r.Winner == b.Sides[1] && (active[1] == 0 || active[0] > 0):
		return fmt.Sprintf("winner %q with armies active %v (sides %v)", r.Winner, active, b.Sides)
	case r.Winner != "" && r.Winner != b.Sides[0] && r.Winner != b.Sides[1]:
		return fmt.Sprintf("winner %q is neither side %v", r.Winner, b.Sides)
	}
	return ""
}
