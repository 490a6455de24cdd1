package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

// TestBoundaryBaselineBound (issue 28, B4; L004): vet --baseline reads the baseline through the
// gate with a scenario file's bound (4 MiB): one byte over is refused with L004 and exit 2, by
// its size, before it is read (a 100 MB baseline held 723 MB resident before, past
// --max-memory).
func TestBoundaryBaselineBound(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	okDir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "hostile", "ok"))
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int64{compiler.MaxFileSize + 1, 100 << 20} {
		base := filepath.Join(t.TempDir(), "base.json")
		f, err := os.Create(base)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(size)
		f.Close()
		cmd := exec.Command(exe)
		cmd.Args = []string{"sortie", "vet", "--baseline", base, okDir}
		out, _ := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(out), "L004") {
			t.Errorf("%d bytes: exit %d, want 2 and L004:\n%s", size, code, out)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > 200<<10 { // KiB
			t.Errorf("%d bytes: %d MiB resident, want under 200 MiB", size, ru.Maxrss>>10)
		}
	}
}
