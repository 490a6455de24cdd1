package compiler

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/nesting"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Bounds on hostile input (issue 3, item 6).
const (
	// MaxFileSize is the largest scenario file sortie reads, in bytes (4 MiB); larger is L004.
	MaxFileSize = 4 << 20
	// MaxDepth bounds nesting: brackets and braces ({[( ) ] }), in CUE also chains of labels on
	// one line (a: b: c: 1), in YAML also block levels; deeper is L005 (TooDeep).
	MaxDepth = nesting.MaxDepth
)

// readBounded reads a scenario file of at most MaxFileSize bytes. refused is a message when the
// file is too large (it is not read further). A file that resolves (through symbolic links)
// outside dir is an error: sortie never reads a file outside the scenario's folder.
func readBounded(abs, dir string) (data []byte, refused string, err error) {
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, "", err
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, "", err
	}
	if !within(realDir, real) {
		return nil, "", fmt.Errorf("resolves outside the scenario's folder: refused (L018)") // where it leads is not said
	}
	// A pipe or a device would block the read or never end: only regular files are read.
	if st, err := os.Stat(real); err != nil {
		return nil, "", err
	} else if !st.Mode().IsRegular() {
		what := "not a regular file"
		switch t := st.Mode().Type(); {
		case t&os.ModeNamedPipe != 0:
			what = "a named pipe, not a file"
		case t&os.ModeSocket != 0:
			what = "a socket, not a file"
		case t&os.ModeDevice != 0:
			what = "a device, not a file"
		}
		return nil, "", fmt.Errorf("%s: refused", what)
	}
	// Opened without blocking and checked again: a file swapped for a pipe since the stat (an
	// editor's folder changes under the language server) is refused, never waited on.
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, "", err
	} else if !st.Mode().IsRegular() {
		return nil, "", fmt.Errorf("not a regular file: refused")
	}
	// One buffer of the size the open file states (and room to see its end), as os.ReadFile
	// makes: io.ReadAll's buffer, grown from 512 bytes, took about nine reads and as many copies
	// for a 6 KB scenario (issue 29, item 3). A file that grew since is still read to its end
	// (ReadFrom grows the buffer), within the bound.
	var buf bytes.Buffer
	buf.Grow(int(min(max(st.Size(), 0), MaxFileSize)) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxFileSize+1)); err != nil {
		return nil, "", err
	}
	data = buf.Bytes()
	if len(data) > MaxFileSize {
		return nil, fmt.Sprintf("file larger than %d bytes (4 MiB): refused", MaxFileSize), nil
	}
	return safeio.TrimBOM(data), "", nil
}

// TooDeep reports the first place in a file that nests deeper than MaxDepth, before a recursive
// parser sees it: the 1-based line and (byte) column of the bracket, label or YAML entry too deep.
// kind is "cue", "yaml" or "json" (as the file's extension: .cue, .yaml or .yml, .json); vet
// refuses such a file with L005, and sortie fmt refuses the same files by this scan (package
// nesting: linear, never recursive).
func TooDeep(kind string, data []byte) (line, col int, deep bool) {
	return nesting.TooDeep(kind, data)
}

// hostileCUE refuses @embed (L006) and imports that reach outside the scenario's folder (L007) in
// a parsed CUE file. It reports false when the file is refused.
func hostileCUE(f *ast.File, dir string, nm *namer, list *diag.List) bool {
	ok := true
	ast.Walk(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Attribute:
			name, body := n.Split()
			if name == "embed" || name == "extern" && strings.Contains(body, "embed") {
				ok = false
				list.Add(diag.Errorf(nm.pos(n.Pos()), codeEmbed, "@%s reads files by itself: refused", name).
					WithHint("put the data in a .cue, .yaml or .json file of the scenario"))
			}
		case *ast.ImportSpec:
			p, err := strconv.Unquote(n.Path.Value)
			if err != nil {
				return false
			}
			if strings.HasPrefix(p, libraryDomain) && !libraryImport(p) {
				ok = false
				list.Add(diag.Errorf(nm.pos(n.Pos()), codeImportOutside, "import %q: sortie has no such library", p).
					WithHint("sortie's libraries: %s", libraryList()))
			} else if outsideImport(p, dir) {
				ok = false
				list.Add(diag.Errorf(nm.pos(n.Pos()), codeImportOutside, "import %q reaches outside the scenario's folder: refused", p).
					WithHint("keep the scenario self-contained in its folder"))
			}
			return false
		}
		return true
	}, nil)
	return ok
}

// outsideImport reports whether an import path leaves the scenario's folder: a relative or
// absolute file path, or ".." anywhere. Module imports (example.com/x) are left to the loader,
// which resolves them only inside the scenario's cue.mod (CUE_REGISTRY=none) or fails with L003.
func outsideImport(p, dir string) bool {
	if libraryImport(p) {
		return false // read from the binary (library.go)
	}
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".") || filepath.IsAbs(p) {
		return true
	}
	for _, seg := range strings.Split(path.Clean(p), "/") {
		if seg == ".." {
			return true
		}
	}
	// A module import resolved through a cue.mod above the scenario's folder would read files
	// outside it: refuse unless the folder has its own cue.mod.
	first, _, _ := strings.Cut(p, "/")
	if _, err := os.Stat(filepath.Join(dir, "cue.mod")); err != nil {
		return strings.Contains(first, ".")
	}
	return false
}
