package karzoral

import (
	"errors"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// nightQuestion runs a plan (one PC; blocks b0..b3 in a row, b0 dark and no base; the objective:
// the party at b3, 3 moves away, so that the goal policy has a reason to march) to its first
// night question, answers it
// with answer and stops at the next question: what the night question said about itself
// (PlayerView.About), the goal policy's answer to it, and the light events of the run.
func nightQuestion(t *testing.T, torches, oil int, rules *Rules, answer string) (about, goal string, light []*LightEvent) {
	t.Helper()
	p := pcPlan(4)
	p.Party.PCs = p.Party.PCs[:1]
	p.Party.Members = 1
	p.Objectives = []plan.Objective{{ID: "far", When: plan.Cond{Op: plan.CondAt, Block: 3}, Outcome: "success"}}
	p.Field.Blocks[0].Kind = "block" // no base: nothing to buy (K-12)
	p.Field.Blocks[0].Dark = true
	p.DayLimit = 2
	p.Party.Torches, p.Party.LanternOil = torches, oil
	pol, err := NewGoal(p).Decider(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	nights := 0
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		switch {
		case nights > 0:
			return runner.Answer{}, stop
		case r.Kind == runner.KindMove:
			return runner.Answer{Choice: r.Find("stay")}, nil
		case r.Kind == runner.KindNight:
			nights++
			about = r.View.(*PlayerView).About(r)
			a, err := pol.Decide(r)
			if err != nil {
				return a, err
			}
			goal = r.Choices[a.Choice].Name
			return runner.Answer{Choice: r.Find(answer)}, nil
		}
		return runner.Answer{}, nil
	})
	col := &collect{}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d, Sink: col}, Rules: rules}); !errors.Is(err, stop) {
		t.Fatalf("run: %v", err)
	}
	return about, goal, eventsOf[*LightEvent](col)
}

// K-41, K-57, K-58 (review P2): on a dark block whose day is paid, the night question states what
// the engine will burn. Stock 6 torches + 1 flask: the day's 12 h take the flask (oil first), 6
// torches = 12 h are left; the march needs its own 12 h (the day's were paid), so 12, enough. The
// march then burns 12 and is lit, 0 torches left. Before the fix the question said "burns 24; not
// enough: the march would be unlit". With Rules.DarkMarchLight12 the day's light serves the march:
// it burns 0 more and no light event follows the day's.
func TestNightQuestionStatesMarchLightK57K58(t *testing.T) {
	about, _, light := nightQuestion(t, 6, 1, nil, "march")
	if want := "  light left: 12 hours (6 torches, 0 flasks of oil); a forced march burns 12\n"; about != want {
		t.Errorf("the night question says:\n%q\nwant\n%q", about, want)
	}
	if len(light) != 2 || light[1].Hours != 12 || light[1].Result != "lit" || light[1].Torches != 0 {
		t.Errorf("K-57: the march burnt %+v, want 12 hours, lit, 0 torches left", light)
	}
	about, _, light = nightQuestion(t, 6, 1, &Rules{DarkMarchLight12: true}, "march")
	if want := "  light left: 12 hours (6 torches, 0 flasks of oil); a forced march burns 0 more: the day's light serves it (K-57)\n"; about != want {
		t.Errorf("DarkMarchLight12: the night question says:\n%q\nwant\n%q", about, want)
	}
	if len(light) != 1 {
		t.Errorf("DarkMarchLight12: light events %+v, want the day's only", light)
	}
	// Short: 5 torches + 1 flask: the flask pays the day, 5 torches = 10 h < 12: unlit (K-59).
	about, _, light = nightQuestion(t, 5, 1, nil, "march")
	if want := "  light left: 10 hours (5 torches, 0 flasks of oil); a forced march burns 12; not enough: the march would be unlit, K-59\n"; about != want {
		t.Errorf("short: the night question says:\n%q\nwant\n%q", about, want)
	}
	if len(light) != 2 || light[1].Result != "unlit" {
		t.Errorf("short: the march %+v, want unlit", light)
	}
}

// Review P3, K-57..K-59: Enter at the night question takes the goal policy's answer. With light
// enough (6 torches after the day's flask: 12 h for a 12 h march) it marches; with too little (5
// torches = 10 h for 12 h) it rests, since the march would be unlit (-4 on checks without
// darkvision, K-59) and a rest needs no light (K-57).
func TestNightDefaultRestsWhenLightShortK57K59(t *testing.T) {
	if _, goal, _ := nightQuestion(t, 6, 1, nil, "rest"); goal != "march" {
		t.Errorf("light enough: the goal policy answers %q, want march", goal)
	}
	if _, goal, _ := nightQuestion(t, 5, 1, nil, "rest"); goal != "rest" {
		t.Errorf("light short: the goal policy answers %q, want rest", goal)
	}
}

// pickQuestion runs p, moving east and continuing a traversal, to its first pick question of cause
// (a KindPick whose Cause is cause) and returns the question's line, what it says about itself
// and the faces offered.
func pickQuestion(t *testing.T, p *plan.Plan, cause string) (line, about string, faces []int) {
	t.Helper()
	stop := errors.New("stop")
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		switch r.Kind {
		case runner.KindMove:
			return runner.Answer{Choice: r.Find("east")}, nil
		case runner.KindTraverse:
			return runner.Answer{Choice: r.Find("continue")}, nil
		case runner.KindPick:
			if r.Cause != cause {
				return runner.Answer{}, nil
			}
			line, about = r.Prompt(), r.View.(*PlayerView).About(r)
			for _, c := range r.Choices {
				faces = append(faces, c.Value)
			}
			return runner.Answer{}, stop
		}
		return runner.Answer{}, nil
	})
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d, Sink: runner.Discard}}); !errors.Is(err, stop) {
		t.Fatalf("run: %v (no %q pick)", err, cause)
	}
	if len(faces) == 0 {
		t.Fatalf("no face offered")
	}
	return line, about, faces
}

// Review P1: each pick question says what it picks for, from its own table. A traversal pick
// (K-45) lists the area's faces (traversalPlan's maze, worked from its table: 1 "a stair" +2, 2 "a
// hall" +1, 3 "a dead end" -1, 4 "dust" +0, 5 "a door" +1, 6 "a shaft" +2), never the camp's
// episodes (K-38); a growth pick inside a scenario (K-64, K-3) names the PC and the ability each
// face raises (1 dexterity, 2 agility, 3 strength, 4 vitality, 5 intelligence, 6 spirit). Before
// the fix both said "Which face does the party keep?" over the camp's episodes.
func TestPickQuestionsSayTheirTableK45K64(t *testing.T) {
	maze := map[int]string{1: `"a stair"; progress +2`, 2: `"a hall"; progress +1`, 3: `"a dead end"; progress -1`,
		4: `"dust"; progress +0`, 5: `"a door"; progress +1`, 6: `"a shaft"; progress +2`}
	p := traversalPlan("completeOnly")
	p.Episodes = []plan.Episode{{Say: "camp 1"}, {Say: "camp 2"}, {Say: "camp 3"}, {Say: "camp 4"}, {Say: "camp 5"}, {Say: "camp 6"}}
	line, about, faces := pickQuestion(t, p, "traversal")
	want := ""
	for _, f := range faces {
		want += "  face " + faceName(f) + ": " + maze[f] + " (K-45)\n"
	}
	if about != want {
		t.Errorf("the traversal pick says:\n%s\nwant:\n%s", about, want)
	}
	if !strings.HasPrefix(line, "day 1, action phase: traversal of maze (K-45): rolled ") {
		t.Errorf("the traversal question: %q", line)
	}

	abilities := [7]string{"", "dexterity", "agility", "strength", "vitality", "intelligence", "spirit"}
	p = pcPlan(2)
	p.Field.Blocks[0].Kind = "block"
	p.Objectives = []plan.Objective{{ID: "there", When: plan.Cond{Op: plan.CondAt, Block: 1}, Outcome: "success"}}
	line, about, faces = pickQuestion(t, p, "growth")
	want = ""
	for _, f := range faces {
		want += "  face " + faceName(f) + ": " + abilities[f] + " +1 for Aria (K-64)\n"
	}
	if about != want {
		t.Errorf("the growth pick says:\n%s\nwant:\n%s", about, want)
	}
	if !strings.Contains(line, ": ability growth of Aria (K-64): rolled ") || !strings.HasSuffix(line, "Which face does Aria keep?") {
		t.Errorf("the growth question: %q", line)
	}
}
