package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyntaxErrorPlaces: syntax errors found by the review of issue 15 (r15-2..r15-4), each at the
// place counted by hand in the file, one finding each, and no absolute path in the message.
func TestSyntaxErrorPlaces(t *testing.T) {
	cases := []struct {
		name, file, src, want string
	}{
		// r15-2: line 2 is `b: [1, 2`: the flow sequence opened by `[` at column 4 ("b: " is 3
		// bytes) is never closed.
		{"unclosed flow", "by.yaml", "a: 1\nb: [1, 2\n", "./by.yaml:2:4: L001"},
		// r15-3: line 2 is `name: "a` (8 bytes) and then U+0001, at column 9.
		{"control in a value", "nn/s.yaml", "kind: scenario\nname: \"a\x01b\"\n", "./nn/s.yaml:2:9: L001"},
		// line 3 is `na` and then U+001F in the key, at column 3.
		{"control in a key", "nn/k.yaml", "kind: scenario\nid: x\nna\x1fme: y\n", "./nn/k.yaml:3:3: L001"},
		// line 1 is `kind: scenario` and then U+007F (DEL, outside YAML's printable set) at column 15.
		{"DEL", "nn/d.yaml", "kind: scenario\x7f\n", "./nn/d.yaml:1:15: L001"},
		// line 2 is `name: é` and then the lone byte 0xff (not UTF-8): "name: " is 6 bytes, é 2,
		// so the byte is at column 9.
		{"not UTF-8", "nn/u.yaml", "kind: scenario\nname: é\xff\n", "./nn/u.yaml:2:9: L001"},
		// r15-4: `a: 1` is 4 bytes, the NUL at column 5: one finding, although CUE's scanner and
		// parser both report it ("illegal character NUL", "illegal character U+0000").
		{"NUL in CUE", "c.cue", "a: 1\x00b: 2\n", "./c.cue:1:5: L001"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, c.file)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			list, err := Vet([]string{c.file}, Options{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			assertFindings(t, list, []string{c.want})
			for _, d := range list {
				if strings.Contains(d.Message, dir) || strings.Contains(d.Message, c.file) {
					t.Errorf("the message names the file again: %q", d.Message)
				}
			}
		})
	}
}

// TestOverlayBypassesFastPathAndCache: a YAML file clean on disk, whose editor buffer (an
// overlay) has a syntax error, is vetted from the buffer even with a cache that holds the disk
// file's clean result: the fast path and the cache read the disk, so an overlay skips both.
func TestOverlayBypassesFastPathAndCache(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "compiler", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "mini.yaml")
	if err := os.WriteFile(f, src, 0o644); err != nil {
		t.Fatal(err)
	}
	cache := NewMemCache(8)
	if list, err := Vet([]string{"mini.yaml"}, Options{WorkDir: dir, Cache: cache}); err != nil || len(list) != 0 {
		t.Fatalf("on disk: %v, %v; want clean", list, err)
	}
	// The buffer: "a: 1\nb: [1, 2\n", the unclosed `[` at 2:4 as in TestSyntaxErrorPlaces.
	list, err := Vet([]string{"mini.yaml"}, Options{WorkDir: dir, Cache: cache, Overlay: map[string][]byte{f: []byte("a: 1\nb: [1, 2\n")}})
	if err != nil {
		t.Fatal(err)
	}
	assertFindings(t, list, []string{"./mini.yaml:2:4: L001"})
}
