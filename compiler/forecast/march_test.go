package forecast_test

import (
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/forecast"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// K-24 as corrected 2026-12-01 (armies fight as each one moves), worked by hand on two small
// fields. The graph's forecast used to resolve battles only after every army had moved, and found
// neither battle.
func TestForecastFightsAsEachArmyMovesK24(t *testing.T) {
	// Trading blocks: friendly a (5, route 0 1) moves first (K-22) into b's block 1 and fights b
	// (3, route 1 0) before b moves: d = min(5, 3) = 3, a keeps 2, b is gone and makes no move.
	p := &plan.Plan{DayLimit: 2, Armies: []plan.Army{
		{ID: "a", Side: "friendly", Strength: 5, Route: []int{0, 1}, Speed: 1},
		{ID: "b", Side: "enemy", Strength: 3, Route: []int{1, 0}, Speed: 1},
	}}
	f := forecast.Of(p)
	want := []forecast.Meeting{{Day: 1, Place: 1, Friendly: "a", Enemy: "b", FriendlyStr: 5, EnemyStr: 3}}
	if !slices.Equal(f.Meetings, want) {
		t.Errorf("trading blocks: meetings %+v, want %+v", f.Meetings, want)
	}
	if a, b := f.Armies[0], f.Armies[1]; !slices.Equal(a.At, []int{0, 1, 1}) || !slices.Equal(a.Strength, []int{5, 2, 2}) ||
		!slices.Equal(b.At, []int{1, 1}) || !slices.Equal(b.Strength, []int{3, 0}) {
		t.Errorf("trading blocks: a %+v, b %+v; want a at 0 1 1 with 5 2 2, b at 1 1 with 3 0", a, b)
	}

	// Passing through: friendly c (4, speed 2, route 0 1 2) steps into 1, where enemy d (10,
	// holding at 1) stands, and fights there: d = min(4, 10) = 4, c is wiped out on day 1 (K-25)
	// and never reaches 2.
	p = &plan.Plan{DayLimit: 3, Armies: []plan.Army{
		{ID: "c", Side: "friendly", Strength: 4, Route: []int{0, 1, 2}, Speed: 2},
		{ID: "d", Side: "enemy", Strength: 10, Route: []int{1}, Speed: 1},
	}}
	f = forecast.Of(p)
	want = []forecast.Meeting{{Day: 1, Place: 1, Friendly: "c", Enemy: "d", FriendlyStr: 4, EnemyStr: 10, Fails: true}}
	if !slices.Equal(f.Meetings, want) || f.FailDay != 1 {
		t.Errorf("passing through: meetings %+v FailDay %d, want %+v on day 1", f.Meetings, f.FailDay, want)
	}
}
