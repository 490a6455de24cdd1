package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestVetCacheCLI (issue 17, item 3): sortie vet keeps its results in $SORTIE_CACHE and prints
// the same findings from there; --no-cache neither reads nor writes it; damaged entries are
// rewritten, not trusted; SORTIE_CACHE=off keeps none.
func TestVetCacheCLI(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	cache := filepath.Join(t.TempDir(), "cache")
	t.Setenv("SORTIE_CACHE", cache)
	dir := t.TempDir()
	mini, err := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "a.yaml"), mini, 0o644)
	os.WriteFile(filepath.Join(dir, "b.yaml"), append(mini, []byte("colour: red\n")...), 0o644)
	entries := func() []string {
		m, _ := filepath.Glob(filepath.Join(cache, "??", "*-v"))
		return m
	}
	code, out, errs := run(t, "", "vet", "--no-cache", dir)
	if len(entries()) != 0 {
		t.Fatalf("--no-cache wrote %v", entries())
	}
	code1, out1, errs1 := run(t, "", "vet", dir)
	if n := len(entries()); n != 2 {
		t.Fatalf("%d entries after a vet of two scenarios", n)
	}
	for _, e := range entries() {
		os.WriteFile(e, []byte("garbage"), 0o644)
	}
	code2, out2, errs2 := run(t, "", "vet", dir)
	code3, out3, errs3 := run(t, "", "vet", dir)
	if code != 1 || code1 != code || code2 != code || code3 != code || out1 != out || out2 != out || out3 != out ||
		errs1 != errs || errs2 != errs || errs3 != errs {
		t.Fatalf("vet with and without the cache differ:\n%d %q %q\n%d %q %q\n%d %q %q\n%d %q %q", code, out, errs, code1, out1, errs1, code2, out2, errs2, code3, out3, errs3)
	}
	for _, e := range entries() {
		if data, _ := os.ReadFile(e); string(data) == "garbage" {
			t.Errorf("%s: a damaged entry was not rewritten", e)
		}
	}
	t.Setenv("SORTIE_CACHE", "off")
	os.WriteFile(filepath.Join(dir, "c.yaml"), append(mini, []byte("summary: new\n")...), 0o644)
	run(t, "", "vet", dir)
	t.Setenv("SORTIE_CACHE", cache)
	if n := len(entries()); n != 2 {
		t.Errorf("SORTIE_CACHE=off: %d entries, want the 2 from before", n)
	}
}
