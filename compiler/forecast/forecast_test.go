package forecast_test

import (
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/forecast"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

func compile(t *testing.T, dir string) *plan.Plan {
	t.Helper()
	abs, _ := filepath.Abs(filepath.Join("..", "..", "scenarios", dir))
	p, list, err := compiler.Compile([]string{abs}, compiler.Options{WorkDir: abs})
	if err != nil || p == nil {
		t.Fatalf("%s: %v %v", dir, err, list)
	}
	return p
}

func block(p *plan.Plan, id string) int {
	for i, b := range p.Field.Blocks {
		if b.ID == id {
			return i
		}
	}
	return -1
}

// K-22, K-24, K-25 on field01: the mercenaries (60, route 01 01 01 03 05 09) and the warband
// (75, route gate gate 11 10 10 09) both take one step a day: on day 5 both stand at 09.
// d = min(60, 75) = 60: the mercenaries fall to 0 (K-25: the scenario fails on day 5), the
// warband keeps 75 - 60 = 15.
func TestKarzoralField01(t *testing.T) {
	p := compile(t, "karzoral/field01")
	f := forecast.Of(p)
	if len(f.Meetings) != 1 {
		t.Fatalf("meetings %+v, want one", f.Meetings)
	}
	m := f.Meetings[0]
	want := forecast.Meeting{Day: 5, Place: block(p, "09"), Friendly: "mercenaries", Enemy: "boggardWarband", FriendlyStr: 60, EnemyStr: 75, Fails: true}
	if m != want {
		t.Errorf("meeting %+v, want %+v", m, want)
	}
	if f.FailDay != 5 {
		t.Errorf("FailDay %d, want 5", f.FailDay)
	}
	for _, a := range f.Armies {
		switch a.ID {
		case "boggardWarband":
			// days 0..5: gate gate 11 10 10 09
			if a.Arrival(block(p, "09")) != 5 || a.Arrival(block(p, "11")) != 2 || a.Strength[5] != 15 || len(a.At) != 6 {
				t.Errorf("warband %+v", a)
			}
		case "mercenaries":
			if a.Arrival(block(p, "03")) != 3 || a.Strength[5] != 0 || len(a.At) != 6 {
				t.Errorf("mercenaries %+v", a)
			}
		}
	}
}

func hex(p *plan.Plan, id string) int {
	for i, h := range p.Pathfinder.Hexes {
		if h.ID == id {
			return i
		}
	}
	return -1
}

// P-6, P-12..P-14 on stolen-lands, armies in id order, budgets in half-hex points (2 a hex, 4 a
// difficult one): day 1 the cavalry (speed 2, budget 4) enters the ford; the militia (speed 1,
// budget 2) cannot pay greenbelt's 4 and carries 2; the orcs (budget 2) enter the ford and meet
// the cavalry; the wolf riders (budget 4) enter it and meet the cavalry too. Day 2 the militia
// has 2 + 2 = 4 and enters greenbelt; day 3 it enters the ford (2) and meets the orcs and the
// wolf riders.
func TestPathfinderStolenLands(t *testing.T) {
	p := compile(t, "pathfinder/stolen-lands")
	f := forecast.Of(p)
	ford := hex(p, "ford")
	want := []forecast.Meeting{
		{Day: 1, Place: ford, Friendly: "cavalry", Enemy: "orcs"},
		{Day: 1, Place: ford, Friendly: "cavalry", Enemy: "wolfriders"},
		{Day: 3, Place: ford, Friendly: "militia", Enemy: "orcs"},
		{Day: 3, Place: ford, Friendly: "militia", Enemy: "wolfriders"},
	}
	if len(f.Meetings) != len(want) {
		t.Fatalf("meetings %+v, want %+v", f.Meetings, want)
	}
	for i := range want {
		if f.Meetings[i] != want[i] {
			t.Errorf("meeting %d: %+v, want %+v", i, f.Meetings[i], want[i])
		}
	}
	for _, a := range f.Armies {
		if a.ID == "militia" && (a.Arrival(hex(p, "greenbelt")) != 2 || a.Arrival(ford) != 3) {
			t.Errorf("militia %+v: want greenbelt on day 2, the ford on day 3", a.At)
		}
	}
}
