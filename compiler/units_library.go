package compiler

import (
	"fmt"
	"regexp"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// A CUE library named among scenarios (the pre-commit hook passes every changed file: vet
// --packages scenarios/pathfinder/armies.cue): a package with a package clause whose files say
// neither kind:, id: nor rules: at their top level is a library or schema that scenarios import
// or unify, as a folder's walk already judges it (walkUnits vets only the packages that say
// kind:). It is noted (L015, info) and not vetted, as a script is, instead of L002 "not a
// scenario: no kind field" with a hint to add kind (the reviewer's item 6). A file that says id:
// or rules: is a scenario that lost its kind, and still gets L002.

// reTopScenario finds a top-level id: or rules: in a CUE file (gofmt'd CUE puts it at column 1).
var reTopScenario = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^"?(?:id|rules)"?\s*:`) })

// libraryUnits takes out of g.units each CUE package that is a library (above), with a note for
// each of its files.
func (g *grouper) libraryUnits() {
	kept := g.units[:0]
	for _, u := range g.units {
		if !g.isLibrary(u) {
			kept = append(kept, u)
			continue
		}
		for _, f := range u.files {
			g.notes.Add(diag.Diagnostic{Code: codeNotScenarioFile, Severity: diag.Info, Pos: diag.Pos{File: g.nm.display(f)},
				Message: fmt.Sprintf("a CUE library (package %s: no kind:, id: or rules: at its top level), not a scenario: not vetted on its own (the scenarios that import or unify it are vetted with it)", g.pkg(f))})
		}
	}
	g.units = kept
}

// isLibrary reports whether u is a named CUE package none of whose files says kind:, id: or
// rules: at its top level; a file that cannot be read is no library (the loader reports it).
func (g *grouper) isLibrary(u unit) bool {
	if u.campaign || len(u.files) == 0 {
		return false
	}
	for _, f := range u.files {
		if fileKind(f) != "cue" || g.pkg(f) == "" {
			return false
		}
		head, ok := g.overlaid(f)
		if !ok {
			head = readHead(f)
		}
		if head == nil || reTopKind().Match(head) || reTopScenario().Match(head) {
			return false
		}
	}
	return true
}
