package safeio

import (
	"errors"
	"os"
	"path/filepath"
)

// MkdirAll makes the folder path and any missing parents (mode 0755) for a command that writes
// several files into it (graph -o FOLDER). A path that exists must be a folder (a symbolic link
// to one is followed); anything else is refused. It returns undo, which removes, deepest first,
// the folders it made, each only while it is still empty: a command that fails after MkdirAll
// calls undo so that it leaves nothing behind. Errors are *WriteError naming o.Flag and path.
func MkdirAll(path string, o Options) (undo func(), err error) {
	undo = func() {}
	if path == "" {
		return undo, &WriteError{Flag: o.Flag, Path: path, Reason: "no folder named"}
	}
	if st, err := os.Stat(path); err == nil {
		if !st.IsDir() {
			return undo, &WriteError{Flag: o.Flag, Path: path, Reason: "not a folder"}
		}
		return undo, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return undo, &WriteError{Flag: o.Flag, Path: path, Reason: err.Error(), Err: err}
	}
	// The folders missing, from path up to the first that exists (deepest first).
	var made []string
	for p := filepath.Clean(path); ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil {
			break
		}
		made = append(made, p)
		if filepath.Dir(p) == p {
			break
		}
	}
	undo = func() {
		for _, p := range made {
			os.Remove(p) // fails, and keeps it, when something is in it
		}
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		undo()
		return func() {}, &WriteError{Flag: o.Flag, Path: path, Reason: err.Error(), Err: err}
	}
	return undo, nil
}
