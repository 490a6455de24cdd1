package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
)

// The evaluation budget applies to what the editor shows: a file that builds too much gets
// L012 at its comprehension, as sortie vet gives it, and the server goes on answering. The
// memory bomb is given a processor-time budget it cannot reach (two minutes; 128 MiB is built in
// about 1.2 s of processor time on an idle machine, more on a loaded one), so that the answer
// never depends on which budget the machine trips first (issue 28).
func TestBudgetApplied(t *testing.T) {
	src, err := os.ReadFile("../../../testdata/hostile/range/range.cue")
	if err != nil {
		t.Fatal(err)
	}
	c := startServer(t, Options{Budget: compiler.Budget{CPU: 2 * time.Minute, Memory: 128 << 20}})
	c.initialize()
	uri := c.open(filepath.Join(t.TempDir(), "range.cue"), string(src), 1)
	p := c.waitDiagsFor(uri, 1, 60*time.Second)
	// Line 7 `xs: [for x in list.Range(...) {x}]`: `for` at column 6, 0-based line 6, character 5.
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "L012" || p.Diagnostics[0].Range.Start.Line != 6 || p.Diagnostics[0].Range.Start.Character != 5 {
		t.Fatalf("diagnostics %+v, want one L012 at 7:6", p.Diagnostics)
	}
	if !strings.Contains(p.Diagnostics[0].Message, "128 MiB") {
		t.Errorf("message %q does not name the budget", p.Diagnostics[0].Message)
	}
	// Hover on the finding: its code's page.
	if h := c.hoverText(uri, lineOf(t, string(src), "for x in", 0)); !strings.Contains(h, "**L012**") {
		t.Errorf("hover on the overrun: %q", h)
	}
}

// A change while a file is being vetted cancels that evaluation (its evaluator is killed): the
// new text's diagnostics come at once, not after the old text has used up its budget (ten
// minutes here), and the old version's are never published.
func TestChangeCancelsEvaluation(t *testing.T) {
	c := startServer(t, Options{Budget: compiler.Budget{CPU: 10 * time.Minute}})
	c.initialize()
	dir := t.TempDir()
	spin := "package spin\n\nimport \"list\"\n\nkind: \"scenario\"\nl: list.Range(0, 100, 1)\n" +
		"n: len([for a in l for b in l for c in l for d in l for e in l if a+b+c+d+e < 0 {a}])\n"
	uri := c.open(filepath.Join(dir, "spin.cue"), spin, 1)
	time.Sleep(300 * time.Millisecond) // past the quiet time: version 1 is being evaluated
	start := time.Now()
	// Version 2 is a scenario with one mistake: kind misspelt, L002 at its value (line 3 `kind:
	// "senario"`, column 7; 0-based 2:6).
	c.change(uri, 2, map[string]any{"text": "package spin\n\nkind: \"senario\"\n"})
	p := c.waitDiagsFor(uri, 2, 60*time.Second)
	took := time.Since(start)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "L002" || p.Diagnostics[0].Range.Start.Line != 2 || p.Diagnostics[0].Range.Start.Character != 6 {
		t.Errorf("version 2: %+v, want one L002 at 3:7", p.Diagnostics)
	}
	t.Logf("version 2's diagnostics %v after the change", took)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.diags[uri] {
		if p.Version != nil && *p.Version == 1 {
			t.Errorf("version 1 was published: %+v", p)
		}
	}
}
