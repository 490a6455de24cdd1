package safeio

import (
	"os"
	"path/filepath"
	"strings"
)

// CheckArg refuses (CodeOutside, an *Error naming name as given) a path named on the command
// line that is, or passes through, a symbolic link to a folder that leads outside the folder the
// link lies in (both resolved): the same rule as for a file symbolic link named as an argument,
// now for folders too (issue 28, B1). A shell glob (`sortie vet scenarios/*`) names every link
// of a folder; without this a link to ~/elsewhere became the scenario's root and files there
// were read, quoted back and, by fmt, rewritten. A link that stays inside its own folder
// (scl -> sc), and a system link above it (/var -> private/var: inside /), are allowed. A
// component that does not exist ends the check (the caller reports the missing path); where the
// link leads is never said. Cost: one lstat per component of the cleaned name.
func CheckArg(name string) error {
	clean := filepath.Clean(name)
	vol := filepath.VolumeName(clean)
	rest := clean[len(vol):]
	prefix := vol
	sep := string(filepath.Separator)
	if strings.HasPrefix(rest, sep) {
		prefix += sep
		rest = rest[1:]
	}
	for _, part := range strings.Split(rest, sep) {
		if part == "" || part == "." {
			continue
		}
		prefix = filepath.Join(prefix, part)
		if part == ".." {
			continue
		}
		st, err := os.Lstat(prefix)
		if err != nil {
			return nil
		}
		if st.Mode()&os.ModeSymlink == 0 {
			continue
		}
		target, err := os.Stat(prefix)
		if err != nil || !target.IsDir() {
			continue // a file link is judged by its reader; a dangling one is reported missing
		}
		if !linkStaysInside(prefix) {
			return &Error{Path: name, Code: CodeOutside, Msg: "passes through a symbolic link to a folder that leads outside the folder it lies in: refused"}
		}
	}
	return nil
}

// linkStaysInside reports whether the symbolic link link (to a folder) resolves inside its own
// parent folder, both resolved absolute; false when either cannot be resolved.
func linkStaysInside(link string) bool {
	abs, err := filepath.Abs(link)
	if err != nil {
		return false
	}
	parent, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return false
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return false
	}
	return Within(parent, real)
}
