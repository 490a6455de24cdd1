package lsp

import (
	"os"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The explain link of a diagnostic (codeDescription) points at a section that exists: the
// default is docs/codes.md on the repository's main branch (generated from the catalogue,
// cmd/sortie's TestCodesDoc) with the code in lower case as the anchor, and docs/codes.md heads a
// section with every code this server can publish.
func TestExplainLinksExist(t *testing.T) {
	const repoDoc = "https://github.com/sortie-rpg/sortie/blob/main/docs/codes.md#"
	if DefaultExplainURL != repoDoc {
		t.Errorf("DefaultExplainURL %q, want %q", DefaultExplainURL, repoDoc)
	}
	doc, err := os.ReadFile("../../../docs/codes.md")
	if err != nil {
		t.Fatal(err)
	}
	codes := diag.Codes()
	if len(codes) == 0 {
		t.Fatal("no codes registered")
	}
	for _, in := range codes {
		if !strings.Contains(string(doc), "\n## "+in.Code+"\n") {
			t.Errorf("docs/codes.md has no section %s (anchor #%s)", in.Code, strings.ToLower(in.Code))
		}
	}
}
