package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
)

var duplicatesCheck = &Check{
	Name: "duplicates",
	Doc: `entities declared more than once
An id declared twice in one section (field.blocks, armies, encounters, events, objectives), in
one file or in two files of the scenario, is merged by CUE into one entity without a word. When a
later declaration gives a field an earlier one already gives (two blocks "03" both with at), it
is most likely a second entity under a copied id: reported (R006) with the earlier as the
related position. Declarations that add different fields (CUE's way of extending) are fine.`,
	Codes: []string{codeDuplicateID},
	Run:   runDuplicates,
}

func runDuplicates(p *Pass) error {
	earlier := map[string][]Declared{}
	for _, d := range p.Scenario.Declared {
	search:
		for _, e := range earlier[d.Key] {
			for _, f := range d.Fields {
				for _, g := range e.Fields {
					if f != g {
						continue
					}
					dd := p.Diag(d.Pos, codeDuplicateID, "%s is declared again with %s (first at %s): CUE merges the two into one", d.Key, f, e.Pos).
						WithHint("rename one of them, or keep one declaration")
					dd.Related = []diag.Pos{e.Pos}
					p.Report(dd)
					break search
				}
			}
		}
		earlier[d.Key] = append(earlier[d.Key], d)
	}
	return nil
}

// entitySections are the sections whose fields are entities with ids.
var entitySections = map[string]bool{"armies": true, "encounters": true, "events": true, "objectives": true}

// isEntity reports whether a path of labels declares an entity of a Karzoral scenario: a field of
// one of entitySections ("armies.scouts") or a block (field.blocks."03"); the duplicates check
// reads the unit's declarations with it (Unit.Declarations).
func isEntity(p []string) bool {
	return len(p) == 2 && entitySections[p[0]] || len(p) == 3 && p[0] == "field" && p[1] == "blocks"
}
