package compiler

import (
	"fmt"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// A CUE library named among scenarios (the pre-commit hook passes every changed file: vet
// --packages scenarios/pathfinder/armies.cue): a unit of CUE files only, each with a package
// clause, whose value says neither kind:, id: nor rules: at its top level, is a library or
// schema that scenarios import or unify, as a folder's walk already judges it (walkUnits vets
// only the packages that say kind:). It is loaded as any unit (a syntax error is L001, @embed
// L006, an import outside the folder L007), then noted (L015, info) instead of L002 "not a
// scenario: no kind field" with a hint to add kind (the reviewer's item 6). A file that says id:
// or rules: is a scenario that lost its kind, and still gets L002.

// libraryPackageNote returns the L015 note for the unit of files whose value is user when it is a CUE
// library (above); ok is false when it is not one.
func libraryPackageNote(user cue.Value, files []*ast.File, data int, nm *namer, fallback string) (d diag.Diagnostic, ok bool) {
	if len(files) == 0 || data > 0 {
		return d, false
	}
	pkg := files[0].PackageName()
	for _, f := range files {
		if f.PackageName() == "" {
			return d, false
		}
	}
	for _, name := range []string{"kind", "id", "rules"} {
		if user.LookupPath(cue.MakePath(cue.Str(name))).Exists() {
			return d, false
		}
	}
	return diag.Diagnostic{Code: codeNotScenarioFile, Severity: diag.Info, Pos: diag.Pos{File: nm.display(fallback)},
		Message: fmt.Sprintf("a CUE library (package %s: no kind:, id: or rules: at its top level), not a scenario: not vetted on its own (the scenarios that import or unify it are vetted with it)", pkg)}, true
}

// UnitKind is the kind a unit's files say at their top level ("scenario", "battle",
// "campaign"), judged from their heads as the loader sorts files, or "" when none says one: for
// the words of a message about a unit that did not compile (Q003: "the battle has errors").
func UnitKind(files []string) string {
	for _, f := range files {
		if c := classifyHead(f, readHead(f)); c.kind != "" {
			return c.kind
		}
	}
	return ""
}
