package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/fix"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// vet --fix and --diff: the findings that say what to write (compiler/fix: a did-you-mean, a
// YAML number with a leading zero, a quoted bool or number) are corrected in the files, the
// same fixes the language server offers as quick fixes. Nothing is written without --fix; with
// --diff nothing is written at all.

// maxFixRounds bounds the rounds of vet --fix: a fix can uncover another (a quoted "01" where a
// number is wanted is then S002, fixed in the next round), and a round whose fixes change
// nothing ends it.
const maxFixRounds = 4

// fixed is the outcome of fixing: the files' texts before and after (absolute names), the
// findings fixed in each, and the findings of the fixed texts.
type fixed struct {
	before, after map[string][]byte
	count         map[string]int
	list          diag.List
	scenarios     []compiler.ScenarioFiles
}

// vetFix vets paths, applies each fixable finding's preferred fix to its file's text (in
// memory: the next round vets the fixed texts through opts.Overlay) until no fix is left or
// maxFixRounds, and returns the texts and the last round's findings. It reads each file once,
// through compiler/safeio, bounded by compiler.MaxFileSize; it writes nothing.
func vetFix(paths []string, opts compiler.Options) (*fixed, error) {
	wd := opts.WorkDir
	if wd == "" {
		wd = "."
	}
	f := &fixed{before: map[string][]byte{}, after: map[string][]byte{}, count: map[string]int{}}
	for round := 0; ; round++ {
		if len(f.after) > 0 {
			opts.Overlay = f.after
		}
		list, scenarios, err := compiler.VetScenarios(paths, opts)
		if err != nil {
			return nil, err
		}
		f.list, f.scenarios = list, scenarios
		if round == maxFixRounds {
			return f, nil
		}
		byFile := map[string]diag.List{}
		for _, d := range list {
			abs, err := filepath.Abs(filepath.Join(wd, d.Pos.File))
			if filepath.IsAbs(d.Pos.File) {
				abs, err = filepath.Clean(d.Pos.File), nil
			}
			if err == nil && d.Pos.Line > 0 {
				byFile[abs] = append(byFile[abs], d)
			}
		}
		names := make([]string, 0, len(byFile))
		for n := range byFile {
			names = append(names, n)
		}
		sort.Strings(names)
		changed := false
		for _, name := range names {
			kind := compiler.FileKind(name)
			if kind == "" {
				continue
			}
			src, ok := f.after[name]
			if !ok {
				if src, err = safeio.ReadNamed(name, compiler.MaxFileSize); err != nil {
					continue // a file the gate refuses is reported by vet already
				}
			}
			out, n := fix.Apply(src, kind, byFile[name])
			if n == 0 || bytes.Equal(out, src) {
				continue
			}
			if _, ok := f.before[name]; !ok {
				f.before[name] = src
			}
			f.after[name] = out
			f.count[name] += n
			changed = true
		}
		if !changed {
			return f, nil
		}
	}
}

// files returns the names of the files fixing changes, in order.
func (f *fixed) files() []string {
	var out []string
	for name, after := range f.after {
		if !bytes.Equal(after, f.before[name]) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// writeFixes rewrites each changed file atomically, keeping its mode (replaceFile, as sortie fmt
// does: a read-only file, a pipe or a device is refused), and says on e.stderr what it fixed.
func (e *env) writeFixes(f *fixed) error {
	for _, name := range f.files() {
		if err := replaceFile(name, f.after[name]); err != nil {
			return failf(exitUsage, "cannot write %s: %v", esc.Text(name), err)
		}
		fmt.Fprintf(e.stderr, "sortie: %s: fixed %s\n", esc.Text(displayRel(name)), words.Count(f.count[name], "finding"))
	}
	return nil
}

// writeFixDiff prints what --fix would change, a unified diff per file (as fmt --diff: "--- FILE.orig",
// "+++ FILE"); it reports whether there was any.
func (e *env) writeFixDiff(f *fixed) bool {
	names := f.files()
	for _, name := range names {
		n := esc.Text(displayRel(name))
		e.stdout.Write([]byte(esc.Lines(string(diff.Diff(n+".orig", f.before[name], n, f.after[name])))))
	}
	return len(names) > 0
}

// displayRel names a file relative to the working folder when it is inside it.
func displayRel(abs string) string {
	if wd, err := filepath.Abs("."); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !filepath.IsAbs(rel) && len(rel) > 0 && rel[0] != '.' {
			return rel
		}
	}
	return abs
}
