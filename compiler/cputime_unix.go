//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package compiler

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, all threads, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Since(processStart)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var processStart = time.Now()
