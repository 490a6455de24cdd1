package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// BenchmarkWriteHTMLHex builds stolen-lands' page from its recorded run (a Pathfinder hex run:
// the players' view follows pathfinder.HexSight at every event).
func BenchmarkWriteHTMLHex(b *testing.B) {
	data, _ := os.ReadFile(filepath.Join("testdata", "stolen-lands.plan.json"))
	p, err := plan.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	run, _ := os.ReadFile(filepath.Join("testdata", "stolen-lands-first-3.jsonl"))
	in := Input{Plan: p, Events: bytes.Split(bytes.TrimSpace(run), []byte("\n"))}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WriteHTML(&buf, in); err != nil {
			b.Fatal(err)
		}
	}
}
