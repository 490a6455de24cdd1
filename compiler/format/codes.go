package format

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes the formatter reports. L001 (a syntax error) is the compiler's; N001 is the formatter's own.
const (
	CodeSyntax    = "L001" // the file does not parse (registered by package compiler)
	CodeUnchanged = "N001" // formatting would change the data or drop a comment: the file is left alone
)

func init() {
	diag.Register(diag.CodeInfo{Code: CodeUnchanged, Title: "file left unformatted: the result would differ", Severity: diag.Error, Doc: `sortie fmt formats a file only when the result holds the same data and the same comments as
the original. When its own check finds a difference (a comment the YAML library cannot place,
a construct it reads differently), the file is left exactly as it is and reported here.

Bad (a comment between a key and its value has nowhere to go in YAML's node model):
    events:
      # a comment
      supplyCache: {on: {enter: "14"}, do: []}   # fine
    key: # a comment after a colon, before a block value
      - 1

Fix: move the comment onto its own line above the entry it explains, then run sortie fmt again;
if the file still cannot be formatted, please report it with the file.`})
}
