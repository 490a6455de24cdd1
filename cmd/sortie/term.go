package main

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"

	"github.com/sortie-rpg/sortie/runner"
)

func termIsTerminal(fd int) bool { return term.IsTerminal(fd) }

// termWidth is the width of the terminal the prompt writes to, asked at every question: COLUMNS
// when it is set to a number (a shell's, or a test's), else the size of w when it is a terminal,
// else 0 (no limit).
func termWidth(w io.Writer) func() int {
	return func() int {
		if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
			return n
		}
		if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			if n, _, err := term.GetSize(int(f.Fd())); err == nil {
				return n
			}
		}
		return 0
	}
}

// fitTranscript fits the transcript to the terminal stdout is, when it is one narrower than 120
// columns (runner.SetTerminalWidth): at 80 columns a transcript wrapped at 120 was wrapped again
// by the terminal, mid-word. A file or a pipe keeps 120 columns, so that its bytes depend on the
// run alone (COLUMNS is not read here: it would change a file's bytes).
func fitTranscript(stdout io.Writer) {
	if f, ok := stdout.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil {
			runner.SetTerminalWidth(n)
		}
	}
}
