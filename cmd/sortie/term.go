package main

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"
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
