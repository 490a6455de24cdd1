//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package compiler

import "os"

// openEntry opens a cache entry for reading; the caller checks that it is a regular file.
func openEntry(name string) (*os.File, error) { return os.Open(name) }

// checkCacheDir accepts any directory: file ownership is not checked on this system.
func checkCacheDir(dir string, st os.FileInfo) error { return nil }
