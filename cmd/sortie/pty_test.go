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

// prompt is how sortie's question ends on the terminal: "> " at the start of a line. A bare
// "> " would also match a move's arrow ("narlmarches -> ford") printed before the question,
// and keys sent then are typed ahead into a question not yet asked.
const prompt = "\n> "

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

// ptySession is sortie started on a pseudo-terminal: what it writes collects in out.
type ptySession struct {
	t      *testing.T
	cmd    *exec.Cmd
	tty    *os.File
	out    ptyOutput
	copied chan struct{}
}

// startPTY starts bin with args on a new pseudo-terminal of 50x120.
func startPTY(t *testing.T, bin string, args ...string) *ptySession {
	t.Helper()
	return startPTYWith(t, nil, bin, args...)
}

// startPTYWith is startPTY with env added to the environment. COLUMNS is cleared first, so that
// the prompt's width is the terminal's (120) whatever the shell running the tests exports.
func startPTYWith(t *testing.T, env []string, bin string, args ...string) *ptySession {
	t.Helper()
	s := &ptySession{t: t, cmd: exec.Command(bin, args...), copied: make(chan struct{})}
	s.cmd.Env = append(append(os.Environ(), "TERM=dumb", "COLUMNS="), env...)
	tty, err := pty.StartWithSize(s.cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	s.tty = tty
	t.Cleanup(func() { tty.Close() })
	go func() { io.Copy(&s.out, tty); close(s.copied) }()
	return s
}

// send types keys at the terminal.
func (s *ptySession) send(keys string) {
	if _, err := s.tty.Write([]byte(keys)); err != nil {
		s.t.Fatal(err)
	}
}

// wait waits for the program to exit (at most 30 s) and returns its exit code.
func (s *ptySession) wait(what string) int {
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		s.t.Fatalf("sortie did not stop %s:\n%s", what, s.out.String())
	}
	<-s.copied
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		s.t.Fatal(err)
	}
	return 0
}

// TestInteractiveDay drives `sortie run` through a pseudo-terminal for a whole day of Field 1:
// the move prompt (with garbage typed first), the camp pick, the night decision, and then the
// morning of day 2; end of input then stops the run with exit 2 and a message.
func TestInteractiveDay(t *testing.T) {
	p := startPTY(t, sortieBinary(t), "run", field01, "--seed", "3")
	out, send := &p.out, p.send

	at := out.waitFor(t, 0, "== day 1 ==")
	// K-28: from the base the only block is to the east (t1); stay is always legal.
	at = out.waitFor(t, at, prompt)
	send("fly\n")
	at = out.waitFor(t, at, "answer with a number")
	send("east\n")
	at = out.waitFor(t, at, "rupetenne -> t1")
	// K-37: the camp phase rolls two d6 and asks which to keep.
	at = out.waitFor(t, at, prompt)
	send("1\n")
	// K-40/K-41: rest or march.
	at = out.waitFor(t, at, "rest")
	at = out.waitFor(t, at, prompt)
	send("rest\n")
	at = out.waitFor(t, at, "map at the end of day 1")
	at = out.waitFor(t, at, "== day 2 ==")
	out.waitFor(t, at, prompt)
	send("\x04") // Ctrl-D: end of input at the day-2 move prompt
	if code := p.wait("at end of input"); code != 2 {
		t.Fatalf("exit %d, want 2\n%s", code, out.String())
	}
	if s := out.String(); !strings.Contains(s, "input ended") || strings.Contains(s, "goroutine ") {
		t.Fatalf("want a clean 'input ended' message:\n%s", s)
	}
}

// TestInteractiveSaveResume: an interactive run with --save is interrupted by Ctrl-C at the day-2
// move prompt: it saves every answer given (exit 130). Resuming replays day 1 silently, asks the
// day-2 move again (answered from a pipe), and at end of input saves again (exit 2).
func TestInteractiveSaveResume(t *testing.T) {
	dir := t.TempDir()
	bin := sortieBinary(t)
	save := filepath.Join(dir, "save.json")
	p := startPTY(t, bin, "run", field01, "--seed", "3", "--save", save)
	out, send := &p.out, p.send
	at := out.waitFor(t, 0, prompt)
	send("east\n")
	at = out.waitFor(t, at, prompt)
	send("1\n")
	at = out.waitFor(t, at, prompt)
	send("rest\n")
	at = out.waitFor(t, at, "== day 2 ==")
	out.waitFor(t, at, prompt)
	send("\x03") // Ctrl-C at the day-2 move prompt
	if code := p.wait("on Ctrl-C"); code != 130 || !strings.Contains(out.String(), "saved to "+save) {
		t.Fatalf("exit %d, want 130 and a save message:\n%s", code, out.String())
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
	var ee *exec.ExitError
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
	// Issue 23: the resumed question opens with a recap of where the run stands.
	for _, want := range []string{"resumed: field01 (The Road to Karzoral), day 2 of 12", "day 2 of 12; the party is at t1",
		"map on day 2, as the party knows it:", "terrain seen from afar:"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("the recap lacks %q:\n%s", want, stderr.String())
		}
	}
	data, _ = os.ReadFile(save)
	if sv, err = decodeSave(data); err != nil || sv.Position != 4 || sv.Decisions[3] != "d:east" {
		t.Errorf("second save: %v %+v", err, sv)
	}
}

// TestInteractiveFogOfWar (K-23): `sortie run field01` at a terminal never shows the warband
// before the party could know of it: on day 1 the party is at the base and the warband at the gate,
// out of sight; the day-1 map shows the gate's block, not an army. The rider's report on day 2
// (a reveal) is the first the players hear of it. With --gm the warband's march is there from
// day 1.
func TestInteractiveFogOfWar(t *testing.T) {
	bin := sortieBinary(t)
	for _, gm := range []bool{false, true} {
		args := []string{"run", field01, "--seed", "3"}
		if gm {
			args = append(args, "--gm")
		}
		p := startPTY(t, bin, args...)
		out, send := &p.out, p.send
		at := out.waitFor(t, 0, prompt)
		send("east\n")
		at = out.waitFor(t, at, prompt)
		send("1\n")
		at = out.waitFor(t, at, prompt)
		send("rest\n")
		at = out.waitFor(t, at, "== day 2 ==")
		report := out.waitFor(t, at, "reported (K-23): boggardWarband at 11")
		before := out.String()[:report-len("reported (K-23): boggardWarband at 11")]
		out.waitFor(t, report, prompt)
		send("\x04")
		if code := p.wait("at end of input"); code != 2 {
			t.Fatalf("gm %v: exit %d, want 2\n%s", gm, code, out.String())
		}
		day1 := before[strings.Index(before, "map at the end of day 1"):]
		// The briefing names the warband in an objective (the players know their objectives, K-23
		// hides where armies are, not that they exist); outside it the warband must not show.
		if i, j := strings.Index(before, "== briefing"), strings.Index(before, "type ? for help"); i >= 0 && j > i {
			if !strings.Contains(oneSpaced(before[i:j]), "army boggardWarband (Boggard warband) gone") {
				t.Errorf("gm %v: the briefing lacks the objective:\n%s", gm, before[i:j])
			}
			before = before[:i] + before[j:]
		} else {
			t.Errorf("gm %v: no briefing before the first question:\n%s", gm, before)
		}
		hidden := !strings.Contains(before, "boggardWarband") && strings.Contains(day1, "10   11   gate")
		if gm == hidden {
			t.Errorf("gm %v: the warband before the report shown: %v\n%s", gm, !hidden, before)
		}
		if gm && !strings.Contains(before, "boggardWarband: holding at gate") {
			t.Errorf("--gm does not show the warband on day 1:\n%s", before)
		}
	}
}
