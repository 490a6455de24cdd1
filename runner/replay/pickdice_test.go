package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// K-37: a camp's pick on a page built from recorded JSON Lines says the dice the engine rolled
// (review 7 B5: it said "rolled 0 and 0"). By hand from the recordings:
//   - testdata/field01-goal-1.jsonl, recorded before the pick carried its dice: line 7, campRoll
//     day 1, dice [4,1]; line 8, pick, face 4: "rolled 4 and 1, kept 4" (the dice from line 7);
//   - testdata/runner/field01-win.jsonl (the run's JSON Lines today): line 7, campRoll [1,4];
//     line 8, pick face 1 with its own dice [1,4]: "rolled 1 and 4, kept 1"; day 2's pick (line
//     24, face 1 again, already checked): "rolled 1 and 6, kept 1 (checked)".
func TestPickDiceFromJSONLK37(t *testing.T) {
	for _, c := range []struct {
		file string
		want map[int]string
	}{
		{filepath.Join("testdata", "field01-goal-1.jsonl"), map[int]string{7: "rolled 4 and 1, kept 4"}},
		{filepath.Join("..", "..", "testdata", "runner", "field01-win.jsonl"), map[int]string{7: "rolled 1 and 4, kept 1", 23: "rolled 1 and 6, kept 1 (checked)"}},
	} {
		in := field01Input(t)
		run, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		in.Events = bytes.Split(bytes.TrimSpace(run), []byte("\n"))
		p, err := build(in)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range c.want {
			if got := strings.TrimSpace(strings.TrimPrefix(p.Lines[i], "  camp")); got != w {
				t.Errorf("%s line %d: %q, want %q", c.file, i+1, got, w)
			}
		}
	}
}
