package clash

import (
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// benchField is a field battle of 20 stands: each side two regiments of four stands and a
// skirmisher unit of two, a commander each, attrition objectives.
func benchField() *plan.Clash {
	rows := []string{
		"........................",
		"........**..............",
		"........**......::......",
		"........................",
		"====================....",
		"........................",
		"...::.........**........",
		"..............**........",
		"........................",
		"........................",
	}
	c := newClash(rows, []plan.Creature{soldier(), archer(), ogre(), hero(), mage()}, []ub{
		{id: "pikes", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 2}, {2, 3}, {2, 4}, {2, 5}}, cmd: 1},
		{id: "guard", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 6}, {3, 7}, {3, 8}, {3, 9}}},
		{id: "bows", side: 0, typ: "skirmisher", cr: 1, at: [][2]int{{0, 3}, {0, 6}}},
		{id: "orcs", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{21, 2}, {21, 3}, {21, 4}, {21, 5}}, cmd: 2},
		{id: "wolves", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{20, 6}, {20, 7}, {20, 8}, {20, 9}}},
		{id: "slings", side: 1, typ: "skirmisher", cr: 1, at: [][2]int{{23, 3}, {23, 6}}},
	}, []plan.ClashSolo{
		{ID: "aldo", Side: 0, Creature: 3, Unit: 0, Stand: 1, PC: true},
		{ID: "grok", Side: 1, Creature: 3, Unit: 3, Stand: 2},
	})
	c.Objectives = []plan.ClashObjective{
		{ID: "w", Side: 0, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 3, VP: 4}, {Unit: 4, VP: 4}, {Unit: 5, VP: 2}}},
		{ID: "e", Side: 1, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 0, VP: 4}, {Unit: 1, VP: 4}, {Unit: 2, VP: 2}}},
	}
	return c
}

// BenchmarkFieldBattle fights the 20-stand field battle with the tactical policy and no events,
// as `sortie battle --runs` does; it reports battles per second.
func BenchmarkFieldBattle(b *testing.B) {
	s := mustSetup(b, benchField(), clashrules.Options{})
	bt := NewBattle(s)
	rounds := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		bt.Reset(Config{Seed: uint64(i)})
		r, err := bt.Run()
		if err != nil {
			b.Fatal(err)
		}
		rounds += r.Rounds
	}
	reportRates(b, cpuTime()-cpu0)
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/battle")
}

// BenchmarkBundledField fights the bundled field battle (scenarios/clash/field, compiled into
// testdata/harrow-field.json; cmd/sortie's TestClashFieldFixture keeps it in step): 20 stands and
// 4 solos, tactical policy, no events, as `sortie battle --runs` does.
func BenchmarkBundledField(b *testing.B) {
	s := harrowSetup(b)
	bt := NewBattle(s)
	rounds := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		bt.Reset(Config{Seed: uint64(i)})
		r, err := bt.Run()
		if err != nil {
			b.Fatal(err)
		}
		rounds += r.Rounds
	}
	reportRates(b, cpuTime()-cpu0)
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/battle")
}

// cpuTime is the CPU time the process has used (user + system): on a loaded machine it measures
// the work of a benchmark where wall time measures the queue.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRates reports battles per second of wall time and of CPU time (cpu-battles/s: what one
// core fights when it is not shared) and the CPU time per battle.
func reportRates(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "cpu-battles/s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-us/battle")
	}
}
