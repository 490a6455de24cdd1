package compiler

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Confinement of a scenario that is a CUE module (issue 28, the trust boundary). A scenario
// folder with a cue.mod is its module's root (loadUnit gives CUE no other): every package it
// imports, from the module's own folders or from cue.mod/pkg, gen and usr, is read by CUE's
// loader from under that root. Before the loader runs, confineModule checks the whole tree the
// loader could read, so that nothing it reads can lead outside or stall it:
//
//   - a symbolic link that resolves outside the root (cue.mod/pkg -> ~/elsewhere, pw.txt ->
//     ~/.ssh/id_ed25519) is L018, and the message does not say where it leads;
//   - a .cue file, or any file under cue.mod, that is a pipe, a device or a socket (directly or
//     through a link) is L017; one over MaxFileSize is L004;
//   - @embed and @extern(embed) in any .cue file of the tree are L006: embedding is refused
//     everywhere in the evaluated instance, imported packages included, not only in the
//     scenario's own files (simpler than confining each embed, and no scenario needs one).
//
// A finding refuses the scenario (nothing is loaded). The tree is bounded: past maxModuleEntries
// entries the scenario is refused with L018 too, rather than half checked.

// maxModuleEntries bounds the entries of a module tree that confineModule checks.
const maxModuleEntries = 20000

// confineModule checks the module tree under dir (the scenario's folder, which has a cue.mod)
// and reports false, with its findings in list, when the scenario must not be loaded. own are
// the scenario's own files, whose @embed hostileCUE has reported already. Every .cue file it
// checked is put into overlay under its path, so that CUE's loader evaluates the bytes that were
// checked, not what a writer racing sortie puts there afterwards.
func confineModule(dir string, own []string, nm *namer, list *diag.List, overlay map[string]load.Source) bool {
	root, err := safeio.NewRoot(dir)
	if err != nil {
		list.Add(diag.Errorf(diag.Pos{File: nm.display(dir)}, codeLoad, "%s", err.Error()))
		return false
	}
	skip := map[string]bool{}
	for _, f := range own {
		skip[f] = true
	}
	ok := true
	refuse := func(path, code, format string, args ...any) {
		ok = false
		list.Add(diag.Errorf(diag.Pos{File: nm.display(path), Line: 1, Column: 1}, code, format, args...).
			WithHint("keep every file a scenario's CUE reads inside its folder, as regular files"))
	}
	entries := 0
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			refuse(path, codeLoad, "cannot be read: refused")
			return nil
		}
		if entries++; entries > maxModuleEntries {
			refuse(dir, safeio.CodeOutside, "the module holds more than %d files and folders, too many to check: refused", maxModuleEntries)
			return filepath.SkipAll
		}
		if path == dir {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir // no package is imported from it, and a change cannot touch it
			}
			return nil
		}
		inMod := strings.HasPrefix(path, filepath.Join(dir, "cue.mod")+string(filepath.Separator))
		isCUE := fileKind(path) == "cue"
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			real, err := root.Resolve(path)
			if err != nil {
				if safeio.CodeOf(err) == safeio.CodeOutside {
					refuse(path, safeio.CodeOutside, "a symbolic link that resolves outside the scenario's folder: refused")
				} else if inMod || isCUE {
					refuse(path, codeLoad, "a symbolic link that leads nowhere: refused")
				}
				return nil
			}
			st, err := os.Stat(real)
			if err != nil {
				return nil
			}
			if st.IsDir() {
				return nil // its target is inside the tree, where the walk checks it
			}
			mode = st.Mode().Type()
		}
		if !(inMod || isCUE) {
			return nil
		}
		if mode&^fs.ModeSymlink != 0 {
			refuse(path, safeio.CodeNotRegular, "%s, not a regular file: refused", safeio.Kind(mode))
			return nil
		}
		if !isCUE || skip[path] {
			return nil
		}
		data, err := root.ReadFile(path, MaxFileSize)
		if err != nil {
			if c := safeio.CodeOf(err); c != "" {
				refuse(path, c, "%s", strings.TrimPrefix(err.Error(), path+": "+c+": "))
			}
			return nil
		}
		if line, col, name, found := embedAttr(data); found {
			ok = false
			list.Add(diag.Errorf(diag.Pos{File: nm.display(path), Line: line, Column: col}, codeEmbed,
				"@%s in a package the scenario's module holds: embedding is refused in every file the scenario's CUE reads", name).
				WithHint("put the data in a .cue, .yaml or .json file of the package"))
		}
		if _, set := overlay[path]; !set {
			overlay[path] = load.FromBytes(data)
		}
		return nil
	})
	if err != nil {
		refuse(dir, codeLoad, "cannot be read: %v", err)
	}
	return ok
}

// embedAttr finds the first @embed or @extern(...embed...) attribute in CUE source, by CUE's
// own scanner (so that strings and comments are what CUE makes of them): its line, column and
// name.
func embedAttr(data []byte) (line, col int, name string, found bool) {
	var sc scanner.Scanner
	f := token.NewFile("", -1, len(data))
	sc.Init(f, data, nil, scanner.DontInsertCommas)
	for {
		pos, tok, lit := sc.Scan()
		switch tok {
		case token.EOF:
			return 0, 0, "", false
		case token.ATTRIBUTE:
			n, body, _ := strings.Cut(strings.TrimPrefix(lit, "@"), "(")
			if n == "embed" || n == "extern" && strings.Contains(body, "embed") {
				p := f.Position(pos)
				return p.Line, p.Column, n, true
			}
		}
	}
}
