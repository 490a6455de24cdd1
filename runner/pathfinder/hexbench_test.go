package pathfinder_test

import (
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
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
		if _, err := pathfinder.RunBattleRates(bt, 1, runs, pfarmy.Options{}); err != nil {
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

// A Pathfinder run into runner.Discard allocates nothing per day without a battle: an army marches
// back and forth (a difficult hex on the way, P-6), the armies at rest are looked at for recovery
// (P-64), a kingdom turn ends every second day (P-59), weeks end (both armies have their commander:
// no Morale lost) and the objectives are checked; a run of 40 days allocates what a run of 4 days
// does. (A battle allocates its set-up and log.)
func TestNoAllocationsPerDay(t *testing.T) {
	allocs := func(days int) float64 {
		p, _ := compilePF(t, pfLine+`
days: limit: `+strconv.Itoa(days)+`
kingdoms: friendly: {economy: 5, loyalty: 5, stability: 5, turnDays: 2}
field: hexes: h2: difficult: true
armies: {
	foot: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: ["h1", "h2", "h3", "h4", "h3", "h2", "h1"], commander: level: 1}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: [], commander: level: 1}
}
objectives: never: {outcome: "success", defeat: ["idle"]}
`)
		return testing.AllocsPerRun(20, func() {
			res, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: firstPolicy, Sink: runner.Discard}})
			if err != nil || res.Day != days {
				t.Fatalf("run: %v %+v", err, res)
			}
		})
	}
	short, long := allocs(4), allocs(40)
	if long != short {
		t.Errorf("%.1f allocations in 4 days, %.1f in 40: %.2f a day, want 0", short, long, (long-short)/36)
	}
}
