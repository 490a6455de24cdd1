package safeio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// The writing half of the trust boundary: every file sortie writes (compile -o, graph -o, vet
// --write-baseline, run/campaign --save, simulate --html and --replay-dir, fmt, init, the result
// cache) goes through WriteFile, under one set of rules:
//
//   - never over a source: a file named as an input, or a scenario file (.cue, .yaml, .yml, .json)
//     inside a folder named as an input, is refused (fmt, whose job is rewriting its inputs, says
//     so with InPlace); nor a new file there that the next load would read as part of the
//     scenario (a .cue; a .yaml/.json the loader classifies as a scenario source: guard.go);
//   - never onto a device, a named pipe, a socket or a folder: anything but a regular file (or
//     nothing) at the path is refused before it is opened, so nothing blocks on a pipe;
//   - an existing file is replaced only when it is of the kind being written (Options.IsKind);
//   - atomic: the data goes to a temporary file in the same folder, is synced, and is renamed
//     into place (with Create, linked into place, so an existing file is never replaced);
//   - temporary files never outlive the process: each is removed on every error path, and
//     Abort (called by the command's SIGINT/SIGTERM handler) removes those in flight and refuses
//     new ones.

// Options say what a write may replace. The zero value writes a new file or replaces any regular
// file that is not a source, with permission 0644.
type Options struct {
	// Flag names the option in messages ("-o", "--save"); "" for none.
	Flag string
	// Sources are the inputs the command was given (files or folders): the target may not be one
	// of their files.
	Sources []string
	// InPlace allows writing over the file itself (fmt): no source check, the target must exist.
	InPlace bool
	// Kind names what is written ("a sortie plan"); IsKind reports whether an existing file's
	// content (at most MaxCheck bytes) is of that kind. With IsKind nil any regular file that is
	// not a source may be replaced.
	Kind   string
	IsKind func([]byte) bool
	// Create refuses a target that exists (init, the cache's first write of an entry need not).
	Create bool
	// Perm is the new file's permission (0: 0644).
	Perm os.FileMode
	// RealDir refuses a target whose folder is a symbolic link (the cache: an entry is trusted
	// only as far as its own folder is).
	RealDir bool
	// NoSync skips syncing the file and its folder to disk: for data whose reader checks it
	// (the result cache's entries carry their SHA-256), a file lost or torn by a crash reads as
	// absent. The write is atomic all the same (issue 29: two syncs were a third of a cold vet).
	NoSync bool
}

// MaxCheck bounds what WriteFile reads of an existing file to check its kind; a larger file is
// not of any kind sortie writes, and is refused.
const MaxCheck = 256 << 20

// WriteError is a refused or failed write: the path as given and why. The command answers it with
// exit 2.
type WriteError struct {
	Flag, Path string
	Reason     string
	Err        error // the underlying error, if any
}

func (e *WriteError) Error() string {
	s := e.Path + ": " + e.Reason
	if e.Flag != "" {
		s = e.Flag + " " + s
	}
	return s
}

func (e *WriteError) Unwrap() error { return e.Err }

// ErrExists is the Err of a refused Create over an existing file.
var ErrExists = errors.New("the file exists")

// sourceExts are the extensions of the files a scenario folder's loader reads.
var sourceExts = map[string]bool{".cue": true, ".yaml": true, ".yml": true, ".json": true}

// WriteFile writes data to path under the rules above. Errors are *WriteError.
func WriteFile(path string, data []byte, o Options) error {
	abs, err := Check(path, o)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(abs); os.IsNotExist(err) && !o.InPlace {
		if why := newSourceRefused(abs, data, o.Sources); why != "" {
			return &WriteError{Flag: o.Flag, Path: path, Reason: why}
		}
	}
	perm := o.Perm
	if perm == 0 {
		perm = 0o644
	}
	if err := writeAtomic(abs, data, perm, o.Create, !o.NoSync); err != nil {
		reason := err.Error()
		if errors.Is(err, os.ErrExist) {
			err, reason = ErrExists, "the file exists; refusing to overwrite it"
		}
		return &WriteError{Flag: o.Flag, Path: path, Reason: reason, Err: err}
	}
	return nil
}

// Check applies WriteFile's rules to path without writing (a command checks its output before
// the work that produces it) and returns the path made absolute. Errors are *WriteError.
func Check(path string, o Options) (string, error) {
	fail := func(err error, format string, a ...any) (string, error) {
		return "", &WriteError{Flag: o.Flag, Path: path, Reason: fmt.Sprintf(format, a...), Err: err}
	}
	if path == "" {
		return fail(nil, "no file named")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return fail(err, "%v", err)
	}
	dir := filepath.Dir(abs)
	dst, err := os.Lstat(dir)
	if err == nil && dst.Mode()&os.ModeSymlink != 0 && o.RealDir {
		return fail(nil, "its folder %s is a symbolic link; refused", dir)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fail(err, "no folder %s", dir)
	}
	st, err := os.Stat(abs)
	exists := err == nil
	switch {
	case err != nil && !os.IsNotExist(err):
		return fail(err, "%v", err)
	case exists && st.IsDir():
		return fail(nil, "it is a directory")
	case exists && !st.Mode().IsRegular():
		// Before any open: opening a named pipe waits for the other end, forever.
		return fail(nil, "the file exists and is not a regular file (a device, a pipe or a socket); refused")
	case exists && o.Create:
		return fail(ErrExists, "the file exists; refusing to overwrite it")
	case !exists && o.InPlace:
		return fail(err, "%v", err)
	}
	kindOK := false
	if exists && o.IsKind != nil {
		old, err := readCheck(abs)
		if err != nil {
			return fail(err, "%v", err)
		}
		if old == nil || !o.IsKind(old) {
			return fail(nil, "the file exists and is not %s; refusing to overwrite it", o.Kind)
		}
		kindOK = true
	}
	if !o.InPlace {
		if src := sourceOf(abs, st, o.Sources, kindOK); src != "" {
			return fail(nil, "it is a source of the input %s; refusing to overwrite it", src)
		}
		if why := newSourceRefused(abs, nil, o.Sources); !exists && why != "" {
			return fail(nil, "%s", why)
		}
	}
	return abs, nil
}

// sourceOf returns the input of sources that abs (stat st, nil when it does not exist) belongs
// to: the same file as an input file (a hard link or a symbolic link to it included), or a
// scenario file in (or below) an input folder, unless it is known to be of the kind written
// (kindOK: a plan or a save kept in a scenario's folder is not one of its sources). "" when none.
func sourceOf(abs string, st os.FileInfo, sources []string, kindOK bool) string {
	real := abs
	if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		real = filepath.Join(r, filepath.Base(abs))
	}
	if st != nil {
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			real = r
		}
	}
	for _, s := range sources {
		s = strings.TrimSuffix(filepath.ToSlash(s), "/...")
		s = filepath.FromSlash(s)
		sst, err := os.Stat(s)
		if err != nil {
			continue
		}
		if !sst.IsDir() {
			if st != nil && os.SameFile(st, sst) {
				return s
			}
			continue
		}
		rs, err := resolved(s) // absolute: a relative input is compared with an absolute target
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(rs, real)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if sourceExts[strings.ToLower(filepath.Ext(real))] && st != nil && !kindOK {
			return s
		}
	}
	return ""
}

// readCheck reads an existing regular file for its kind: nil when it is larger than MaxCheck or
// not a regular file once opened (it was swapped since the stat).
func readCheck(abs string) ([]byte, error) {
	f, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > MaxCheck {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxCheck+1))
	if err != nil || len(data) > MaxCheck {
		return nil, err
	}
	return data, nil
}

// temps are the temporary files being written; aborted refuses new ones after Abort.
var (
	tempMu  sync.Mutex
	temps   = map[string]bool{}
	dirs    = map[string]bool{}
	aborted bool
)

// errAborted is a write refused because the process is ending.
var errAborted = errors.New("the command was interrupted")

// createTemp creates a temporary file in dir and records it, unless Abort was called.
func createTemp(dir string) (*os.File, error) {
	tempMu.Lock()
	defer tempMu.Unlock()
	if aborted {
		return nil, errAborted
	}
	f, err := os.CreateTemp(dir, ".sortie-*.tmp")
	if err != nil {
		return nil, err
	}
	temps[f.Name()] = true
	return f, nil
}

// dropTemp removes a temporary file (when it is still there) and forgets it.
func dropTemp(name string, remove bool) {
	tempMu.Lock()
	defer tempMu.Unlock()
	if remove {
		os.Remove(name)
	}
	delete(temps, name)
}

// Abort removes every temporary file being written and makes later writes fail. The command's
// signal handler calls it just before the process exits; it is safe from any goroutine, and a
// write that was renamed into place before it stays.
func Abort() {
	tempMu.Lock()
	defer tempMu.Unlock()
	aborted = true
	for name := range temps {
		os.Remove(name)
		delete(temps, name)
	}
	for dir := range dirs {
		os.RemoveAll(dir)
		delete(dirs, dir)
	}
}

// MkdirTemp is os.MkdirTemp("", pattern) for a command's scratch folder, recorded so that Abort
// (the SIGINT/SIGTERM handler) removes it with everything in it; RemoveTemp removes it otherwise.
// Refused after Abort.
func MkdirTemp(pattern string) (string, error) {
	tempMu.Lock()
	defer tempMu.Unlock()
	if aborted {
		return "", errAborted
	}
	dir, err := os.MkdirTemp("", pattern)
	if err != nil {
		return "", err
	}
	dirs[dir] = true
	return dir, nil
}

// RemoveTemp removes a folder made by MkdirTemp and forgets it.
func RemoveTemp(dir string) {
	tempMu.Lock()
	defer tempMu.Unlock()
	os.RemoveAll(dir)
	delete(dirs, dir)
}

// Temps reports how many temporary files are being written (for tests).
func Temps() int {
	tempMu.Lock()
	defer tempMu.Unlock()
	return len(temps) + len(dirs)
}

// writeAtomic writes data to a temporary file beside abs, syncs it (with sync), gives it perm and
// renames it to abs (with create, links it to abs, failing with os.ErrExist when abs exists),
// then (with sync) syncs the folder so the new name survives a crash.
func writeAtomic(abs string, data []byte, perm os.FileMode, create, sync bool) error {
	dir := filepath.Dir(abs)
	f, err := createTemp(dir)
	if err != nil {
		return err
	}
	tmp := f.Name()
	done := false
	defer func() { dropTemp(tmp, !done) }()
	if perm != 0o600 { // CreateTemp makes 0600
		if err := f.Chmod(perm); err != nil {
			f.Close()
			return err
		}
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if sync {
		if err := f.Sync(); err != nil {
			f.Close()
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	if create {
		if err := os.Link(tmp, abs); err != nil {
			return err
		}
	} else if err := os.Rename(tmp, abs); err != nil {
		return err
	} else {
		done = true
	}
	if !sync {
		return nil
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every file system syncs a folder
		d.Close()
	}
	return nil
}
