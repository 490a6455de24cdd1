package pathfinder_test

import (
	"errors"
	"io"
	"os"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
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
// random policy and for rates: whatever the armies, nothing panics and no error comes back.
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
		random, _ := runner.NewPolicy("random", 3)
		if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: random, Out: io.Discard}); err != nil {
			t.Fatalf("RunBattle: %v", err)
		}
		if _, err := pathfinder.RunBattleRates(b, 1, 20, pathfinder.Options{}); err != nil {
			t.Fatalf("RunBattleRates: %v", err)
		}
	})
}
