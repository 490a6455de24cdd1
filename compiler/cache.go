package compiler

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// The result cache. Vetting a scenario gives the same result for the same input, so a run keeps
// each scenario's result (its findings, and its plan when compiling) under a key that names all
// the input: the content of every file of the scenario with its path, the working directory
// (findings name files relative to it), sortie's build, the options and the evaluation budget.
// A later run with the same key takes the result instead of vetting, as `go build` and
// golangci-lint do. Results that depend on more than the input are not kept: a budget overrun
// (L011, L012), a crash (L003), an I/O error, a scenario folder with a cue.mod (its module file
// is read by CUE's loader).
//
// Two stores implement Cache: DirCache on disk (sortie vet's, in the user's cache directory) and
// MemCache in memory (for a long-lived process such as a language server, where the same buffer
// is vetted on every keystroke).

// Cache stores vet results by key. Get returns what Put stored under key, or false; an entry that
// is not intact is not returned. Implementations are safe for concurrent use.
type Cache interface {
	Get(key CacheKey) ([]byte, bool)
	Put(key CacheKey, data []byte)
}

// CacheKey is the SHA-256 of everything a vet result depends on.
type CacheKey [sha256.Size]byte

func (k CacheKey) String() string { return hex.EncodeToString(k[:]) }

// cacheFormat changes whenever the cached bytes or the key change meaning.
const cacheFormat = "sortie vet cache 1"

// buildID names the running build of sortie for cache keys: the module's version and VCS state,
// the Go version, and the executable's size and modification time (a rebuild with uncommitted
// changes is a new build).
var buildID = sync.OnceValue(func() string {
	var b strings.Builder
	if info, ok := debug.ReadBuildInfo(); ok {
		fmt.Fprintf(&b, "%s %s %s", info.GoVersion, info.Main.Path, info.Main.Version)
		for _, s := range info.Settings {
			if strings.HasPrefix(s.Key, "vcs.") || s.Key == "-tags" || s.Key == "GOEXPERIMENT" {
				fmt.Fprintf(&b, " %s=%s", s.Key, s.Value)
			}
		}
	}
	if exe, err := os.Executable(); err == nil {
		if st, err := os.Stat(exe); err == nil {
			fmt.Fprintf(&b, " exe=%s:%d:%d", exe, st.Size(), st.ModTime().UnixNano())
		}
	}
	return b.String()
})

// unitKey computes the cache key of a unit and reads its files (returned by name, for the fast
// path to use). ok is false when the unit's result is not to be cached.
func unitKey(u unit, wd string, b Budget, compile bool) (key CacheKey, data map[string][]byte, ok bool) {
	if _, err := os.Stat(filepath.Join(u.dir, "cue.mod")); err == nil {
		return key, nil, false
	}
	h := sha256.New()
	k := currentKnobs()
	b = b.withDefaults()
	fmt.Fprintf(h, "%s\n%s\nwd=%s\ndir=%s\ncompile=%v\nbudget=%d,%d\nknobs=%v,%v,%v\n",
		cacheFormat, buildID(), wd, u.dir, compile, b.CPU, b.Memory, k.FastPath, k.TreePath, k.Chunking)
	data = make(map[string][]byte, len(u.files))
	var n [8]byte
	for _, f := range u.files {
		d, refused, err := readBounded(f, u.dir)
		if err != nil || refused != "" {
			return key, nil, false
		}
		data[f] = d
		binary.LittleEndian.PutUint64(n[:], uint64(len(d)))
		fmt.Fprintf(h, "file=%s\n", f)
		h.Write(n[:])
		h.Write(d)
	}
	h.Sum(key[:0])
	return key, data, true
}

// cacheable reports whether a result depends on its input alone.
func cacheable(resp evalResponse) bool {
	if !resp.Done || resp.Err != "" {
		return false
	}
	for _, d := range resp.List {
		switch d.Code {
		case codeTimeBudget, codeMemoryBudget, codeLoad:
			return false
		}
	}
	return true
}

// cacheGet returns the cached result of key. A result that does not decode, or that could not
// have been stored (not cacheable), is not one.
func cacheGet(c Cache, key CacheKey) (evalResponse, bool) {
	var resp evalResponse
	data, ok := c.Get(key)
	if !ok || json.Unmarshal(data, &resp) != nil || !cacheable(resp) {
		return evalResponse{}, false
	}
	return resp, true
}

func cachePut(c Cache, key CacheKey, resp evalResponse) {
	if data, err := json.Marshal(resp); err == nil && len(data) <= maxEntry {
		c.Put(key, data)
	}
}

// maxEntry bounds a cached result, in bytes (64 MiB): a larger one is not kept, and a larger
// entry on disk is not read.
const maxEntry = 64 << 20

// DirCache is a Cache in a directory, one file per entry (in subdirectories named by the key's
// first byte, as the go command's cache). An entry is written to a temporary file and renamed
// into place, so that concurrent runs never see half an entry; each holds its key and the SHA-256
// of its data, checked on every Get, so a damaged entry is a miss (and rewritten by the next Put).
// Entries unused for MaxAge are removed, at most once a day.
//
// An entry is trusted only as far as its directory is: OpenDirCache refuses a directory that
// another user owns or others may write to, and makes its own private (0700). Get reads only a
// regular file (not a link, a pipe or a device) of at most maxEntry bytes; anything else there is
// a miss, and so is an intact entry whose result does not decode (cacheGet).
type DirCache struct {
	dir  string
	trim sync.Once
	made sync.Map // subdirectories known to exist (a cold vet of 500 files asked 500 times)
}

// MaxAge is how long a DirCache entry is kept without being used.
const MaxAge = 5 * 24 * time.Hour

// DefaultCacheDir is where sortie keeps its vet cache: $SORTIE_CACHE when set (off: no cache),
// else the "sortie" folder of the user's cache directory (os.UserCacheDir).
func DefaultCacheDir() (string, error) {
	if d := os.Getenv("SORTIE_CACHE"); d != "" {
		if d == "off" {
			return "", nil
		}
		return filepath.Abs(d)
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "sortie"), nil
}

// OpenDirCache opens (creating it when needed, private to the user) a DirCache in dir. It is an
// error when dir is a symbolic link or not a directory, belongs to another user or is writable
// by others.
func OpenDirCache(dir string) (*DirCache, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	// A symbolic link is not followed: whoever planted it would choose where sortie writes.
	if st, err := os.Lstat(dir); err == nil && st.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("cache %s: a symbolic link: not used", dir)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("cache %s: not a directory", dir)
	}
	if err := checkCacheDir(dir, st); err != nil {
		return nil, err
	}
	return &DirCache{dir: dir}, nil
}

// Dir is the cache's directory.
func (c *DirCache) Dir() string { return c.dir }

var entryMagic = []byte("sortie-cache\x00")

func (c *DirCache) path(key CacheKey) string {
	s := key.String()
	return filepath.Join(c.dir, s[:2], s+"-v")
}

// Get implements Cache.
func (c *DirCache) Get(key CacheKey) ([]byte, bool) {
	name := c.path(key)
	raw, ok := readEntry(name)
	if !ok {
		return nil, false
	}
	head := len(entryMagic) + 2*sha256.Size
	if len(raw) < head || !bytes.Equal(raw[:len(entryMagic)], entryMagic) ||
		!bytes.Equal(raw[len(entryMagic):len(entryMagic)+sha256.Size], key[:]) {
		return nil, false
	}
	data := raw[head:]
	if sum := sha256.Sum256(data); !bytes.Equal(sum[:], raw[head-sha256.Size:head]) {
		return nil, false
	}
	// A used entry is young again (checked coarsely: a write per hour at most).
	if st, err := os.Stat(name); err == nil && time.Since(st.ModTime()) > time.Hour {
		now := time.Now()
		os.Chtimes(name, now, now)
	}
	return data, true
}

// readEntry reads the regular file name of at most maxEntry bytes (plus its header).
func readEntry(name string) ([]byte, bool) {
	f, err := openEntry(name)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	st, err := f.Stat()
	limit := int64(maxEntry + len(entryMagic) + 2*sha256.Size)
	if err != nil || !st.Mode().IsRegular() || st.Size() > limit {
		return nil, false
	}
	raw, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil || int64(len(raw)) > limit {
		return nil, false
	}
	return raw, true
}

// Put implements Cache. A failure to write is not an error: the entry is simply not kept.
func (c *DirCache) Put(key CacheKey, data []byte) {
	c.trim.Do(c.trimOld)
	name := c.path(key)
	sub := filepath.Dir(name)
	if _, ok := c.made.Load(sub); !ok {
		if err := os.MkdirAll(sub, 0o700); err != nil {
			return
		}
		c.made.Store(sub, true)
	}
	sum := sha256.Sum256(data)
	var buf bytes.Buffer
	buf.Grow(len(entryMagic) + 2*sha256.Size + len(data))
	buf.Write(entryMagic)
	buf.Write(key[:])
	buf.Write(sum[:])
	buf.Write(data)
	// Atomic, private, never through a linked folder or onto a pipe put in an entry's place.
	safeio.WriteFile(name, buf.Bytes(), cacheWrite)
}

// cacheWrite are the rules of a cache file: private to the user, its folder not a symbolic link.
// An entry is not synced: Get checks its SHA-256, so one torn by a crash is a miss.
var cacheWrite = safeio.Options{Perm: 0o600, RealDir: true, NoSync: true}

// trimOld removes the entries unused for MaxAge (and temporary files left by a run that was
// killed), when the last trim is more than a day old. It removes only files named as entries or
// temporary files, in subdirectories named as a key's first byte, never following a link: a
// cache directory set by mistake to a folder of the user's own loses nothing else.
func (c *DirCache) trimOld() {
	mark := filepath.Join(c.dir, "trim.txt")
	if st, err := os.Stat(mark); err == nil && time.Since(st.ModTime()) < 24*time.Hour {
		return
	}
	safeio.WriteFile(mark, []byte("the last time sortie removed old entries\n"), cacheWrite)
	cutoff := time.Now().Add(-MaxAge)
	subs, _ := os.ReadDir(c.dir)
	for _, s := range subs {
		if !s.IsDir() || !isHex(s.Name(), 2) {
			continue
		}
		sub := filepath.Join(c.dir, s.Name())
		entries, _ := os.ReadDir(sub)
		for _, e := range entries {
			info, err := e.Info()
			if err != nil || !e.Type().IsRegular() {
				continue
			}
			n := e.Name()
			entry := strings.HasPrefix(n, s.Name()) && strings.HasSuffix(n, "-v") && isHex(strings.TrimSuffix(n, "-v"), 2*sha256.Size)
			old := entry && info.ModTime().Before(cutoff)
			stale := (strings.HasPrefix(n, "tmp-") || strings.HasPrefix(n, ".sortie-") && strings.HasSuffix(n, ".tmp")) && time.Since(info.ModTime()) > time.Hour
			if old || stale {
				os.Remove(filepath.Join(sub, e.Name()))
			}
		}
	}
}

// isHex reports whether s is n lower-case hexadecimal digits.
func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// MemCache is a Cache in memory holding at most a given number of entries (the oldest go first).
type MemCache struct {
	mu    sync.Mutex
	max   int
	m     map[CacheKey][]byte
	order []CacheKey
}

// NewMemCache returns a MemCache of at most n entries (at least 1).
func NewMemCache(n int) *MemCache {
	return &MemCache{max: max(1, n), m: map[CacheKey][]byte{}}
}

// Get implements Cache.
func (c *MemCache) Get(key CacheKey) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.m[key]
	return d, ok
}

// Put implements Cache.
func (c *MemCache) Put(key CacheKey, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[key]; !ok {
		c.order = append(c.order, key)
	}
	c.m[key] = append([]byte(nil), data...)
	for len(c.order) > c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
}
