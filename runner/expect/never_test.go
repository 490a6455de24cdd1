package expect

import "testing"

// TestCanBeAndReasonCan: the values a test can never meet (the reviewer's item 9), by hand: a
// round (U-71, U-75: 1 or later) of -1, 0, "<1", "<=0" or "-3..0" never; ">=0", "!=1", "1..3" can.
// A reason is read with its numbers as any number: "10 - 8 VP" is in "# - # VP (10 VP)".
func TestCanBeAndReasonCan(t *testing.T) {
	for s, want := range map[string]bool{"-1": false, "0": false, "<1": false, "<=0": false, "-3..0": false,
		">=0": true, "!=1": true, "1..3": true, "1": true, "<2": true, ">-5": true} {
		n, err := ParseNum(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := n.CanBe(1); got != want {
			t.Errorf("%q.CanBe(1) = %v, want %v", s, got, want)
		}
	}
	lines := []string{"a draw at -1 - -1 VP (round limit)", "total victory for West, -1 - -1 VP (10 VP)"}
	for s, want := range map[string]bool{"total victory": true, "West, 10 - 8 VP (10 VP)": true, "0 VP": true,
		"round limit": true, "draw at 3": true, "bogus reason": false, "total victory for East": false, "annihilation": false} {
		if got := reasonCan(s, lines); got != want {
			t.Errorf("reasonCan(%q) = %v, want %v", s, got, want)
		}
	}
}
