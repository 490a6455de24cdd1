package compiler

import "testing"

// TestDefinitionOf: the definition each kind and rules names, worked from documentKinds by hand;
// the editor's completion (lsp schemaOf) and the JSON Schema test (defOf) both ask it.
func TestDefinitionOf(t *testing.T) {
	for _, c := range []struct{ kind, rules, want string }{
		{"scenario", "karzoral", "#Scenario"},
		{"scenario", "", "#Scenario"},
		{"scenario", "pathfinder", "#PFScenario"},
		{"battle", "pathfinder", "#PFBattle"},
		{"battle", "clash", "#ClashBattle"},
		{"battle", "", "#PFBattle"},
		{"campaign", "karzoral", "#Campaign"},
		{"", "", "#Scenario"},
		{"nonsense", "clash", "#Scenario"},
	} {
		if got := DefinitionOf(c.kind, c.rules); got != c.want {
			t.Errorf("DefinitionOf(%q, %q) = %s, want %s", c.kind, c.rules, got, c.want)
		}
	}
}
