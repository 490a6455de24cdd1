package pathfinder

import (
	"syscall"
	"testing"
	"time"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// benchSetup is two typical armies: 200 human soldiers (CR 1, Large: ACR 3) with improved armor and a
// level 5 commander, against 500 orc warriors (CR 1/3, Huge: ACR 3).
func benchSetup(tb testing.TB) *Setup {
	tb.Helper()
	humans := pfarmy.Army{Name: "humans", Size: pfarmy.SizeLarge, CR: pfarmy.CR1, HitDie: pfarmy.D10,
		Resources: pfarmy.Resources{Armor: pfarmy.GradeImproved},
		Commander: &pfarmy.Commander{Level: 5, Charisma: 2}}
	orcs := pfarmy.Army{Name: "orcs", Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, Morale: 1}
	return &Setup{Armies: []Combatant{
		{Stats: mustDerive(tb, &humans, pfarmy.Options{}), Side: SideA},
		{Stats: mustDerive(tb, &orcs, pfarmy.Options{}), Side: SideB},
	}}
}

func mustDerive(tb testing.TB, a *pfarmy.Army, o pfarmy.Options) pfarmy.Stats {
	tb.Helper()
	st, err := pfarmy.Derive(a, o)
	if err != nil {
		tb.Fatalf("Derive(%s): %v", a.Name, err)
	}
	return st
}

// BenchmarkBattle: one op is one battle, default policy, no log.
func BenchmarkBattle(b *testing.B) {
	bt, err := New(benchSetup(b), dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	phases := 0
	t0 := cpuTime()
	for b.Loop() {
		r, err := bt.Run()
		if err != nil {
			b.Fatal(err)
		}
		phases += r.Phases
	}
	reportRate(b, t0)
	b.ReportMetric(float64(phases)/float64(b.N), "phases/battle")
}

// BenchmarkBattleStandard is BenchmarkBattle under the Standard chooser (every army on Standard
// tactic and strategy): the battles BenchmarkBattle fought before the Policy played the armies'
// tactics, on the plain path.
func BenchmarkBattleStandard(b *testing.B) {
	bt, err := New(benchSetup(b), dice.NewSeeded(1), Standard{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	phases := 0
	t0 := cpuTime()
	for b.Loop() {
		r, err := bt.Run()
		if err != nil {
			b.Fatal(err)
		}
		phases += r.Phases
	}
	reportRate(b, t0)
	b.ReportMetric(float64(phases)/float64(b.N), "phases/battle")
}

// BenchmarkBattleReset also sets the battle up each time.
func BenchmarkBattleReset(b *testing.B) {
	s := benchSetup(b)
	src := dice.NewSeeded(1)
	var bt Battle
	b.ReportAllocs()
	for b.Loop() {
		if err := bt.Reset(s, src, nil); err != nil {
			b.Fatal(err)
		}
		if _, err := bt.Run(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// cpuTime is the process's user and system CPU time. On a shared machine wall-clock time also counts
// the time other processes hold the core; battles per CPU-second is the per-core rate.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRate reports battles per wall-clock second and per CPU second.
func reportRate(b *testing.B, t0 time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
	if cpu := cpuTime() - t0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "battles/cpu-s")
	}
}

// BenchmarkBattleLog is the same battle with a log callback that keeps nothing.
func BenchmarkBattleLog(b *testing.B) {
	bt, err := New(benchSetup(b), dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	bt.SetLog(func(e *Event) { n += e.Roll.Total })
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bt.Run(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkBattleGeneral is BenchmarkBattle without the plain path (plain.go): what a battle costs
// when a chooser other than the Policy, or a feature the plain path leaves out, is in play.
func BenchmarkBattleGeneral(b *testing.B) {
	bt, err := New(benchSetup(b), dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	bt.noPlain = true
	b.ReportAllocs()
	t0 := cpuTime()
	for b.Loop() {
		if _, err := bt.Run(); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b, t0)
}
