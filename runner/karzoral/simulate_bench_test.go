package karzoral_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
)

// BenchmarkSimulateField01: runs of the bundled field01 through the simulation driver (random
// policy, the tally observing every event), on one worker; runs/s per wall-clock second,
// runs/cpu-s per second of CPU time.
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
	t0 := cpuTime()
	for b.Loop() {
		if _, err := runner.Simulate(s, runner.SimOptions{Runs: runs, Seed: 1, Workers: 1, Policy: runner.NamedPolicy("random")}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(runs*b.N)/b.Elapsed().Seconds(), "runs/s")
	if cpu := cpuTime() - t0; cpu > 0 {
		b.ReportMetric(float64(runs*b.N)/cpu.Seconds(), "runs/cpu-s")
		b.ReportMetric(float64(cpu.Nanoseconds())/1000/float64(runs*b.N), "cpu-us/run")
	}
}

// cpuTime is this process's CPU time (user and system): on a shared machine a figure per CPU
// second says more than one per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
