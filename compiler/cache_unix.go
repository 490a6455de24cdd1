//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package compiler

import (
	"fmt"
	"os"
	"syscall"
)

// openEntry opens a cache entry for reading without following a symbolic link in its last
// element and without blocking on a named pipe put in its place (O_NONBLOCK has no effect on a
// regular file); the caller checks that what it opened is a regular file.
func openEntry(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

// checkCacheDir refuses a cache directory that another user owns or that others may write to:
// whoever can write entries there decides what vet reports.
func checkCacheDir(dir string, st os.FileInfo) error {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Getuid() {
		return fmt.Errorf("cache %s: owned by another user (uid %d): not used", dir, sys.Uid)
	}
	if st.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("cache %s: others may write to it (mode %04o): not used", dir, st.Mode().Perm())
	}
	return nil
}
