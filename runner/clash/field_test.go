package clash

import (
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-67, U-20, U-18: a road square destroyed as a Destruction objective becomes difficult terrain,
// and the next goal field the policy builds must cost it as such, even though no occupant moved.
// One row of road "=====", west stand at 0,0, east stand at 4,0; side 0's engage goal is 3,0 (next
// to the enemy). Before: entering 1, 2 and 3 costs 1 each (U-20: road is never difficult) = 3.
// The resource square 2,0 (5 hp) takes 5: it turns rough, and entering it costs 2 (U-18), so
// 0,0 is 1 + 2 + 1 = 4 from the goal; 1,0 is 2 + 1 = 3; 2,0 itself is 1 (entering 3). The field
// was cached before the change (same key, no move), which is what the test catches.
func TestGoalFieldSeesDestroyedRoadU67(t *testing.T) {
	cl := newClash([]string{"====="}, []plan.Creature{soldier()}, []ub{
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 0}}},
	}, nil)
	cl.Resources = []plan.ClashResource{{ID: "bridge", Squares: []plan.ResourceSquare{{At: [2]int{2, 0}, HP: 5, VP: 3}}}}
	cl.Objectives = []plan.ClashObjective{{ID: "cut", Side: 0, Kind: plan.ObjDestroy, Resource: 0}}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	k := fieldKey{side: 0, kind: goalEngage}
	f := b.buildField(k)
	if got := f[:4]; !slices.Equal(got, []int16{3, 2, 1, 0}) {
		t.Fatalf("before: field %v, want [3 2 1 0] (road, 1 a square)", got)
	}
	b.damageResource(0, 5, 0)
	if b.terr[2] != plan.TerrRough {
		t.Fatalf("terrain at 2,0 is %q after its 5 hp were lost, want rough (U-67)", b.terr[2])
	}
	f = b.buildField(k)
	if got := f[:4]; !slices.Equal(got, []int16{4, 3, 1, 0}) {
		t.Errorf("after: field %v, want [4 3 1 0] (entering the destroyed square costs 2, U-18)", got)
	}
}
