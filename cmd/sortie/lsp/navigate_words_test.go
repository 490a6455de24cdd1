package lsp

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

// TestUnitWord (issue 20): a hover names a battle file a battle, not a scenario, in CUE, YAML and
// JSON, in any quoting (review: YAML's kind: 'battle' was a scenario), and a campaign a campaign;
// a scenario stays a scenario; the compiler's index, when there is one, decides.
func TestUnitWord(t *testing.T) {
	for src, want := range map[string]string{
		"kind: \"battle\"\nrules: \"clash\"\n":      "battle",
		"kind: battle\nrules: clash\n":              "battle",
		"{\n  \"kind\": \"battle\"\n}\n":            "battle",
		"kind: \"scenario\"\nrules: \"karzoral\"\n": "scenario",
		"package x\n\nkind: \"scenario\"\n":         "scenario",
		"kind: 'battle'\nrules: 'clash'\n":          "battle",
		"kind: 'battle'\nrules: pathfinder\n":       "battle",
		"kind: \"campaign\"\nstart: [\"raidd\"]\n":  "campaign",
		"kind: 'campaign'\n":                        "campaign",
	} {
		if got := unitWord(at{doc: &document{text: []byte(src)}}); got != want {
			t.Errorf("unitWord(%q) = %q, want %q", src, got, want)
		}
	}
	// The index's definition wins over the text (an index is the compiler's own reading).
	a := at{doc: &document{text: []byte("kind: \"scenario\"\n")}, res: &result{symbols: &compiler.Symbols{Schema: "#ClashBattle"}}}
	if got := unitWord(a); got != "battle" {
		t.Errorf("unitWord with a #ClashBattle index = %q, want battle", got)
	}
}
