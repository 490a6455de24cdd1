package compiler

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/encoding/json"
	"cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// unit is one scenario to load: files of one CUE package and/or data files, unified.
type unit struct {
	dir   string   // absolute scenario directory: Sources and SourceHash are relative to it
	files []string // absolute file names, in the order they are loaded
}

// source is one loaded file.
type source struct {
	abs  string
	rel  string // slash-separated, relative to unit.dir
	data []byte
	kind string // "cue", "yaml" or "json"
}

// fileKind classifies a file name by extension: "cue", "yaml", "json" or "" (not a scenario file).
func fileKind(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".cue":
		return "cue"
	case ".yaml", ".yml":
		return "yaml"
	case ".json":
		return "json"
	}
	return ""
}

// ignored reports whether a file is never loaded: tool scripts (never run) and files whose names
// start with '.' or '_' (as CUE and Go ignore them).
func ignored(name string) bool {
	base := filepath.Base(name)
	return strings.HasSuffix(base, "_tool.cue") || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")
}

// collectUnits resolves the command-line paths: each directory is a scenario of its own; all files
// named directly make up one scenario together. It fails (an I/O or usage error) on a missing path,
// an unreadable directory, a file of an unknown type or when no scenario file is found.
func collectUnits(paths []string, workDir string) ([]unit, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no scenario path given")
	}
	var units []unit
	var loose []string
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(workDir, p)
		}
		abs = filepath.Clean(abs)
		if rest, ok := strings.CutSuffix(filepath.ToSlash(p), "..."); ok && (rest == "" || strings.HasSuffix(rest, "/")) {
			base := filepath.FromSlash(rest)
			if !filepath.IsAbs(base) {
				base = filepath.Join(workDir, base)
			}
			found, err := walkUnits(p, base)
			if err != nil {
				return nil, err
			}
			units = append(units, found...)
			continue
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, pathError(p, err)
		}
		if st.IsDir() {
			u, err := dirUnit(p, abs)
			if err != nil {
				return nil, err
			}
			units = append(units, u)
			continue
		}
		if fileKind(abs) == "" {
			return nil, fmt.Errorf("%s: not a scenario file (want .cue, .yaml, .yml or .json)", p)
		}
		if ignored(abs) {
			continue // e.g. x_tool.cue: never loaded, never run
		}
		if !containsString(loose, abs) {
			loose = append(loose, abs)
		}
	}
	if len(loose) > 0 {
		units = append(units, unit{dir: commonDir(loose), files: loose})
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("no scenario files found in %s", strings.Join(paths, " "))
	}
	return units, nil
}

// walkUnits resolves a "dir/..." pattern: every directory under dir (dir included) that holds
// .cue files is a scenario; in a directory without .cue files, each YAML or JSON file that says
// kind: scenario is one. Hidden directories (".git"), directories starting with '_' and cue.mod
// are skipped, and symbolic links are not followed. Directories are visited in lexical order.
// Campaign files (kind: "campaign", see VetCampaign) are not scenarios and are left out.
func walkUnits(pattern, root string) ([]unit, error) {
	root = filepath.Clean(root)
	if st, err := os.Stat(root); err != nil {
		return nil, pathError(pattern, err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a directory", pattern)
	}
	var units []unit
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return pathError(path, err)
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "cue.mod") {
			return filepath.SkipDir
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return pathError(path, err)
		}
		var cueFiles, data []string
		for _, e := range entries {
			if ignored(e.Name()) || !(e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0) {
				continue
			}
			// A symbolic link is listed like a file, so that the loader refuses it exactly as
			// when the directory is named (it may lead outside the scenario's folder).
			switch fileKind(e.Name()) {
			case "cue":
				if f := filepath.Join(path, e.Name()); !IsCampaign(f) {
					cueFiles = append(cueFiles, f)
				}
			case "yaml", "json":
				data = append(data, filepath.Join(path, e.Name()))
			}
		}
		if len(cueFiles) > 0 {
			// Only a CUE package that says kind: at its top level is a scenario (or campaign,
			// battle); other CUE packages in the tree (a schema, a library) are not vetted.
			if anyMatch(cueFiles, reTopKind) {
				units = append(units, unit{dir: path, files: cueFiles})
			}
			return nil
		}
		for _, f := range data {
			if sniffScenario(f) {
				units = append(units, unit{dir: path, files: []string{f}})
			}
		}
		return nil
	})
	return units, err
}

// reTopKind finds a top-level kind field in a CUE file (gofmt'd CUE puts it at column 1).
var reTopKind = regexp.MustCompile(`(?m)^"?kind"?\s*:`)

// anyMatch reports whether the first 64 KiB of any of the files match re. A file that cannot be
// read counts as a match, so that the loader reports the problem.
func anyMatch(files []string, re *regexp.Regexp) bool {
	for _, name := range files {
		if sniff(name, re) {
			return true
		}
	}
	return false
}

// reKindScenario finds a top-level kind: scenario in YAML or JSON.
var reKindScenario = regexp.MustCompile(`(?m)^\s*"?kind"?\s*:\s*"?scenario\b`)

// sniffScenario reports whether a data file looks like a scenario (its first 64 KiB say kind:
// scenario): scripts and other YAML beside scenarios are not vetted by a pattern.
func sniffScenario(name string) bool { return sniff(name, reKindScenario) }

func sniff(name string, re *regexp.Regexp) bool {
	f, err := os.Open(name)
	if err != nil {
		return true // let the loader report the problem
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, buf)
	return re.Match(buf[:n])
}

// dirUnit lists a scenario directory: all its .cue files (one package), or else its single YAML or
// JSON file. Subdirectories are not searched.
func dirUnit(name, abs string) (unit, error) {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return unit{}, pathError(name, err)
	}
	var cueFiles, data []string
	for _, e := range entries {
		if e.IsDir() || ignored(e.Name()) {
			continue
		}
		switch fileKind(e.Name()) {
		case "cue":
			cueFiles = append(cueFiles, filepath.Join(abs, e.Name()))
		case "yaml", "json":
			data = append(data, filepath.Join(abs, e.Name()))
		}
	}
	switch {
	case len(cueFiles) > 0:
		return unit{dir: abs, files: cueFiles}, nil
	case len(data) == 1:
		return unit{dir: abs, files: data}, nil
	case len(data) > 1:
		return unit{}, fmt.Errorf("%s: no .cue files and %d YAML/JSON files: name the scenario file", name, len(data))
	}
	return unit{}, fmt.Errorf("%s: no scenario files (.cue, .yaml, .yml, .json) in the directory", name)
}

func pathError(name string, err error) error {
	switch {
	case os.IsNotExist(err):
		return fmt.Errorf("%s: no such file or directory", name)
	case os.IsPermission(err):
		return fmt.Errorf("%s: permission denied", name)
	}
	return fmt.Errorf("%s: %v", name, err)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// commonDir is the deepest directory that holds all files.
func commonDir(files []string) string {
	dir := filepath.Dir(files[0])
	for _, f := range files[1:] {
		for !within(dir, f) {
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return dir
}

func within(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// loaded is the result of loading a unit.
type loaded struct {
	sources []source
	user    cue.Value   // the author's value, without the schema
	ok      bool        // user is usable (no syntax or load error)
	cue     []*ast.File // the CUE files, parsed
	data    []*ast.File // the YAML and JSON files as CUE syntax
}

// loadUnit reads, parses and builds a unit in ctx. Syntax errors give L001, other load and build
// errors L003; then ok is false. The error return is for I/O problems only.
func loadUnit(ctx *cue.Context, u unit, nm *namer, list *diag.List) (loaded, error) {
	var res loaded
	overlay := map[string]load.Source{}
	var cueArgs []string
	var dataFiles []*ast.File
	syntaxOK := true
	for _, abs := range u.files {
		data, refused, err := readBounded(abs, u.dir)
		if err != nil {
			return res, pathError(nm.display(abs), err)
		}
		if refused != "" {
			syntaxOK = false
			list.Add(diag.Errorf(diag.Pos{File: nm.display(abs), Line: 1, Column: 1}, codeFileTooBig, "%s", refused).
				WithHint("split the scenario over several files, or shrink it"))
			continue
		}
		if line, col, deep := tooDeep(data); deep {
			syntaxOK = false
			list.Add(diag.Errorf(diag.Pos{File: nm.display(abs), Line: line, Column: col}, codeTooDeep, "nesting deeper than %d levels", maxDepth).
				WithHint("flatten the structure; nothing else in this file was checked"))
			continue
		}
		rel, err := filepath.Rel(u.dir, abs)
		if err != nil {
			rel = filepath.Base(abs)
		}
		kind := fileKind(abs)
		res.sources = append(res.sources, source{abs: abs, rel: filepath.ToSlash(rel), data: data, kind: kind})
		var perr error
		switch kind {
		case "cue":
			// Syntax is checked here so that a syntax error is always L001 with its position; the
			// loader then reuses the parsed file (and so loads exactly the bytes that are hashed).
			if strings.ContainsRune(filepath.Base(abs), ':') {
				// The loader reads "path:name" as a package qualifier, so it cannot load this file.
				list.Add(diag.Errorf(diag.Pos{File: nm.display(abs)}, codeLoad, "the file name contains ':', which CUE reads as a package qualifier (dir:package)").
					WithHint("rename the file without ':'"))
				syntaxOK = false
				continue
			}
			var f *ast.File
			f, perr = parser.ParseFile(abs, data, parser.ParseComments)
			if perr == nil {
				if !hostileCUE(f, u.dir, nm, list) {
					syntaxOK = false
					continue
				}
				overlay[abs] = load.FromFile(f)
				cueArgs = append(cueArgs, abs)
				res.cue = append(res.cue, f)
			}
		case "yaml":
			var f *ast.File
			f, perr = yaml.Extract(abs, data)
			if perr == nil {
				dataFiles = append(dataFiles, f)
			}
		case "json":
			nm.json[abs] = data
			var x ast.Expr
			x, perr = json.Extract(abs, data)
			if perr == nil {
				dataFiles = append(dataFiles, exprFile(abs, x))
			}
		}
		if perr != nil {
			syntaxOK = false
			addCUEErrors(list, nm, perr, codeSyntax, abs, "fix the syntax; nothing else in this file was checked")
		}
	}
	sort.Slice(res.sources, func(i, j int) bool { return res.sources[i].rel < res.sources[j].rel })
	if !syntaxOK {
		return res, nil
	}

	var inst *build.Instance
	if len(cueArgs) > 0 {
		cfg := &load.Config{
			Dir: u.dir,
			// The module root is the scenario's folder: CUE must not look for a cue.mod above it,
			// which would read files outside the folder.
			ModuleRoot: u.dir,
			Env:        []string{"CUE_REGISTRY=none"}, // never reach for the network: a bad import fails at once
			Overlay:    overlay,
		}
		addLibraries(overlay, u.dir, res.cue) // sortie's own libraries (library.go)
		insts := load.Instances(cueArgs, cfg)
		if len(insts) != 1 {
			list.Add(diag.Errorf(diag.Pos{File: nm.display(cueArgs[0])}, codeLoad,
				"the files do not form one CUE package").
				WithHint("give every file of the scenario the same package clause"))
			return res, nil
		}
		inst = insts[0]
		if inst.Err != nil {
			hint := "keep the scenario self-contained: no imports outside its package"
			if strings.Contains(inst.Err.Error(), "found packages") {
				hint = "give every file of the scenario the same package clause"
			}
			addCUEErrors(list, nm, inst.Err, codeLoad, cueArgs[0], hint)
			return res, nil
		}
	} else {
		inst = build.NewContext().NewInstance(u.dir, nil)
	}
	res.data = dataFiles
	for _, f := range dataFiles {
		if err := inst.AddSyntax(f); err != nil {
			addCUEErrors(list, nm, err, codeLoad, f.Filename, "")
			return res, nil
		}
	}
	v := ctx.BuildInstance(inst)
	// Errors inside fields (conflicts, bad references) are reported with their paths by the schema
	// step; only a value that is an error as a whole stops here.
	if err := v.Err(); err != nil && !isStruct(v) {
		addCUEErrors(list, nm, err, codeLoad, u.files[0], "")
		return res, nil
	}
	res.user = v
	res.ok = true
	return res, nil
}

// exprFile wraps a JSON value as a CUE file: a top-level object becomes the file's fields.
func exprFile(name string, x ast.Expr) *ast.File {
	if s, ok := x.(*ast.StructLit); ok {
		return &ast.File{Filename: name, Decls: s.Elts}
	}
	return &ast.File{Filename: name, Decls: []ast.Decl{&ast.EmbedDecl{Expr: x}}}
}

// addCUEErrors adds one diagnostic per CUE error, at its first position in a user file (or the file
// fallback when it has none).
func addCUEErrors(list *diag.List, nm *namer, err error, code, fallback, hint string) {
	for _, e := range errors.Errors(err) {
		pos := diag.Pos{}
		for _, p := range errors.Positions(e) {
			if pos = nm.pos(p); pos.IsValid() {
				break
			}
		}
		// Error() keeps the cause of wrapped errors ("import failed: ...: imports are unavailable
		// ..."). Some decoders (YAML) put the position only in the text, as "file:line: ".
		msg := e.Error()
		if m := reLeadingPos.FindStringSubmatch(msg); m != nil && pos.Line == 0 {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			pos = diag.Pos{File: nm.display(m[1]), Line: line, Column: col}
		}
		if !pos.IsValid() {
			pos = diag.Pos{File: nm.display(fallback)}
		}
		msg = rePosPrefix.ReplaceAllString(msg, "")
		msg = reForFile.ReplaceAllString(msg, "")
		if p := strings.Join(e.Path(), "."); p != "" {
			msg = strings.TrimPrefix(msg, p+": ")
		}
		msg = lowerFirst(strings.TrimSpace(msg))
		if msg == "" {
			msg = "could not be loaded"
		}
		d := diag.Errorf(pos, code, "%s", msg)
		if hint != "" {
			d = d.WithHint("%s", hint)
		}
		list.Add(d)
	}
}

var (
	// reLeadingPos matches a message that starts with "file:line: " or "file:line:col: ".
	reLeadingPos = regexp.MustCompile(`^(\S+?):(\d+)(?::(\d+))?: `)
	// reForFile matches the file name the JSON decoder puts in its messages.
	reForFile = regexp.MustCompile(` for file "[^"]*"`)
)

// rePosPrefix matches a "file:line:col: " or "file:line: " inside an error message.
var rePosPrefix = regexp.MustCompile(`\S+:\d+(?::\d+)?: `)

// lowerFirst lowercases the first letter of a message (messages are lowercase).
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	if r[0] >= 'A' && r[0] <= 'Z' && (len(r) == 1 || !(r[1] >= 'A' && r[1] <= 'Z')) {
		r[0] += 'a' - 'A'
	}
	return string(r)
}
