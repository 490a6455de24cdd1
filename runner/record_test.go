package runner

import "testing"

// A Recorder writes each decision as the script entry that makes it again: the script it writes
// parses and gives the same answers to the same requests.
func TestRecorderRoundTrip(t *testing.T) {
	reqs := []*Request{
		{Kind: KindMove, Day: 1, Choices: []Choice{{Name: "north"}, {Name: "east"}, {Name: "stay", Value: -1}}},
		{Kind: KindPick, Day: 1, Choices: []Choice{{Name: "4", Value: 4}, {Name: "1", Value: 1}}, Dice: [2]int{4, 1}},
		{Kind: KindNight, Day: 1, Choices: []Choice{{Name: "rest"}, {Name: "march"}}},
		{Kind: KindTactic, Day: 2, Phase: PhaseBattle, Army: "orcs", Choices: []Choice{{Name: "Standard"}, {Name: "Defensive Wall"}}},
		{Kind: KindTarget, Day: 2, Phase: PhaseBattle, Army: "orcs", Choices: []Choice{{Name: "militia"}, {Name: "cavalry \"the bold\""}}},
		{Kind: KindSelect, Choices: []Choice{{Name: "field01"}, {Name: "field03"}}},
		{Kind: KindPrepare, Choices: []Choice{{Name: "sortie"}, {Name: "buy potion"}}},
	}
	answers := []int{1, 1, 1, 1, 1, 1, 1}
	i := 0
	rec := NewRecorder(deciderFunc(func(*Request) (Answer, error) { a := Answer{Choice: answers[i]}; i++; return a, nil }))
	for _, r := range reqs {
		if _, err := rec.Decide(r); err != nil {
			t.Fatal(err)
		}
	}
	src := rec.Script("a replay\nof a test")
	s, list := ParseScript("replay.yaml", src)
	if list.HasErrors() || s.Len() != len(reqs) {
		t.Fatalf("%s\n%v", src, list)
	}
	for k, r := range reqs {
		a, err := s.Decide(r)
		if err != nil || a.Choice != answers[k] {
			t.Errorf("entry %d (%s): %v %v", k, ScriptEntry(r, answers[k]), a, err)
		}
	}
	if got := ScriptEntry(reqs[0], 1); got != `{day: 1, move: "east"}` {
		t.Errorf("move entry %s", got)
	}
	if got := ScriptEntry(reqs[1], 0); got != `{day: 1, pick: 4}` {
		t.Errorf("pick entry %s", got)
	}
	if got := ScriptEntry(reqs[5], 0); got != `{select: "field01"}` {
		t.Errorf("select entry %s", got)
	}
}

type deciderFunc func(*Request) (Answer, error)

func (f deciderFunc) Decide(r *Request) (Answer, error) { return f(r) }
