package graph

import (
	"fmt"
	"math"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Bounds of what the pictures draw.
const (
	// MaxPixels bounds a PNG: width x height at the scale, about 4 bytes each in memory while it
	// is painted (50 megapixels: 200 MB). A larger picture is a *TooLargeError, never an attempt.
	MaxPixels = 50_000_000
	// MaxCoord bounds the coordinates of blocks and hexes, as the schema does (-1000..1000).
	MaxCoord = 1000
	// MaxDays bounds a plan's day limit for the forecast, as the runner does (1..100000).
	MaxDays = 100000

	CodeTooLarge = "G001" // the field is too large to draw as a PNG
	// CodeManyToFile: -o names a picture file but the PATH holds several pictures.
	CodeManyToFile = "G002"
	// CodeOutFormat: -o names a file whose extension is not the format written.
	CodeOutFormat = "G003"
)

func init() {
	diag.Register(diag.CodeInfo{Code: CodeTooLarge, Title: "the field is too large to draw as a PNG", Severity: diag.Error, Doc: `sortie graph lays a field out at its coordinates, 140 pixels a block (or 84 from a hex's centre
to a corner), so blocks far apart make a picture as large as the space between them. A PNG of
more than 50 megapixels (about 7,000 x 7,000 pixels: a field some 50 blocks across) is refused
rather than painted: it would need gigabytes of memory and no one could read it. The message
names the blocks at the corners of the field; the position is the one farthest from the party's
start.

Bad (two blocks 2,000 columns apart: the PNG would be 280,000 pixels wide):
    field: blocks: {
        home: {at: [0, 0], kind: "base"}
        far: {at: [2000, 0]}
    }

Fix: correct the coordinates of a block that is far from the others (sortie vet reports it as an
island, F004), or draw the field as SVG or dot (sortie graph --format svg), which have no such
bound.`}, diag.CodeInfo{Code: CodeManyToFile, Title: "-o names a file, but several pictures are drawn", Severity: diag.Error, Doc: `sortie graph of a PATH that holds several scenarios, campaigns or battle files (a folder of
folders, a campaign's folder, DIR/...) draws one picture each, into the folder -o names: an
existing folder, or a new one that graph makes. A new folder whose name ends like a picture or a
document (.svg, .png, .dot, .gv, .mmd, .jpg, .jpeg, .gif, .pdf, .html, .txt) is refused rather
than made: "-o out/x.svg" means one picture, and a folder named x.svg would be a surprise. Exit 2;
nothing is made or written.

Bad (scenarios/karzoral holds a campaign and four scenarios):
    sortie graph scenarios/karzoral -o out/field01.svg

Fix: name a folder (sortie graph scenarios/karzoral -o out), or draw one scenario to the file
(sortie graph scenarios/karzoral/field01 -o out/field01.svg).`}, diag.CodeInfo{Code: CodeOutFormat, Title: "-o's extension is not the format written", Severity: diag.Error, Doc: `sortie graph writes SVG, PNG, dot (Graphviz) or Mermaid. Without --format it takes the format
from -o's extension (.svg, .png, .dot or .gv, .mmd; any other: SVG). A file named like a picture
or document of another format (.gif, .jpg, .jpeg, .webp, .bmp, .tif, .tiff, .pdf, .html) is
refused rather than written with SVG inside it that no viewer of that format opens; so is a
known extension that --format contradicts (--format png -o x.svg). Exit 2; nothing is written.

Bad:
    sortie graph scenarios/karzoral/field01 -o field01.gif
    sortie graph scenarios/karzoral/field01 --format png -o field01.svg

Fix: name the file by the format (-o field01.png), or convert the PNG with another tool.`})
}

// TooLargeError is a picture over MaxPixels (or with a side over 1<<16 pixels).
type TooLargeError struct {
	W, H int // pixels, at the scale asked for
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the picture would be %d x %d pixels, more than a PNG may have (%d megapixels)", e.W, e.H, MaxPixels/1_000_000)
}

// pngSize is the size of the PNG of s at scale, or a *TooLargeError.
func pngSize(s *Scene, scale float64) (int, int, error) {
	fw, fh := max(s.W*scale, 1), max(s.H*scale, 1) // max(NaN, 1) is NaN
	if math.IsNaN(fw) || math.IsNaN(fh) || fw > 1<<16 || fh > 1<<16 || fw*fh > MaxPixels {
		w, h := int(min(fw, math.MaxInt32)), int(min(fh, math.MaxInt32))
		return 0, 0, &TooLargeError{W: w, H: h}
	}
	return int(fw + 0.5), int(fh + 0.5), nil
}

// Check says what in p the pictures (and the forecast they draw) cannot read, nil when nothing:
// a hand-edited plan.json may hold any numbers. For a Pathfinder plan: a day limit in
// 1..MaxDays, hexes at coordinates within MaxCoord with neighbours that are hexes, armies whose
// start and route name hexes, sides 0 or 1, objectives that name armies and hexes. For a
// Karzoral plan: the coordinates (the runner's own check, karzoral.New, covers its indices).
func Check(p *plan.Plan) error {
	coord := func(what, id string, at [2]int) error {
		if at[0] < -MaxCoord || at[0] > MaxCoord || at[1] < -MaxCoord || at[1] > MaxCoord {
			return fmt.Errorf("%s %s at [%d, %d]: coordinates out of range -%d..%d", what, id, at[0], at[1], MaxCoord, MaxCoord)
		}
		return nil
	}
	if p.Pathfinder == nil {
		for _, b := range p.Field.Blocks {
			if err := coord("block", b.ID, b.At); err != nil {
				return err
			}
		}
		return nil
	}
	pf := p.Pathfinder
	if p.DayLimit < 1 || p.DayLimit > MaxDays {
		return fmt.Errorf("day limit %d out of range 1..%d", p.DayLimit, MaxDays)
	}
	nh, na := len(pf.Hexes), len(pf.Armies)
	for _, h := range pf.Hexes {
		if err := coord("hex", h.ID, h.At); err != nil {
			return err
		}
		for _, n := range h.Neighbours {
			if n < 0 || n >= nh {
				return fmt.Errorf("hex %s: neighbour %d out of range (%d hexes)", h.ID, n, nh)
			}
		}
	}
	for _, a := range pf.Armies {
		if a.Side != plan.Friendly && a.Side != plan.Enemy {
			return fmt.Errorf("army %s: side %d (want %d or %d)", a.ID, a.Side, plan.Friendly, plan.Enemy)
		}
		if (a.Start < 0 || a.Start >= nh) && !(a.Formed && a.Start == -1) { // a Formed army is off the map until its order
			return fmt.Errorf("army %s: start hex %d out of range (%d hexes)", a.ID, a.Start, nh)
		}
		for _, h := range a.Route {
			if h < 0 || h >= nh {
				return fmt.Errorf("army %s: route hex %d out of range (%d hexes)", a.ID, h, nh)
			}
		}
	}
	for _, o := range pf.Objectives {
		for _, a := range o.Defeat {
			if a < 0 || a >= na {
				return fmt.Errorf("objective %s: army %d out of range (%d armies)", o.ID, a, na)
			}
		}
		if o.Reach != nil && (o.Reach[0] < 0 || o.Reach[0] >= na || o.Reach[1] < 0 || o.Reach[1] >= nh) {
			return fmt.Errorf("objective %s: reach %v out of range", o.ID, *o.Reach)
		}
	}
	return nil
}

// Corners returns the ids of the blocks (or hexes) at the field's extremes, the one farthest
// from the party's start first (Karzoral; for Pathfinder from the first hex): what a message
// about the field's size names. Nil for an empty field.
func Corners(p *plan.Plan) []string {
	type place struct {
		id   string
		x, y int
	}
	var ps []place
	origin := [2]int{}
	if pf := p.Pathfinder; pf != nil {
		for _, h := range pf.Hexes {
			ps = append(ps, place{h.ID, h.At[0], h.At[1]})
		}
		if len(pf.Hexes) > 0 {
			origin = pf.Hexes[0].At
		}
	} else {
		for _, b := range p.Field.Blocks {
			ps = append(ps, place{b.ID, b.At[0], b.At[1]})
		}
		if s := p.Party.Start; s >= 0 && s < len(p.Field.Blocks) {
			origin = p.Field.Blocks[s].At
		}
	}
	if len(ps) == 0 {
		return nil
	}
	// The places with the least and the greatest x and y; the farthest from the origin first.
	pick := []int{0, 0, 0, 0}
	for i, q := range ps {
		if q.x < ps[pick[0]].x {
			pick[0] = i
		}
		if q.x > ps[pick[1]].x {
			pick[1] = i
		}
		if q.y < ps[pick[2]].y {
			pick[2] = i
		}
		if q.y > ps[pick[3]].y {
			pick[3] = i
		}
	}
	dist := func(i int) int {
		dx, dy := ps[i].x-origin[0], ps[i].y-origin[1]
		return max(dx, -dx) + max(dy, -dy)
	}
	far := pick[0]
	for _, i := range pick {
		if dist(i) > dist(far) {
			far = i
		}
	}
	out := []string{ps[far].id}
	for _, i := range pick {
		id := ps[i].id
		dup := false
		for _, o := range out {
			dup = dup || o == id
		}
		if !dup {
			out = append(out, id)
		}
	}
	return out
}
