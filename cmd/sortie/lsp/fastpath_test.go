package lsp

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// bigYAML is a Karzoral scenario in YAML with an n×n field (as compiler/internal/corpus/gen
// -field writes, smaller), clean; its objective enters b1_0.
func bigYAML(n int) string {
	var b strings.Builder
	b.WriteString("kind: scenario\nid: big\ntitle: Big\nrules: karzoral\nversion: 1\ndays:\n  limit: 10\n")
	b.WriteString("party:\n  start: b0_0\n  members: 4\n  rations: 40\nfield:\n  blocks:\n")
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			fmt.Fprintf(&b, "    b%d_%d: {at: [%d, %d], terrain: plain}\n", x, y, x, y)
		}
	}
	b.WriteString("armies:\n  foes: {side: enemy, strength: 10, route: [")
	for x := 0; x < n; x++ {
		if x > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "b%d_0", x)
	}
	b.WriteString("], encounter: e}\nencounters:\n  e: {monsters: [{name: Foe, level: 1}]}\n")
	b.WriteString("objectives:\n  win: {when: {enter: b1_0}, outcome: success}\n")
	b.WriteString("episodes: [{say: '1'}, {say: '2'}, {say: '3'}, {say: '4'}, {say: '5'}, {say: '6'}]\n")
	return b.String()
}

// A big YAML buffer (issue 27 item 6) gets its findings from the fast path first: one
// publication per version when the full evaluation agrees, the R001 of a change at once, and the
// index (hover) once the evaluation ends.
func TestQuickPath(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	text := bigYAML(60) // 3,600 blocks, 150 KB: over QuickMin
	if len(text) < DefaultQuickMin {
		t.Fatalf("%d bytes: under QuickMin", len(text))
	}
	uri := c.open(filepath.Join(t.TempDir(), "big.yaml"), text, 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("version 1: %+v", p.Diagnostics)
	}
	bad := strings.Replace(text, "enter: b1_0}", "enter: nowhere}", 1)
	c.change(uri, 2, map[string]any{"text": bad})
	p := c.waitDiags(uri, 2)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "R001" || !strings.Contains(p.Diagnostics[0].Message, `unknown block "nowhere"`) {
		t.Fatalf("version 2: %+v", p.Diagnostics)
	}
	// The index follows: hover on a block answers once it is built.
	at := lineOf(t, bad, "b1_0: {at", 0)
	deadline := time.Now().Add(slowWait)
	for !strings.Contains(c.hoverText(uri, at), "block at [1, 0]") {
		if time.Now().After(deadline) {
			t.Fatal("no hover from the index")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	c.mu.Lock()
	n := map[int]int{}
	for _, p := range c.diags[uri] {
		n[*p.Version]++
	}
	c.mu.Unlock()
	if n[1] != 1 || n[2] != 1 {
		t.Errorf("publications by version: %v, want one each (the full evaluation agreed)", n)
	}
	c.shutdown()
}

// field160 writes the vet sweep's 160x160 field (compiler/internal/corpus/gen -field 160: 25,600
// blocks, 1.2 MB of YAML) into a temporary folder and returns its name and text.
func field160(b *testing.B) (string, string) {
	b.Helper()
	file := filepath.Join(b.TempDir(), "field160.yaml")
	cmd := exec.Command("go", "run", "../../../compiler/internal/corpus/gen", "-field", "160", "-o", file)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("gen -field 160: %v\n%s", err, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	return file, string(data)
}

// BenchmarkField160Latency: one didChange of the 160x160 field to its publishDiagnostics (an
// R001 made and mended in turn), with the server's defaults (quick: the fast path first) and
// without the fast path (evaluator: QuickMin -1, what the server did before issue 27). Run
// with -benchtime=Nx; median-ms is the figure to compare.
func BenchmarkField160Latency(b *testing.B) {
	file, text := field160(b)
	bad := strings.Replace(text, "enter: b157_159,", "enter: nowhere,", 1)
	if bad == text {
		b.Fatal("the generated field changed: the mistake does not apply")
	}
	for _, mode := range []struct {
		name string
		min  int
	}{{"quick", 0}, {"evaluator", -1}} {
		b.Run(mode.name, func(b *testing.B) {
			c := startServer(b, Options{QuickMin: mode.min})
			c.initialize()
			uri := c.open(file, text, 1)
			c.waitDiagsFor(uri, 1, slowWait)
			var ds []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v := i + 2
				start := time.Now()
				c.change(uri, v, map[string]any{"text": map[bool]string{true: bad, false: text}[v%2 == 0]})
				p := c.waitDiagsFor(uri, v, slowWait)
				ds = append(ds, time.Since(start))
				if want := map[bool]int{true: 1, false: 0}[v%2 == 0]; len(p.Diagnostics) != want {
					b.Fatalf("version %d: %+v", v, p.Diagnostics)
				}
			}
			b.StopTimer()
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "median-ms")
			c.shutdown()
		})
	}
}

// BenchmarkSmallYAMLLatency: one didChange of a small YAML scenario (the Karzoral template,
// 4 KiB) to its publishDiagnostics (a misspelt block made and mended in turn), with the
// server's defaults (quick: a change of a unit that has an index takes the fast path first,
// whatever its size) or evaluated only (evaluator: QuickMin -1, what the server did before
// for a buffer under 64 KiB). Issue 27 item 6. Run with -benchtime=Nx; median-ms is the figure
// to compare.
func BenchmarkSmallYAMLLatency(b *testing.B) {
	dir := b.TempDir()
	for _, name := range []string{"scenario.yaml", "win.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "fix", "karzoral", name))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	file := filepath.Join(dir, "scenario.yaml")
	data, _ := os.ReadFile(file)
	text := string(data)
	bad := strings.Replace(text, "route: [ford]", "route: [frod]", 1)
	for _, mode := range []struct {
		name string
		min  int
	}{{"quick", 0}, {"evaluator", -1}} {
		b.Run(mode.name, func(b *testing.B) {
			c := startServer(b, Options{QuickMin: mode.min})
			c.initialize()
			uri := c.open(file, text, 1)
			c.waitDiagsFor(uri, 1, slowWait)
			var ds []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v := i + 2
				start := time.Now()
				c.change(uri, v, map[string]any{"text": map[bool]string{true: bad, false: text}[v%2 == 0]})
				p := c.waitDiagsFor(uri, v, slowWait)
				ds = append(ds, time.Since(start))
				if v%2 == 0 && len(p.Diagnostics) == 0 {
					b.Fatalf("version %d: no finding for frod", v)
				}
			}
			b.StopTimer()
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "median-ms")
			c.shutdown()
		})
	}
}
