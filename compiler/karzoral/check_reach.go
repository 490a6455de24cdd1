package karzoral

var reachCheck = &Check{
	Name: "reach",
	Doc: `blocks and enter events the party can never reach
From party.start the party moves to orthogonally adjacent blocks (K-28) and enters a one-way
block only from a side its enterFrom lists (K-32): moving from A to B in direction d enters B
from side d.Opposite(). A block no such walk reaches is a warning (armies may still use it,
F002); an event on entering it can never fire, an error (E001).`,
	Codes: []string{codeUnreachable, codeEventNoReach},
	Run:   runReach,
}

func runReach(p *Pass) error {
	reach := p.Reachable()
	if reach == nil {
		return nil // no valid start: R001 or S003 says why
	}
	start := p.Scenario.Party.Start.V
	for _, b := range p.Scenario.Field.Blocks {
		if !b.AtOK || p.At[b.At] != b || reach[b.ID] || p.InIsland(b.ID) {
			continue
		}
		p.Report(p.Diag(b.Pos, codeUnreachable, "%s: the party cannot reach this block from %q", pathOf("field", "blocks", b.ID), start).
			WithHint("connect it to the field, or check the enterFrom of the blocks around it (a move north enters a block from the south)"))
	}
	for _, e := range p.Scenario.Events {
		b := p.Blocks[e.Enter.V]
		if !e.Enter.OK || b == nil || !b.AtOK || reach[b.ID] {
			continue
		}
		p.Report(p.Diag(e.Enter.Pos, codeEventNoReach, "%s: the event can never fire: the party cannot reach block %q", pathOf("events", e.ID, "on", "enter"), b.ID).
			WithHint("connect the block to the field, or trigger the event another way"))
	}
	return nil
}
