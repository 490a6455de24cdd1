package main

import (
	"os"

	"github.com/schollz/progressbar/v3"
)

// progress is simulate's progress bar on standard error (schollz/progressbar): only when standard
// error is a terminal, never in CI logs or a redirected file. A nil *progress draws nothing.
type progress struct {
	bar *progressbar.ProgressBar
}

// newProgress returns a bar for total runs, or nil when standard error is not a terminal.
func newProgress(e *env, total int) *progress {
	f, ok := e.stderr.(*os.File)
	if !ok || !termIsTerminal(int(f.Fd())) || os.Getenv("CI") != "" {
		return nil
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("simulate"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("runs"),
		progressbar.OptionThrottle(100_000_000), // redraw at most every 100 ms
		progressbar.OptionClearOnFinish(),
	)
	return &progress{bar: bar}
}

// set moves the bar to done runs.
func (p *progress) set(done int) {
	if p != nil {
		p.bar.Set(done)
	}
}

// done finishes and clears the bar.
func (p *progress) done() {
	if p != nil {
		p.bar.Finish()
		p.bar.Clear()
	}
}
