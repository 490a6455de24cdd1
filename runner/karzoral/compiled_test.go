package karzoral

import (
	"bytes"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// The bundled field01 compiled by the compiler plays exactly like the hand-lowered plan of these
// tests: the same transcript from the win and the lose scripts.
func TestCompiledField01(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatalf("compile field01: %v %v", err, list)
	}
	play := func(p *plan.Plan, script string) []byte {
		s, l, err := runner.LoadScript(script)
		if err != nil || l.HasErrors() {
			t.Fatal(err, l)
		}
		var buf bytes.Buffer
		if _, err := Run(p, Options{Options: runner.Options{Seed: 7, Decider: s, Sink: runner.NewTextSink(&buf)}}); err != nil {
			t.Fatalf("%s: %v", script, err)
		}
		return buf.Bytes()
	}
	for _, script := range []string{"../../testdata/runner/field01-win.yaml", "../../testdata/runner/field01-lose.yaml"} {
		if got, want := play(p, script), play(field01(), script); !bytes.Equal(got, want) {
			t.Errorf("%s: the compiled plan plays differently from the hand-lowered one:\n%s", script, got)
		}
	}
}

// BenchmarkRunBundledField01 compiles the bundled scenarios/karzoral/field01 once and plays it
// over and over under a policy with the runner.Discard sink, reporting field days per second.
func BenchmarkRunBundledField01(b *testing.B) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		b.Fatalf("compile field01: %v %v", err, list)
	}
	for _, name := range []string{"first", "random"} {
		b.Run(name, func(b *testing.B) {
			r, err := New(p)
			if err != nil {
				b.Fatal(err)
			}
			pol, err := runner.NewPolicy(name, 1)
			if err != nil {
				b.Fatal(err)
			}
			days := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				res, err := r.Run(Options{Options: runner.Options{Seed: uint64(i), Decider: pol, Sink: runner.Discard}})
				if err != nil {
					b.Fatal(err)
				}
				days += res.Day
			}
			b.ReportMetric(float64(days)/b.Elapsed().Seconds(), "days/s")
		})
	}
}
