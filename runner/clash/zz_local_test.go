package clash

import (
	"bytes"
	"os"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

func loadTmp(t testing.TB, n string) *plan.Clash {
	data, err := os.ReadFile("/tmp/i10e/" + n + ".json")
	if err != nil {
		t.Skip(err)
	}
	c, err := plan.DecodeClash(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func BenchmarkTmpBattle(b *testing.B) {
	for _, n := range []string{"field", "bridge", "hill"} {
		b.Run(n, func(b *testing.B) {
			s := mustSetup(b, loadTmp(b, n), Options{})
			bt := NewBattle(s)
			rounds := 0
			for i := 0; i < b.N; i++ {
				bt.Reset(Config{Seed: uint64(i)})
				r, err := bt.Run()
				if err != nil {
					b.Fatal(err)
				}
				rounds += r.Rounds
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
			b.ReportMetric(float64(rounds)/float64(b.N), "rounds")
		})
	}
}

func TestTmpLog(t *testing.T) {
	n := os.Getenv("BATTLE")
	if n == "" {
		t.Skip()
	}
	s := mustSetup(t, loadTmp(t, n), Options{})
	b := NewBattle(s)
	var l Log
	b.Reset(Config{Seed: 1, Rec: &l})
	r, err := b.Run()
	t.Logf("%+v %v\n%s", r, err, logText(&l))
}

type textRec struct{ b bytes.Buffer }

func (r *textRec) Record(_ *Battle, e Event) {
	if t, ok := e.(interface{ WriteText(*bytes.Buffer) error }); ok {
		t.WriteText(&r.b)
		return
	}
	r.b.WriteString(e.Line() + "\n")
}

func TestTmpText(t *testing.T) {
	n := os.Getenv("BATTLE")
	if n == "" {
		t.Skip()
	}
	s := mustSetup(t, loadTmp(t, n), Options{})
	b := NewBattle(s)
	var r textRec
	b.Reset(Config{Seed: 1, Rec: &r})
	b.Run()
	os.WriteFile("/tmp/i10e/"+n+".txt", r.b.Bytes(), 0o644)
}
