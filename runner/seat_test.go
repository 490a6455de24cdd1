package runner

import (
	"bytes"
	"strings"
	"testing"
)

// A Seat (--play SIDE, issue 23) puts its side's questions and those of no side to the player,
// answers the other side's with the engine's own answer (Default) and writes each of them.
func TestSeatRoutesBySide(t *testing.T) {
	var out, log bytes.Buffer
	seat := &Seat{Side: "garrison", Player: NewPrompt(strings.NewReader("2\n"), &out, false), Out: &log}
	mine := &Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Army: "pikes", Side: "Garrison", Default: 0,
		Choices: []Choice{{Name: "attack"}, {Name: "dash"}}}
	if a, err := seat.Decide(mine); err != nil || a.Choice != 1 {
		t.Fatalf("the player's own: %+v %v", a, err)
	}
	theirs := &Request{Kind: KindAction, Day: 1, Phase: PhaseRound, Army: "orcs", Side: "legion", Default: 1,
		Choices: []Choice{{Name: "attack"}, {Name: "dash"}}}
	if a, err := seat.Decide(theirs); err != nil || a.Default || a.Choice != 1 {
		t.Fatalf("the computer's action: %+v %v", a, err)
	}
	opt := &Request{Kind: KindTo, Day: 1, Phase: PhaseRound, Army: "orcs", Other: "orcs 2", Side: "legion", Optional: true, Default: 0,
		Choices: []Choice{{Name: "4,7"}, {Name: "5,7"}}}
	if a, err := seat.Decide(opt); err != nil || !a.Default {
		t.Fatalf("the computer's move: %+v %v", a, err)
	}
	if got, want := log.String(), "  (computer, legion) round 1, orcs: action dash\n  (computer, legion) round 1, orcs, orcs 2: to 4,7\n"; got != want {
		t.Errorf("the computer's choices:\n%q\nwant\n%q", got, want)
	}
	if strings.Contains(out.String(), "orcs") {
		t.Errorf("the player was asked the computer's question:\n%s", out.String())
	}
	for _, tc := range []struct{ in, id, why string }{
		{"legion", "legion", ""}, {"The Gallows Garrison", "garrison", ""}, {"leg", "legion", ""},
		{"elves", "", `no side "elves" (sides: garrison, legion; or all)`},
	} {
		id, why := MatchSide(tc.in, []string{"garrison", "legion"}, []string{"The Gallows garrison", "The Ninth Legion of Khar"})
		if id != tc.id || why != tc.why {
			t.Errorf("MatchSide(%q) = %q %q", tc.in, id, why)
		}
	}
}

// askLog is a player that writes "ask ARMY" to w for each question and answers the first choice.
type askLog struct{ w *bytes.Buffer }

func (p askLog) Decide(r *Request) (Answer, error) {
	p.w.WriteString("ask " + r.Army + "\n")
	return Answer{Choice: 0}, nil
}

// lineEvent is an event for the test's sink.
type lineEvent struct{ s string }

func (lineEvent) Type() string   { return "test" }
func (lineEvent) Rule() string   { return "" }
func (e lineEvent) Line() string { return e.s }

// bufSink writes each event's line to w.
type bufSink struct{ w *bytes.Buffer }

func (s bufSink) Write(e Event) error { s.w.WriteString(e.Line() + "\n"); return nil }

// TestSeatHoldsComputerInPlayersBlock (issue 23 review: in a Pathfinder battle with several
// friendly armies, the computer's tactic was printed between the player's own armies'
// questions): asked in army order orcs (the computer's), knights (the player's), worgs (the
// computer's), militia (the player's), all the same battle's tactic, the player sees both
// questions, then the computer's choices, then the phase that follows (the next event). The
// orcs' tactic, chosen before the player's block opened, is held too: tactics are chosen at the
// same time (P-22), and the side asked second saw the computer's before choosing its own (review
// D4). A computer's choice that is not simultaneous is written as it is made.
func TestSeatHoldsComputerInPlayersBlock(t *testing.T) {
	var w bytes.Buffer
	seat := &Seat{Side: "friendly", Player: askLog{&w}, Out: &w}
	sink := seat.Sink(bufSink{&w}) // holding needs a sink (or writer) to flush before
	ask := func(army, side string) {
		r := &Request{Kind: KindTactic, Day: 50, Phase: PhaseBattle, Title: "tactics", Army: army, Side: side,
			Choices: []Choice{{Name: "standard"}, {Name: "defensive wall"}}}
		if _, err := seat.Decide(r); err != nil {
			t.Fatal(err)
		}
	}
	ask("orcs", "enemy") // before the player's block: held (simultaneous)
	ask("knights", "friendly")
	ask("worgs", "enemy") // inside it: held
	ask("militia", "friendly")
	if err := sink.Write(lineEvent{"the tactics phase"}); err != nil {
		t.Fatal(err)
	}
	want := "ask knights\nask militia\n  (computer, enemy) day 50, battle phase, orcs: tactic standard\n" +
		"  (computer, enemy) day 50, battle phase, worgs: tactic standard\nthe tactics phase\n"
	if got := w.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Not simultaneous (a yes or no, an action): written as made, before the player's question.
	w.Reset()
	if _, err := seat.Decide(&Request{Kind: KindAction, Day: 50, Phase: PhaseBattle, Army: "orcs", Side: "enemy",
		Choices: []Choice{{Name: "attack"}, {Name: "dash"}}}); err != nil {
		t.Fatal(err)
	}
	if got := w.String(); got != "  (computer, enemy) day 50, battle phase, orcs: action attack\n" {
		t.Errorf("an action: %q", got)
	}
	// The computer's strategy with no question of the player's after it: written before the next
	// event, what it led to.
	w.Reset()
	if _, err := seat.Decide(&Request{Kind: KindStrategy, Day: 50, Phase: PhaseBattle, Title: "melee 1", Army: "orcs", Side: "enemy",
		Choices: []Choice{{Name: "standard"}, {Name: "reckless"}}}); err != nil {
		t.Fatal(err)
	}
	if w.Len() != 0 {
		t.Errorf("a strategy written before the player could choose: %q", w.String())
	}
	if err := sink.Write(lineEvent{"melee phase 1"}); err != nil {
		t.Fatal(err)
	}
	if got, want := w.String(), "  (computer, enemy) day 50, battle phase, orcs: strategy standard\nmelee phase 1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A computer's yes or no is written with its question (issue 23 review: "militia, orcs: answer
// yes" said nothing of what was asked): the Request's Prompt, then the answer.
func TestSeatWritesTheQuestionOfAnAnswer(t *testing.T) {
	var log bytes.Buffer
	seat := &Seat{Side: "Orc horde", Player: NewPrompt(strings.NewReader(""), &bytes.Buffer{}, false), Out: &log}
	r := &Request{Kind: KindAnswer, Phase: PhaseBattle, Block: "orcs-vs-militia", Title: "melee phase 3", Army: "militia",
		Other: "orcs", Cause: "oppose withdrawal", Side: "Stolen Lands", Default: 0, Choices: []Choice{{Name: "yes"}, {Name: "no"}}}
	if _, err := seat.Decide(r); err != nil {
		t.Fatal(err)
	}
	want := "  (computer, Stolen Lands) " + r.Prompt() + " yes\n"
	if got := log.String(); got != want || !strings.Contains(got, "oppose withdrawal (army orcs)? yes") {
		t.Errorf("got %q, want %q", got, want)
	}
}
