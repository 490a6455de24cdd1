//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package compiler

import "time"

// cpuTime is the time since the process started: where the processor time cannot be read, the
// time budget is a wall-clock budget.
func cpuTime() time.Duration { return time.Since(processStart) }

var processStart = time.Now()
