package compiler

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// procUsage reads a process's processor time and resident memory from /proc: what sortie
// watches of an evaluator from outside, where a single huge allocation can stall the
// evaluator's own watchdog (the allocation holds the runtime until the memory is mapped).
func procUsage(pid int) (cpu time.Duration, rss int64, ok bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// The command name (field 2) is in parentheses and may hold spaces: count from after it.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(stat[i+1:])
	if len(f) < 22 {
		return 0, 0, false
	}
	// Fields 14 and 15 of the file (12 and 13 after the name): utime and stime in clock ticks,
	// 100 a second on Linux (USER_HZ); field 24 (22 after the name): resident pages.
	utime, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	stime, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	pages, err3 := strconv.ParseInt(string(f[21]), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, false
	}
	return time.Duration(utime+stime) * (time.Second / 100), pages * int64(os.Getpagesize()), true
}
