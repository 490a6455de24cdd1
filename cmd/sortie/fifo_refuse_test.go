package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBaselineRefusedOrPlaced: --baseline of a named pipe is refused at once (opening it would
// wait for a writer forever), and a baseline that does not parse is reported at its line and
// column: '{"version": 1,\n "findings": 3}' has the 3 at line 2, column 14 (" \"findings\": "
// is 13 bytes).
func TestBaselineRefusedOrPlaced(t *testing.T) {
	tmp := t.TempDir()
	fifo := filepath.Join(tmp, "base.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, out, errs := run(t, "", "vet", "--baseline", fifo, field01)
		if code != 2 || out != "" || !strings.Contains(errs, "not a regular file") {
			t.Errorf("named pipe: exit %d, stdout %q, stderr %q; want exit 2 and a refusal", code, out, errs)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("vet --baseline of a named pipe did not return: it opened the pipe")
	}
	bad := filepath.Join(tmp, "bad.json")
	os.WriteFile(bad, []byte("{\"version\": 1,\n \"findings\": 3}"), 0o644)
	code, _, errs := run(t, "", "vet", "--baseline", bad, field01)
	if code != 2 || !strings.Contains(errs, bad+":2:14: not a sortie baseline") {
		t.Errorf("bad baseline: exit %d, stderr %q; want exit 2 and %s:2:14", code, errs, bad)
	}
}

// TestOutputsRefuseAPipe: every option that reads or overwrites a file refuses a named pipe
// before it opens it (an open of a pipe waits for a writer forever): resume FILE, --save,
// compile -o and --write-baseline, each with exit 2 and the pipe left as it is.
func TestOutputsRefuseAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	for _, args := range [][]string{
		{"resume", fifo},
		{"run", "--policy", "first", "--save", fifo, field01},
		{"compile", "-o", fifo, field01},
		{"vet", "--write-baseline", fifo, field01},
	} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			code, _, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, "not a regular file") {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 and a refusal", args, code, errs)
			}
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%v did not return: it opened the pipe", args)
		}
	}
}
