package expect

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		in   string
		yes  []int
		no   []int
		show string
	}{
		{"7", []int{7}, []int{6, 8}, "7"},
		{"<=7", []int{-1, 7}, []int{8}, "<= 7"},
		{" >= 15 ", []int{15, 99}, []int{14}, ">= 15"},
		{"!=0", []int{1, -1}, []int{0}, "!= 0"},
		{"<3", []int{2}, []int{3}, "< 3"},
		{">3", []int{4}, []int{3}, "> 3"},
		{"10..20", []int{10, 15, 20}, []int{9, 21}, "10..20"},
		{"-5..-1", []int{-5, -1}, []int{0}, "-5..-1"},
	} {
		n, err := ParseNum(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		for _, v := range tc.yes {
			if !n.Match(v) {
				t.Errorf("%q should match %d", tc.in, v)
			}
		}
		for _, v := range tc.no {
			if n.Match(v) {
				t.Errorf("%q should not match %d", tc.in, v)
			}
		}
		if n.String() != tc.show {
			t.Errorf("%q reads %q, want %q", tc.in, n.String(), tc.show)
		}
	}
	for _, bad := range []string{"", "seven", "<=", "20..10", "1..x", "=>3"} {
		if _, err := ParseNum(bad); err == nil {
			t.Errorf("ParseNum(%q): want an error", bad)
		}
	}
}

func at(line int) diag.Pos { return diag.Pos{File: "./s.cue", Line: line, Column: 3} }

// A run that differs from each expectation in one way gets one Q001 each, at its line; a run
// that meets them all gets none.
func TestCheck(t *testing.T) {
	le8, _ := ParseNum("<=8")
	e := &Expect{
		Outcome:    &Str{V: "success", Pos: at(1)},
		Day:        &NumAt{Num: Exactly(7), Pos: at(2)},
		Reason:     &Str{V: "takeTheGate", Pos: at(3)},
		Party:      &Str{V: "gate", Pos: at(4)},
		Rations:    &NumAt{Num: le8, Pos: at(5)},
		Armies:     []Named{{Name: "mercenaries", Num: Exactly(15), Pos: at(6)}},
		XP:         []Named{{Name: "Aria", Num: Exactly(500), Pos: at(7)}},
		Objectives: []Str{{V: "cacheBurned", Pos: at(8)}},
		Events:     []Named{{Name: "supplyCache", Num: Exactly(1), Pos: at(9)}},
	}
	good := &Run{Outcome: "success", Day: 7, Reason: "objective takeTheGate", Party: "gate", Rations: 8,
		Armies: map[string]int{"mercenaries": 15}, XP: map[string]int{"Aria": 500},
		Objectives: []string{"cacheBurned", "takeTheGate"}, Events: map[string]int{"supplyCache": 1}}
	if list := e.Check(good); list != nil {
		t.Fatalf("a run that meets everything: %v", list)
	}
	bad := &Run{Outcome: "failure", Day: 5, Reason: "friendly army mercenaries wiped out (K-25)", Party: "01", Rations: 35,
		Armies: map[string]int{"mercenaries": 0}, XP: map[string]int{}, Events: map[string]int{}}
	list := e.Check(bad)
	want := []string{
		"./s.cue:1:3: Q001: outcome: the run ended in failure on day 5 (friendly army mercenaries wiped out (K-25)), the test wants success",
		"./s.cue:2:3: Q001: day: the run ended on day 5, the test wants 7",
		`./s.cue:3:3: Q001: reason: the run ended because of "friendly army mercenaries wiped out (K-25)", the test wants "takeTheGate"`,
		"./s.cue:4:3: Q001: party: the party ended in block 01, the test wants gate",
		"./s.cue:5:3: Q001: rations: 35 left, the test wants <= 8",
		"./s.cue:6:3: Q001: armies.mercenaries: strength 0 at the end, the test wants 15",
		"./s.cue:7:3: Q001: xp.Aria: 0 XP gained, the test wants 500",
		"./s.cue:8:3: Q001: objectives: cacheBurned was not reached (reached: none)",
		"./s.cue:9:3: Q001: events.supplyCache: fired never, the test wants 1",
	}
	var got []string
	for _, d := range list {
		got = append(got, d.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestValidate(t *testing.T) {
	e := &Expect{
		Armies:     []Named{{Name: "gaurd", Pos: at(1)}, {Name: "guard", Pos: at(2)}},
		Objectives: []Str{{V: "win", Pos: at(3)}},
		Party:      &Str{V: "gate", Pos: at(4)},
		XP:         []Named{{Name: "Aria", Pos: at(5)}},
	}
	list := e.Validate(Known{Armies: []string{"mercenaries", "guard"}, Objectives: []string{"win"}, Blocks: []string{"gate"}, PCs: []string{}})
	if len(list) != 2 || list[0].Code != CodeBadTest || list[0].Pos.Line != 1 || list[0].Hint != `did you mean "guard"?` || list[1].Pos.Line != 5 {
		t.Errorf("got %v", list)
	}
	// Pathfinder runs know no blocks: a party expectation is an error there.
	if list := (&Expect{Party: &Str{V: "x", Pos: at(1)}}).Validate(Known{}); len(list) != 1 {
		t.Errorf("party on a hex field: %v", list)
	}
}

// A Pathfinder run keeps no rations: expecting some cannot pass or fail for the right reason
// (the run would report 0 left). Q002, and the problems come in source order.
func TestValidateNoRations(t *testing.T) {
	at := func(col int) diag.Pos { return diag.Pos{File: "s.cue", Line: 1, Column: col} }
	e := &Expect{Rations: &NumAt{Num: Exactly(5), Pos: at(30)}, Armies: []Named{{Name: "nobody", Pos: at(10)}}}
	list := e.Validate(Known{Armies: []string{"orcs"}, NoRations: true})
	if len(list) != 2 || list[0].Pos.Column != 10 || list[1].Pos.Column != 30 || list[1].Code != CodeBadTest ||
		list[1].Message != "this scenario keeps no rations to expect" {
		t.Errorf("got %v", list)
	}
}

// A battle file's test names its winner (issue 20): winner: is Q002 for a scenario, outcome: for a
// battle, and a side the battle lacks; the wrong side winning is Q001 at winner:.
func TestTestWinner(t *testing.T) {
	at := func(line int) diag.Pos { return diag.Pos{File: "b.cue", Line: line, Column: 1} }
	scenario := Known{DayUnit: "day"}
	battle := Known{DayUnit: "round", Winners: []string{"West", "East", "no winner"}}
	tt := Test{Winner: &Str{V: "West", Pos: at(1)}}
	if l := tt.Validate(scenario); len(l) != 1 || l[0].Code != CodeBadTest || l[0].Pos.Line != 1 {
		t.Errorf("winner: in a scenario's test: %v", l)
	}
	if l := tt.Validate(battle); len(l) != 0 {
		t.Errorf("winner: West in a battle: %v", l)
	}
	north := Test{Winner: &Str{V: "North", Pos: at(2)}}
	if l := north.Validate(battle); len(l) != 1 || !strings.Contains(l[0].Message, `want "West", "East" or "no winner"`) {
		t.Errorf("winner: North: %v", l)
	}
	out := Test{Expect: Expect{Outcome: &Str{V: "success", Pos: at(3)}}}
	if l := out.Validate(battle); len(l) != 1 || l[0].Pos.Line != 3 || !strings.Contains(l[0].Message, "write winner:") {
		t.Errorf("outcome: in a battle's test: %v", l)
	}
	run := &Run{Outcome: "success", Day: 1, Unit: "round", Winner: "East"}
	if l := tt.Check(run); len(l) != 1 || l[0].Code != CodeUnmet || l[0].Message != "winner: East after round 1, the test wants West" {
		t.Errorf("Check: %v", l)
	}
	run.Winner = "West"
	if l := tt.Check(run); len(l) != 0 {
		t.Errorf("Check of the right winner: %v", l)
	}
	if got, want := run.Summary(), "winner West after round 1"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
}

// A clash battle's test names its winner, round and objectives, never an army (U-rules have
// units, not armies, in a test's run): armies: is Q002 that names the battle, not a scenario, and
// so is rations: (issue 20).
func TestValidateBattleWording(t *testing.T) {
	at := func(col int) diag.Pos { return diag.Pos{File: "b.cue", Line: 1, Column: col} }
	clash := Known{DayUnit: "round", Winners: []string{"West", "East", "no winner"}, Objectives: []string{}, NoRations: true}
	e := &Expect{Armies: []Named{{Name: "pikes", Pos: at(10)}}, Rations: &NumAt{Num: Exactly(1), Pos: at(30)}}
	list := e.Validate(clash)
	if len(list) != 2 || list[0].Code != CodeBadTest || list[0].Message != "this battle has no army to expect" ||
		list[1].Message != "this battle keeps no rations to expect" {
		t.Errorf("got %v", list)
	}
	// A Karzoral scenario without armies still says scenario.
	list = (&Expect{Armies: []Named{{Name: "pikes", Pos: at(10)}}}).Validate(Known{DayUnit: "day"})
	if len(list) != 1 || list[0].Message != "this scenario has no army to expect" {
		t.Errorf("scenario: got %v", list)
	}
}

// B7 (issue 20): a battle's length is written in its own unit, the registry's Offer.Unit: a
// clash battle counts rounds (U-28), a Pathfinder battle phases (P-15). day: in a battle is
// refused as phase: in a clash battle is, Q002 naming the word to write; each battle's own word
// and a scenario's day: pass. Messages written by hand.
func TestDayWordPerUnit(t *testing.T) {
	at := diag.Pos{File: "b.cue", Line: 4, Column: 9}
	for _, c := range []struct {
		word, unit, want string // want "": accepted
	}{
		{"day", "round", "day: a clash battle counts rounds: write round:"},
		{"phase", "round", "phase: a clash battle counts rounds: write round:"},
		{"round", "round", ""},
		{"day", "phase", "day: a Pathfinder battle counts phases: write phase:"},
		{"round", "phase", "round: a Pathfinder battle counts phases: write phase:"},
		{"phase", "phase", ""},
		{"day", "day", ""},
		{"round", "day", "round: a scenario's run counts days: write day:"},
	} {
		e := &Expect{Day: &NumAt{Num: Exactly(3), Pos: at, Word: c.word}}
		list := e.Validate(Known{DayUnit: c.unit})
		switch {
		case c.want == "" && len(list) != 0:
			t.Errorf("%s: in a %s subject: %v", c.word, c.unit, list)
		case c.want != "" && (len(list) != 1 || list[0].Code != CodeBadTest || list[0].Message != c.want || list[0].Pos != at):
			t.Errorf("%s: in a %s subject: got %v, want Q002 %q", c.word, c.unit, list, c.want)
		}
	}
}
