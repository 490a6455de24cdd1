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

// TestBoundaryPlanBound (issue 28; L004): a plan or a save is decoded outside the evaluator, so
// its bound follows --max-memory: an eighth of it (input.go: a plan costs about 7.5 times its
// size to hold and run). A 9 MiB file is over the 8 MiB a 64 MiB budget allows (refused with
// L004, exit 2, by its size), and under the 10 MiB an 80 MiB budget allows (read, then refused
// as a broken plan: no L004), for each command that reads one. The file says it is a plan (its
// "format"), so that it is read as one and not as a scenario (whose bound is 4 MiB).
func TestBoundaryPlanBound(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "plan.json")
	pad := strings.Repeat("a", 9<<20)
	if err := os.WriteFile(file, []byte(`{"format": "sortie-plan", "pad": "`+pad+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"run"}, {"simulate", "--runs", "1"}, {"resume"}} {
		for _, tc := range []struct {
			memory string
			l004   bool
		}{{"64MiB", true}, {"80MiB", false}} {
			cmd := exec.Command(exe)
			cmd.Args = append(append([]string{"sortie"}, args...), "--max-memory", tc.memory, file)
			out, _ := cmd.CombinedOutput()
			code := cmd.ProcessState.ExitCode()
			if got := strings.Contains(string(out), "L004"); got != tc.l004 || code == 0 {
				t.Errorf("%s --max-memory %s: exit %d, L004 %v, want L004 %v and a non-zero exit:\n%s", args[0], tc.memory, code, got, tc.l004, out)
			}
		}
	}
}
