//go:build unix

package main

import (
	"os"
	"syscall"
)

// ownedByUser reports whether the file st describes belongs to the user running sortie.
func ownedByUser(st os.FileInfo) bool {
	s, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(s.Uid) == os.Getuid()
}
