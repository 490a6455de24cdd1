package compiler

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/safeio"
	samples "github.com/sortie-rpg/sortie/scenarios/pathfinder"
)

// The libraries sortie ships: CUE packages a scenario may import by a reserved path, read from the
// binary (never from disk), so that a scenario stays self-contained in its folder (L007). Today one:
// the published sample armies of Pathfinder mass combat (scenarios/pathfinder/armies.cue).

// libraries maps each reserved import path to its package's source.
var libraries = map[string][]byte{samples.ImportPath: samples.Source}

// libraryDomain starts the import path of every library sortie ships.
const libraryDomain = "sortie.dev/"

// libraryList names the libraries' import paths, quoted and sorted, for messages.
func libraryList() string {
	var q []string
	for p := range libraries {
		q = append(q, strconv.Quote(p))
	}
	sort.Strings(q)
	return strings.Join(q, ", ")
}

// libraryNames are the top-level names of every library (samples.goblinArmy ...), for a
// did-you-mean hint; read once from the sources: each is a line "name: {".
var libraryNames = sync.OnceValue(func() []string {
	var names []string
	for _, src := range libraries {
		for _, line := range strings.Split(string(src), "\n") {
			if name, rest, ok := strings.Cut(line, ": "); ok && strings.HasPrefix(rest, "{") && name != "" && !strings.ContainsAny(name, " \t/#\"") {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	return names
})

// libraryImport reports whether p is the import path of a library sortie ships.
func libraryImport(p string) bool {
	_, ok := libraries[p]
	return ok
}

// addLibraries puts the libraries that the files import into the load overlay: each under the
// scenario folder's cue.mod/pkg/<path>/ (CUE's place for vendored packages), and a cue.mod/module.cue
// when the folder has none of its own (an overlay entry would replace a real file).
func addLibraries(overlay map[string]load.Source, dir string, files []*ast.File) {
	used := false
	for _, f := range files {
		for imp := range f.ImportSpecs() {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil || !libraryImport(p) {
				continue
			}
			used = true
			name := filepath.Join(dir, "cue.mod", "pkg", filepath.FromSlash(p), filepath.Base(p)+".cue")
			overlay[name] = load.FromBytes(libraries[p])
		}
	}
	if !used {
		return
	}
	mod := filepath.Join(dir, "cue.mod", "module.cue")
	if _, err := os.Stat(mod); err != nil {
		overlay[mod] = load.FromString("module: \"sortie.local/scenario\"\nlanguage: version: \"v0.9.0\"\n")
	}
}

// LibraryOverlay is the load overlay that makes the libraries the CUE files among files import
// resolve from the binary when a caller other than the compiler loads them with cue/load (the
// tests and expect lists, runner/expect). files are a unit's files, absolute or relative to
// workDir; keys are absolute paths under the first file's folder's cue.mod, which the caller uses
// as the load's module root. Files that are not CUE, or that do not parse, add nothing (the
// compiler has reported them). No library imported: an empty map.
func LibraryOverlay(files []string, workDir string) map[string]load.Source {
	overlay := map[string]load.Source{}
	var parsed []*ast.File
	dir := ""
	for i, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(workDir, f)
		}
		if i == 0 {
			dir = filepath.Dir(filepath.Clean(f))
		}
		if filepath.Ext(f) != ".cue" {
			continue
		}
		data, err := safeio.ReadFile(f, MaxFileSize)
		if err != nil {
			continue
		}
		if af, err := parser.ParseFile(f, data, parser.ImportsOnly); err == nil {
			parsed = append(parsed, af)
		}
	}
	if dir != "" {
		addLibraries(overlay, dir, parsed)
	}
	return overlay
}
