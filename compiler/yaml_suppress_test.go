package compiler

import "testing"

// A YAML suppression comment's reason may hold a ')' inside its quotes (sortie init --format yaml
// writes the templates' reasons, such as "(40 -> 20)", there): the attribute ends at the ')'
// after the closing quote, not at the first one.
func TestYAMLSuppressionParenInReason(t *testing.T) {
	const c = `# @sortie(ignore="W001", reason="burn the powder (40 -> 20) or fall") and more`
	got := reSuppress().FindString(c)
	if want := `@sortie(ignore="W001", reason="burn the powder (40 -> 20) or fall")`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := reSuppress().FindString(`# @sortie(ignore="W001")`); got != `@sortie(ignore="W001")` {
		t.Errorf("plain: got %q", got)
	}
}
