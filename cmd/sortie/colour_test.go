//go:build linux || darwin

package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestVetColour: text output is coloured only on a terminal (and not with NO_COLOR); the same
// findings through a pipe or buffer are plain.
func TestVetColour(t *testing.T) {
	chdirRoot(t)
	t.Setenv("NO_COLOR", "")
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	var got bytes.Buffer
	done := make(chan struct{})
	go func() { io.Copy(&got, ptmx); close(done) }()
	code := Main([]string{"vet", "./testdata/vet/ci"}, strings.NewReader(""), tty, io.Discard)
	tty.Close()
	<-done
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(got.String(), ansiBold+ansiRed+"S001"+ansiReset) || !strings.Contains(got.String(), ansiYellow+"F002") {
		t.Errorf("no colour on a terminal:\n%q", got.String())
	}
	_, plain, _ := run(t, "", "vet", "./testdata/vet/ci")
	if strings.Contains(plain, "\x1b[") || !strings.Contains(plain, ": S001: ") {
		t.Errorf("colour in a buffer:\n%q", plain)
	}
}
