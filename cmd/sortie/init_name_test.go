package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitHiddenName: init refuses a folder name holding an ESC or a bidi override (exit 2,
// nothing made, the name escaped in the refusal); it made the folder and printed the ESC raw
// in "wrote ..." and "next: ...".
func TestInitHiddenName(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a\x1b[31mb", "a\u202eb", "a\u200bb"} {
		p := filepath.Join(dir, name)
		code, out, errs := run(t, "", "init", "--rules", "karzoral", p)
		if code != exitUsage || out != "" || !strings.Contains(errs, "control or hidden character") || strings.ContainsAny(errs, "\x1b\u202e\u200b") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%q: the folder was made", name)
		}
	}
}
