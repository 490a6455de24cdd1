package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Completion leaves out the fields already given, those below the cursor too (issue 27 item 5):
// a new key at the top of the militia army of the YAML template, whose side, name, strength and
// route follow; and the same in CUE, in field01's mercenaries.
func TestCompletionLeavesPresent(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	file, text := yamlScenario(t, "  militia:\n    side: friendly\n", "  militia:\n    \n    side: friendly\n")
	uri := c.open(file, text, 1)
	c.waitDiags(uri, 1)
	at := lineOf(t, text, "  militia:\n", 0)
	at.Line++
	at.Character = 4
	got := c.complete(uri, at)
	for _, present := range []string{"side", "name", "strength", "route"} {
		if contains(got, present) {
			t.Errorf("YAML: %q offered, given below the cursor: %q", present, got)
		}
	}
	if !contains(got, "encounter") || !contains(got, "morale") {
		t.Errorf("YAML: the fields not given are missing: %q", got)
	}
	// CUE: a label typed at the start of the mercenaries' struct.
	dir := copyScenario(t, "karzoral/field01")
	cue := filepath.Join(dir, "field01.cue")
	src := readFile(t, cue)
	i := strings.Index(src, "mercenaries: {")
	if i < 0 {
		t.Fatal("field01 changed: no mercenaries: {")
	}
	i += len("mercenaries: {")
	src2 := src[:i] + "\n\t\t\tenc" + src[i:]
	curi := c.open(cue, src2, 1)
	c.waitDiags(curi, 1)
	p := newText([]byte(src2)).position(i + len("\n\t\t\tenc"))
	got = c.complete(curi, p)
	if !contains(got, "encounter") && !contains(got, "morale") {
		t.Errorf("CUE: %q", got)
	}
	for _, present := range []string{"side", "strength", "route"} {
		if contains(got, present) {
			t.Errorf("CUE: %q offered, given after the cursor: %q", present, got)
		}
	}
	c.shutdown()
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Hover answers from the schema before the first analysis (issue 27 item 5): the server is
// given a quiet time of a minute, so no evaluation has run when it is asked.
func TestHoverBeforeAnalysis(t *testing.T) {
	c := startServer(t, Options{Debounce: time.Minute})
	c.initialize()
	file, text := yamlScenario(t)
	uri := c.open(file, text, 1)
	at := lineOf(t, text, "rations: 40", 0)
	at.Character += 2 // inside the word
	h := c.hoverText(uri, at)
	if !strings.Contains(h, "**rations**: ") {
		t.Errorf("hover on rations before any analysis: %q", h)
	}
	c.mu.Lock()
	n := len(c.diags[uri])
	c.mu.Unlock()
	if n != 0 {
		t.Errorf("diagnostics were published: the test did not ask before the analysis")
	}
	c.shutdown()
}
