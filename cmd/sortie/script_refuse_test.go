package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunScriptRefused: `sortie run field01 --script` a named pipe or /dev/zero is refused with
// X005 and exit 2, at once (review r15-1: it hung, reading the pipe or the endless device).
func TestRunScriptRefused(t *testing.T) {
	chdirRoot(t)
	fifo := filepath.Join(t.TempDir(), "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, c := range []struct{ script, want string }{
		{fifo, fifo + ": X005: a named pipe, not a file: refused"},
		{"/dev/zero", "/dev/zero: X005: a device, not a file: refused"},
	} {
		if _, err := os.Stat(c.script); err != nil {
			continue
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			code, out, errs := run(t, "", "run", "scenarios/karzoral/field01", "--script", c.script)
			if code != 2 || out != "" || !strings.Contains(errs, c.want) {
				t.Errorf("--script %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.script, code, out, errs, c.want)
			}
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			t.Fatalf("sortie run --script %s did not return", c.script)
		}
	}
}
