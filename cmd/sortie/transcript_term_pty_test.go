//go:build linux || darwin

package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/creack/pty"

	"github.com/sortie-rpg/sortie/runner"
)

// TestTranscriptFitsTheTerminal (issue 23, found playing hill in tmux at 110 and 80 columns: the
// transcript, wrapped at 120, was wrapped again by the terminal mid-word, "... Take the" /
// "hill (The Ninth ..."): on an 80-column terminal every line of hill's transcript (seed 1, the
// battle's own commanders) is at most 80 display columns, tables included, and the battle still
// ends; into a pipe the same run keeps 120 columns (its widest line is wider than 80), so that a
// file's bytes depend on the run alone.
func TestTranscriptFitsTheTerminal(t *testing.T) {
	bin := sortieBinary(t)
	args := []string{"battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--seed", "1", "--policy", "default"}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TERM=dumb", "COLUMNS=")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 80})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out strings.Builder
	done := make(chan struct{})
	go func() { io.Copy(&out, tty); close(done) }()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}
	tty.Close()
	<-done
	text := strings.ReplaceAll(out.String(), "\r", "")
	if !strings.Contains(text, "total victory for") {
		t.Fatalf("the battle did not end:\n%s", text)
	}
	for _, l := range strings.Split(text, "\n") {
		if runner.DisplayWidth(l) > 80 {
			t.Errorf("a line wider than the terminal's 80 columns: %q", l)
		}
	}
	piped, _, code := runPiped(t, bin, "", args...)
	widest := 0
	for _, l := range strings.Split(piped, "\n") {
		widest = max(widest, runner.DisplayWidth(l))
	}
	if code != 0 || widest <= 80 || widest > 120 {
		t.Errorf("piped: exit %d, widest line %d columns; want 81..120", code, widest)
	}
}
