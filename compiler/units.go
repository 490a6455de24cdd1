package compiler

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Which files make up which scenario. A file that holds a complete document (a YAML or JSON
// file with a top-level kind) is a scenario of its own; the CUE files of one package in one
// folder are one scenario, as CUE loads them; a YAML or JSON file without kind is part of the
// CUE package named beside it in its folder (else a scenario of its own, which then lacks its
// kind). A script, a plan, a save or a baseline named among scenarios is not vetted: it gets a
// one-line note (L015) saying what it is, so that a hook that passes every changed file does not
// fail on them.

// dataClass is what a YAML or JSON file holds, judged from its top level.
type dataClass struct {
	kind string // the top-level kind ("scenario", "battle", "campaign", ...), or ""
	role string // without kind: "script", "campaign script", "battle script", "plan", "save", "campaign save", "baseline", or "" (a part)
}

var (
	reYAMLKind = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^["']?kind["']?\s*:\s*["']?([A-Za-z_][A-Za-z0-9_-]*)["']?\s*(?:#.*)?$`)
	})
	reYAMLList   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)\A(?:\s*(?:#[^\n]*)?\n)*\s*(?:-\s|-$|\[)`) })
	reTopKind    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^"?kind"?\s*:`) }) // a top-level kind in a CUE file (gofmt'd CUE puts it at column 1)
	scriptFields = []string{"move", "roll", "pick", "battle", "night", "select", "prepare", "benefit", "tactic", "strategy", "target", "answer", "place", "protect", "cancel", "take", "traverse", "day", "unit", "solo", "action"}
)

// sniffLimit is how much of a file is read to judge what it is.
const sniffLimit = 64 << 10

// readHead reads the first sniffLimit bytes of a file (nil when it cannot be read: the loader
// reports the problem).
func readHead(name string) []byte {
	// Stat first: opening a named pipe would block.
	if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	// O_NONBLOCK: a file swapped for a pipe between the stat and the open does not block it
	// (issue 28); the opened file is checked again.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	size := int64(sniffLimit)
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	if st.Size() < size {
		size = st.Size() // most files are smaller than the limit: read them whole, no more
	}
	buf := make([]byte, size)
	n, _ := io.ReadFull(f, buf)
	return safeio.TrimBOM(buf[:n])
}

// classifyData judges a YAML or JSON file by its top level.
func classifyData(name string) dataClass { return classifyHead(name, readHead(name)) }

// classifyHead judges a YAML or JSON file by the start of its contents (nil: unreadable).
func classifyHead(name string, head []byte) dataClass {
	if head == nil {
		return dataClass{}
	}
	if fileKind(name) == "json" {
		return classifyJSON(head)
	}
	if m := reYAMLKind().FindSubmatch(head); m != nil {
		return dataClass{kind: string(m[1])}
	}
	if reYAMLList().Match(head) && looksLikeScript(head) {
		return dataClass{role: scriptRole(head)}
	}
	return dataClass{}
}

// looksLikeScript reports whether a list names decisions (move:, roll:, battle: ...).
func looksLikeScript(head []byte) bool {
	for _, f := range scriptFields {
		if regexp.MustCompile(`(?m)(^|[\s{,-])` + f + `\s*:`).Match(head) {
			return true
		}
	}
	return false
}

// packageOf returns the package clause of a CUE file from the start of its contents.
func packageOf(name string, head []byte) string {
	if head == nil {
		return ""
	}
	f, err := parser.ParseFile(name, head, parser.PackageClauseOnly)
	if err != nil {
		return ""
	}
	return f.PackageName()
}

// hasField reports whether head names key as a field (key: at a line start, after a space, a
// '{', a ',' or a '-').
func hasField(head []byte, key string) bool {
	return regexp.MustCompile(`(?m)(^|[\s{,-])"?` + key + `"?\s*:`).Match(head)
}

// scriptRole is which command plays a script (a list of decisions, looksLikeScript), judged by
// its fields: "battle script" for a battle's (When Armies Clash: {unit: ID, action: NAME} or
// {solo: ...}; Pathfinder: tactic: and strategy: with no day:), "campaign script" for a
// campaign's (select:, prepare:, benefit: or retry:, which only a campaign plays), else "script",
// a scenario's (sortie run).
func scriptRole(head []byte) string {
	switch {
	case hasField(head, "action") && (hasField(head, "unit") || hasField(head, "solo")):
		return "battle script"
	case hasField(head, "select") || hasField(head, "prepare") || hasField(head, "benefit") || hasField(head, "retry"):
		return "campaign script"
	case (hasField(head, "tactic") || hasField(head, "strategy")) && !hasField(head, "day"):
		return "battle script"
	}
	return "script"
}

// roleNote is the note (L015) for a script, plan, save or baseline named among scenarios: what
// the file is and the command that takes it, for its kind (a scenario's, a campaign's or a
// battle's script; a scenario's or a campaign's save). A plan is a scenario's (sortie compile
// writes no other); a battle is fought in one go, with no plan and no save.
func roleNote(nm *namer, abs, role string) diag.Diagnostic {
	what := map[string]string{
		"script":          "a scenario's script of decisions, not a scenario: not vetted (sortie run SCENARIO --script FILE plays it)",
		"campaign script": "a campaign's script of decisions, not a scenario: not vetted (sortie campaign run CAMPAIGN --script FILE plays it)",
		"battle script":   "a battle's script of decisions, not a battle: not vetted (sortie battle BATTLE --script FILE plays it)",
		"plan":            "a scenario's compiled plan (sortie compile's), not a scenario: not vetted (sortie run PLAN plays it)",
		"save":            "a save of a scenario's run (sortie run --save's), not a scenario: not vetted (sortie resume SAVE continues it)",
		"campaign save":   "a save of a campaign's run (sortie campaign run --save's), not a campaign: not vetted (sortie resume SAVE continues it)",
		"baseline":        "a baseline of findings, not a scenario: not vetted (sortie vet --baseline FILE reads it)",
	}[role]
	return diag.Diagnostic{Code: codeNotScenarioFile, Severity: diag.Info, Pos: diag.Pos{File: nm.display(abs)}, Message: what}
}

// UnitFiles resolves paths as vet and compile read them (collectUnits): files, a folder (its
// scenario, battle or campaign units, not the scripts beside them) or "dir/..."; it returns
// each unit's absolute file names in load order, units in the order found. workDir is where
// relative paths start ("" is the process's working directory). err is an I/O or usage error
// (a missing path, a folder with no unit).
func UnitFiles(paths []string, workDir string, overlay map[string][]byte) ([][]string, error) {
	if workDir == "" {
		var err error
		if workDir, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("working directory: %v", err)
		}
	}
	workDir, err := filepath.Abs(workDir)
	if err != nil {
		return nil, fmt.Errorf("working directory: %v", err)
	}
	units, _, err := collectUnits(paths, workDir, newNamer(workDir), false, false, overlay, nil)
	if err != nil {
		return nil, err
	}
	out := make([][]string, len(units))
	for i, u := range units {
		out[i] = slices.Clone(u.files)
	}
	return out, nil
}

// collectUnits resolves the command-line paths into scenarios (see the top of the file): files
// named directly by what they hold, a directory by its files, a "dir/..." pattern by walking.
// Notes for files that are not scenarios go to notes. It fails (an I/O or usage error) on a
// missing path, an unreadable directory, a file of an unknown type, or when no scenario is found.
// With packages, a CUE file stands for every CUE file of its package in its folder. A file of
// the overlay (Options.Overlay: an editor's buffer) is judged by its contents there and need not
// exist on disk. Files on disk are judged through sn (sniff.go; nil: each file is read).
//
// With tree (the commands that take many scenarios: vet, test), a directory is DIR/... always
// (issue 20): its own scenarios, then every one below it, so that a campaign's folder vets its
// scenarios' folders too. Without it (one scenario wanted: compile, run, battle), a directory
// whose own files say a kind is those files alone.
func collectUnits(paths []string, workDir string, nm *namer, packages, tree bool, overlay map[string][]byte, sn *sniffer) (units []unit, notes diag.List, err error) {
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("no scenario path given")
	}
	g := &grouper{nm: nm, index: map[string]int{}, packages: packages, overlay: overlay, sn: sn}
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(workDir, p)
		}
		// Where arguments become roots: a folder link leading out of its folder is refused
		// (L018) as a file link is (issue 28, B1: a glob names every link of a folder).
		if _, ok := overlay[abs]; !ok {
			if err := safeio.CheckArg(abs); err != nil {
				err.(*safeio.Error).Path = p
				return nil, nil, err
			}
		}
		abs = filepath.Clean(abs)
		if rest, ok := strings.CutSuffix(filepath.ToSlash(p), "..."); ok && (rest == "" || strings.HasSuffix(rest, "/")) {
			base := filepath.FromSlash(rest)
			if !filepath.IsAbs(base) {
				base = filepath.Join(workDir, base)
			}
			found, findings, err := walkUnits(p, base, nm, sn)
			if err != nil {
				return nil, nil, err
			}
			g.notes.Add(findings...)
			for _, u := range found {
				g.add(u)
			}
			continue
		}
		if _, ok := overlay[abs]; ok && fileKind(abs) != "" {
			if !ignored(abs) {
				g.file(abs)
			}
			continue
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, nil, pathError(p, err)
		}
		if st.IsDir() {
			found, findings, err := dirUnits(p, abs, nm, sn)
			if own := kinded(found, sn); !own || tree {
				// A folder of folders (scenarios/clash), or one whose own files say no kind
				// (scenarios/pathfinder: a library beside the scenarios' folders): what is below
				// it, as DIR/... (issue 20, B5), when there is something. With tree, below a
				// folder that has scenarios of its own too (a campaign beside its fields).
				if below, bf, berr := walkUnits(p, abs, nm, sn); berr == nil && len(below) > 0 {
					if own {
						// The walk sees the folder's own files again: g.add keeps each unit
						// once; a finding on them is dropped here.
						found, findings = append(found, below...), appendNew(findings, bf)
					} else {
						found, findings, err = below, bf, nil
					}
				}
			}
			if err != nil {
				return nil, nil, err
			}
			g.notes.Add(findings...)
			for _, u := range found {
				g.add(u)
			}
			continue
		}
		if fileKind(abs) == "" {
			return nil, nil, fmt.Errorf("%s: not a scenario file (want .cue, .yaml, .yml or .json)", p)
		}
		if ignored(abs) {
			continue // e.g. x_tool.cue: never loaded, never run
		}
		g.file(abs)
	}
	g.attachParts()
	g.units = splitCampaigns(g.units, g.campaign)
	if len(g.units) == 0 && len(g.notes) == 0 {
		return nil, nil, fmt.Errorf("no scenario files found in %s", strings.Join(paths, " "))
	}
	return g.units, g.notes, nil
}

// appendNew appends to list each finding of more that is not already in it (the same file,
// code and message).
func appendNew(list, more diag.List) diag.List {
	for _, d := range more {
		if !slices.ContainsFunc(list, func(o diag.Diagnostic) bool {
			return o.Pos == d.Pos && o.Code == d.Code && o.Message == d.Message
		}) {
			list = append(list, d)
		}
	}
	return list
}

// grouper gathers the files named directly into units, in the order they are first named.
type grouper struct {
	nm    *namer
	units []unit
	index map[string]int // unit by key: "cue:dir:package" for a package, the file for a document
	parts []string       // data files without kind, to attach to a package of their folder
	notes diag.List
	seen  map[string]bool
	// packages: a CUE file brings the other files of its package in its folder.
	packages bool
	overlay  map[string][]byte // contents that stand in for files (Options.Overlay)
	sn       *sniffer          // judges files on disk (nil: reads each)
}

// overlaid returns the start of a file's contents in the overlay, if it has the file.
func (g *grouper) overlaid(abs string) ([]byte, bool) {
	data, ok := g.overlay[abs]
	return data[:min(len(data), sniffLimit)], ok
}

// pkg is the package clause of a CUE file, judged from the overlay's contents when it has them.
func (g *grouper) pkg(abs string) string {
	if head, ok := g.overlaid(abs); ok {
		return packageOf(abs, head)
	}
	return g.sn.pkg(abs)
}

// classify judges a YAML or JSON file as classifyHead, from the overlay's contents when it has
// them.
func (g *grouper) classify(abs string) dataClass {
	if head, ok := g.overlaid(abs); ok {
		return classifyHead(abs, head)
	}
	return g.sn.classify(abs)
}

// campaign reports whether a CUE file is a campaign (isCampaignHead), judged from the
// overlay's contents when it has them.
func (g *grouper) campaign(abs string) bool {
	if head, ok := g.overlaid(abs); ok {
		return isCampaignHead(abs, head)
	}
	return g.sn.campaign(abs)
}

func (g *grouper) add(u unit) {
	key := "unit:" + u.dir + ":" + strings.Join(u.files, ":")
	if _, dup := g.index[key]; dup {
		return
	}
	g.index[key] = len(g.units)
	g.units = append(g.units, u)
}

func (g *grouper) file(abs string) {
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	if g.seen[abs] {
		return
	}
	g.seen[abs] = true
	if fileKind(abs) == "cue" {
		pkg := g.pkg(abs)
		key := "cue:" + filepath.Dir(abs) + ":" + pkg
		if i, ok := g.index[key]; ok {
			g.units[i].files = append(g.units[i].files, abs)
			return
		}
		g.index[key] = len(g.units)
		g.units = append(g.units, unit{dir: filepath.Dir(abs), files: []string{abs}})
		if g.packages && pkg != "" {
			entries, _ := os.ReadDir(filepath.Dir(abs))
			for _, e := range entries {
				f := filepath.Join(filepath.Dir(abs), e.Name())
				if e.Type().IsRegular() && fileKind(f) == "cue" && !ignored(f) && !g.seen[f] && g.pkg(f) == pkg {
					g.seen[f] = true
					g.units[len(g.units)-1].files = append(g.units[len(g.units)-1].files, f)
				}
			}
		}
		return
	}
	c := g.classify(abs)
	switch {
	case c.kind != "":
		g.add(unit{dir: filepath.Dir(abs), files: []string{abs}, campaign: c.kind == "campaign"})
	case c.role != "":
		g.notes.Add(roleNote(g.nm, abs, c.role))
	default:
		g.parts = append(g.parts, abs)
	}
}

// attachParts adds each data file without kind to the first CUE package named in its folder, or
// makes it a scenario of its own.
func (g *grouper) attachParts() {
	for _, abs := range g.parts {
		dir := filepath.Dir(abs)
		joined := false
		for i := range g.units {
			u := &g.units[i]
			if u.dir == dir && fileKind(u.files[0]) == "cue" {
				u.files = append(u.files, abs)
				joined = true
				break
			}
		}
		if !joined {
			g.add(unit{dir: dir, files: []string{abs}})
		}
	}
}

// dirUnits lists the scenarios of a directory (subdirectories are not searched): each CUE
// package of its .cue files, and each YAML or JSON file with a top-level kind; scripts and other
// data files beside them are left alone, as a "dir/..." walk leaves them. A folder whose only
// data file has no kind is that file's scenario (vetting reports the missing kind).
func dirUnits(name, abs string, nm *namer, sn *sniffer) ([]unit, diag.List, error) {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil, nil, pathError(name, err)
	}
	var cueFiles, data []string
	var findings diag.List
	for _, e := range entries {
		if e.IsDir() || ignored(e.Name()) {
			continue
		}
		if why := entryProblem(e); why != "" {
			findings.Add(walkFinding(nm, filepath.Join(abs, e.Name()), why))
			continue
		}
		switch fileKind(e.Name()) {
		case "cue":
			cueFiles = append(cueFiles, filepath.Join(abs, e.Name()))
		case "yaml", "json":
			data = append(data, filepath.Join(abs, e.Name()))
		}
	}
	units := packageUnits(abs, cueFiles, sn)
	var kindless []string
	for _, f := range data {
		if c := sn.classify(f); c.kind != "" {
			units = append(units, unit{dir: abs, files: []string{f}, campaign: c.kind == "campaign"})
		} else if c.role == "" {
			kindless = append(kindless, f)
		}
	}
	if len(units) == 0 && len(kindless) == 1 && len(data) == 1 {
		units = append(units, unit{dir: abs, files: kindless})
	}
	if len(units) == 0 && len(findings) == 0 {
		if len(data) > 0 {
			return nil, nil, fmt.Errorf("%s: no scenario in the directory: no .cue files, and no YAML or JSON file with a top-level kind", name)
		}
		return nil, nil, fmt.Errorf("%s: no scenario files (.cue, .yaml, .yml, .json) in the directory", name)
	}
	return units, findings, nil
}

// kinded reports whether some unit of a folder's own says its kind: a campaign, a YAML or JSON
// file with a top-level kind, a CUE package with kind: at its top level.
func kinded(units []unit, sn *sniffer) bool {
	for _, u := range units {
		if u.campaign || slices.ContainsFunc(u.files, func(f string) bool {
			if fileKind(f) == "cue" {
				return sn.topKind(f)
			}
			return sn.classify(f).kind != ""
		}) {
			return true
		}
	}
	return false
}

// packageUnits groups the .cue files of one folder by package, in the order of their first file.
func packageUnits(dir string, files []string, sn *sniffer) []unit {
	var units []unit
	index := map[string]int{}
	for _, f := range files {
		pkg := sn.pkg(f)
		if i, ok := index[pkg]; ok {
			units[i].files = append(units[i].files, f)
			continue
		}
		index[pkg] = len(units)
		units = append(units, unit{dir: dir, files: []string{f}})
	}
	return units
}

// walkUnits resolves a "dir/..." pattern: in every directory under dir (dir included), each CUE
// package that says kind: at its top level (a scenario, battle or campaign: collectUnits makes
// each campaign file a unit of its own, splitCampaigns), and each YAML or JSON file that says
// kind: scenario, battle or campaign. Hidden
// directories (".git"), directories starting with '_' and cue.mod are skipped, and symbolic
// links are not followed. Directories are visited in lexical order.
func walkUnits(pattern, root string, nm *namer, sn *sniffer) ([]unit, diag.List, error) {
	root = filepath.Clean(root)
	if st, err := os.Stat(root); err != nil {
		return nil, nil, pathError(pattern, err)
	} else if !st.IsDir() {
		return nil, nil, fmt.Errorf("%s: not a directory", pattern)
	}
	var units []unit
	var findings diag.List
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
		if path != root && !utf8.ValidString(name) {
			findings.Add(walkFinding(nm, path, "the folder's name is not valid UTF-8: not vetted"))
			return filepath.SkipDir
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return pathError(path, err)
		}
		var cueFiles, data []string
		for _, e := range entries {
			if ignored(e.Name()) {
				continue
			}
			// A link, a pipe or a name that is not text is a finding on that path, and the
			// rest of the tree is vetted (issue 28).
			if why := entryProblem(e); why != "" {
				findings.Add(walkFinding(nm, filepath.Join(path, e.Name()), why))
				continue
			}
			if !e.Type().IsRegular() {
				continue
			}
			switch fileKind(e.Name()) {
			case "cue":
				cueFiles = append(cueFiles, filepath.Join(path, e.Name()))
			case "yaml", "json":
				data = append(data, filepath.Join(path, e.Name()))
			}
		}
		// Only a CUE package that says kind: at its top level is a scenario (or battle); other
		// CUE packages in the tree (a schema, a library) are not vetted.
		for _, u := range packageUnits(path, cueFiles, sn) {
			if slices.ContainsFunc(u.files, sn.topKind) {
				units = append(units, u)
			}
		}
		for _, f := range data {
			if k := sn.classify(f).kind; k == "scenario" || k == "battle" || k == "campaign" {
				units = append(units, unit{dir: path, files: []string{f}, campaign: k == "campaign"})
			}
		}
		return nil
	})
	return units, findings, err
}

// entryProblem says why a folder's entry is not vetted ("" when it is vetted or left alone): a
// file name that is not valid UTF-8, or a scenario file (by extension) that is a symbolic link
// (never followed in a walk: it may lead outside the folder), a named pipe, a device or a socket
// (a read would block or never end). Neither is ever opened.
func entryProblem(e os.DirEntry) string {
	name := e.Name()
	t := e.Type()
	switch {
	case !utf8.ValidString(name) && (fileKind(name) != "" || t.IsDir()):
		return "the file name is not valid UTF-8: not vetted"
	case fileKind(name) == "" || t.IsRegular() || t.IsDir():
		return ""
	case t&os.ModeSymlink != 0:
		return "a symbolic link: not followed, not vetted"
	}
	return safeio.Kind(t) + ", not a file: not vetted"
}

// walkFinding is the finding (L019) on a folder's entry that is not vetted. Its name is shown
// with bytes that are not UTF-8 as \xNN escapes.
func walkFinding(nm *namer, abs, why string) diag.Diagnostic {
	dir, base := filepath.Split(abs)
	shown := nm.display(filepath.Clean(dir)) + "/" + strings.Trim(strconv.QuoteToGraphic(base), `"`)
	if !utf8.ValidString(dir) {
		shown = strings.Trim(strconv.QuoteToGraphic(abs), `"`)
	}
	return diag.Errorf(diag.Pos{File: shown}, codeWalkEntry, "%s", why).
		WithHint("rename the file, or replace the link or pipe by a regular file inside the folder")
}
