//go:build linux || darwin

package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// The progress bar of sortie simulate is drawn on a terminal (its runs/s rate shows on the
// pseudo-terminal) and never when standard error is not one (a pipe, as in CI logs), nor when
// CI is set.
func TestSimulateProgressBar(t *testing.T) {
	bin := sortieBinary(t)
	args := []string{"simulate", field01, "--runs", "60000", "--workers", "1"}
	var env []string
	for _, v := range os.Environ() {
		if !strings.HasPrefix(v, "CI=") {
			env = append(env, v)
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(env, "TERM=dumb")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out ptyOutput
	copied := make(chan struct{})
	go func() { io.Copy(&out, tty); close(copied) }()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("simulate on a terminal: %v\n%s", err, out.String())
	}
	<-copied
	if s := out.String(); !strings.Contains(s, "runs/s") || !strings.Contains(s, "simulate scenario field01") {
		t.Errorf("no progress bar on the terminal:\n%s", s)
	}
	// Not a terminal: nothing on standard error.
	pipe := exec.Command(bin, args...)
	pipe.Env = env
	var errs strings.Builder
	pipe.Stderr = &errs
	if err := pipe.Run(); err != nil || errs.Len() != 0 {
		t.Errorf("simulate into a pipe: %v, stderr %q", err, errs.String())
	}
	// CI set: no bar even on a terminal.
	ci := exec.Command(bin, args...)
	ci.Env = append(env, "TERM=dumb", "CI=true")
	tty2, err := pty.StartWithSize(ci, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	defer tty2.Close()
	var out2 ptyOutput
	copied2 := make(chan struct{})
	go func() { io.Copy(&out2, tty2); close(copied2) }()
	werr := ci.Wait()
	<-copied2
	if werr != nil {
		t.Fatalf("simulate on a terminal with CI set: %v\n%s", werr, out2.String())
	}
	if strings.Contains(out2.String(), "runs/s") {
		t.Errorf("a progress bar with CI set:\n%s", out2.String())
	}
}
