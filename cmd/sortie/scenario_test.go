package main

import (
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// TestField01Scripts plays the bundled Field 1 scripts on the compiled scenario and checks the
// outcome, its day and the army strengths against a trace worked out by hand from the rules.
//
// Routes (K-22: route[k] is where an army stands after the start phase of day k; at the end of
// its route it holds):
//
//	mercenaries    (friendly, 60): 01, 01, 01, 03, 05, 09  -> at 09 from day 5
//	boggardWarband (enemy,    75): gate, gate, 11, 10, 10, 09 -> at 09 from day 5
//
// lose.yaml: the party walks one block a day (t1, t2, t3, 01) and never touches the warband.
// Day 5 start phase: the mercenaries move first (05 -> 09), then the warband (10 -> 09) ends
// its move on them: strength battle K-24, d = min(60, 75) = 60, mercenaries 60-60 = 0, warband
// 75-60 = 15. A friendly army at 0 fails the scenario at once (K-25): failure on day 5.
//
// win.yaml: forced marches (K-41) take the party t1,t2 (day 1), t3,01 (day 2), 02,14 (day 3).
// Entering 14 reveals box A (K-31) and fires supplyCache: warband 75-30 = 45, flag cacheBurned,
// so the midpoint objective cacheBurned is reached on day 3. Day 5 start phase: the armies meet
// at 09; K-24 d = min(60, 45) = 45: mercenaries 60-45 = 15, warband 45-45 = 0 and removed. The
// party goes 12 (day 4), 13 (day 5), 08 (day 6: causewayWatch battle won, flag causewayTaken)
// and the gate on day 7, where takeTheGate (enter gate, causewayTaken, warband gone) holds:
// success on day 7.
func TestField01Scripts(t *testing.T) {
	p, list, err := compiler.Compile([]string{field01}, compiler.Options{})
	if err != nil || p == nil || len(list) > 0 {
		t.Fatalf("compile field01: %v\n%v", err, list)
	}
	tests := []struct {
		script   string
		outcome  string
		day      int
		strength map[string]int // army id -> strength; -1 = not on the field
		reached  map[string]int // objective id -> day reached
	}{
		{"lose.yaml", "failure", 5, map[string]int{"mercenaries": -1, "boggardWarband": 15}, map[string]int{}},
		{"win.yaml", "success", 7, map[string]int{"mercenaries": 15, "boggardWarband": -1},
			map[string]int{"cacheBurned": 3, "takeTheGate": 7}},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			s, l, err := runner.LoadScript(filepath.Join(field01, tt.script))
			if err != nil || l.HasErrors() {
				t.Fatalf("load script: %v %v", err, l)
			}
			// The seed must not matter: the scripts give every die.
			for _, seed := range []uint64{1, 99} {
				s.Rewind()
				res, err := karzoral.Run(p, karzoral.Options{Options: runner.Options{Seed: seed, Decider: s}})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if res.Outcome != tt.outcome || res.Day != tt.day {
					t.Errorf("seed %d: %s on day %d, want %s on day %d (%s)", seed, res.Outcome, res.Day, tt.outcome, tt.day, res.Reason)
				}
				for _, a := range res.Armies {
					want, ok := tt.strength[a.ID]
					if !ok {
						t.Errorf("unexpected army %s", a.ID)
						continue
					}
					got := a.Strength
					if !a.OnField {
						got = -1
					}
					if got != want {
						t.Errorf("seed %d: army %s strength %d (on field %v), want %d", seed, a.ID, a.Strength, a.OnField, want)
					}
				}
				got := map[string]int{}
				for _, o := range res.Objectives {
					got[o.ID] = o.Day
				}
				if len(got) != len(tt.reached) {
					t.Errorf("seed %d: objectives reached %v, want %v", seed, got, tt.reached)
				}
				for id, day := range tt.reached {
					if got[id] != day {
						t.Errorf("seed %d: objective %s reached on day %d, want %d", seed, id, got[id], day)
					}
				}
			}
		})
	}
}
