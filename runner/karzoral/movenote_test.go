package karzoral

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-31 (with K-30, K-23): the move decision names a neighbouring block only when the players know
// it; a block of a box not yet revealed is "?". boxField: from a, east is x, in box A (hidden at the
// start); in line(2), east of b0 is b1, outside any box (known from the start, K-30).
func TestMoveNamesOnlyKnownBlocksK31(t *testing.T) {
	for _, c := range []struct{ name, want string }{{"box", "?"}, {"open", "b1"}} {
		p := boxField()
		if c.name == "open" {
			p = line(2)
		}
		p.DayLimit = 1
		var note string
		d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
			if r.Kind == runner.KindMove && note == "" {
				note = r.Choices[r.Find("east")].Note
				return runner.Answer{Choice: r.Find("stay")}, nil
			}
			return runner.Answer{}, nil
		})
		if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d}}); err != nil {
			t.Fatal(err)
		}
		if note != c.want {
			t.Errorf("%s: east is named %q, want %q", c.name, note, c.want)
		}
	}
}

// K-32 (issue 23 review D6): a move the players know will fail says so at its option, and only
// when they know it. boxField: x (box A, hidden at the start, K-31) is entered from the north
// only. Day 1 at a, east is "?": the players do not know x, nor that it is one-way. The move east
// fails (K-32) and reveals box A (K-31 default); day 2 at a, east names x and says the move would
// fail: entering x from the west. Field 1, day 5 at 12 (the win script): 07 (outside any box, known
// from the start, K-30) is entered from the north only, so north from 12 enters it from the south.
func TestMoveNoteSaysOneWayK32(t *testing.T) {
	const fails = " (one-way: cannot be entered from the %s; the move is lost, K-32)"
	p := boxField()
	p.DayLimit = 2
	var notes []string
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		switch r.Kind {
		case runner.KindMove:
			notes = append(notes, r.Choices[r.Find("east")].Note)
			return runner.Answer{Choice: r.Find("east")}, nil
		case runner.KindNight:
			return runner.Answer{Choice: r.Find("rest")}, nil
		}
		return runner.Answer{Default: r.Optional}, nil
	})
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: &dice1{d}}}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"?", "x" + fmt.Sprintf(fails, "west")}; !slices.Equal(notes, want) {
		t.Errorf("east from a, days 1 and 2:\n got %q\nwant %q", notes, want)
	}

	s, list, err := runner.LoadScript("../../testdata/runner/field01-win.yaml")
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	var north []string
	fd := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Kind == runner.KindMove && r.Day == 5 && r.Phase == runner.PhaseAction {
			for _, c := range r.Choices {
				north = append(north, c.Name+" -> "+c.Note)
			}
		}
		return s.Decide(r)
	})
	if _, err := Run(field01(), Options{Options: runner.Options{Seed: 7, Decider: rolling{fd, s}}}); err != nil {
		t.Fatal(err)
	}
	want := []string{"north -> 07" + fmt.Sprintf(fails, "south"), "east -> 13", "south -> 14", "west -> 04", "stay -> "}
	if !slices.Equal(north, want) {
		t.Errorf("field01 day 5 at 12:\n got %q\nwant %q", north, want)
	}
}
