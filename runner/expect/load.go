package expect

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/token"
	cuejson "cuelang.org/go/encoding/json"
	cueyaml "cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Test is a decoded #Test: a playthrough declared in a scenario's tests list.
type Test struct {
	Name   string   // the name field, or the script's base name without its extension
	Pos    diag.Pos // the entry in the tests list
	Script Str      // as written (relative to the scenario's folder)
	Seed   uint64   // 1 unless given
	Policy string   // "", "first" or "random"
	// Winner is a battle file's test's winning side, or "no winner" (nil: not expected).
	Winner *Str
	Expect Expect
	// Problems are the test's Q002s: a number bound that cannot be read.
	Problems diag.List
}

// Load reads the tests list of the scenario made of files (its CUE, YAML or JSON sources, as
// the compiler loaded them; names as diagnostics give them, relative to workDir or absolute). Call
// it on a scenario that compiles: the schema has checked the list (#Test), so what is left to
// report is a number bound that cannot be read (Q002, in each Test's Problems). No tests field:
// nil, nil.
//
// overlay stands in for files CUE must not read from disk: the libraries sortie ships that the
// files import (compiler.LibraryOverlay), keyed under the first file's folder's cue.mod; nil when
// none is imported.
func Load(files []string, workDir string, overlay map[string]load.Source) ([]Test, error) {
	tv, err := lookup(files, workDir, "tests", overlay)
	if err != nil || !tv.Exists() {
		return nil, err
	}
	it, err := tv.List()
	if err != nil {
		return nil, err
	}
	var tests []Test
	var named []bool // the test gave its name
	given := map[string]diag.Pos{}
	for it.Next() {
		d := &decoder{wd: workDir}
		t := d.test(it.Value())
		n := it.Value().LookupPath(cue.ParsePath("name"))
		if n.Exists() {
			// Two tests given one name: sortie test's lines and --run could not tell them apart.
			at := d.pos(n.Pos())
			if first, twice := given[t.Name]; twice {
				d.list.Add(diag.Errorf(at, CodeBadTest, "test name %q given twice (first at %d:%d): give each test its own name", t.Name, first.Line, first.Column))
			} else {
				given[t.Name] = at
			}
		}
		if t.Name == "." || t.Name == "" {
			t.Name = fmt.Sprintf("tests[%d]", len(tests)) // no script to be named after
		}
		t.Problems = d.list
		tests = append(tests, t)
		named = append(named, n.Exists())
	}
	uniqueNames(tests, named)
	return tests, nil
}

// uniqueNames tells apart the tests whose name comes from a script they share: each such test
// is named after its place in the list as well ("win, tests[1]"), so that no two lines of sortie
// test read the same ("win (win.yaml)" twice). A name the test gave is kept.
func uniqueNames(tests []Test, named []bool) {
	count := map[string]int{}
	for i := range tests {
		count[tests[i].Name]++
	}
	for i := range tests {
		if !named[i] && count[tests[i].Name] > 1 {
			tests[i].Name = fmt.Sprintf("%s, tests[%d]", tests[i].Name, i)
		}
	}
}

// lookup builds the scenario (or campaign) made of files, without the schema, and returns its
// field name (which may not exist; no files: a value that does not exist).
func lookup(files []string, workDir, name string, overlay map[string]load.Source) (cue.Value, error) {
	if len(files) == 0 {
		return cue.Value{}, nil
	}
	var abs []string
	for _, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(workDir, f)
		}
		abs = append(abs, filepath.Clean(f))
	}
	// YAML and JSON files (a YAML scenario, an --expect side file) are data: cue/load leaves
	// them out of the instance, so they are decoded here and unified with the CUE files' value.
	var cueFiles []string
	ctx := cuecontext.New()
	data := ctx.CompileString("{}")
	for _, f := range abs {
		ext := strings.ToLower(filepath.Ext(f))
		if ext != ".yaml" && ext != ".yml" && ext != ".json" {
			cueFiles = append(cueFiles, f)
			continue
		}
		v, err := dataFile(ctx, f, ext)
		if err != nil {
			return cue.Value{}, err
		}
		data = data.Unify(v)
	}
	if len(cueFiles) == 0 {
		if err := data.Err(); err != nil {
			return cue.Value{}, err
		}
		return data.LookupPath(cue.MakePath(cue.Str(name))), nil
	}
	abs = cueFiles
	dir := filepath.Dir(abs[0])
	cfg := &load.Config{Dir: dir, Env: append(os.Environ(), "CUE_REGISTRY=none"), Overlay: overlay}
	if len(overlay) > 0 {
		cfg.ModuleRoot = dir // the overlay's cue.mod is the scenario folder's, as the compiler loads it
	}
	insts := load.Instances(abs, cfg)
	if len(insts) != 1 || insts[0].Err != nil {
		if len(insts) == 1 {
			return cue.Value{}, insts[0].Err
		}
		return cue.Value{}, fmt.Errorf("%s: %d instances", dir, len(insts))
	}
	v := ctx.BuildInstance(insts[0]).Unify(data)
	if err := v.Err(); err != nil {
		return cue.Value{}, err
	}
	return v.LookupPath(cue.MakePath(cue.Str(name))), nil
}

// maxDataFile bounds a YAML or JSON file read here (as the compiler bounds a scenario's files).
const maxDataFile = 8 << 20

// dataFile decodes a YAML or JSON file into a CUE value that keeps its positions.
func dataFile(ctx *cue.Context, f, ext string) (cue.Value, error) {
	b, err := safeio.ReadFile(f, maxDataFile) // regular files only, size checked before reading
	if err != nil {
		return cue.Value{}, err
	}
	if ext == ".json" {
		expr, err := cuejson.Extract(f, b)
		if err != nil {
			return cue.Value{}, err
		}
		return ctx.BuildExpr(expr, cue.Filename(f)), nil
	}
	file, err := cueyaml.Extract(f, b)
	if err != nil {
		return cue.Value{}, err
	}
	return ctx.BuildFile(file), nil
}

// decoder reads tests from CUE values, keeping positions and collecting Q002s.
type decoder struct {
	wd   string
	list diag.List
}

// pos names a CUE position as the compiler's diagnostics do: "./rel" inside the working
// directory, absolute outside it.
func (d *decoder) pos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	return diag.Pos{File: displayName(d.wd, p.Filename()), Line: p.Line(), Column: p.Column()}
}

// displayName names file as diagnostics do: "./rel" inside the working directory wd, as given
// outside it.
func displayName(wd, f string) string {
	if rel, err := filepath.Rel(wd, f); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
		return "./" + filepath.ToSlash(rel)
	}
	return f
}

func (d *decoder) test(v cue.Value) Test {
	t := Test{Pos: d.pos(v.Pos()), Seed: 1}
	if s := v.LookupPath(cue.ParsePath("script")); s.Exists() {
		t.Script.V, _ = s.String()
		t.Script.Pos = d.pos(s.Pos())
		if strings.TrimSpace(t.Script.V) == "" {
			// Read as the folder itself: "cannot read the script : L017".
			d.list.Add(diag.Errorf(t.Script.Pos, CodeBadTest, "script: an empty path; name the script file, relative to the scenario's folder"))
		}
	}
	t.Name = strings.TrimSuffix(filepath.Base(t.Script.V), filepath.Ext(t.Script.V))
	if s := v.LookupPath(cue.ParsePath("name")); s.Exists() {
		t.Name, _ = s.String()
	}
	if s := v.LookupPath(cue.ParsePath("seed")); s.Exists() {
		if n, err := s.Uint64(); err == nil {
			t.Seed = n
		}
	}
	if s := v.LookupPath(cue.ParsePath("policy")); s.Exists() {
		t.Policy, _ = s.String()
	}
	if s := v.LookupPath(cue.ParsePath("winner")); s.Exists() {
		x, _ := s.String()
		t.Winner = &Str{V: x, Pos: d.pos(s.Pos())}
	}
	t.Expect = d.Expect(v)
	return t
}

// Expect decodes the #Expect fields of v.
func (d *decoder) Expect(v cue.Value) Expect {
	e := Expect{Pos: d.pos(v.Pos())}
	str := func(name string) *Str {
		s := v.LookupPath(cue.MakePath(cue.Str(name)))
		if !s.Exists() {
			return nil
		}
		x, _ := s.String()
		return &Str{V: x, Pos: d.pos(s.Pos())}
	}
	e.Outcome, e.Reason, e.Party = str("outcome"), str("reason"), str("party")
	e.Day, e.Rations = d.dayNum(v), d.num(v, "rations")
	e.Armies, e.XP, e.Events = d.named(v, "armies"), d.named(v, "xp"), d.named(v, "events")
	if o := v.LookupPath(cue.ParsePath("objectives")); o.Exists() {
		if it, err := o.List(); err == nil {
			for it.Next() {
				x, _ := it.Value().String()
				e.Objectives = append(e.Objectives, Str{V: x, Pos: d.pos(it.Value().Pos())})
			}
		}
	}
	return e
}

// num reads a #Num field of v: an int, or a string ParseNum reads (Q002 otherwise).
// dayNum reads a run's length, written day:, round: or phase: (the first given; Validate reports
// a word the subject does not count in).
func (d *decoder) dayNum(v cue.Value) *NumAt {
	for _, w := range DayWords {
		if n := d.num(v, w); n != nil {
			if w != "day" {
				n.Word = w // "" is day
			}
			return n
		}
	}
	return nil
}

func (d *decoder) num(v cue.Value, name string) *NumAt {
	n := v.LookupPath(cue.MakePath(cue.Str(name)))
	if !n.Exists() {
		return nil
	}
	return d.numValue(n, name)
}

func (d *decoder) numValue(n cue.Value, name string) *NumAt {
	at := NumAt{Pos: d.pos(n.Pos())}
	if i, err := n.Int64(); err == nil {
		at.Num = Exactly(int(i))
		return &at
	}
	if n.IncompleteKind() == cue.IntKind {
		d.list.Add(diag.Errorf(at.Pos, CodeBadTest, "%s: %v is out of range (a whole number of at most 18 digits)", name, n))
		return nil
	}
	s, err := n.String()
	if err == nil {
		if at.Num, err = ParseNum(s); err == nil {
			return &at
		}
	}
	d.list.Add(diag.Errorf(at.Pos, CodeBadTest, "%s: %v", name, err))
	return nil
}

// named reads a struct of #Num by name (armies, xp, events), in source order.
func (d *decoder) named(v cue.Value, name string) []Named {
	s := v.LookupPath(cue.MakePath(cue.Str(name)))
	if !s.Exists() {
		return nil
	}
	it, err := s.Fields()
	if err != nil {
		return nil
	}
	var out []Named
	for it.Next() {
		if n := d.numValue(it.Value(), name+"."+it.Selector().Unquoted()); n != nil {
			out = append(out, Named{Name: it.Selector().Unquoted(), Num: n.Num, Pos: n.Pos})
		}
	}
	return out
}
