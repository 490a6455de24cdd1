package compiler

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// spinCUE is a scenario whose evaluation runs far longer than any test: 100^5 = 10^10 iterations
// that keep nothing (testdata/hostile/cpu has 10^8).
const spinCUE = `package spin

import "list"

kind: "scenario"
l: list.Range(0, 100, 1)
n: len([for a in l for b in l for c in l for d in l for e in l if a+b+c+d+e < 0 {a}])
`

// AnalyzeContext stops when its context is done: the evaluator at work on a file that would take
// its whole (here ten-minute) budget is killed, and the call returns the context's error at
// once, with no findings; a campaign too. Without cancellation the call would wait out the
// budget.
func TestAnalyzeContextCancel(t *testing.T) {
	dir := t.TempDir()
	spin := filepath.Join(dir, "spin.cue")
	if err := os.WriteFile(spin, []byte(spinCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{WorkDir: dir, Budget: Budget{CPU: 10 * time.Minute}}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	a, err := AnalyzeContext(ctx, []string{spin}, opts)
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) || a != nil {
		t.Fatalf("AnalyzeContext: %v, %v; want context.Canceled and no analysis", a, err)
	}
	if took > 20*time.Second {
		t.Errorf("returned %v after the cancel, want at once", took)
	}
	// A context already done: nothing is started.
	if _, err := AnalyzeContext(ctx, []string{spin}, opts); !errors.Is(err, context.Canceled) {
		t.Errorf("a done context: %v", err)
	}
	// A campaign whose file spins the same way.
	camp := filepath.Join(dir, "campaign.cue")
	src := "package spin\n\nimport \"list\"\n\nkind: \"campaign\"\nl: list.Range(0, 100, 1)\nn: len([for a in l for b in l for c in l for d in l for e in l if a+b+c+d+e < 0 {a}])\n"
	if err := os.WriteFile(camp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(spin)
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	if _, err := AnalyzeContext(ctx, []string{camp}, opts); !errors.Is(err, context.Canceled) {
		t.Errorf("campaign: %v, want context.Canceled", err)
	}
}
