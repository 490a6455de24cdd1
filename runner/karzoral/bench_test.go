package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
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
