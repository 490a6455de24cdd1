package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestExpectBombs: an --expect file is a stranger's CUE like a scenario (issue 28, item 4): a
// bomb in it is evaluated in the budgeted evaluator, not in sortie's own process, and answers
// L011 or L012 at the construct to blame, with exit 1, while sortie itself stays small. Each
// bomb gets the budget that isolates what it tests: the memory bomb a processor-time budget it
// cannot reach, the processor-time bomb a memory budget it cannot reach.
func TestExpectBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two bombs")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, want string
		budget     []string
	}{
		// Line 7 is `expect: [for x in list.Range(...) ...]`: `for` at column 10.
		{"range.cue", "./testdata/hostile/expect/range.cue:7:10: L012", memoryBombBudget},
		// Line 8 is `expect: [{runs: 1 + len([for a in l ...])}]`: `for` at column 26.
		{"cpu.cue", "./testdata/hostile/expect/cpu.cue:8:26: L011", cpuBombBudget},
	} {
		t.Run(c.file, func(t *testing.T) {
			args := append([]string{"simulate", "--check", "--expect", "./testdata/hostile/expect/" + c.file}, c.budget...)
			args = append(args, "./testdata/hostile/ok/mini.yaml")
			cmd := exec.Command(exe)
			cmd.Args = append([]string{"sortie"}, args...)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "SORTIE_CACHE=off")
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// sortie's own peak resident memory (not its evaluator's): VmHWM, read until it exits.
			var hwm int64
			var err error
		poll:
			for {
				select {
				case err = <-done:
					break poll
				case <-time.After(5 * time.Millisecond):
					if kb := vmHWM(cmd.Process.Pid); kb > hwm {
						hwm = kb
					}
				}
			}
			text := out.String() + errb.String()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != 1 {
				t.Errorf("exit %d, want 1:\n%s", code, text)
			}
			if !strings.Contains(text, c.want) {
				t.Errorf("want %q in:\n%s", c.want, text)
			}
			if hwm == 0 {
				t.Fatalf("sortie's resident memory was never read (/proc/%d/status)", cmd.Process.Pid)
			}
			// sortie alone holds some 40 MiB; the range bomb evaluated in its process takes GBs.
			if hwm > 150<<10 {
				t.Errorf("sortie itself grew to %d MiB resident, want under 150 MiB: the file was evaluated in its process", hwm>>10)
			}
			t.Logf("exit %d, sortie's own peak %d MiB: %s", code, hwm>>10, firstLine(text))
		})
	}
}

// vmHWM is the peak resident memory of process pid in KiB (Linux's /proc), 0 when unknown.
func vmHWM(pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
