package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Codes of the gate's refusals (explain pages in codes.go).
const (
	// CodeTooBig: a file over its bound (the same code as a scenario file over 4 MiB).
	CodeTooBig = "L004"
	// CodeNotRegular: a named pipe, a device, a socket or a directory where a file is wanted.
	CodeNotRegular = "L017"
	// CodeOutside: a file that resolves (symbolic links followed) outside its root.
	CodeOutside = "L018"
)

// Error is a refusal of the gate: Path as the caller named it, the stable Code and a short
// message (lowercase) that never quotes the file's content. Err is the underlying error of an
// I/O failure (then Code is "").
type Error struct {
	Path string
	Code string
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.Path, e.Code, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// CodeOf is the code of a refusal anywhere in err's chain, or "".
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// ioError wraps an I/O failure, with the usual words for the usual causes.
func ioError(name string, err error) *Error {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		msg = "no such file or directory"
	case errors.Is(err, fs.ErrPermission):
		msg = "permission denied"
	}
	return &Error{Path: name, Msg: msg, Err: err}
}

// Kind names what a file is when it is not a regular file: "a named pipe", "a socket",
// "a device", "a directory" or "not a regular file"; "" for a regular file.
func Kind(mode fs.FileMode) string {
	switch t := mode.Type(); {
	case t == 0:
		return ""
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeDevice != 0 || t&fs.ModeCharDevice != 0:
		return "a device"
	case t&fs.ModeDir != 0:
		return "a directory"
	}
	return "not a regular file"
}

// notRegular is the refusal of a file that is not a regular file.
func notRegular(name string, mode fs.FileMode) *Error {
	what := Kind(mode)
	if what != "not a regular file" {
		what += ", not a regular file"
	}
	return &Error{Path: name, Code: CodeNotRegular, Msg: what + ": refused"}
}

// tooBig is the refusal of a file over its bound.
func tooBig(name string, max int64) *Error {
	return &Error{Path: name, Code: CodeTooBig, Msg: fmt.Sprintf("file larger than %s: refused", sizeWords(max))}
}

// TooBig is the gate's refusal (CodeTooBig) of name, over its bound max, for a reader that
// bounds a stream itself (a git blob read through a LimitReader).
func TooBig(name string, max int64) error { return tooBig(name, max) }

// sizeWords renders a bound: "4 MiB", "64 KiB", "100 bytes".
func sizeWords(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Stat is os.Stat (symbolic links followed) as the gate reports it: an absent file is an *Error
// with no code, a file that is not regular is CodeNotRegular. It never opens the file.
func Stat(name string) (fs.FileInfo, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, ioError(name, err)
	}
	if !st.Mode().IsRegular() {
		return st, notRegular(name, st.Mode())
	}
	return st, nil
}

// File is an open input file: a regular file whose reads stop at its bound.
type File struct {
	f    *os.File
	r    io.Reader
	name string
	size int64
}

// Read reads at most the file's bound in all; past the bound it fails with CodeTooBig.
func (f *File) Read(p []byte) (int, error) { return f.r.Read(p) }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Size is the file's size when it was opened, in bytes.
func (f *File) Size() int64 { return f.size }

// Name is the name the file was opened by.
func (f *File) Name() string { return f.name }

// Open opens a regular file of at most max bytes for reading (symbolic links followed: use a
// Root to confine them). A pipe, a device, a socket or a directory is refused (CodeNotRegular)
// after a stat, before it is opened; the open itself is non-blocking, and the opened file is
// checked again (a file swapped for a pipe between the two is refused too). A file over max
// bytes is refused (CodeTooBig) before a byte is read, and reads stop at max+1 bytes whatever
// the file grows to, failing with CodeTooBig.
func Open(name string, max int64) (*File, error) {
	if _, err := Stat(name); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, ioError(name, err)
	}
	return checkOpened(name, f, max)
}

// checkOpened checks an opened file f again by its descriptor (regular, at most max bytes) and
// wraps it in its bound; it closes f on a refusal.
func checkOpened(name string, f *os.File, max int64) (*File, error) {
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, ioError(name, err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(name, st.Mode())
	}
	if st.Size() > max {
		f.Close()
		return nil, tooBig(name, max)
	}
	return &File{f: f, r: &boundReader{r: io.LimitReader(f, max+1), left: max, name: name, max: max}, name: name, size: st.Size()}, nil
}

// boundReader fails with CodeTooBig once more than max bytes have come.
type boundReader struct {
	r    io.Reader
	left int64
	name string
	max  int64
}

func (b *boundReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n + int(b.left), tooBig(b.name, b.max)
	}
	return n, err
}

// ReadFile reads a regular file of at most max bytes whole (see Open).
func ReadFile(name string, max int64) ([]byte, error) {
	f, err := Open(name, max)
	if err != nil {
		return nil, err
	}
	return readAll(name, f, max)
}

// readResolved reads real, a path Resolve returned, whole through the root (see openResolved).
func (r *Root) readResolved(real string, max int64) ([]byte, error) {
	f, err := r.openResolved(real, max)
	if err != nil {
		return nil, err
	}
	return readAll(real, f, max)
}

// readAll reads an opened file whole and closes it.
func readAll(name string, f *File, max int64) ([]byte, error) {
	defer f.Close()
	buf := make([]byte, 0, min(f.size, max)+1)
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				return nil, e
			}
			return nil, ioError(name, err)
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow: the file grew since its stat
		}
	}
}

// Root confines reads to a folder: a name read through it must resolve, symbolic links
// followed, inside the folder (itself resolved).
type Root struct {
	dir  string // as given, cleaned and absolute
	real string // resolved
}

// NewRoot makes a root of a folder (it must exist).
func NewRoot(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, ioError(dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, ioError(dir, err)
	}
	return &Root{dir: abs, real: real}, nil
}

// Dir is the root's folder, absolute, as given.
func (r *Root) Dir() string { return r.dir }

// Resolve resolves name (absolute, or relative to the root), symbolic links followed, and
// reports where it leads. A name that leads outside the root is refused (CodeOutside) without a
// word of where it leads; a name that does not exist is an *Error with no code.
func (r *Root) Resolve(name string) (string, error) {
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.dir, name)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		// Refuse a lexical escape even when the target is missing: "../x" says where it goes.
		if !Within(r.dir, filepath.Clean(abs)) && !Within(r.real, filepath.Clean(abs)) {
			return "", r.outside(name)
		}
		return "", ioError(name, err)
	}
	if !Within(r.real, real) {
		return "", r.outside(name)
	}
	return real, nil
}

func (r *Root) outside(name string) *Error {
	return &Error{Path: name, Code: CodeOutside, Msg: "resolves outside " + filepath.Base(r.dir) + string(filepath.Separator) + ", the folder it belongs to: refused"}
}

// Open opens a file inside the root (see Resolve and the package's Open). The open itself goes
// through an os.Root of the resolved folder, which follows no link out of it: a link swapped in
// between Resolve and the open (a race by whoever can write the folder) is refused with
// CodeOutside instead of followed.
func (r *Root) Open(name string, max int64) (*File, error) {
	real, err := r.Resolve(name)
	if err != nil {
		return nil, err
	}
	f, err := r.openResolved(real, max)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Path = name
		}
		return nil, err
	}
	f.name = name
	return f, nil
}

// openResolved opens real, a path Resolve returned (inside r.real), through an os.Root of
// r.real: every component is opened without following a link out of the root, so the file
// opened is the one inside the root even if the folder changed since Resolve.
func (r *Root) openResolved(real string, max int64) (*File, error) {
	if _, err := Stat(real); err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(r.real, real)
	if err != nil {
		return nil, r.outside(real)
	}
	osr, err := os.OpenRoot(r.real)
	if err != nil {
		return nil, ioError(r.dir, err)
	}
	defer osr.Close()
	f, err := osr.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return nil, ioError(real, err)
		}
		// os.Root's refusal of a path that escapes it ("path escapes from parent").
		return nil, r.outside(real)
	}
	return checkOpened(real, f, max)
}

// ReadFile reads a file inside the root whole (see Resolve and the package's ReadFile).
func (r *Root) ReadFile(name string, max int64) ([]byte, error) {
	real, err := r.Resolve(name)
	if err != nil {
		return nil, err
	}
	data, err := r.readResolved(real, max)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Path = name
		}
		return nil, err
	}
	return data, nil
}

// Within reports whether file is dir or lies below it (both clean and absolute; no symbolic
// link is resolved).
func Within(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// ReadNamed reads a file named on the command line (a plan, a save, a baseline, an expect file)
// through the gate, confined to its own folder: a symbolic link there that leads elsewhere is
// refused (CodeOutside) as a scenario's would be, so that no file is read, and no word of it
// quoted back, from outside the folder the user named.
func ReadNamed(name string, max int64) ([]byte, error) {
	if err := CheckArg(name); err != nil {
		return nil, err
	}
	r, err := NewRoot(filepath.Dir(name))
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, ioError(name, err)
	}
	data, err := r.ReadFile(abs, max)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Path = name
		}
		return nil, err
	}
	return data, nil
}
