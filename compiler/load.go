package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/encoding/json"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/nesting"
)

// unit is one scenario to load: files of one CUE package and/or data files, unified.
type unit struct {
	dir   string   // absolute scenario directory: Sources and SourceHash are relative to it
	files []string // absolute file names, in the order they are loaded
	// overlay holds contents that replace files on disk (Options.Overlay), by absolute name.
	overlay map[string][]byte
	// campaign: the unit is one campaign file (kind: "campaign"), vetted as a campaign
	// (VetCampaign) when it is vetted among scenarios and battles.
	campaign bool
}

// source is one loaded file.
type source struct {
	abs  string
	rel  string // slash-separated, relative to unit.dir
	data []byte
	kind string // "cue", "yaml" or "json"
}

// FileKind classifies a file name by extension: "cue", "yaml" (.yaml, .yml), "json" or "" (not a
// file sortie reads), as the loader does (the language server asks the same question).
func FileKind(name string) string { return fileKind(name) }

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

func pathError(name string, err error) error {
	switch {
	case os.IsNotExist(err):
		return fmt.Errorf("%s: no such file or directory", name)
	case os.IsPermission(err):
		return fmt.Errorf("%s: permission denied", name)
	}
	return fmt.Errorf("%s: %v", name, err)
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
	// bigs are the large struct literals of a unit made of one data file, left out of user (as
	// empty structs) to be evaluated in pieces by the schema checker (pieces.go).
	bigs []bigMap
}

// loadUnit reads, parses and builds a unit in ctx. Syntax errors give L001, other load and build
// errors L003; then ok is false. The error return is for I/O problems only. parsed, when not nil,
// is called with the CUE files once they are parsed, before anything is evaluated.
func loadUnit(ctx *cue.Context, u unit, nm *namer, list *diag.List, parsed func([]*ast.File)) (loaded, error) {
	var res loaded
	overlay := map[string]load.Source{}
	var cueArgs []string
	var dataFiles []*ast.File
	syntaxOK := true
	for _, abs := range u.files {
		data, refused, err := u.read(abs)
		if err != nil {
			return res, pathError(nm.display(abs), err)
		}
		if refused != "" {
			syntaxOK = false
			list.Add(diag.Errorf(diag.Pos{File: nm.display(abs), Line: 1, Column: 1}, codeFileTooBig, "%s", refused).
				WithHint("split the scenario over several files, or shrink it"))
			continue
		}
		if d, ok := UTF16(nm.display(abs), data); ok {
			syntaxOK = false
			list.Add(d)
			continue
		}
		if line, col, msg := nesting.Find(fileKind(abs), data); msg != "" {
			syntaxOK = false
			list.Add(diag.Errorf(diag.Pos{File: nm.display(abs), Line: line, Column: col}, codeTooDeep, "%s", msg).
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
			nm.yaml[nm.display(abs)] = data
			f, problems := extractYAML(abs, data)
			addYAMLProblems(list, nm, abs, problems)
			if f == nil || len(problems) > 0 {
				syntaxOK = false
				continue
			}
			dataFiles = append(dataFiles, f)
		case "json":
			nm.json[abs] = data
			var x ast.Expr
			x, perr = json.Extract(abs, data)
			if perr == nil {
				f := exprFile(abs, x)
				if dups := duplicateKeys(f, nm); len(dups) > 0 {
					list.Add(dups...)
					syntaxOK = false
					continue
				}
				dataFiles = append(dataFiles, f)
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
	if parsed != nil {
		parsed(res.cue)
	}

	var inst *build.Instance
	if len(cueArgs) > 0 {
		// A CUE module: check everything the loader could read under it first (confine.go).
		if _, err := os.Lstat(filepath.Join(u.dir, "cue.mod")); err == nil && !confineModule(u.dir, cueArgs, nm, list, overlay) {
			return res, nil
		}
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
	if chunking && len(cueArgs) == 0 && len(dataFiles) == 1 {
		if res.bigs = findBigMaps(dataFiles[0]); len(res.bigs) > 0 {
			dataFiles = []*ast.File{withoutMaps(dataFiles[0], res.bigs)}
		}
	}
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
//
// A syntax error (code L001) is reported once at a place: CUE's scanner and parser both report
// some faults ("illegal character NUL" and "illegal character U+0000" at one byte).
func addCUEErrors(list *diag.List, nm *namer, err error, code, fallback, hint string) {
	seen := map[diag.Pos]bool{}
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
		if m := reLeadingPos().FindStringSubmatch(msg); m != nil && pos.Line == 0 {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			pos = diag.Pos{File: nm.display(m[1]), Line: line, Column: col}
		}
		if !pos.IsValid() {
			pos = diag.Pos{File: nm.display(fallback)}
		}
		msg = rePosPrefix().ReplaceAllString(msg, "")
		msg = reForFile().ReplaceAllString(msg, "")
		if p := strings.Join(e.Path(), "."); p != "" {
			msg = strings.TrimPrefix(msg, p+": ")
		}
		msg = lowerFirst(strings.TrimSpace(msg))
		if msg == "" {
			msg = "could not be loaded"
		}
		if code == codeSyntax && pos.Line > 0 {
			if seen[pos] {
				continue
			}
			seen[pos] = true
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
	reLeadingPos = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\S+?):(\d+)(?::(\d+))?: `) })
	// reForFile matches the file name the JSON decoder puts in its messages.
	reForFile = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` for file "[^"]*"`) })
)

// rePosPrefix matches a "file:line:col: " or "file:line: " inside an error message.
var rePosPrefix = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\S+:\d+(?::\d+)?: `) })

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

// addYAMLProblems adds the findings of extractYAML.
func addYAMLProblems(list *diag.List, nm *namer, abs string, problems []yamlProblem) {
	for _, p := range problems {
		d := diag.Errorf(diag.Pos{File: nm.display(abs), Line: p.line, Column: p.col}, p.code, "%s", p.msg)
		if p.hint != "" {
			d = d.WithHint("%s", p.hint)
		}
		if p.related[0] > 0 {
			d.Related = []diag.Pos{{File: nm.display(abs), Line: p.related[0], Column: p.related[1]}}
		}
		list.Add(d)
	}
}

// duplicateKeys reports the keys given twice in one object of a JSON file (L013), at the second.
func duplicateKeys(f *ast.File, nm *namer) diag.List {
	var out diag.List
	var visit func(elts []ast.Decl)
	var expr func(x ast.Expr)
	visit = func(elts []ast.Decl) {
		first := map[string]ast.Label{}
		for _, d := range elts {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			name, _, err := ast.LabelName(fd.Label)
			if err == nil {
				if prev, dup := first[name]; dup {
					p := nm.pos(prev.Pos())
					dg := diag.Errorf(nm.pos(fd.Label.Pos()), codeDuplicateKey, "key %q is given twice in this object (first on line %d)", name, p.Line).
						WithHint("keep one of them; JSON readers silently keep one of the two")
					dg.Related = []diag.Pos{p}
					out.Add(dg)
				} else {
					first[name] = fd.Label
				}
			}
			expr(fd.Value)
		}
	}
	expr = func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.StructLit:
			visit(x.Elts)
		case *ast.ListLit:
			for _, e := range x.Elts {
				expr(e)
			}
		}
	}
	visit(f.Decls)
	return out
}

// UTF16 is the L001 finding at 1:1 of file for data that begins with a UTF-16 byte-order mark,
// little-endian (FF FE: what Windows PowerShell's > and Out-File write) or big-endian (FE FF):
// one finding that says so, instead of an "illegal UTF-8 encoding" at every other byte (a YAML
// parser would read it, but every position sortie gives is in UTF-8 bytes). ok is false for any
// other data. sortie fmt refuses the same files with it.
func UTF16(file string, data []byte) (d diag.Diagnostic, ok bool) {
	if !utf16BOM(data) {
		return d, false
	}
	return diag.Errorf(diag.Pos{File: file, Line: 1, Column: 1}, codeSyntax, "the file is UTF-16 (it begins with a UTF-16 byte-order mark); sortie reads UTF-8").
		WithHint("save the file as UTF-8 (PowerShell: Out-File -Encoding utf8 or Set-Content -Encoding utf8; an editor: save with encoding UTF-8)"), true
}

// utf16BOM reports whether data begins with a UTF-16 byte-order mark (FF FE or FE FF). Neither is
// valid UTF-8.
func utf16BOM(data []byte) bool {
	return len(data) >= 2 && (data[0] == 0xff && data[1] == 0xfe || data[0] == 0xfe && data[1] == 0xff)
}
