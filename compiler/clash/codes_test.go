package clash

import "testing"

// TestEveryCodeInAPass: every U code is declared by a clash check (U012 and U013 by several), so that the
// registry's passes (clashPasses: JUnit and SARIF grouping, the core's want coverage) name each.
func TestEveryCodeInAPass(t *testing.T) {
	in := map[string]int{}
	for _, p := range clashPasses() {
		for _, c := range p.Codes {
			in[c]++
		}
	}
	for _, c := range clashCodes {
		if in[c] == 0 {
			t.Errorf("%s is declared by no clash check", c)
		}
	}
	if len(in) != len(clashCodes) {
		t.Errorf("the checks declare %d codes, clashCodes lists %d", len(in), len(clashCodes))
	}
}
