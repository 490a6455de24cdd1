package clash

import (
	"fmt"
	"sort"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

func squares(list [][2]int) string {
	s := make([]string, len(list))
	for i, q := range list {
		s[i] = fmt.Sprintf("%d,%d", q[0], q[1])
	}
	sort.Strings(s)
	return fmt.Sprint(s)
}

// U-46: a sphere (or cylinder) covers the squares within floor(r / 20) of its origin square, by
// the U-2 metric: 20 ft -> radius 1 -> 1 + 4 = 5 squares; 40 ft -> radius 2 -> 1 + 4 + 8 = 13;
// under 20 ft the origin square only; with Chebyshev 20 ft is the 3 x 3 block, 9.
func TestSphereU46(t *testing.T) {
	for _, tc := range []struct {
		size int
		m    clashrules.Metric
		want int
	}{
		{20, clashrules.Manhattan, 5}, {40, clashrules.Manhattan, 13}, {60, clashrules.Manhattan, 25}, {10, clashrules.Manhattan, 1}, {20, clashrules.Chebyshev, 9},
	} {
		got := AreaSquares(AreaSpec{Shape: plan.AreaSphere, Size: tc.size, Origin: [2]int{10, 10}}, clashrules.Options{Distance: tc.m}, 21, 21)
		if len(got) != tc.want {
			t.Errorf("sphere %d ft (%d): %d squares, want %d", tc.size, tc.m, len(got), tc.want)
		}
	}
	got := AreaSquares(AreaSpec{Shape: plan.AreaCylinder, Size: 20, Origin: [2]int{5, 5}}, clashrules.Options{}, 10, 10)
	if s, want := squares(got), "[4,5 5,4 5,5 5,6 6,5]"; s != want {
		t.Errorf("cylinder 20 ft at 5,5: %s, want %s", s, want)
	}
	// At a corner the grid clips it: 0,0 with radius 1 keeps 0,0 1,0 0,1.
	if got := AreaSquares(AreaSpec{Shape: plan.AreaSphere, Size: 20, Origin: [2]int{0, 0}}, clashrules.Options{}, 10, 10); len(got) != 3 {
		t.Errorf("sphere at the corner: %d squares, want 3", len(got))
	}
}

// U-45: a 60-ft cone from a one-square caster's north side has 60 / 20 = 3 rows of 1, 2 and 3
// squares, the uneven second row's extra square on the chosen side.
func TestConeU45(t *testing.T) {
	caster := [3]int{5, 5, 1}
	low := AreaSquares(AreaSpec{Shape: plan.AreaCone, Size: 60, Self: true, Caster: caster, Side: 0, Extra: 0}, clashrules.Options{}, 12, 12)
	if s, want := squares(low), "[4,2 4,3 5,2 5,3 5,4 6,2]"; s != want {
		t.Errorf("cone north, extra low: %s, want %s", s, want)
	}
	high := AreaSquares(AreaSpec{Shape: plan.AreaCone, Size: 60, Self: true, Caster: caster, Side: 0, Extra: 1}, clashrules.Options{}, 12, 12)
	if s, want := squares(high), "[4,2 5,2 5,3 5,4 6,2 6,3]"; s != want {
		t.Errorf("cone north, extra high: %s, want %s", s, want)
	}
	rows := map[int]int{}
	for _, q := range low {
		rows[5-q[1]]++
	}
	if rows[1] != 1 || rows[2] != 2 || rows[3] != 3 {
		t.Errorf("cone rows %v, want 1:1 2:2 3:3", rows)
	}
	// East from the same caster: rows are columns 6, 7, 8.
	east := AreaSquares(AreaSpec{Shape: plan.AreaCone, Size: 60, Self: true, Caster: caster, Side: 1}, clashrules.Options{}, 12, 12)
	if s, want := squares(east), "[6,5 7,4 7,5 8,4 8,5 8,6]"; s != want {
		t.Errorf("cone east: %s, want %s", s, want)
	}
	// ConeWide: rows of 1, 3, 5 = 9 squares. A 15-ft cone (burning hands) covers 1 square.
	if n := len(AreaSquares(AreaSpec{Shape: plan.AreaCone, Size: 60, Self: true, Caster: caster}, clashrules.Options{Cone: clashrules.ConeWide}, 12, 12)); n != 9 {
		t.Errorf("wide cone: %d squares, want 9", n)
	}
	if n := len(AreaSquares(AreaSpec{Shape: plan.AreaCone, Size: 15, Self: true, Caster: caster}, clashrules.Options{}, 12, 12)); n != 1 {
		t.Errorf("15-ft cone: %d squares, want 1", n)
	}
	// U-44: from a Large (2 x 2) caster at 4,4 the first row (1 square) sits on either half of its
	// 2-square side: 4,3 or 5,3.
	big := AreaSquares(AreaSpec{Shape: plan.AreaCone, Size: 20, Self: true, Caster: [3]int{4, 4, 2}, Side: 0, Extra: 1}, clashrules.Options{}, 12, 12)
	if s := squares(big); s != "[5,3]" {
		t.Errorf("cone from a Large caster: %s, want [5,3]", s)
	}
}

// U-46: a cube of side s is an n x n block, n = max(1, floor(s / 20)), away from the caster with
// the origin square in the middle of its near side: thunderwave (15-ft cube, Self) is 1 square
// next to the caster; a 40-ft cube from the north side is 2 x 2 (extra column on the chosen side).
func TestCubeU46(t *testing.T) {
	caster := [3]int{5, 5, 1}
	if s := squares(AreaSquares(AreaSpec{Shape: plan.AreaCube, Size: 15, Self: true, Caster: caster, Side: 2}, clashrules.Options{}, 12, 12)); s != "[5,6]" {
		t.Errorf("15-ft cube south: %s, want [5,6]", s)
	}
	if s, want := squares(AreaSquares(AreaSpec{Shape: plan.AreaCube, Size: 40, Self: true, Caster: caster, Side: 0}, clashrules.Options{}, 12, 12)), "[4,3 4,4 5,3 5,4]"; s != want {
		t.Errorf("40-ft cube north: %s, want %s", s, want)
	}
	// A 60-ft cube placed at 6,2 extending north: 3 x 3 with 6,2 in the middle of its south row.
	if s, want := squares(AreaSquares(AreaSpec{Shape: plan.AreaCube, Size: 60, Origin: [2]int{6, 2}, Side: 0}, clashrules.Options{}, 12, 12)),
		"[5,0 5,1 5,2 6,0 6,1 6,2 7,0 7,1 7,2]"; s != want {
		t.Errorf("60-ft cube at 6,2 north: %s, want %s", s, want)
	}
}

// U-47: a line is floor(ft / 20) squares (at least 1), each next to the one before and one step
// farther: lightning bolt (100 ft) is 5 squares; straight east from 5,5 it is 6,5 .. 10,5; bending
// (the Default allows it) it steps sideways every other square: 6,5 6,6 7,6 7,7 8,7.
func TestLineU47(t *testing.T) {
	caster := [3]int{5, 5, 1}
	if s, want := squares(AreaSquares(AreaSpec{Shape: plan.AreaLine, Size: 100, Self: true, Caster: caster, Side: 1}, clashrules.Options{}, 12, 12)),
		"[10,5 6,5 7,5 8,5 9,5]"; s != want {
		t.Errorf("straight line: %s, want %s", s, want)
	}
	if s, want := squares(AreaSquares(AreaSpec{Shape: plan.AreaLine, Size: 100, Self: true, Caster: caster, Side: 1, Extra: 2}, clashrules.Options{}, 12, 12)),
		"[6,5 6,6 7,6 7,7 8,7]"; s != want {
		t.Errorf("bending line: %s, want %s", s, want)
	}
	if s := squares(AreaSquares(AreaSpec{Shape: plan.AreaLine, Size: 100, Self: true, Caster: caster, Side: 1, Extra: 2}, clashrules.Options{Line: clashrules.LineStraight}, 12, 12)); s != "[10,5 6,5 7,5 8,5 9,5]" {
		t.Errorf("LineStraight ignores the bend: %s", s)
	}
	if n := len(AreaSquares(AreaSpec{Shape: plan.AreaLine, Size: 5, Self: true, Caster: caster}, clashrules.Options{}, 12, 12)); n != 1 {
		t.Errorf("a 5-ft line: %d squares, want 1", n)
	}
}

// U-37: a square is in range when the range reaches 10 ft into it, measured from the attacker's
// space: max(1, floor((ft + 10) / 20)): 80 ft -> 4, 320 -> 16, 30 -> 2, 20 -> 1, 5 -> 1 (adjacent
// targets are always allowed), 150 -> 8; from the centre (RangeCenter) max(1, floor(ft / 20)).
func TestRangeSquaresU37(t *testing.T) {
	for _, tc := range []struct {
		ft   int
		o    clashrules.RangeOrigin
		want int
	}{
		{80, clashrules.RangeEdge, 4}, {320, clashrules.RangeEdge, 16}, {30, clashrules.RangeEdge, 2}, {20, clashrules.RangeEdge, 1}, {5, clashrules.RangeEdge, 1},
		{150, clashrules.RangeEdge, 8}, {120, clashrules.RangeEdge, 6}, {60, clashrules.RangeEdge, 3}, {80, clashrules.RangeCenter, 4}, {30, clashrules.RangeCenter, 1},
		{70, clashrules.RangeCenter, 3}, {70, clashrules.RangeEdge, 4},
	} {
		if got := clashrules.SquaresForRange(tc.ft, tc.o); got != tc.want {
			t.Errorf("SquaresForRange(%d, %d) = %d, want %d", tc.ft, tc.o, got, tc.want)
		}
	}
}

// U-37 in play: a shortbow (80/320 ft) reaches 4 squares normally, up to 16 at long range with
// disadvantage; beyond 16 nothing.
func TestRangedTargetsU37(t *testing.T) {
	cl := newClash(open(20, 1), []plan.Creature{archer(), soldier()}, []ub{
		{id: "a", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{4, 0}, {5, 0}, {17, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	at := b.standActor(0)
	bow := 1
	for _, tc := range []struct {
		stand      int
		ok, long   bool
		distWanted int32
	}{{1, true, false, 4}, {2, true, true, 5}, {3, false, false, 17}} {
		ok, _, long := b.canTarget(&at, &at.cr.attacks[bow], Ref{RefStand, tc.stand})
		if d := b.dist(at.box, b.standBox(int32(tc.stand))); d != tc.distWanted || ok != tc.ok || long != tc.long {
			t.Errorf("stand %d at %d squares: in range %v, long %v; want %v, %v", tc.stand, d, ok, long, tc.ok, tc.long)
		}
	}
}

// U-45..U-47: the prompt for an area says how big it is on the grid: a 20-ft sphere is its origin
// square and those within 20 / 20 = 1; a 60-ft cone 60 / 20 = 3 rows; a 100-ft line 100 / 20 = 5
// squares; a 40-ft cube 40 / 20 = 2 squares a side.
func TestAreaTextU45U46U47(t *testing.T) {
	for _, tc := range []struct {
		sp   plan.Spell
		want string
	}{
		{plan.Spell{Name: "Fireball", Area: &plan.Area{Shape: plan.AreaSphere, Size: 20}}, "Fireball (20-ft sphere: the origin square and those within 1)"},
		{plan.Spell{Name: "Cone of Cold", Area: &plan.Area{Shape: plan.AreaCone, Size: 60}}, "Cone of Cold (60-ft cone: 3 rows widening from the caster)"},
		{plan.Spell{ID: "bolt", Area: &plan.Area{Shape: plan.AreaLine, Size: 100}}, "bolt (100-ft line: 5 squares from the caster)"},
		{plan.Spell{Name: "Wall", Area: &plan.Area{Shape: plan.AreaCube, Size: 40}}, "Wall (40-ft cube: 2x2 squares)"},
	} {
		if got := AreaText(&tc.sp); got != tc.want {
			t.Errorf("AreaText = %q, want %q", got, tc.want)
		}
	}
}
