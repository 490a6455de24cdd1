package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-3, U-6: speed in ft ÷ 5 = squares: 30 ft -> 6, 25 ft -> 5, 40 ft -> 8; with Speed20ft ÷ 20.
func TestSquaresForSpeedU3(t *testing.T) {
	for _, tc := range []struct {
		ft   int
		sc   clashrules.SpeedScale
		want int
	}{
		{30, clashrules.Speed5ft, 6}, // 30 / 5 = 6 (the seed's hobgoblin stand)
		{25, clashrules.Speed5ft, 5}, // 25 / 5 = 5
		{40, clashrules.Speed5ft, 8}, // 40 / 5 = 8
		{10, clashrules.Speed5ft, 2}, // the seed's minotaur: a 10-ft shove is 2 squares
		{0, clashrules.Speed5ft, 0},
		{30, clashrules.Speed20ft, 1}, // floor(30 / 20) = 1
		{10, clashrules.Speed20ft, 1}, // max(1, floor(10 / 20) = 0) = 1
		{60, clashrules.Speed20ft, 3},
	} {
		if got := SquaresForSpeed(tc.ft, tc.sc); got != tc.want {
			t.Errorf("SquaresForSpeed(%d, %d) = %d, want %d", tc.ft, tc.sc, got, tc.want)
		}
	}
}

// oneUnit is a battle with one regiment stand of c at 0,0 on an open w x h field and an enemy
// stand far away at the other corner.
func oneUnit(t *testing.T, rows []string, c plan.Creature, cfg string, o clashrules.Options) *Battle {
	t.Helper()
	w, h := len(rows[0]), len(rows)
	cl := newClash(rows, []plan.Creature{c, soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: cfg, cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{w - 1, h - 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, o))
	b.Reset(Config{})
	return b
}

func open(w, h int) []string {
	r := make([]string, h)
	for i := range r {
		b := make([]byte, w)
		for j := range b {
			b[j] = '.'
		}
		r[i] = string(b)
	}
	return r
}

// U-29, U-48, U-49: a 30-ft regiment stand moves 6 squares in March, floor(6 / 2) = 3 in Aid or
// Defend; Dash adds its speed (6 + 6 = 12 in March) but an Aid/Defend regiment dashing moves at
// full speed, 6 (DashFull), or twice it, 12 (DashDouble). A 25-ft creature: 5 -> floor(5 / 2) = 2.
func TestStandSpeedU29(t *testing.T) {
	slow := soldier()
	slow.Speed.Walk = 25
	for _, tc := range []struct {
		c          plan.Creature
		cfg        string
		dash       bool
		o          clashrules.Options
		want       int
		configured string
	}{
		{soldier(), "march", false, clashrules.Options{}, 6, ""},
		{soldier(), "aid", false, clashrules.Options{}, 3, ""},
		{soldier(), "defend", false, clashrules.Options{}, 3, ""},
		{soldier(), "march", true, clashrules.Options{}, 12, ""},
		{soldier(), "aid", true, clashrules.Options{}, 6, ""},
		{soldier(), "defend", true, clashrules.Options{DashSlowed: clashrules.DashDouble}, 12, ""},
		{slow, "march", false, clashrules.Options{}, 5, ""},
		{slow, "aid", false, clashrules.Options{}, 2, ""},
	} {
		b := oneUnit(t, open(20, 20), tc.c, tc.cfg, tc.o)
		if got := b.speedOfStand(0, tc.dash); got != tc.want {
			t.Errorf("%d ft, %s, dash %v: speed %d, want %d", tc.c.Speed.Walk, tc.cfg, tc.dash, got, tc.want)
		}
		// On open ground the farthest square reached is exactly that many steps away (U-2: no
		// diagonals, so Manhattan).
		m := b.moverOfStand(0, false)
		b.reach(&m, 0, 0, tc.want)
		far := 0
		for _, q := range b.mv.ends {
			far = max(far, int(q)%b.w+int(q)/b.w)
		}
		if far != tc.want {
			t.Errorf("%d ft, %s, dash %v: farthest square %d steps away, want %d", tc.c.Speed.Walk, tc.cfg, tc.dash, far, tc.want)
		}
	}
}

// U-18, U-19, U-21, U-22, U-23: entering costs 1; difficult (rough, forest, shallow) 2; +1 per
// 20-ft step of rise; into a higher difficult square (1 + rise) x 2 (ClimbDouble), 2 + rise
// (ClimbAdd).
func TestSquareCostU23(t *testing.T) {
	for _, tc := range []struct {
		difficult bool
		rise      int
		climb     clashrules.ClimbRule
		want      int
	}{
		{false, 0, clashrules.ClimbDouble, 1},
		{true, 0, clashrules.ClimbDouble, 2},
		{false, 1, clashrules.ClimbDouble, 2}, // 1 + 1
		{false, 2, clashrules.ClimbDouble, 3}, // 1 + 2
		{true, 1, clashrules.ClimbDouble, 4},  // (1 + 1) x 2
		{true, 2, clashrules.ClimbDouble, 6},  // (1 + 2) x 2
		{true, 2, clashrules.ClimbAdd, 4},     // 2 + 2
		{false, -3, clashrules.ClimbDouble, 1},
		{true, -1, clashrules.ClimbDouble, 2},
	} {
		if got := squareCost(tc.difficult, tc.rise, tc.climb); got != tc.want {
			t.Errorf("squareCost(%v, %d, %d) = %d, want %d", tc.difficult, tc.rise, tc.climb, got, tc.want)
		}
	}
}

// U-18, U-22: on a strip "..::..", a 6-square stand from 0,0 pays 1 + 2 + 2 + 1 = 6 to reach
// x = 4 along row 0 (the rough squares x = 2, 3 cost 2 each), the same as round by row 1 (1 + 4 +
// 1); x = 5 costs 7 either way: out of reach. Deep water stops a walker; a swimmer crosses it at
// 1 a square.
func TestDifficultAndDeepU22(t *testing.T) {
	b := oneUnit(t, []string{"..::....", "........"}, soldier(), "march", clashrules.Options{})
	m := b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 6)
	if c := b.mv.cost[4]; c != 6 {
		t.Errorf("cost to 4,0 = %d, want 1+1+2+2 = 6", c)
	}
	if c := b.mv.cost[5]; c != -1 {
		t.Errorf("5,0 reached at %d, want out of reach (7)", c)
	}
	// 3,0 (rough): along row 0 1 + 2 + 2 = 5; round by row 1 4 + 2 = 6; so 5.
	if c := b.mv.cost[3]; c != 5 {
		t.Errorf("cost to the rough 3,0 = %d, want 5", c)
	}
	b = oneUnit(t, []string{".~~.....", ".~~....."}, soldier(), "march", clashrules.Options{})
	m = b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 6)
	if c := b.mv.cost[3]; c != -1 {
		t.Errorf("a walker reached 3,0 across deep water (cost %d)", c)
	}
	fish := soldier()
	fish.Speed.Swim = 30
	b = oneUnit(t, []string{".~~.....", ".~~....."}, fish, "march", clashrules.Options{})
	m = b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 6)
	if c := b.mv.cost[3]; c != 3 {
		t.Errorf("a swimmer's cost to 3,0 = %d, want 3", c)
	}
}

// U-20: a stand whose move ends on a road square may move 1 more square (once, into a square
// costing exactly 1). With 2 squares of movement on "==.:", 0,0 -> 1,0 -> 2,0 costs 2; from the
// road square 1,0 the extra square reaches 2,0 anyway, and from 2,0 (not road) nothing more: 3,0
// (rough, cost 2) is not reached. On "===.." with 2 squares the stand reaches 2,0 (road) and by
// the bonus 3,0.
func TestRoadU20(t *testing.T) {
	b := oneUnit(t, []string{"===..", "....."}, soldier(), "march", clashrules.Options{})
	m := b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 2)
	if !b.mv.road[3] || b.mv.cost[3] != 3 {
		t.Errorf("3,0: road %v cost %d, want reached by the road bonus at 3", b.mv.road[3], b.mv.cost[3])
	}
	if b.mv.cost[4] != -1 {
		t.Errorf("4,0 reached (cost %d): the bonus does not chain", b.mv.cost[4])
	}
	b = oneUnit(t, []string{"==:..", "....."}, soldier(), "march", clashrules.Options{})
	m = b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 1)
	if b.mv.cost[2] != -1 {
		t.Errorf("2,0 (rough, cost 2) reached by the road bonus: it only enters a square costing 1")
	}
	b = oneUnit(t, []string{"===..", "....."}, soldier(), "march", clashrules.Options{Road: clashrules.RoadNone})
	m = b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 2)
	if b.mv.cost[3] != -1 {
		t.Errorf("RoadNone: 3,0 reached")
	}
}

// lineup: side 0 stands and side 1 stands at the given squares on an open 10 x 5 field.
func lineup(t *testing.T, o clashrules.Options, units ...ub) *Battle {
	t.Helper()
	cl := newClash(open(10, 5), []plan.Creature{soldier(), archer(), ogre(), hero(), mage()}, units, nil)
	b := NewBattle(mustSetup(t, cl, o))
	b.Reset(Config{})
	return b
}

// U-30, U-55: a stand adjacent to an enemy stand cannot move; once it becomes adjacent it stops;
// Retreat lifts the lock.
func TestAdjacencyLockU30(t *testing.T) {
	b := lineup(t, clashrules.Options{},
		ub{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{2, 2}, {0, 0}}},
		ub{id: "z", side: 1, typ: "regiment", cfg: "march", at: [][2]int{{3, 2}, {4, 0}}})
	m := b.moverOfStand(0, false)
	b.reach(&m, 2, 2, 6)
	if len(b.mv.ends) != 1 {
		t.Errorf("a locked stand reaches %d squares, want 1 (where it is)", len(b.mv.ends))
	}
	m = b.moverOfStand(0, true)
	b.reach(&m, 2, 2, 6)
	if len(b.mv.ends) < 10 {
		t.Errorf("retreating: %d squares reached, want many", len(b.mv.ends))
	}
	// Stand a 2 at 0,0: moving east it becomes adjacent to z 2 (4,0) at 3,0 and stops there: 2,0 ->
	// 3,0 costs 3 and nothing beyond 3,0 along row 0 is reached through it; 3,1 is adjacent to
	// nothing enemy? it is adjacent to 3,2 (z 1): locked too.
	m = b.moverOfStand(1, false)
	b.reach(&m, 0, 0, 6)
	if c := b.mv.cost[3]; c != 3 {
		t.Errorf("cost to 3,0 = %d, want 3", c)
	}
	for _, q := range []int{5, 10 + 4} { // 5,0 and 4,1: only reachable by going past z 2
		if c := b.mv.cost[q]; c != -1 && c < 6 {
			t.Errorf("square %s reached at %d through a lock", b.sqName(q), c)
		}
	}
}

// U-31, U-8 (4), U-9 (3): no stand enters an enemy's square; an allied skirmisher stand may be
// passed through, not ended in; an allied regiment stand blocks.
func TestPassThroughU31(t *testing.T) {
	b := lineup(t, clashrules.Options{},
		ub{id: "a", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 0}}},
		ub{id: "s", side: 0, typ: "skirmisher", cr: 1, at: [][2]int{{1, 0}}},
		ub{id: "r", side: 0, typ: "regiment", cfg: "march", at: [][2]int{{0, 1}}},
		ub{id: "z", side: 1, typ: "regiment", cfg: "march", at: [][2]int{{9, 4}}})
	m := b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 2)
	if b.mv.cost[1] != 1 {
		t.Errorf("through the skirmisher: cost to 1,0 = %d, want 1", b.mv.cost[1])
	}
	for _, q := range b.mv.ends {
		if q == 1 {
			t.Errorf("may end in an allied skirmisher's square")
		}
		if q == int32(b.w) {
			t.Errorf("may end in an allied regiment's square")
		}
	}
	if b.mv.cost[2] != 2 {
		t.Errorf("2,0 past the skirmisher: cost %d, want 2", b.mv.cost[2])
	}
	if b.mv.cost[b.w] != -1 {
		t.Errorf("entered the allied regiment's square 0,1")
	}
}

// U-5: a Large stand fills 2 x 2 squares and moves as a block; it cannot squeeze through a
// one-square gap.
func TestLargeStandU5(t *testing.T) {
	rows := []string{
		"..~.....",
		"........",
		"..~.....",
		"..~.....",
	}
	cl := newClash(rows, []plan.Creature{ogre(), soldier()}, []ub{
		{id: "o", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{7, 3}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	if got := b.standBox(0); got.n != 2 {
		t.Fatalf("ogre stand space %d, want 2", got.n)
	}
	m := b.moverOfStand(0, false)
	b.reach(&m, 0, 0, 8)
	// The river column x = 2 is open only at y = 1: a 2 x 2 block cannot pass a 1-square gap.
	for _, q := range b.mv.ends {
		if int(q)%b.w >= 2 {
			t.Errorf("the Large stand got past the river to %s", b.sqName(int(q)))
		}
	}
}
