package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// U-45, U-76 [AI], issue 21: the tactical policy casts a control spell of the library when it is
// worth it. The Pass of Horns (testdata/clash/conditions) played with no script, seed 1: the
// Hexer (a solo at 5,2, fire bolt at will and web twice) acts first and chooses Cast; web's range
// is 60 ft = floor((60 + 10) / 20) = 3 squares (U-37) and its 20-ft cube one square (U-45), so
// the wardens' stand at 2,2, 3 squares away, can be webbed from where the Hexer stands but not
// from farther back. Before the fix its move before casting stepped back to 6,2 (fire bolt's
// preferred distance; 4 squares from the wardens), and it cast nothing at all.
func TestClashPolicyCastsWebU45U76(t *testing.T) {
	f := filepath.Join(repo(t, "testdata", "clash", "conditions"), "conditions.cue")
	code, out, errs := runMain("battle", f, "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	i := strings.Index(out, "turn: hexer\n")
	if i < 0 {
		t.Fatalf("no turn of the hexer\n%s", out)
	}
	turn := out[i:]
	if j := strings.Index(turn[1:], "turn: "); j > 0 {
		turn = turn[:j+1]
	}
	if !strings.Contains(turn, "hexer: cast\nhexer casts Web on 2,2\n") {
		t.Errorf("the Hexer's first turn does not web the wardens from where it stands:\n%s", turn)
	}
}
