package karzoral_test

import (
	"reflect"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

func bundledField01(t testing.TB) *plan.Plan {
	t.Helper()
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatal(err, list)
	}
	return p
}

// never lists the entities of the kinds given that no run of t covered.
func never(t *runner.Tally, entities []runner.Entity, kinds ...string) []string {
	var out []string
	for _, e := range entities {
		for _, k := range kinds {
			if e.Kind == k && t.Covered[e.Key()] == nil {
				out = append(out, k+" "+e.ID)
			}
		}
	}
	return out
}

// Under explore, 1000 runs of field01 cover every block, event, objective and encounter (the
// done-when of issue 14); random play in the same runs misses half the field.
func TestExploreCoversField01(t *testing.T) {
	if testing.Short() {
		t.Skip("2000 runs")
	}
	p := bundledField01(t)
	s, err := runner.PlanSubject(p)
	if err != nil {
		t.Fatal(err)
	}
	ents := s.Coverable()
	ex, err := runner.Simulate(s, runner.SimOptions{Runs: 1000, Seed: 1, Policy: runner.NewExplore()})
	if err != nil {
		t.Fatal(err)
	}
	if miss := never(ex, ents, "block", "event", "objective", "encounter"); len(miss) > 0 {
		t.Errorf("explore: never covered %v", miss)
	}
	rnd, err := runner.Simulate(s, runner.SimOptions{Runs: 1000, Seed: 1, Policy: runner.NamedPolicy("random")})
	if err != nil {
		t.Fatal(err)
	}
	if miss := never(rnd, ents, "block", "event"); len(miss) < 5 {
		t.Errorf("random play covers nearly as much (%v): the comparison says nothing", miss)
	}
	// A Learner's simulation is the same on 1 and 3 workers.
	ex3, err := runner.Simulate(s, runner.SimOptions{Runs: 300, Seed: 9, Workers: 3, Policy: runner.NewExplore()})
	if err != nil {
		t.Fatal(err)
	}
	ex1, err := runner.Simulate(s, runner.SimOptions{Runs: 300, Seed: 9, Workers: 1, Policy: runner.NewExplore()})
	if err != nil {
		t.Fatal(err)
	}
	if ex1 == nil || ex1.Runs != 300 {
		t.Fatalf("explore on 1 worker: %+v", ex1)
	}
	if !reflect.DeepEqual(ex1, ex3) {
		t.Error("explore: 1 and 3 workers differ")
	}
}

// Goal on field01: by hand, the targets are the cache's block 14 (supplyCache sets cacheBurned,
// the midpoint's flag), the gate (takeTheGate's block) and 08 (causewayWatch sets causewayTaken);
// the party walks t1, t2, t3, 01, 02 to 14 and burns the cache before day 5 (the warband comes to
// 75 - 30 = 45 and the mercenaries survive, K-24), then takes the gate: every run succeeds.
func TestGoalField01(t *testing.T) {
	p := bundledField01(t)
	g := karzoral.NewGoal(p)
	tl, err := runner.Simulate(mustSubject(t, p), runner.SimOptions{Runs: 200, Seed: 1, Policy: g})
	if err != nil {
		t.Fatal(err)
	}
	if tl.Outcomes[runner.Success] != 200 {
		t.Errorf("goal: %v", tl.Outcomes)
	}
	if c := tl.Covered[runner.Key{Kind: "event", ID: "supplyCache"}]; c == nil || c.Runs != 200 {
		t.Errorf("the cache is not burned in every run: %+v", c)
	}
}

func mustSubject(t *testing.T, p *plan.Plan) runner.Subject {
	s, err := runner.PlanSubject(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Coverable lists field01's entities in the documented order and kinds, with declarations the
// CLI can place: 20 blocks with coordinates, the six episodes, the box A.
func TestCoverable(t *testing.T) {
	ents := karzoral.Coverable(bundledField01(t), "")
	count := map[string]int{}
	for _, e := range ents {
		count[e.Kind]++
		if e.Kind == karzoral.CoverBlock && (e.At == nil || e.Grid != "square" || e.Decl != "field.blocks."+e.ID) {
			t.Errorf("block %+v", e)
		}
	}
	if count["block"] != 20 || count["episode"] != 6 || count["box"] != 1 || count["event"] != 6 || count["objective"] != 2 || count["encounter"] != 3 {
		t.Errorf("kinds %v", count)
	}
}
