package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// BenchmarkBundledFieldDecider fights the bundled field battle with every question put to a
// runner.Decider (runner.First), as `sortie battle --script` and the terminal do: each question
// becomes a runner.Request (issue 23 added its Side and its View, the prompt's map).
func BenchmarkBundledFieldDecider(b *testing.B) {
	s := harrowSetup(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Fight(BattleOptions{Seed: uint64(i), Decider: runner.First}); err != nil {
			b.Fatal(err)
		}
	}
}
