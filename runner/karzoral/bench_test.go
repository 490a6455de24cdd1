package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// BenchmarkRunField plays Field 1 over and over (a new seed each run) with a policy and the runner.Discard
// sink, and reports field days per second.
func BenchmarkRunField(b *testing.B) {
	for _, name := range []string{"first", "random"} {
		b.Run(name, func(b *testing.B) {
			r, err := New(field01())
			if err != nil {
				b.Fatal(err)
			}
			pol, err := runner.NewPolicy(name, 1)
			if err != nil {
				b.Fatal(err)
			}
			days := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				res, err := r.Run(Options{Options: runner.Options{Seed: uint64(i), Decider: pol, Sink: runner.Discard}})
				if err != nil {
					b.Fatal(err)
				}
				days += res.Day
			}
			b.ReportMetric(float64(days)/b.Elapsed().Seconds(), "days/s")
			b.ReportMetric(float64(days)/float64(b.N), "days/run")
		})
	}
}

// The per-day path does not allocate: a run allocates only its Result.
func TestRunAllocations(t *testing.T) {
	r, err := New(field01())
	if err != nil {
		t.Fatal(err)
	}
	pol, _ := runner.NewPolicy("random", 1)
	seed := uint64(0)
	allocs := testing.AllocsPerRun(200, func() {
		seed++
		if _, err := r.Run(Options{Options: runner.Options{Seed: seed, Decider: pol, Sink: runner.Discard}}); err != nil {
			t.Fatal(err)
		}
	})
	// The Result, its Armies, Objectives and Events slices, and the reason string.
	if allocs > 8 {
		t.Errorf("%.1f allocations per run", allocs)
	}
}

// BenchmarkRunField02 plays the compiled Field 2 (PCs, burden, support damage, traversal, escape)
// with the random policy and the runner.Discard sink, and reports field days per second.
func BenchmarkRunField02(b *testing.B) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field02"}, compiler.Options{WorkDir: "../.."})
	if err != nil || list.HasErrors() {
		b.Fatal(err, list)
	}
	r, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	pol, _ := runner.NewPolicy("random", 1)
	days := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := r.Run(Options{Options: runner.Options{Seed: uint64(i), Decider: pol, Sink: runner.Discard}})
		if err != nil {
			b.Fatal(err)
		}
		days += res.Day
	}
	b.ReportMetric(float64(days)/b.Elapsed().Seconds(), "days/s")
}

// dayLoop answers a day of the day loop without ending the scenario: stay, the first die, and a
// forced march every other night (light, the sleep penalty, rest and recovery: K-40, K-41, K-58).
type dayLoop struct{ nights int }

func (d *dayLoop) Decide(r *runner.Request) (runner.Answer, error) {
	switch r.Kind {
	case runner.KindMove:
		return runner.Answer{Choice: len(r.Choices) - 1}, nil // stay
	case runner.KindNight:
		d.nights++
		return runner.Answer{Choice: d.nights % 2}, nil // rest, march, rest ...
	}
	return runner.Answer{}, nil
}

// A run into runner.Discard allocates nothing per day: a run of 40 days allocates what a run of 2
// days does (its Result), whatever it plays each day: food, army moves, the camp phase with
// episodes and night raids, forced marches with light and the sleep penalty, rest with recovery.
func TestNoAllocationsPerDay(t *testing.T) {
	allocs := func(days int) float64 {
		p := line(3)
		p.DayLimit = days
		p.Party.Rations = 1000
		p.Party.Torches = 1000
		p.Party.PCs = []plan.PC{{Name: "Aria", Level: 3, HP: 20}, {Name: "Bram", Level: 2, HP: 18}}
		p.Party.Members = 3
		p.Party.Burdens = []plan.Burden{{Name: "Cid"}}
		p.Field.Blocks[0].Dark = true
		addArmy(p, "f", "friendly", 50, 1, -1, "b1", "b2", "b1")
		p.NightRaid = addEncounter(p, "bats", "Bats")
		p.Encounters[p.NightRaid].Monsters = []plan.Monster{{Name: "Bat", Level: 1, Count: 1}}
		r, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		d := &dayLoop{}
		seed := uint64(0)
		return testing.AllocsPerRun(50, func() {
			seed++
			d.nights = 0
			res, err := r.Run(Options{Options: runner.Options{Seed: seed, Decider: d, Sink: runner.Discard}})
			if err != nil || res.Day != days {
				t.Fatalf("run: %v, %+v", err, res)
			}
		})
	}
	short, long := allocs(2), allocs(40)
	if long != short {
		t.Errorf("%.1f allocations in 2 days, %.1f in 40: %.2f a day, want 0", short, long, (long-short)/38)
	}
}
