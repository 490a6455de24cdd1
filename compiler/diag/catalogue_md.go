package diag

import (
	"bytes"
	"fmt"
	"strings"
)

// CatalogueMarkdown renders codes (as Codes returns them) as the Markdown page docs/codes.md:
// a table of every code, then one section per code whose heading is the code alone, so that its
// anchor is the code in lower case (codes.md#f002, where editors link a finding). Each section
// has the title, the severity and the page `sortie explain CODE` prints, verbatim.
func CatalogueMarkdown(codes []CodeInfo) []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Generated from the code catalogue by `sortie explain --format markdown`\n" +
		"     (SORTIE_UPDATE=1 go test ./cmd/sortie -run TestCodesDoc); do not edit by hand. -->\n\n")
	b.WriteString("# Diagnostic codes\n\n")
	b.WriteString("Every finding sortie reports has one of these codes. `sortie explain CODE` prints the same\n" +
		"page at the terminal, `sortie explain --format json` the whole catalogue as JSON. A code's\n" +
		"section is at its anchor in lower case: `docs/codes.md#f002`.\n\n")
	b.WriteString("| code | severity | title |\n|---|---|---|\n")
	for _, in := range codes {
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s |\n", in.Code, strings.ToLower(in.Code), in.Severity, strings.ReplaceAll(in.Title, "|", `\|`))
	}
	for _, in := range codes {
		fmt.Fprintf(&b, "\n## %s\n\n**%s** (%s)\n\n```text\n%s\n```\n", in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc))
	}
	return b.Bytes()
}
