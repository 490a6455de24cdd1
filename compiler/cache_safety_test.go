//go:build unix

package compiler

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestDirCacheHostile (issue 17, item 3): what stands at an entry's place but is not an entry
// sortie wrote is a miss, at once: a named pipe (a read would block), a symbolic link to an
// intact entry elsewhere, a directory, a file over maxEntry; and an entry intact on disk whose
// result does not decode or could not have been stored is not a result (cacheGet).
func TestDirCacheHostile(t *testing.T) {
	c, err := OpenDirCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key := CacheKey(sha256.Sum256([]byte("hostile")))
	name := c.path(key)
	os.MkdirAll(filepath.Dir(name), 0o700)
	elsewhere := filepath.Join(t.TempDir(), "real")
	other, _ := OpenDirCache(filepath.Dir(elsewhere))
	other.Put(key, []byte(`{"Done":true}`))
	places := map[string]func() error{
		"a named pipe": func() error { return syscall.Mkfifo(name, 0o600) },
		"a link":       func() error { return os.Symlink(other.path(key), name) },
		"a directory":  func() error { return os.Mkdir(name, 0o700) },
		"a file over maxEntry": func() error {
			f, err := os.Create(name)
			if err != nil {
				return err
			}
			f.Write(entryMagic)
			f.Write(key[:])
			defer f.Close()
			return f.Truncate(maxEntry + 4096) // sparse: no disk used
		},
	}
	for what, place := range places {
		os.RemoveAll(name)
		if err := place(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		done := make0(func() {
			if d, ok := c.Get(key); ok {
				t.Errorf("%s: trusted (%d bytes)", what, len(d))
			}
		})
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Get blocks", what)
		}
	}
	os.RemoveAll(name)
	for _, data := range []string{
		`garbage`,
		`{"Done":false}`,
		`{"Done":true,"Err":"an I/O error"}`,
		`{"Done":true,"List":[{"Code":"L011"}]}`,
	} {
		c.Put(key, []byte(data))
		if _, ok := cacheGet(c, key); ok {
			t.Errorf("intact entry %s: taken as a result", data)
		}
	}
}

// make0 runs f in a goroutine and returns a channel closed when it ends.
func make0(f func()) <-chan struct{} {
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	return done
}

// TestOpenDirCacheRefuses: a cache directory others may write to, or a file, is refused (whoever
// writes entries decides what vet reports); a new one is made private to the user.
func TestOpenDirCacheRefuses(t *testing.T) {
	open := filepath.Join(t.TempDir(), "open")
	os.Mkdir(open, 0o700)
	os.Chmod(open, 0o777)
	if _, err := OpenDirCache(open); err == nil || !strings.Contains(err.Error(), "others may write") {
		t.Errorf("a directory of mode 0777: %v", err)
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	if _, err := OpenDirCache(file); err == nil {
		t.Error("a file is taken as a cache directory")
	}
	fresh := filepath.Join(t.TempDir(), "a", "b")
	if _, err := OpenDirCache(fresh); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o700 {
		t.Errorf("a new cache directory has mode %04o, want 0700", st.Mode().Perm())
	}
}

// TestTrimOld: the trim removes old entries and old temporary files only; a file of another name,
// a folder not named as a key's first byte and a link to a folder elsewhere keep everything, even
// when SORTIE_CACHE was set by mistake to a folder of the user's own.
func TestTrimOld(t *testing.T) {
	dir := t.TempDir()
	c, _ := OpenDirCache(dir)
	old := time.Now().Add(-MaxAge - time.Hour)
	key := CacheKey(sha256.Sum256([]byte("old")))
	c.Put(key, []byte("x"))
	entry := c.path(key)
	sub := filepath.Dir(entry)
	outside := t.TempDir()
	keep := []string{
		filepath.Join(sub, "notes.txt"),
		filepath.Join(dir, "go", "notes.txt"),
		filepath.Join(dir, "ZZ", "notes.txt"),
		filepath.Join(outside, strings.Repeat("ab", 32)+"-v"),
	}
	os.Symlink(outside, filepath.Join(dir, "ab"))
	for _, f := range append(keep, entry, filepath.Join(sub, "tmp-123")) {
		os.MkdirAll(filepath.Dir(f), 0o700)
		if f != entry {
			os.WriteFile(f, []byte("keep"), 0o600)
		}
		os.Chtimes(f, old, old)
	}
	os.Remove(filepath.Join(dir, "trim.txt")) // the Put above trimmed: the last trim is long ago
	(&DirCache{dir: dir}).trimOld()
	for _, f := range keep {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s: removed", f)
		}
	}
	for _, f := range []string{entry, filepath.Join(sub, "tmp-123")} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s: an old entry or temporary file is kept", f)
		}
	}
}

// hookCache is a MemCache that runs a function on every Get (before looking) but the stat
// manifest's (skip: its key).
type hookCache struct {
	*MemCache
	onGet func()
	skip  CacheKey
	mu    sync.Mutex
	puts  int
}

func (c *hookCache) Get(k CacheKey) ([]byte, bool) {
	if c.onGet != nil && k != c.skip {
		c.onGet()
	}
	return c.MemCache.Get(k)
}

func (c *hookCache) Put(k CacheKey, d []byte) {
	c.mu.Lock()
	c.puts++
	c.mu.Unlock()
	c.MemCache.Put(k, d)
}

// TestVetCacheNeverStale (issue 17, item 3): a file saved while it is vetted (after its key was
// made, before the evaluator read it) is not cached under its old content, so going back to the
// old content gives the old content's findings; another working directory, compiling instead of
// vetting, another build (a changed schema is one) and another path each make another key; a
// cached entry whose plan does not decode is vetted afresh instead of failing the run.
func TestVetCacheNeverStale(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	good, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.cue"))
	bad := bytes.Replace(good, []byte("members: 4"), []byte("members: 400"), 1)
	name := filepath.Join(dir, "s", "s.cue")
	os.MkdirAll(filepath.Dir(name), 0o755)
	os.WriteFile(name, good, 0o644)
	c := &hookCache{MemCache: NewMemCache(100), skip: statKey([]string{"./..."}, dir, Options{})}
	vet := func(opts Options) string {
		t.Helper()
		opts.Cache = c
		list, err := Vet([]string{"./..."}, opts)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(list)
	}
	fresh := func(content []byte) string {
		t.Helper()
		os.WriteFile(name, content, 0o644)
		list, err := Vet([]string{"./..."}, Options{WorkDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(list)
	}
	goodWant, badWant := fresh(good), fresh(bad)
	if goodWant == badWant {
		t.Fatalf("members: 400 changes nothing: %s", goodWant)
	}
	os.WriteFile(name, good, 0o644)
	c.onGet = func() { os.WriteFile(name, bad, 0o644) } // saved during the vet
	if got := vet(Options{WorkDir: dir}); got != badWant {
		t.Errorf("vet of the file saved during it: %s, want %s", got, badWant)
	}
	c.onGet = nil
	if c.puts != 0 {
		t.Errorf("%d results stored under a key of content no longer there", c.puts)
	}
	os.WriteFile(name, good, 0o644)
	if got := vet(Options{WorkDir: dir}); got != goodWant {
		t.Errorf("back to the old content: %s, want %s", got, goodWant)
	}

	u := unit{dir: filepath.Dir(name), files: []string{name}}
	base, _, ok := unitKey(u, dir, Budget{}, false)
	if !ok {
		t.Fatal("a plain CUE scenario is not cacheable")
	}
	saved := buildID
	defer func() { buildID = saved }()
	buildID = func() string { return saved() + " rebuilt" }
	rebuilt, _, _ := unitKey(u, dir, Budget{}, false)
	buildID = saved
	other, _, _ := unitKey(u, filepath.Dir(dir), Budget{}, false)
	compiled, _, _ := unitKey(u, dir, Budget{}, true)
	os.WriteFile(filepath.Join(dir, "s", "t.cue"), good, 0o644)
	moved, _, _ := unitKey(unit{dir: u.dir, files: []string{filepath.Join(dir, "s", "t.cue")}}, dir, Budget{}, false)
	for what, k := range map[string]CacheKey{"another build": rebuilt, "another working directory": other, "compiling": compiled, "another path": moved} {
		if k == base {
			t.Errorf("%s: the same key", what)
		}
	}
	os.Remove(filepath.Join(dir, "s", "t.cue"))

	resp := evalResponse{Done: true, Plan: json.RawMessage(`{"not":"a plan"}`)}
	data, _ := json.Marshal(resp)
	c.MemCache.Put(compiled, data)
	p, list, err := Compile([]string{"./s"}, Options{WorkDir: dir, Cache: c})
	if err != nil {
		t.Fatalf("a cached plan that does not decode fails the run: %v", err)
	}
	if p == nil || fmt.Sprint(list) != goodWant {
		t.Errorf("after a cached plan that does not decode: plan %v, %v, want %s", p != nil, list, goodWant)
	}
}

// TestVetCacheConcurrent (issue 17, item 3): runs vetting the same corpus at once, each with its
// own DirCache on one directory (as separate sortie processes are), all report what a vet without
// a cache reports, cold and warm, and leave only intact entries.
func TestVetCacheConcurrent(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	for i := range 6 {
		d := bytes.Replace(mini, []byte(`"members": 4`), []byte(fmt.Sprintf(`"members": %d`, 3+i*40)), 1)
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%d.json", i)), d, 0o644)
	}
	want, err := Vet([]string{"./..."}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(t.TempDir(), "cache")
	// Rounds 0 and 1 keep no stat manifest (every file is within the racy window), so each
	// scenario has its entry; round 2 keeps one, written by the four runs at once.
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	for round := range 3 {
		racyWindow = time.Hour
		if round == 2 {
			racyWindow = 0
		}
		var wg sync.WaitGroup
		got := make([]diag.List, 4)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := OpenDirCache(cache)
				if err != nil {
					t.Error(err)
					return
				}
				got[i], _ = Vet([]string{"./..."}, Options{WorkDir: dir, Cache: c})
			}()
		}
		wg.Wait()
		for i, g := range got {
			if fmt.Sprint(g) != fmt.Sprint(want) {
				t.Errorf("round %d, run %d: %v, want %v", round, i, g, want)
			}
		}
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "??", "*"))
	c, _ := OpenDirCache(cache)
	for _, e := range entries {
		if strings.Contains(e, "tmp-") {
			t.Errorf("temporary file left: %s", e)
			continue
		}
		var key CacheKey
		b, _ := hex.DecodeString(strings.TrimSuffix(filepath.Base(e), "-v"))
		copy(key[:], b)
		if _, ok := c.Get(key); !ok {
			t.Errorf("%s: not an intact entry", e)
		}
	}
	if len(entries) != 7 {
		t.Errorf("%d entries for 6 scenarios and a manifest", len(entries))
	}
}

// TestCacheNoLinkFollowed (issue 28): a cache folder that is a symbolic link is not used, and an
// entry's folder replaced by a link to a folder elsewhere is not written into: nothing lands
// outside the cache, and no temporary file is left.
func TestCacheNoLinkFollowed(t *testing.T) {
	outside := t.TempDir()
	base := t.TempDir()
	link := filepath.Join(base, "cache")
	if err := os.Symlink(outside, link); err != nil {
		t.Skip(err)
	}
	if _, err := OpenDirCache(link); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked cache folder: %v, want it refused", err)
	}
	dir := filepath.Join(base, "real")
	c, err := OpenDirCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	key := CacheKey(sha256.Sum256([]byte("linked")))
	sub := filepath.Dir(c.path(key))
	if err := os.Symlink(outside, sub); err != nil {
		t.Fatal(err)
	}
	c.Put(key, []byte("x"))
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written through the linked folder: %v", entries)
	}
	if _, ok := c.Get(key); ok {
		t.Error("an entry was stored through the link")
	}
}
