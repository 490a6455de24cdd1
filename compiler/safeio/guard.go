package safeio

import (
	"os"
	"path/filepath"
	"strings"
)

// loadsAs is the loader's own classification (compiler registers it with SetLoader): whether a
// file named name holding data, in a scenario's folder, would be read as part of that scenario
// the next time the folder is loaded.
var loadsAs func(name string, data []byte) bool

// SetLoader registers the loader's classification of a file in a scenario folder (compiler
// does, at init). Without one, every new .yaml, .yml or .json file in an input folder counts as
// read (the safe side).
func SetLoader(f func(name string, data []byte) bool) { loadsAs = f }

// resolved is p made absolute and its symbolic links resolved (as far as p exists: a missing
// last element is joined to its resolved folder). Every path comparison of the guard goes
// through it (issue 28, B2: a relative input compared with an absolute target never matched).
func resolved(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r, nil
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, filepath.Base(abs)), nil
}

// inputFolderOf returns the input of sources whose folder a new file abs would be read from by
// the loader: the folder itself named as an input (or the folder of an input file), or any
// folder below a "dir/..." input (a walk reads them all); both sides absolute and resolved. ""
// when none.
func inputFolderOf(abs string, sources []string) string {
	dir, err := resolved(filepath.Dir(abs))
	if err != nil {
		return ""
	}
	for _, s := range sources {
		slashed := filepath.ToSlash(s)
		base, walk := strings.CutSuffix(slashed, "/...")
		if slashed == "..." {
			base, walk = ".", true
		}
		rs, err := resolved(filepath.FromSlash(base))
		if err != nil {
			continue
		}
		if st, err := os.Stat(rs); err != nil || !st.IsDir() {
			continue
		}
		if rs == dir || (walk && Within(rs, dir)) {
			return s
		}
	}
	return ""
}

// newSourceRefused says why a new file abs holding data (nil: not known yet, Check before the
// work) may not be created among the inputs sources: it lies in an input folder and the next
// load of that folder would read it as part of the scenario (issue 28, B2). A .cue file there is
// always read (its package's files are); a .yaml, .yml or .json file only when the loader's
// classification (SetLoader) says so of data, so a plan, a baseline, a save or a replay script
// written beside a scenario is allowed. "" when allowed.
func newSourceRefused(abs string, data []byte, sources []string) string {
	ext := strings.ToLower(filepath.Ext(abs))
	if !sourceExts[ext] {
		return ""
	}
	src := inputFolderOf(abs, sources)
	if src == "" {
		return ""
	}
	if ext != ".cue" {
		if data == nil || (loadsAs != nil && !loadsAs(abs, data)) {
			return ""
		}
	}
	return "a new " + ext + " file in the input folder " + src + " would be read as part of the scenario there; refused (write it elsewhere, or give it another extension)"
}
