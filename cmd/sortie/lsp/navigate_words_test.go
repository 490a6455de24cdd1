package lsp

import "testing"

// TestUnitWord (issue 20): a hover names a battle file a battle, not a scenario, in CUE, YAML and
// JSON; a scenario stays a scenario.
func TestUnitWord(t *testing.T) {
	for src, want := range map[string]string{
		"kind: \"battle\"\nrules: \"clash\"\n":      "battle",
		"kind: battle\nrules: clash\n":              "battle",
		"{\n  \"kind\": \"battle\"\n}\n":            "battle",
		"kind: \"scenario\"\nrules: \"karzoral\"\n": "scenario",
		"package x\n\nkind: \"scenario\"\n":         "scenario",
	} {
		if got := unitWord(at{doc: &document{text: []byte(src)}}); got != want {
			t.Errorf("unitWord(%q) = %q, want %q", src, got, want)
		}
	}
}
