package compiler

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Bounds on hostile input (issue 3, item 6).
const (
	// MaxFileSize is the largest scenario file sortie reads, in bytes (4 MiB); larger is L004.
	MaxFileSize = 4 << 20
	// maxDepth bounds the nesting of brackets and braces ({[( ) ] }); deeper is L005.
	maxDepth = 100
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
		return nil, "", fmt.Errorf("resolves outside the scenario's folder (to %s): refused", real)
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	data, err = io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, "", err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Sprintf("file larger than %d bytes (4 MiB): refused", MaxFileSize), nil
	}
	return data, "", nil
}

// tooDeep scans for brackets nested deeper than maxDepth, outside strings and comments (a rough
// scan: it exists to refuse pathological files before a recursive parser sees them). It returns
// the 1-based position of the first bracket too deep.
func tooDeep(data []byte) (line, col int, deep bool) {
	depth := 0
	line, col = 1, 0
	inStr, inComment := byte(0), false
	for i := 0; i < len(data); i++ {
		c := data[i]
		col++
		if c == '\n' {
			line, col, inComment = line+1, 0, false
			continue
		}
		switch {
		case inComment:
		case inStr != 0:
			if c == '\\' {
				i++
				col++
			} else if c == inStr {
				inStr = 0
			}
		case c == '"' || c == '\'':
			inStr = c
		case c == '/' && i+1 < len(data) && data[i+1] == '/', c == '#':
			inComment = true
		case c == '{' || c == '[' || c == '(':
			depth++
			if depth > maxDepth {
				return line, col, true
			}
		case c == '}' || c == ']' || c == ')':
			depth--
		}
	}
	return 0, 0, false
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
			if outsideImport(p, dir) {
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
