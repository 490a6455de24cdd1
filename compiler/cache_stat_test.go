//go:build linux

package compiler

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestVetStatManifest (issue 29, item 2): a vet with a cache keeps one manifest of its units'
// file identities and results. An unchanged tree is answered from it alone (one hit, no write,
// no per-unit lookup), with the findings of an uncached vet; a fast-path unit keeps no entry of
// its own; a changed file is vetted again (a stale result is never served) and the manifest
// rewritten; a file changed within the racy window is not recorded at all.
func TestVetStatManifest(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.json", mini)
	write("b.json", bytes.Replace(mini, []byte(`"members": 4`), []byte(`"members": 400`), 1))
	cue, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.cue"))
	os.MkdirAll(filepath.Join(dir, "c"), 0o755)
	write(filepath.Join("c", "c.cue"), cue)
	vet := func(c Cache) string {
		t.Helper()
		list, err := Vet([]string{"./..."}, Options{WorkDir: dir, Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(list)
	}
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0 // the files were written a moment ago
	// The counts below are the fast path's (a.json keeps no entry of its own), also when CI
	// runs the package again with SORTIE_VET_PATH=cue.
	defer func(p bool) { treePath = p }(treePath)
	treePath = true

	want := vet(nil)
	if !bytes.Contains([]byte(want), []byte("S002")) {
		t.Fatalf("b.json's members: 400 is not reported: %v", want)
	}
	c := &countingCache{MemCache: NewMemCache(100)}
	if got := vet(c); got != want || c.hits != 0 || c.puts != 3 {
		// b.json and c.cue take the evaluator and keep their entries; a.json (fast path) does
		// not; the manifest is the third.
		t.Fatalf("cold: %d hits, %d puts (want 0, 3); findings %v, want %v", c.hits, c.puts, got, want)
	}
	if got := vet(c); got != want || c.hits != 1 || c.puts != 3 {
		t.Fatalf("warm: %d hits, %d puts (want 1, 3: the manifest alone); findings %v", c.hits, c.puts, got)
	}
	// A changed file: its unit is vetted again, the others still come from the manifest.
	write("a.json", bytes.Replace(mini, []byte(`"members": 4`), []byte(`"members": 500`), 1))
	got := vet(c)
	if got == want || !bytes.Contains([]byte(got), []byte("a.json")) {
		t.Errorf("a.json's members: 500 is not reported after the change: %v", got)
	}
	if c.hits != 2 || c.puts != 5 {
		// the manifest hit, a.json's entry (it now takes the evaluator) and a new manifest
		t.Errorf("one file changed: %d hits, %d puts, want 2 and 5", c.hits, c.puts)
	}
	if again := vet(c); again != got || c.hits != 3 || c.puts != 5 {
		t.Errorf("warm after the change: %d hits, %d puts (want 3, 5); %v, want %v", c.hits, c.puts, again, got)
	}
	// A file changed within the racy window is not recorded: its unit takes the content path
	// (its own entry) every time until it is older.
	racyWindow = time.Hour
	write("a.json", mini)
	c2 := &countingCache{MemCache: NewMemCache(100)}
	vet(c2)
	if c2.puts != 3 { // a.json, b.json, c.cue: no unit recorded, no manifest
		t.Errorf("racy files: %d puts, want 3 (each unit its entry, no manifest)", c2.puts)
	}
	if got := vet(c2); got != want || c2.hits != 3 {
		t.Errorf("racy files, warm: %d hits (want 3, by content); %v, want %v", c2.hits, got, want)
	}
}

// The manifest's key names the run: other arguments, another working directory or another
// budget is another manifest.
func TestStatKey(t *testing.T) {
	a := statKey([]string{"./..."}, "/w", Options{})
	for what, k := range map[string]CacheKey{
		"paths":    statKey([]string{"x/..."}, "/w", Options{}),
		"wd":       statKey([]string{"./..."}, "/v", Options{}),
		"budget":   statKey([]string{"./..."}, "/w", Options{Budget: Budget{CPU: DefaultCPU + 1}}),
		"packages": statKey([]string{"./..."}, "/w", Options{Packages: true}),
	} {
		if k == a {
			t.Errorf("another %s, the same key", what)
		}
	}
	if statKey([]string{"./..."}, "/w", Options{}) != a {
		t.Error("the same run, another key")
	}
}
