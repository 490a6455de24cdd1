package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of the core added after the walking skeleton: the bounds of the input (L004-L007) and the
// suppressions (L008-L010). (The episode table's shape, T003, is Karzoral's: compiler/karzoral
// words it through RuleSystem.ListLength.)
const (
	codeFileTooBig    = "L004"
	codeTooDeep       = "L005"
	codeEmbed         = "L006"
	codeImportOutside = "L007"
	codeNoReason      = "L008"
	codeUnusedIgnore  = "L009"
	codeBadIgnore     = "L010"
)

var registeredLint = registerLintCodes()

func registerLintCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeFileTooBig, Title: "file too large", Severity: diag.Error, Doc: `A scenario file is larger than the size bound (4 MiB). sortie refuses it without parsing,
so that a hostile or mistaken input cannot exhaust memory.

Bad:
    a generated 50 MiB field.cue

Fix: split the scenario over several files of one package, or shrink it.`},
		diag.CodeInfo{Code: codeTooDeep, Title: "nesting too deep", Severity: diag.Error, Doc: `Brackets or braces nest deeper than the bound (100 levels), or in CUE a chain of labels on
one line (a: b: c: ...), or in YAML block collections (one level per indentation step and
per "- " entry); or a CUE expression chains more than 500 operators in a row (1 + 1 + ...,
"a" | "b" | ...) or selectors, indexes and calls (a.b.c..., a[0][0]...), which nest in its
syntax tree as deeply. No scenario needs that; sortie refuses the file before parsing it, at
the place too deep.

Bad:
    x: [[[[[[[[ ... ]]]]]]]]   // thousands deep
    x:
      - - - - - - - - ...      # a line of thousands of entries

Fix: flatten the structure; split a long expression with parentheses or into fields.`},
		diag.CodeInfo{Code: codeEmbed, Title: "@embed is refused", Severity: diag.Error, Doc: `A CUE file uses @embed (or declares @extern(embed)) to read another file. sortie reads only
the scenario's own files, so it refuses the file. The refusal holds everywhere in what is
evaluated: the scenario's files and every package it imports, from its module's own folders or
from cue.mod/pkg (a scenario folder with a cue.mod is its module's root). Embedding is refused
outright rather than confined, since no scenario needs it; links that lead outside the folder
are refused too (L018).

Bad:
    @extern(embed)
    package x
    notes: _ @embed(file="notes.txt")

Fix: put the data in a .cue, .yaml or .json file of the scenario.`},
		diag.CodeInfo{Code: codeImportOutside, Title: "import reaches outside the scenario", Severity: diag.Error, Doc: `An import names a package that is not inside the scenario's folder (or a relative path
with ".."). sortie never reads a file outside the scenario's folder and never uses a registry.

Bad:
    import "../shared"

Fix: keep the scenario self-contained in its folder.`},
		diag.CodeInfo{Code: codeNoReason, Title: "suppression without a reason", Severity: diag.Error, Doc: `A @sortie(ignore="CODE") attribute silences one code on one entity, and must say why, so
that a reviewer can judge it. Without reason it silences nothing.

Bad:
    armies: {...} @sortie(ignore="W001")

Fix: @sortie(ignore="W001", reason="the party must burn the cache first"); in YAML the same in
a comment: # @sortie(ignore="W001", reason="the party must burn the cache first").`},
		diag.CodeInfo{Code: codeUnusedIgnore, Title: "unused suppression", Severity: diag.Warning, Doc: `A @sortie(ignore="CODE", reason="...") attribute silences nothing: the code is not reported
on that entity (any more). Stale suppressions hide future mistakes.

Bad:
    "09": {at: [4, 1]} @sortie(ignore="F002", reason="reached by boat")   // 09 is reachable

Fix: delete the attribute.`},
		diag.CodeInfo{Code: codeBadIgnore, Title: "malformed suppression", Severity: diag.Error, Doc: `A @sortie attribute must read @sortie(ignore="CODE", reason="...") with one known code.

Bad:
    @sortie(ignore="X9", reason="...")
    @sortie(ignor="F002", reason="...")

Fix: name a code that sortie explain lists, with the keys ignore and reason.`},
	)
	return true
}
