package compiler

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestDirCache (issue 17, item 3): an entry reads back as written; a damaged entry (cut short,
// a byte changed, another key's) is a miss and the next Put rewrites it; concurrent writers of
// one key leave an intact entry and no temporary files.
func TestDirCache(t *testing.T) {
	c, err := OpenDirCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key := CacheKey(sha256.Sum256([]byte("a")))
	if _, ok := c.Get(key); ok {
		t.Fatal("a hit in an empty cache")
	}
	c.Put(key, []byte("result"))
	if d, ok := c.Get(key); !ok || string(d) != "result" {
		t.Fatalf("Get = %q %v", d, ok)
	}
	name := c.path(key)
	good, _ := os.ReadFile(name)
	other := CacheKey(sha256.Sum256([]byte("b")))
	damaged := map[string][]byte{
		"cut short":      good[:len(good)-2],
		"a byte changed": append(append([]byte(nil), good[:len(good)-1]...), good[len(good)-1]^1),
		"empty":          nil,
		"another key's":  append(append(append([]byte(nil), entryMagic...), other[:]...), good[len(entryMagic)+sha256.Size:]...),
	}
	for what, data := range damaged {
		os.WriteFile(name, data, 0o644)
		if d, ok := c.Get(key); ok {
			t.Errorf("%s: the entry is trusted (%q)", what, d)
		}
		c.Put(key, []byte("result"))
		if d, ok := c.Get(key); !ok || string(d) != "result" {
			t.Errorf("%s: not rewritten: %q %v", what, d, ok)
		}
	}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Put(key, bytes.Repeat([]byte{byte('a' + i%2)}, 1<<16))
		}()
	}
	wg.Wait()
	d, ok := c.Get(key)
	if !ok || len(d) != 1<<16 || bytes.Count(d, d[:1]) != len(d) {
		t.Errorf("after concurrent writes: %v, %d bytes", ok, len(d))
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(name), "tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// countingCache counts the hits of a MemCache.
type countingCache struct {
	*MemCache
	mu         sync.Mutex
	hits, puts int
}

func (c *countingCache) Get(k CacheKey) ([]byte, bool) {
	d, ok := c.MemCache.Get(k)
	c.mu.Lock()
	if ok {
		c.hits++
	}
	c.mu.Unlock()
	return d, ok
}

func (c *countingCache) Put(k CacheKey, d []byte) {
	c.mu.Lock()
	c.puts++
	c.mu.Unlock()
	c.MemCache.Put(k, d)
}

// TestVetCache: a second vet of unchanged scenarios takes every result from the cache and gives
// the same findings; a changed file, another budget or compiling instead of vetting is a miss for
// that unit only; a result over the budget is not kept.
func TestVetCache(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	os.WriteFile(filepath.Join(dir, "a.json"), mini, 0o644)
	os.WriteFile(filepath.Join(dir, "b.json"), bytes.Replace(mini, []byte(`"members": 4`), []byte(`"members": 400`), 1), 0o644)
	cue, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.cue"))
	os.MkdirAll(filepath.Join(dir, "c"), 0o755)
	os.WriteFile(filepath.Join(dir, "c", "c.cue"), cue, 0o644)
	c := &countingCache{MemCache: NewMemCache(100)}
	opts := Options{WorkDir: dir, Cache: c}
	vet := func() diag.List {
		t.Helper()
		list, err := Vet([]string{"./..."}, opts)
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	first := vet()
	if c.hits != 0 || c.puts != 3 {
		t.Fatalf("cold: %d hits, %d puts, want 0 and 3", c.hits, c.puts)
	}
	if !bytes.Contains([]byte(fmt.Sprint(first)), []byte("S002")) {
		t.Fatalf("b.json's members: 400 is not reported: %v", first)
	}
	again := vet()
	if c.hits != 3 || fmt.Sprint(again) != fmt.Sprint(first) {
		t.Fatalf("warm: %d hits; findings %v, first %v", c.hits, again, first)
	}
	os.WriteFile(filepath.Join(dir, "a.json"), bytes.Replace(mini, []byte(`"members": 4`), []byte(`"members": 5`), 1), 0o644)
	vet()
	if c.hits != 5 || c.puts != 4 {
		t.Errorf("one file changed: %d hits, %d puts, want 5 and 4", c.hits, c.puts)
	}
	opts.Budget = Budget{CPU: DefaultCPU + 1}
	vet()
	if c.hits != 5 || c.puts != 7 {
		t.Errorf("another budget: %d hits, %d puts, want 5 and 7", c.hits, c.puts)
	}
	if cacheable(evalResponse{Done: true, List: diag.List{diag.Errorf(diag.Pos{File: "x"}, codeTimeBudget, "over")}}) {
		t.Error("a result over the time budget is kept")
	}
}

// FuzzCacheEntry (issue 17, item 3): whatever bytes stand in an entry's file, raw or wrapped in a
// valid header and checksum (as a hostile writer could), reading them is a miss or a result that
// takeResponse decodes or refuses with an error: never a panic, never a result that could not
// have been stored.
func FuzzCacheEntry(f *testing.F) {
	ok, _ := json.Marshal(evalResponse{Done: true, List: diag.List{diag.Errorf(diag.Pos{File: "a.yaml", Line: 1, Column: 1}, "S002", "x")}})
	f.Add(ok, true)
	f.Add([]byte(`{"Done":true,"Plan":{"not":"a plan"}}`), true)
	f.Add([]byte(`{"Done":true,"Battles":["x"],"Clashes":[{}]}`), true)
	f.Add([]byte(`{"Done":true,"List":[{"Code":"L012"}]}`), true)
	f.Add([]byte("sortie-cache\x00short"), false)
	dir := f.TempDir()
	c, err := OpenDirCache(dir)
	if err != nil {
		f.Fatal(err)
	}
	key := CacheKey(sha256.Sum256([]byte("fuzz")))
	f.Fuzz(func(t *testing.T, data []byte, wrap bool) {
		raw := data
		if wrap {
			sum := sha256.Sum256(data)
			raw = append(append(append(append([]byte(nil), entryMagic...), key[:]...), sum[:]...), data...)
		}
		name := c.path(key)
		os.MkdirAll(filepath.Dir(name), 0o700)
		if err := os.WriteFile(name, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		resp, hit := cacheGet(c, key)
		if !hit {
			return
		}
		if !cacheable(resp) {
			t.Fatalf("a result that is never stored is taken: %+v", resp)
		}
		var list diag.List
		takeResponse(resp, &list, &outputs{})
	})
}
