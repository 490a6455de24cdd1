package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-31 (with K-30, K-23): the move decision names a neighbouring block only when the players know
// it; a block of a box not yet revealed is "?". boxField: from a, east is x, in box A (hidden at the
// start); in line(2), east of b0 is b1, outside any box (known from the start, K-30).
func TestMoveNamesOnlyKnownBlocksK31(t *testing.T) {
	for _, c := range []struct{ name, want string }{{"box", "?"}, {"open", "b1"}} {
		p := boxField()
		if c.name == "open" {
			p = line(2)
		}
		p.DayLimit = 1
		var note string
		d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
			if r.Kind == runner.KindMove && note == "" {
				note = r.Choices[r.Find("east")].Note
				return runner.Answer{Choice: r.Find("stay")}, nil
			}
			return runner.Answer{}, nil
		})
		if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d}}); err != nil {
			t.Fatal(err)
		}
		if note != c.want {
			t.Errorf("%s: east is named %q, want %q", c.name, note, c.want)
		}
	}
}
