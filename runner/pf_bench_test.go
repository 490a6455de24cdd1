package runner

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// BenchmarkBattleRates: what `sortie battle --runs N` does on the bundled orc-horde battle, 10000
// battles an op (the engine's default policy, no log). battles/s is per wall-clock second on one
// goroutine.
func BenchmarkBattleRates(b *testing.B) {
	bt, list, err := compiler.CompileBattle([]string{"scenarios/pathfinder/orc-horde"}, compiler.Options{WorkDir: ".."})
	if err != nil || bt == nil {
		b.Fatal(err, list)
	}
	const runs = 10000
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunBattleRates(bt, 1, runs, pathfinder.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(runs*b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkPathfinderRun: the bundled hex scenario with the "first" policy through the Decider,
// text transcript discarded: one op is one run (two battles with tables).
func BenchmarkPathfinderRun(b *testing.B) {
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/stolen-lands"}, compiler.Options{WorkDir: ".."})
	if err != nil || p == nil {
		b.Fatal(err, list)
	}
	for b.Loop() {
		if _, err := RunPathfinder(p, PFOptions{Seed: 1, Decider: firstPolicy{}}); err != nil {
			b.Fatal(err)
		}
	}
}
