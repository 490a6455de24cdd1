package campaign

import (
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/runner"
)

// cpuTime is this process's CPU time (user and system): on a shared machine a figure per CPU
// second says more than one per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// report adds runs per wall-clock and per CPU second and the CPU time per run.
func report(b *testing.B, runs int, t0 time.Duration) {
	b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
	if cpu := cpuTime() - t0; cpu > 0 {
		b.ReportMetric(float64(runs)/cpu.Seconds(), "runs/cpu-s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(runs), "cpu-us/run")
	}
}

// BenchmarkSimulateCampaign: whole runs of the bundled campaign through the simulation driver
// (the tally observing every event), on one worker, under goal (three sorties) and random (the
// 200-sortie limit: a random party never takes the Gate).
func BenchmarkSimulateCampaign(b *testing.B) {
	c := bundled(b)
	for _, name := range []string{"goal", "random"} {
		b.Run(name, func(b *testing.B) {
			s := Subject(c)
			runs := 64
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				pol := runner.PolicyMaker(runner.NamedPolicy(name))
				if name == "goal" {
					pol = Goal(c)
				}
				if _, err := runner.Simulate(s, runner.SimOptions{Runs: runs, Seed: 1, Workers: 1, Policy: pol}); err != nil {
					b.Fatal(err)
				}
			}
			report(b, runs*b.N, t0)
		})
	}
}

// BenchmarkCampaignDiscard: one whole campaign run into runner.Discard, the karzoral Runners and
// the last run's State kept between runs (as a simulation's worker keeps them: trial.Play): the
// script (five sorties, 17 days), goal (three sorties) and random (about 190 sorties, most
// runs to the 200-sortie limit); random-fresh is random with a new State every run (as the
// CLI's one run makes it).
func BenchmarkCampaignDiscard(b *testing.B) {
	c := bundled(b)
	for _, name := range []string{"script", "goal", "random", "random-fresh"} {
		b.Run(name, func(b *testing.B) {
			pl := &Runners{}
			sc := script(b)
			sorties := 0
			var last *State
			b.ReportAllocs()
			t0 := cpuTime()
			for i := 0; b.Loop(); i++ {
				var d runner.Decider
				switch name {
				case "script":
					sc.Rewind()
					d = sc
				case "goal":
					d, _ = Goal(c).Decider(i, uint64(i))
				default:
					d, _ = runner.NewPolicy("random", uint64(i))
				}
				res, err := Run(c, Options{Seed: uint64(i), Decider: d, Player: pl, Reuse: last})
				if err != nil {
					b.Fatal(err)
				}
				sorties += len(res.State.Rows)
				if name != "random-fresh" {
					last = res.State
				}
			}
			b.ReportMetric(float64(sorties)/float64(b.N), "sorties/run")
			report(b, b.N, t0)
		})
	}
}
