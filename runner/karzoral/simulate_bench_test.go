package karzoral_test

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
)

// BenchmarkSimulateField01: runs of the bundled field01 through the simulation driver (random
// policy, the tally observing every event), on one worker; runs/s is per wall-clock second.
func BenchmarkSimulateField01(b *testing.B) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		b.Fatal(err, list)
	}
	s, err := runner.PlanSubject(p)
	if err != nil {
		b.Fatal(err)
	}
	const runs = 1000
	b.ReportAllocs()
	for b.Loop() {
		if _, err := runner.Simulate(s, runner.SimOptions{Runs: runs, Seed: 1, Workers: 1, Policy: runner.NamedPolicy("random")}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(runs*b.N)/b.Elapsed().Seconds(), "runs/s")
}
