package lsp

import (
	"context"
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
	// A server started without an ExplainURL links a diagnostic R001 to the repository's page.
	s := newServer(context.Background(), Options{})
	res := &result{diags: map[string]diag.List{"/w/a.cue": {{Code: "R001", Severity: diag.Error,
		Pos: diag.Pos{File: "a.cue", Line: 1, Column: 1}, Message: "m"}}}}
	pd := s.convert(res, "/w/a.cue")
	const want = "https://github.com/sortie-rpg/sortie/blob/main/docs/codes.md#r001"
	if len(pd) != 1 || pd[0].CodeDescription == nil || pd[0].CodeDescription.HRef != want {
		t.Errorf("the default codeDescription link: %+v, want %q", pd, want)
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
