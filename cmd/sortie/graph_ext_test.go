package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGraphOutputExtension (issue 20 review: `graph nb -o x.gif` wrote SVG into x.gif): -o's
// extension picks the format when --format is not given (.png: a PNG, whose first bytes are
// \x89PNG); one of another picture format, or a known one --format contradicts, is refused with
// G003, exit 2, and nothing is written.
func TestGraphOutputExtension(t *testing.T) {
	field := repo(t, "scenarios", "karzoral", "field01")
	dir := t.TempDir()
	for _, c := range []struct {
		args  []string
		out   string
		code  int
		magic string
	}{
		{nil, "a.gif", 2, ""},
		{nil, "a.JPG", 2, ""},
		{[]string{"--format", "png"}, "a.svg", 2, ""},
		{nil, "a.png", 0, "\x89PNG"},
		{nil, "a.svg", 0, "<svg"},
		{[]string{"--format", "dot"}, "a.gv", 0, "digraph"},
	} {
		out := filepath.Join(dir, c.out)
		code, _, errb := run(t, "", append(append([]string{"graph", field}, c.args...), "-o", out)...)
		data, err := os.ReadFile(out)
		switch {
		case code != c.code:
			t.Errorf("-o %s %v: exit %d (%s), want %d", c.out, c.args, code, errb, c.code)
		case c.code == 2 && (err == nil || !strings.Contains(errb, "G003")):
			t.Errorf("-o %s %v: refused without G003 or wrote the file: %q", c.out, c.args, errb)
		case c.code == 0 && !strings.Contains(string(data[:min(len(data), 200)]), c.magic):
			t.Errorf("-o %s %v: the file does not start as %q", c.out, c.args, c.magic)
		}
		os.Remove(out)
	}
}
