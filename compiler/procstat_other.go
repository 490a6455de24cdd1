//go:build !linux

package compiler

import "time"

// procUsage is not available outside Linux: the evaluator's own watchdog is all there is.
func procUsage(pid int) (cpu time.Duration, rss int64, ok bool) { return 0, 0, false }
