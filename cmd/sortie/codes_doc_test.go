package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestCodesDoc: docs/codes.md, where editors link a finding (the language server's
// codeDescription), is the code catalogue as `sortie explain --format markdown` prints it, with
// one section for every code the binary knows, headed by the code alone (its anchor is the code
// in lower case). SORTIE_UPDATE=1 writes it again.
func TestCodesDoc(t *testing.T) {
	code, out, errs := run(t, "", "explain", "--format", "markdown")
	if code != 0 {
		t.Fatalf("explain --format markdown: exit %d: %s", code, errs)
	}
	doc := filepath.Join("..", "..", "docs", "codes.md")
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(doc, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(doc)
	if err != nil {
		t.Fatalf("docs/codes.md: %v", err)
	}
	if string(got) != out {
		t.Errorf("docs/codes.md differs from sortie explain --format markdown (SORTIE_UPDATE=1 go test ./cmd/sortie -run TestCodesDoc writes it again)")
	}
	codes := diag.Codes()
	if len(codes) < 90 {
		t.Fatalf("only %d codes in the catalogue", len(codes))
	}
	for _, in := range codes {
		if n := strings.Count(string(got), "\n## "+in.Code+"\n"); n != 1 {
			t.Errorf("docs/codes.md has %d sections headed %s, want 1", n, in.Code)
		}
	}
	if code, _, _ := run(t, "", "explain", "--format", "markdown", "F002"); code != exitUsage {
		t.Errorf("--format markdown F002: exit %d, want %d", code, exitUsage)
	}
}
