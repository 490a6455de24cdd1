package format

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Kind returns "cue" or "yaml" for a file name sortie fmt formats, "" for any other.
func Kind(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".cue":
		return "cue"
	case ".yaml", ".yml":
		return "yaml"
	}
	return ""
}

// Source formats src by the kind of filename (see Kind): CUE or YAML. A file over the compiler's
// bounds is refused (L004 size, L005 nesting, bounds.go); any other kind is an error the caller
// should have avoided; it comes back as N001.
func Source(filename string, src []byte) ([]byte, diag.List) {
	if safeio.HasBOM(src) {
		// Formatted past it and kept: the author's editor wrote it.
		out, list := Source(filename, safeio.TrimBOM(src))
		if out != nil {
			out = append(append([]byte(nil), src[:3]...), out...)
		}
		return out, list
	}
	if list := bounded(filename, Kind(filename), src); list != nil {
		return nil, list
	}
	var once func(string, []byte) ([]byte, diag.List)
	switch Kind(filename) {
	case "cue":
		once = CUE
	case "yaml":
		once = YAML
	default:
		return nil, diag.List{diag.Errorf(diag.Pos{File: filename}, CodeUnchanged, "not a CUE or YAML file")}
	}
	return settled(filename, src, once)
}

// settleMax is how many passes settled makes before it gives up on a file.
const settleMax = 4

// settled formats src until a pass changes nothing, so that sortie fmt on its own output never
// changes it again (yaml.v3's encoder, for one, writes "{0: 0,}" for a flow mapping carrying the
// comment below it, which the next pass reads as the document's). Each pass checks its result
// against its input (same data, same comments), so the last holds what src held. A file that has
// not settled after settleMax passes, or whose formatted text a further pass refuses, is left
// alone (N001).
func settled(filename string, src []byte, once func(string, []byte) ([]byte, diag.List)) ([]byte, diag.List) {
	out, list := once(filename, src)
	for range settleMax - 1 {
		if list != nil || out == nil {
			return out, list
		}
		again, more := once(filename, out)
		if more != nil {
			break // its own output refused: leave the file alone
		}
		if bytes.Equal(again, out) {
			return out, nil
		}
		out = again
	}
	return nil, diag.List{diag.Errorf(diag.Pos{File: filename, Line: 1, Column: 1}, CodeUnchanged, "formatting does not settle: each pass changes the file again; the file is left as it is").
		WithHint("see sortie explain N001")}
}

// Files expands paths into the files to format, each once, in order: a file named directly (it
// must be .cue, .yaml or .yml), and for a directory or a pattern "dir/..." the CUE and YAML files
// of dir and of every folder below it, in lexical order, skipping hidden files and folders, names
// starting with '_', cue.mod and testdata (as the go command does). A directory is dir/... (issue
// 20: a campaign's folder holds its scenarios' folders, and they are formatted with it). The error is for a path that does not exist or names a file of another type.
func Files(paths []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, p := range paths {
		// A folder link leading out of its folder is refused (L018) before anything is read or
		// rewritten through it (issue 28, B1: `sortie fmt scenarios/*`).
		if err := compiler.EmptyPath(p); err != nil {
			return nil, err
		}
		if err := safeio.CheckArg(p); err != nil {
			return nil, err
		}
		root := ""
		if rest, ok := strings.CutSuffix(filepath.ToSlash(p), "..."); ok && (rest == "" || strings.HasSuffix(rest, "/")) {
			root = filepath.FromSlash(rest)
			if root == "" {
				root = "."
			}
			if st, err := os.Stat(root); err != nil || !st.IsDir() {
				return nil, fmt.Errorf("%s: no such folder", p)
			}
		} else if st, err := os.Stat(p); err == nil && st.IsDir() {
			root = p
		}
		if root != "" {
			var found []string
			err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if path != root && skipped(d.Name()) {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if !d.IsDir() && d.Type().IsRegular() && Kind(path) != "" {
					found = append(found, path)
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
			sort.Strings(found)
			for _, f := range found {
				add(f)
			}
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			if os.IsNotExist(err) {
				return nil, fmt.Errorf("%s: no such file or folder", p)
			}
			return nil, err
		}
		if st.IsDir() || Kind(p) == "" {
			return nil, fmt.Errorf("%s: not a CUE or YAML file (want .cue, .yaml or .yml)", p)
		}
		add(p)
	}
	return out, nil
}

func skipped(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "cue.mod" || name == "testdata"
}
