package karzoral

import (
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// The names the engine offers for the fixed-answer kinds are the names a script may give
// (runner.Vocabulary, checked when a script is read): a script can answer every choice.
func TestChoicesMatchVocabulary(t *testing.T) {
	names := func(cs []runner.Choice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		slices.Sort(out)
		return out
	}
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	for _, tc := range []struct {
		kind runner.Kind
		got  []string
	}{
		{runner.KindMove, sorted(moveNames[:])},
		{runner.KindBattle, names(battleChoices[:])},
		{runner.KindNight, names(nightChoices[:])},
		{runner.KindCancel, names(yesNo[:])},
		{runner.KindTake, names(noYes[:])},
		{runner.KindTraverse, names(traverseChoices[:])},
	} {
		if want := sorted(runner.Vocabulary(tc.kind)); !slices.Equal(tc.got, want) {
			t.Errorf("%s: the engine offers %v, a script may give %v", tc.kind, tc.got, want)
		}
	}
}
