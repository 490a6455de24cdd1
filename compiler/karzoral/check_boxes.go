package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

var boxesCheck = &Check{
	Name: "boxes",
	Doc: `boxes that are not a 2x2 group of four blocks
Blocks with the same box name form a hidden box (K-17, K-31): exactly four blocks at [x, y],
[x+1, y], [x, y+1] and [x+1, y+1]. The finding is at the box of the box's first block.`,
	Codes: []string{codeBadBox},
	Run:   runBoxes,
}

func runBoxes(p *Pass) error {
	var names []string
	boxes := map[string][]*Block{}
	for _, b := range p.Scenario.Field.Blocks {
		if b.Box.Set && !b.Box.OK {
			// A box the schema refused (S002: not an id, the wrong type): which box it meant is
			// unknown, so no box is judged by its count (issue 11: no follow-on findings).
			return nil
		}
		if !b.Box.OK {
			continue
		}
		if boxes[b.Box.V] == nil {
			names = append(names, b.Box.V)
		}
		boxes[b.Box.V] = append(boxes[b.Box.V], b)
	}
	for _, name := range names {
		bs := boxes[name]
		first := bs[0]
		related := func() []diag.Pos {
			var out []diag.Pos
			for _, b := range bs[1:] {
				out = append(out, b.Box.Pos)
			}
			return out
		}
		if len(bs) != 4 {
			d := p.Diag(first.Box.Pos, codeBadBox, "box %q has %d blocks, want 4 in a 2x2 square", name, len(bs)).
				WithHint("a box is four blocks at [x, y], [x+1, y], [x, y+1], [x+1, y+1]")
			d.Related = related()
			p.Report(d)
			continue
		}
		if !isSquare(bs) {
			d := p.Diag(first.Box.Pos, codeBadBox, "box %q is not a 2x2 square", name).
				WithHint("place its four blocks at [x, y], [x+1, y], [x, y+1], [x+1, y+1]")
			d.Related = related()
			p.Report(d)
		}
	}
	return nil
}

// isSquare reports whether four blocks cover a 2x2 square. Blocks without a valid at are not
// judged (S002/S003 report them).
func isSquare(bs []*Block) bool {
	minX, minY := 0, 0
	for i, b := range bs {
		if !b.AtOK {
			return true
		}
		if i == 0 || b.At[0] < minX {
			minX = b.At[0]
		}
		if i == 0 || b.At[1] < minY {
			minY = b.At[1]
		}
	}
	want := map[[2]int]bool{{minX, minY}: true, {minX + 1, minY}: true, {minX, minY + 1}: true, {minX + 1, minY + 1}: true}
	for _, b := range bs {
		if !want[b.At] {
			return false
		}
		delete(want, b.At)
	}
	return len(want) == 0
}
