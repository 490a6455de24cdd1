package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGraphCutsLongText: a 100,000-character title is drawn cut to esc.Max (200) characters
// with an ellipsis in every format, as a transcript prints it; it was written whole (a 100 KB
// dot, Mermaid and SVG file). The field itself is 17 blocks: each picture stays under 40 KB.
func TestGraphCutsLongText(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../scenarios/karzoral/field01/field01.cue")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Replace(string(src), `title:   "The Road to Karzoral"`, `title: "`+strings.Repeat("T", 100000)+`"`, 1)
	if long == string(src) {
		t.Fatal("field01's title line moved")
	}
	if err := os.WriteFile(filepath.Join(dir, "field01.cue"), []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{"svg", "dot", "mmd"} {
		out := filepath.Join(dir, "g."+ext)
		if code, _, errs := run(t, "", "graph", dir, "-o", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", ext, code, errs)
		}
		data, _ := os.ReadFile(out)
		if len(data) > 40000 || !strings.Contains(string(data), strings.Repeat("T", 150)) || strings.Contains(string(data), strings.Repeat("T", 200)) {
			t.Errorf("%s: %d bytes; want the title cut to under 200 characters", ext, len(data))
		}
	}
}
