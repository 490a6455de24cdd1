package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

var coordsCheck = &Check{
	Name: "coords",
	Doc: `two blocks on one coordinate
A field cell holds one block (K-17). The finding is at the second block's at; its related
position is the first block's.`,
	Codes: []string{codeSameCoord},
	Run:   runCoords,
}

func runCoords(p *Pass) error {
	for _, b := range p.Scenario.Field.Blocks {
		if !b.AtOK {
			continue
		}
		first := p.At[b.At]
		if first == nil || first == b {
			continue
		}
		d := p.Diag(b.AtPos, codeSameCoord, "%s: [%d, %d] already holds block %q", pathOf("field", "blocks", b.ID, "at"), b.At[0], b.At[1], first.ID).
			WithHint("move one of the two blocks")
		d.Related = []diag.Pos{first.AtPos}
		p.Report(d)
	}
	return nil
}
