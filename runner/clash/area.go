package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// AreaSpec places an area of effect on the grid (U-44..U-47).
type AreaSpec struct {
	Shape plan.AreaShape
	Size  int  // ft: length (cone, line), side (cube), radius (sphere, cylinder)
	Self  bool // range Self: the area starts across one side of the caster's space (U-44)
	// Caster is the caster's space: top-left x, y and its side in squares (Self areas).
	Caster [3]int
	// Side is, for a Self area, the side of the caster's space it starts from; for a ranged cube
	// the direction it extends from its origin square: 0 north, 1 east, 2 south, 3 west.
	Side int
	// Extra says where an uneven square goes (U-45 cone rows, U-46 even cubes, the origin square of
	// an even-sided caster): 0 towards the lower coordinate, 1 the higher. For a line (U-47), the
	// bend: 0 straight, 1 stepping towards the lower coordinate, 2 the higher.
	Extra int
	// Origin is a ranged area's origin square [x, y] (sphere, cylinder, cube).
	Origin [2]int
}

// AreaSquares lists the squares an area covers on a w x h grid, in a stable order, under o's
// U-2, U-45 and U-47 switches (squares off the grid are left out):
//   - cone: length L = max(1, floor(ft / 20)) rows; row k (k = 1 nearest the caster) is k squares
//     wide (ConeWide: 2k - 1), centred on the side's midpoint, an uneven square on Extra's side
//     (U-45): a 60-ft cone covers rows of 1, 2 and 3 squares;
//   - sphere and cylinder of radius r: the squares within floor(r / 20) of the origin square under
//     the U-2 metric (U-46): 20 ft covers 5 squares, 40 ft 13 (Manhattan);
//   - cube of side s: an n x n block, n = max(1, floor(s / 20)), extending away from the caster
//     with the origin square in the middle of its near side (U-46);
//   - line of length L: max(1, floor(ft / 20)) squares, each orthogonally adjacent to the one
//     before and one step farther (U-47), straight or stepping sideways every other square.
func AreaSquares(spec AreaSpec, o clashrules.Options, w, h int) [][2]int {
	var a areaBuf
	a.fill(spec, &o, w, h)
	out := make([][2]int, len(a.sq))
	for i, q := range a.sq {
		out[i] = [2]int{int(q) % w, int(q) / w}
	}
	return out
}

type areaBuf struct{ sq []int32 }

func (a *areaBuf) add(x, y, w, h int) {
	if x >= 0 && y >= 0 && x < w && y < h {
		a.sq = append(a.sq, int32(y*w+x))
	}
}

// frame gives, for side d of a box at x, y with n squares a side: the step forward (away from the
// box), the lateral step (towards the higher coordinate), and the square k rows in front of the
// box at lateral offset l from the box's lateral start.
func frame(d, x, y, n int) (fx, fy, lx, ly int, at func(k, l int) (int, int)) {
	switch d {
	case 0: // north
		return 0, -1, 1, 0, func(k, l int) (int, int) { return x + l, y - k }
	case 1: // east
		return 1, 0, 0, 1, func(k, l int) (int, int) { return x + n - 1 + k, y + l }
	case 2: // south
		return 0, 1, 1, 0, func(k, l int) (int, int) { return x + l, y + n - 1 + k }
	}
	return -1, 0, 0, 1, func(k, l int) (int, int) { return x - k, y + l }
}

// centred is the lateral start of a row of width wd centred on a side of n squares; an uneven
// square goes to the higher side when extra is 1.
func centred(n, wd, extra int) int {
	d := n - wd
	if d%2 == 0 {
		return d / 2
	}
	if extra == 1 {
		return (d + 1) / 2 // ceil (d may be negative)
	}
	return (d - 1) / 2 // floor
}

func (a *areaBuf) fill(spec AreaSpec, o *clashrules.Options, w, h int) {
	a.sq = a.sq[:0]
	n := max(1, spec.Size/20)
	cx, cy, cn := spec.Caster[0], spec.Caster[1], max(1, spec.Caster[2])
	switch spec.Shape {
	case plan.AreaCone:
		_, _, _, _, at := frame(spec.Side, cx, cy, cn)
		for k := 1; k <= n; k++ {
			wd := k
			if o.Cone == clashrules.ConeWide {
				wd = 2*k - 1
			}
			s := centred(cn, wd, spec.Extra)
			for l := s; l < s+wd; l++ {
				x, y := at(k, l)
				a.add(x, y, w, h)
			}
		}
	case plan.AreaLine:
		fx, fy, lx, ly, at := frame(spec.Side, cx, cy, cn)
		x, y := at(1, centred(cn, 1, spec.Extra&1))
		bend := 0
		if o.Line == clashrules.LineBends {
			switch spec.Extra {
			case 1:
				bend = -1
			case 2:
				bend = 1
			}
		}
		for k := 0; k < n; k++ {
			a.add(x, y, w, h)
			if bend != 0 && k%2 == 0 {
				x, y = x+bend*lx, y+bend*ly
			} else {
				x, y = x+fx, y+fy
			}
		}
	case plan.AreaSphere, plan.AreaCylinder:
		ox, oy := spec.Origin[0], spec.Origin[1]
		if spec.Self {
			_, _, _, _, at := frame(spec.Side, cx, cy, cn)
			ox, oy = at(1, centred(cn, 1, spec.Extra))
		}
		r := spec.Size / 20
		for y := oy - r; y <= oy+r; y++ {
			for x := ox - r; x <= ox+r; x++ {
				if Distance(o.Distance, x, y, ox, oy) <= r {
					a.add(x, y, w, h)
				}
			}
		}
	case plan.AreaCube:
		d := spec.Side
		var ox, oy int
		if spec.Self {
			_, _, _, _, at := frame(d, cx, cy, cn)
			ox, oy = at(1, centred(cn, 1, spec.Extra))
		} else {
			ox, oy = spec.Origin[0], spec.Origin[1]
		}
		// The block's near row holds the origin square in its middle; it extends away (forward).
		_, _, _, _, at := frame(d, ox, oy, 1)
		s := centred(1, n, spec.Extra)
		for k := 0; k < n; k++ {
			for l := s; l < s+n; l++ {
				// at(k+1, l) is k+1 rows in front of the origin square; row 0 is the origin's own.
				x, y := at(k+1, l)
				fx, fy, _, _, _ := frame(d, 0, 0, 1)
				a.add(x-fx, y-fy, w, h)
			}
		}
	}
}

// AreaText describes an area spell's area on the grid for a prompt (U-44..U-47): "Fireball
// (20-ft sphere: the origin square and those within 1)".
func AreaText(sp *plan.Spell) string {
	name := sp.Name
	if name == "" {
		name = sp.ID
	}
	if sp.Area == nil {
		return name
	}
	ft := sp.Area.Size
	n := max(1, ft/20)
	var what string
	switch sp.Area.Shape {
	case plan.AreaSphere, plan.AreaCylinder:
		what = fmt.Sprintf("the origin square and those within %d", ft/20)
		if ft < 20 {
			what = "the origin square"
		}
	case plan.AreaCube:
		what = fmt.Sprintf("%dx%d squares", n, n)
	case plan.AreaCone:
		what = fmt.Sprintf("%d rows widening from the caster", n)
	case plan.AreaLine:
		what = fmt.Sprintf("%d squares from the caster", n)
	}
	return fmt.Sprintf("%s (%d-ft %s: %s)", name, ft, sp.Area.Shape, what)
}
