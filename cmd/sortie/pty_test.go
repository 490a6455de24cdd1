//go:build linux || darwin

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// ptyOutput collects what the program writes to the terminal.
type ptyOutput struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (o *ptyOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

func (o *ptyOutput) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// waitFor waits until the output after offset contains want and returns the offset past it.
func (o *ptyOutput) waitFor(t *testing.T, from int, want string) int {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		s := o.String()
		if i := strings.Index(s[from:], want); i >= 0 {
			return from + i + len(want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %q; the terminal shows:\n%s", want, o.String()[from:])
	return 0
}

// TestInteractiveDay drives `sortie run` through a pseudo-terminal for a whole day of Field 1:
// the move prompt (with garbage typed first), the camp pick, the night decision, and then the
// morning of day 2; end of input then stops the run with exit 2 and a message.
func TestInteractiveDay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "sortie")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "run", field01, "--seed", "3")
	cmd.Env = append(os.Environ(), "TERM=dumb")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out ptyOutput
	copied := make(chan struct{})
	go func() { io.Copy(&out, tty); close(copied) }()
	send := func(s string) {
		if _, err := tty.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}

	at := out.waitFor(t, 0, "== day 1 ==")
	// K-28: from the base the only block is to the east (t1); stay is always legal.
	at = out.waitFor(t, at, "> ")
	send("fly\n")
	at = out.waitFor(t, at, "answer with a number")
	send("east\n")
	at = out.waitFor(t, at, "rupetenne -> t1")
	// K-37: the camp phase rolls two d6 and asks which to keep.
	at = out.waitFor(t, at, "> ")
	send("1\n")
	// K-40/K-41: rest or march.
	at = out.waitFor(t, at, "rest")
	at = out.waitFor(t, at, "> ")
	send("rest\n")
	at = out.waitFor(t, at, "map at the end of day 1")
	at = out.waitFor(t, at, "== day 2 ==")
	out.waitFor(t, at, "> ")
	send("\x04") // Ctrl-D: end of input at the day-2 move prompt

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("sortie did not stop at end of input:\n%s", out.String())
	}
	<-copied
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v, want exit status 2\n%s", err, out.String())
	}
	if s := out.String(); !strings.Contains(s, "input ended") || strings.Contains(s, "goroutine ") {
		t.Fatalf("want a clean 'input ended' message:\n%s", s)
	}
}

// TestInteractiveSaveResume: an interactive run with --save is interrupted by Ctrl-C at the day-2
// move prompt: it saves every answer given (exit 130). Resuming replays day 1 silently, asks the
// day-2 move again (answered from a pipe), and at end of input saves again (exit 2).
func TestInteractiveSaveResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "sortie")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	save := filepath.Join(dir, "save.json")
	cmd := exec.Command(bin, "run", field01, "--seed", "3", "--save", save)
	cmd.Env = append(os.Environ(), "TERM=dumb")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out ptyOutput
	copied := make(chan struct{})
	go func() { io.Copy(&out, tty); close(copied) }()
	send := func(s string) {
		if _, err := tty.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	at := out.waitFor(t, 0, "> ")
	send("east\n")
	at = out.waitFor(t, at, "> ")
	send("1\n")
	at = out.waitFor(t, at, "> ")
	send("rest\n")
	at = out.waitFor(t, at, "== day 2 ==")
	out.waitFor(t, at, "> ")
	send("\x03") // Ctrl-C at the day-2 move prompt

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("sortie did not stop on Ctrl-C:\n%s", out.String())
	}
	<-copied
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 || !strings.Contains(out.String(), "saved to "+save) {
		t.Fatalf("exit %v, want 130 and a save message:\n%s", err, out.String())
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := decodeSave(data)
	if err != nil {
		t.Fatal(err)
	}
	// Day 1: move east, pick 1, rest = 3 answers; the save point is the unanswered day-2 move.
	if sv.At != "decision" || sv.Position != 3 || len(sv.Decisions) != 3 || sv.Decisions[0] != "d:east" {
		t.Fatalf("save at %s, position %d, decisions %v", sv.At, sv.Position, sv.Decisions)
	}

	res := exec.Command(bin, "resume", save)
	res.Stdin = strings.NewReader("east\n")
	var stdout, stderr bytes.Buffer
	res.Stdout, res.Stderr = &stdout, &stderr
	err = res.Run()
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("resume: %v, want exit 2 at end of input\n%s", err, stderr.String())
	}
	got := stdout.String()
	if strings.Contains(got, "== day 1 ==") || strings.Contains(got, "== day 2 ==") || !strings.Contains(got, "the party moves east t1 -> t2") {
		t.Errorf("resumed output should start at the day-2 move:\n%s", got)
	}
	if !strings.Contains(stderr.String(), "saved to") {
		t.Errorf("no save at end of input: %s", stderr.String())
	}
	data, _ = os.ReadFile(save)
	if sv, err = decodeSave(data); err != nil || sv.Position != 4 || sv.Decisions[3] != "d:east" {
		t.Errorf("second save: %v %+v", err, sv)
	}
}
