package campaign

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// BenchmarkSimulateCampaign: whole runs of the bundled campaign through the simulation driver
// (random policy, the tally observing every event), on one worker; runs/s per wall-clock second.
func BenchmarkSimulateCampaign(b *testing.B) {
	s := Subject(bundled(b))
	const runs = 64
	b.ReportAllocs()
	for b.Loop() {
		if _, err := runner.Simulate(s, runner.SimOptions{Runs: runs, Seed: 1, Workers: 1, Policy: runner.NamedPolicy("random")}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(runs*b.N)/b.Elapsed().Seconds(), "runs/s")
}

// BenchmarkCampaignDiscard: one whole campaign run under a policy into runner.Discard, the
// karzoral Runners kept between runs (as a simulation's worker keeps them).
func BenchmarkCampaignDiscard(b *testing.B) {
	c := bundled(b)
	for _, name := range []string{"first", "random"} {
		b.Run(name, func(b *testing.B) {
			pl := &Runners{}
			sorties := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				pol, _ := runner.NewPolicy(name, uint64(i))
				res, err := Run(c, Options{Seed: uint64(i), Decider: pol, Player: pl})
				if err != nil {
					b.Fatal(err)
				}
				sorties += len(res.State.Rows)
			}
			b.ReportMetric(float64(sorties)/float64(b.N), "sorties/run")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "runs/s")
		})
	}
}
