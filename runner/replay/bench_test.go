package replay

import (
	"bytes"
	"testing"

	"github.com/sortie-rpg/sortie/runner/clash"
)

// BenchmarkPageHexWin is BenchmarkWriteHTML for a Pathfinder hex run: stolen-lands by its
// win script (testdata/stolen-lands-win.jsonl, 73 events).
func BenchmarkPageHexWin(b *testing.B) {
	t := &testing.T{}
	in := stolenLandsWin(t)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WriteHTML(&buf, in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPageClashHarrow is BenchmarkWriteHTML for a When Armies Clash battle: runner/clash's
// March of Harrow played by the engine's policy, seed 1, recorded as sortie battle --html does.
func BenchmarkPageClashHarrow(b *testing.B) {
	c := harrowField(&testing.T{})
	rec := NewRecorder()
	if _, err := clash.RunBattle(c, clash.BattleOptions{Seed: 1, Sink: rec}); err != nil {
		b.Fatal(err)
	}
	in := rec.Input(Input{Clash: c})
	b.ReportMetric(float64(rec.Len()), "events")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WriteHTML(&buf, in); err != nil {
			b.Fatal(err)
		}
	}
}
