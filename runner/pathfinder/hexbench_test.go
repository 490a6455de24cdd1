package pathfinder_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// BenchmarkBattleRates: what `sortie battle --runs N` does on the bundled orc-horde battle, 10000
// battles an op (the engine's default policy, no log). battles/s is per wall-clock second on one
// goroutine, battles/cpu-s per second of this process's CPU time (the machine is shared).
func BenchmarkBattleRates(b *testing.B) {
	bt, list, err := compiler.CompileBattle([]string{"scenarios/pathfinder/orc-horde"}, compiler.Options{WorkDir: "../.."})
	if err != nil || bt == nil {
		b.Fatal(err, list)
	}
	const runs = 10000
	b.ReportAllocs()
	t0 := cpuTime()
	for b.Loop() {
		if _, err := pathfinder.RunBattleRates(bt, 1, runs, pathfinder.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(runs*b.N)/b.Elapsed().Seconds(), "battles/s")
	if cpu := cpuTime() - t0; cpu > 0 {
		b.ReportMetric(float64(runs*b.N)/cpu.Seconds(), "battles/cpu-s")
	}
}

// BenchmarkPathfinderRun: the bundled hex scenario with the "first" policy through the Decider,
// text transcript discarded: one op is one run (two battles with tables).
func BenchmarkPathfinderRun(b *testing.B) {
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/stolen-lands"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		b.Fatal(err, list)
	}
	for b.Loop() {
		if _, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: firstPolicy}}); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuTime is the process's user + system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
