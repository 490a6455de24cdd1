package karzoral

import (
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

var islandsCheck = &Check{
	Name: "islands",
	Doc: `islands: groups of blocks that touch no other block
Blocks are adjacent orthogonally (K-17). A connected group of blocks that does not hold
party.start is an island the party can never walk to; it is reported once, at its first block in
source order (F004), and its blocks are not reported again as unreachable (F002).`,
	Codes: []string{codeIsland},
	Run:   runIslands,
}

func runIslands(p *Pass) error {
	comp := p.Components()
	start := p.Blocks[p.Scenario.Party.Start.V]
	if comp == nil || start == nil || !start.AtOK || p.At[start.At] != start {
		return nil
	}
	home := comp[start.ID]
	reported := map[int]bool{}
	for _, b := range p.Scenario.Field.Blocks {
		c, ok := comp[b.ID]
		if !ok || c == home || reported[c] {
			continue
		}
		reported[c] = true
		var ids []string
		for _, o := range p.Scenario.Field.Blocks {
			if cc, ok := comp[o.ID]; ok && cc == c {
				ids = append(ids, quote(o.ID))
			}
		}
		p.Report(p.Diag(b.Pos, codeIsland, "%s: island of %s (%s): no block of it touches the rest of the field", pathOf("field", "blocks", b.ID), words.Count(len(ids), "block"), strings.Join(ids, ", ")).
			WithHint("add the blocks in between, or correct the coordinates"))
	}
	return nil
}

var trailsCheck = &Check{
	Name: "trails",
	Doc: `trail chains that do not join a base to a block
Footprint blocks (kind "trail", K-29) lie between a base and a block. Each chain of
orthogonally adjacent trail blocks must touch at least one base and at least one ordinary
block. Reported at the kind of the chain's first block in source order.`,
	Codes: []string{codeBadTrail},
	Run:   runTrails,
}

func runTrails(p *Pass) error {
	isTrail := func(b *Block) bool { return b.Kind.OK && b.Kind.V == "trail" && b.AtOK && p.At[b.At] == b }
	seen := map[string]bool{}
	for _, first := range p.Scenario.Field.Blocks {
		if !isTrail(first) || seen[first.ID] {
			continue
		}
		// Flood the chain, noting what it touches.
		var chain []string
		base, block := false, false
		queue := []*Block{first}
		seen[first.ID] = true
		for len(queue) > 0 {
			b := queue[0]
			queue = queue[1:]
			chain = append(chain, quote(b.ID))
			for _, d := range plan.Dirs {
				n := p.Neighbour(b, d)
				switch {
				case n == nil:
				case isTrail(n):
					if !seen[n.ID] {
						seen[n.ID] = true
						queue = append(queue, n)
					}
				case n.Kind.V == "base":
					base = true
				default:
					block = true
				}
			}
		}
		if base && block {
			continue
		}
		var missing string
		switch {
		case !base && !block:
			missing = "no base and no block"
		case !base:
			missing = "no base"
		default:
			missing = "no ordinary block"
		}
		pos := first.Kind.Pos
		if !pos.IsValid() {
			pos = first.Pos
		}
		p.Report(p.Diag(pos, codeBadTrail, "%s: trail chain %s touches %s (K-29: footprints join a base to a block)", pathOf("field", "blocks", first.ID, "kind"), strings.Join(chain, ", "), missing).
			WithHint("extend the chain or make its end an ordinary block"))
	}
	return nil
}

func quote(s string) string { return `"` + s + `"` }

// Components numbers the connected groups of blocks under orthogonal adjacency (K-17), ignoring
// one-way entry: Components()[id] is the group of block id. Blocks sharing a coordinate with an
// earlier block are left out. It returns nil when the field is empty or a block has no valid
// coordinate.
func (x *Index) Components() map[string]int {
	if x.compDone {
		return x.comp
	}
	x.compDone = true
	for _, b := range x.s.Field.Blocks {
		if !b.AtOK {
			return nil // the map has holes (S002, S003): what is connected is unknown
		}
	}
	comp := map[string]int{}
	n := 0
	for _, b := range x.s.Field.Blocks {
		if x.At[b.At] != b {
			continue
		}
		if _, ok := comp[b.ID]; ok {
			continue
		}
		comp[b.ID] = n
		queue := []*Block{b}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for _, d := range plan.Dirs {
				nb := x.Neighbour(c, d)
				if nb == nil {
					continue
				}
				if _, ok := comp[nb.ID]; !ok {
					comp[nb.ID] = n
					queue = append(queue, nb)
				}
			}
		}
		n++
	}
	if n == 0 {
		return nil
	}
	x.comp = comp
	return comp
}

// InIsland reports whether block id lies in a group that does not hold party.start (F004).
func (x *Index) InIsland(id string) bool {
	comp := x.Components()
	start := x.Blocks[x.s.Party.Start.V]
	if comp == nil || start == nil {
		return false
	}
	c, ok := comp[id]
	h, ok2 := comp[start.ID]
	return ok && ok2 && c != h
}

// Distances returns the fewest moves from party.start to each reachable block, moving
// orthogonally (K-28), one move per block (footprint blocks included, K-29) and entering one-way
// blocks only from allowed sides (K-32). nil when Reachable is nil.
func (x *Index) Distances() map[string]int {
	if x.distDone {
		return x.dist
	}
	x.distDone = true
	if x.Reachable() == nil {
		return nil
	}
	start := x.Blocks[x.s.Party.Start.V]
	dist := map[string]int{start.ID: 0}
	queue := []*Block{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, d := range plan.Dirs {
			n := x.Neighbour(b, d)
			if n == nil || !n.Enterable(d.Opposite()) {
				continue
			}
			if _, ok := dist[n.ID]; !ok {
				dist[n.ID] = dist[b.ID] + 1
				queue = append(queue, n)
			}
		}
	}
	x.dist = dist
	return dist
}
