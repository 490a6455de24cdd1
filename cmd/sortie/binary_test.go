package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The sortie binary for the tests that need a program of their own, not Main in this process: a
// terminal (the pty tests), a signal, a start-up with a hostile $TMPDIR, an editor's language
// server, a pre-commit hook. It is built once per test process, on first use (a build links some
// 40 MB: about 6 s of processor time, which each of ten tests used to spend on its own copy),
// into a folder that TestMain removes when the tests end. Tests run it; none writes beside it.
var built struct {
	once      sync.Once
	dir, path string
	err       string
}

// sortieBinary returns the path of the built binary, building it on the first call; the test
// fails if the build does. Under -short it skips the test instead.
func sortieBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "sortie-bin-")
		if err != nil {
			built.err = err.Error()
			return
		}
		built.dir = dir
		built.path = filepath.Join(dir, "sortie")
		if out, err := exec.Command("go", "build", "-o", built.path, ".").CombinedOutput(); err != nil {
			built.err = err.Error() + "\n" + string(out)
		}
	})
	if built.err != "" {
		t.Fatalf("go build: %s", built.err)
	}
	return built.path
}

// removeBinary removes the built binary's folder, if a test built it.
func removeBinary() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}
