package format

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes the formatter reports. L001 (a syntax error) is the compiler's; N001 is the formatter's own.
const (
	CodeSyntax    = "L001" // the file does not parse (registered by package compiler)
	CodeUnchanged = "N001" // formatting would change the data or drop a comment: the file is left alone
)

func init() {
	diag.Register(diag.CodeInfo{Code: CodeUnchanged, Title: "file left unformatted: the result would differ", Severity: diag.Error, Doc: `sortie fmt rewrites a file only when the result holds the same data and the same comments,
in the same order, as the original: for YAML as yaml.v3 and CUE's own YAML reader (the one sortie
compiles with) read them, for CUE the same syntax tree, and only when formatting the result
again changes nothing (sortie fmt formats until a pass changes nothing, up to 4 passes). When
either check fails, the file is left exactly as it is and reported here. It is a safety net against a formatter bug; no
bundled or fuzzed input has needed it.

Bad (no known file; the kind of change the check guards against: yaml.v3 alone moves this
comment below the next entry, which sortie fmt puts back; were it not put back, N001):
    - night: rest
    # day 5: the battle at the ruins
    - select: field01

Fix: move the comment onto its own line directly above the entry it explains and run sortie fmt
again; if the file still cannot be formatted, please report it with the file.`})
}
