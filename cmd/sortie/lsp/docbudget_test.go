package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOpenDocumentsBudget (issue 28): the texts of the open documents are bounded all together.
// Under a 1 MiB MaxOpen, a 600 KiB document opens; a second one that would bring the total over
// 1 MiB is refused with a window/showMessage and an L004 diagnostic on it, and a change that
// grows the first past the budget drops it the same way; field01, small, is vetted throughout,
// and shutdown is answered.
func TestOpenDocumentsBudget(t *testing.T) {
	dir := copyScenario(t, "karzoral/field01")
	c := startServer(t, Options{MaxOpen: 1 << 20})
	c.initialize()
	good := filepath.Join(dir, "field01.cue")
	src, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	goodURI := c.open(good, string(src), 1)
	if d := c.waitDiags(goodURI, 1); len(d.Diagnostics) != 0 {
		t.Fatalf("field01: %v", d.Diagnostics)
	}
	big := "// " + strings.Repeat("x", 600<<10) + "\n"
	other := t.TempDir()
	a := c.open(filepath.Join(other, "a.cue"), big, 1)
	b := c.open(filepath.Join(other, "b.cue"), big, 1)
	if d := waitCode(c, b, "L004"); len(d.Diagnostics) != 1 {
		t.Errorf("b.cue over the budget: %+v, want one L004", d.Diagnostics)
	}
	// A grows past the budget: dropped, with the same answer; a change of the dropped b is ignored.
	c.change(a, 2, map[string]any{"text": big + big})
	if d := waitCode(c, a, "L004"); len(d.Diagnostics) != 1 {
		t.Errorf("a.cue grown past the budget: %+v, want one L004", d.Diagnostics)
	}
	c.change(b, 2, map[string]any{"text": "x: 1\n"})
	// The server still serves: field01's next version is vetted.
	c.change(goodURI, 2, map[string]any{"text": string(src) + "\n"})
	if d := c.waitDiags(goodURI, 2); len(d.Diagnostics) != 0 {
		t.Errorf("field01 version 2: %v", d.Diagnostics)
	}
	c.mu.Lock()
	shown := append([]string{}, c.shown...)
	c.mu.Unlock()
	if len(shown) != 2 || !strings.Contains(shown[0], "b.cue is not checked") || !strings.Contains(shown[1], "a.cue is not checked") {
		t.Errorf("window/showMessage: %q, want b.cue's then a.cue's refusal", shown)
	}
	c.mu.Lock()
	kept := len(c.diags[b])
	c.mu.Unlock()
	if kept != 1 { // b was never vetted: its one publication is the refusal
		t.Errorf("b.cue: %d publications, want only the refusal (its change is ignored)", kept)
	}
	c.shutdown()
}

// waitCode waits (20 s at most) for a publication on uri holding a diagnostic with code.
func waitCode(c *client, uri, code string) pubDiags {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		c.mu.Lock()
		for _, p := range c.diags[uri] {
			for _, d := range p.Diagnostics {
				if d.Code == code {
					c.mu.Unlock()
					return p
				}
			}
		}
		c.mu.Unlock()
		select {
		case <-c.notes:
		case <-deadline:
			c.t.Fatalf("no %s on %s (got %v)", code, uri, c.diags[uri])
		}
	}
}
