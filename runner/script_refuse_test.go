package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadScriptRefuses: a script that is not a regular file (a named pipe, whose open blocks
// until a writer comes; a folder) or that is larger than MaxScriptSize is refused before it is
// read, with an X005 RefusedError at the file (review r15-1: a FIFO or /dev/zero hung the run).
func TestLoadScriptRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("- move: east\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// MaxScriptSize + 1 bytes (a sparse file: the tail is zeros).
	if err := os.Truncate(big, MaxScriptSize+1); err != nil {
		t.Fatal(err)
	}
	atCap := filepath.Join(dir, "cap.yaml")
	// Exactly MaxScriptSize bytes is still read: "- move: east\n" padded with spaces, a comment.
	pad := "- move: east\n#" + strings.Repeat(" ", MaxScriptSize-len("- move: east\n#")-1) + "\n"
	if err := os.WriteFile(atCap, []byte(pad), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{fifo, "a named pipe, not a file"},
		{dir, "a folder, not a file"},
		{big, "larger than 4194304 bytes (4 MiB)"},
		{"/dev/zero", "a device, not a file"},
	}
	for _, c := range cases {
		if _, err := os.Stat(c.path); err != nil {
			t.Logf("%s: %v (skipped)", c.path, err)
			continue
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			s, list, err := LoadScript(c.path)
			var re *RefusedError
			if s != nil || len(list) != 0 || !errors.As(err, &re) {
				t.Errorf("%s: script %v, list %v, error %v; want a RefusedError", c.path, s, list, err)
				return
			}
			d := re.Diag
			if d.Code != CodeScriptRefused || d.Pos.File != c.path || d.Pos.Line != 0 || !strings.Contains(d.Message, c.want) {
				t.Errorf("%s: %s; want X005 at the file saying %q", c.path, d, c.want)
			}
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close() // unblock the open, so that the test can end
			}
			t.Fatalf("%s: LoadScript did not return", c.path)
		}
	}
	s, list, err := LoadScript(atCap)
	if err != nil || len(list) != 0 || s == nil || len(s.entries) != 1 {
		t.Errorf("a script of exactly MaxScriptSize bytes: %v, %v, %v; want it read (one entry)", s, list, err)
	}
}

// TestLoadScriptTooDeep: a script nesting deeper than nesting.MaxDepth is refused (X005) at the
// place too deep before a recursive parser sees it (a 100 KB script of `- ` took gigabytes).
// Positions by hand: `- ` at column 1 is level 1 and the k-th entry's node, at column 2k+1, level
// 1+k: the 100th, at column 201, is the 101st level; in CUE, `[` 101 times, the 101st at 101.
func TestLoadScriptTooDeep(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, src, want string }{
		{"deep.yaml", strings.Repeat("- ", 50000) + "1\n", ":1:201: X005"},
		{"deep.json", "\n" + strings.Repeat("- ", 200) + "\n", ":2:201: X005"},
		{"deep.cue", strings.Repeat("[", 150), ":1:101: X005"},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		s, list, err := LoadScript(p)
		if err != nil || s != nil || len(list) != 1 || !strings.Contains(list[0].String(), c.name+c.want) {
			t.Errorf("%s: %v %v %v, want one %s", c.name, s != nil, list, err, c.want)
		}
	}
}
