package pathfinder

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// TestHexSightP14 works the players' sight of a hex run by hand (issue 23; P-14, read as K-23's
// Default): friendly army "guard" holds hex 0, enemy "raiders" (hp 9) sets out on hex 2. The
// side sees its own army always and the raiders only on a hex with it; out of sight they stay
// where and as last seen until seen again or seen going.
func TestHexSightP14(t *testing.T) {
	pf := &plan.Pathfinder{Armies: []plan.PFArmy{{ID: "guard", Side: plan.Friendly}, {ID: "raiders", Side: plan.Enemy}}}
	s := NewHexSight(pf, plan.Friendly)
	s.Set("guard", 0, 10)
	s.Set("raiders", 2, 9)
	s.Look(1)
	if !s.Sees("guard") || s.Sees("raiders") || s.SeesArrival("raiders", 1) || !s.SeesArrival("raiders", 0) || !s.SeesArrival("guard", 2) {
		t.Fatalf("day 1: sees guard %v, raiders %v; arrivals at 1 %v, at 0 %v", s.Sees("guard"), s.Sees("raiders"), s.SeesArrival("raiders", 1), s.SeesArrival("raiders", 0))
	}
	if _, ok := s.LastSeen("raiders"); ok {
		t.Errorf("day 1: the raiders were never seen, yet have a last sight")
	}
	// Day 2: the raiders march into hex 0 and fight the guard (P-14): seen, hp 9 -> 4.
	s.Set("raiders", 0, 9)
	s.Look(2)
	s.Set("raiders", 0, 4)
	s.Look(2)
	if !s.Sees("raiders") {
		t.Errorf("day 2: the raiders on the guard's hex are not seen")
	}
	// Day 3: they withdraw to hex 1 (out of sight) and heal to 6 there: last seen on hex 0 with hp 4.
	s.Set("raiders", 1, 6)
	s.Look(3)
	if sn, ok := s.LastSeen("raiders"); !ok || sn != (Seen{Hex: 0, HP: 4, Day: 2}) {
		t.Errorf("day 3: last seen %+v %v, want hex 0, hp 4, day 2", sn, ok)
	}
	if _, ok := s.LastSeen("guard"); ok {
		t.Errorf("the side's own army has a last sight")
	}
	// Seen going (destroyed in a battle with the guard): no longer looked for.
	s.Gone("raiders")
	if _, ok := s.LastSeen("raiders"); ok || s.Sees("raiders") {
		t.Errorf("the raiders seen going are still on the map")
	}
	// The enemy's sight is the mirror: it sees its raiders, not the guard on hex 0.
	e := NewHexSight(pf, plan.Enemy)
	e.Set("guard", 0, 10)
	e.Set("raiders", 2, 9)
	if e.Sees("guard") || !e.Sees("raiders") {
		t.Errorf("the enemy's sight: guard %v, raiders %v", e.Sees("guard"), e.Sees("raiders"))
	}
}

// TestHexFogHidesEnemyDiseaseOutOfSight: an enemy's disease worsening at a day's end (Disease:
// "-1 to its OM and DV each day after the battle") is something that befalls it, shown to the
// players of the other side only while they see it (P-14, HexSight's rule); their own army's
// always. Guard (friendly) on hex 0; raiders (enemy) on hex 2, then on hex 0.
func TestHexFogHidesEnemyDiseaseOutOfSight(t *testing.T) {
	p := &plan.Plan{Pathfinder: &plan.Pathfinder{Armies: []plan.PFArmy{{ID: "guard", Side: plan.Friendly}, {ID: "raiders", Side: plan.Enemy}}}}
	f := NewHexFog(p, "friendly")
	f.sight.Set("guard", 0, 10)
	f.sight.Set("raiders", 2, 9)
	if f.sight.SeesEvent(&HexDiseaseEvent{Army: "raiders", Status: "worsens", Penalty: 2}) {
		t.Errorf("the raiders' disease on hex 2, out of the guard's sight, is shown")
	}
	if !f.sight.SeesEvent(&HexDiseaseEvent{Army: "guard", Status: "worsens", Penalty: 1}) {
		t.Errorf("the guard's own disease is not shown")
	}
	f.sight.Set("raiders", 0, 9)
	if !f.sight.SeesEvent(&HexDiseaseEvent{Army: "raiders", Status: "cured", Penalty: 2}) {
		t.Errorf("the raiders' disease on the guard's hex is not shown")
	}
}

// TestHexSightSeesEventBooksAndOrders: the one event rule of the live fog and the replay
// (SeesEvent). With the raiders (enemy) on the guard's hex 0, in plain sight (P-14), the side is
// still not shown the enemy kingdom's books: the raiders' pay and treasury (P-11), their upkeep
// roll (P-59), its kingdom's losses (P-57), nor an order naming them (split). Its own are shown;
// an unseen enemy surrendering for want of a hex (P-55) is shown (it surrenders to the guard).
func TestHexSightSeesEventBooksAndOrders(t *testing.T) {
	pf := &plan.Pathfinder{Armies: []plan.PFArmy{{ID: "guard", Side: plan.Friendly}, {ID: "raiders", Side: plan.Enemy},
		{ID: "raiders2", Side: plan.Enemy}, {ID: "guard2", Side: plan.Friendly}}}
	s := NewHexSight(pf, plan.Friendly)
	s.Set("guard", 0, 10)
	s.Set("raiders", 0, 9)
	if !s.Sees("raiders") {
		t.Fatalf("the raiders on the guard's hex are not seen")
	}
	for _, c := range []struct {
		e    runner.Event
		want bool
	}{
		{&HexPayEvent{Army: "raiders", Side: "enemy", BP: 1, Paid: true}, false},
		{&HexUpkeepEvent{Army: "raiders", Side: "enemy", Status: "rallies"}, false},
		{&HexTreasuryEvent{Side: "enemy", Treasury: 3}, false},
		{&HexKingdomEvent{Army: "raiders2", Side: "enemy"}, false},
		{&HexOrderEvent{Kind: "split", Armies: []string{"raiders"}, Into: []string{"raiders", "raiders2"}}, false},
		{&HexPayEvent{Army: "guard", Side: "friendly", BP: 1, Paid: true}, true},
		{&HexUpkeepEvent{Army: "guard", Side: "friendly", Status: "rallies"}, true},
		{&HexTreasuryEvent{Side: "friendly", Treasury: 5}, true},
		{&HexOrderEvent{Kind: "split", Armies: []string{"guard"}, Into: []string{"guard", "guard2"}}, true},
		{&HexPlacedEvent{Army: "raiders2", Status: "surrendered"}, true},
		{&HexPlacedEvent{Army: "raiders2", Status: "withdrawn", To: "h5"}, false},
		{&HexRecoverEvent{Army: "raiders", HP: 2}, true},
	} {
		if got := s.SeesEvent(c.e); got != c.want {
			t.Errorf("SeesEvent(%s %+v) = %v, want %v", c.e.Type(), c.e, got, c.want)
		}
	}
}
