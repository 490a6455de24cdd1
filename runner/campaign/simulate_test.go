package campaign

import (
	"reflect"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// The bundled campaign under goal: the prologue, field01 (the goal wins it, see karzoral's
// TestGoalField01) and field03, the final scenario, selected as soon as it is open: three
// sorties, a success, in every run. Two and one workers agree.
func TestSimulateCampaignGoal(t *testing.T) {
	c := bundled(t)
	s := Subject(c)
	var tallies []*runner.Tally
	for _, w := range []int{1, 2} {
		tl, err := runner.Simulate(s, runner.SimOptions{Runs: 40, Seed: 1, Workers: w, Policy: Goal(c)})
		if err != nil {
			t.Fatal(err)
		}
		tallies = append(tallies, tl)
	}
	tl := tallies[0]
	if tl.Outcomes[runner.Success] != 40 {
		t.Fatalf("outcomes %v", tl.Outcomes)
	}
	if d := tl.Measures[runner.Key{Kind: "sorties", ID: "party"}]; d == nil || d.Min() != 3 || d.Max() != 3 {
		t.Errorf("sorties %+v", d)
	}
	for _, id := range []string{"field00", "field01", "field03"} {
		if c := tl.Covered[runner.Key{Kind: CoverClear, ID: id}]; c == nil || c.Runs != 40 {
			t.Errorf("%s cleared in %+v runs", id, c)
		}
	}
	// The sorties' own events are scoped by scenario: field01's cache burns in field01's scope.
	if c := tl.Covered[runner.Key{Scope: "field01", Kind: "event", ID: "supplyCache"}]; c == nil || c.Runs != 40 {
		t.Errorf("field01's supplyCache %+v", c)
	}
	if !reflect.DeepEqual(tallies[0], tallies[1]) {
		t.Error("1 and 2 workers differ")
	}
}

// Ending maps a campaign's end to a run's: the final scenario cleared is a success, the days add
// up over the sorties.
func TestEnding(t *testing.T) {
	res := &Result{End: EndLimit, State: &State{Rows: []Row{{Days: 5}, {Days: 3}}}}
	if e := Ending(res); e.Outcome != runner.Failure || e.Day != 8 || e.Reason != "the sortie limit was reached" {
		t.Errorf("%+v", e)
	}
	res.End = EndFinal
	if e := Ending(res); e.Outcome != runner.Success {
		t.Errorf("%+v", e)
	}
}
