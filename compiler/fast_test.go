package compiler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"cuelang.org/go/cue/cuecontext"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/internal/corpus"
)

// Item 2 of issue 17: the fast path and the CUE path never disagree. Each unit is vetted (and
// compiled) in this process both ways; the findings, the plan and the battles must be the same
// bytes, and for a file that reads as plain data, the fast path must take it exactly when CUE
// finds it clean.

var slowWorker, fastWorker worker

// vetBothWays vets the unit files of dir on the CUE path and on the fast path (as runOut does:
// fastJob, else an evaluator's vetUnit) and fails t when the results differ. fast reports
// whether the fast path took the unit.
func vetBothWays(t testing.TB, dir string, files []string, compile bool) (fast bool) {
	t.Helper()
	saved := currentKnobs()
	defer saved.apply()
	recoverPanics = false
	u := unit{dir: dir, files: files}

	treePath = false
	var slowList diag.List
	slowOut := &outputs{}
	p, err := slowWorker.vetUnit(u, newNamer(dir), &slowList, compile, slowOut)
	slow := respond(slowList, p, slowOut, err)
	slow.Done = true // as the evaluator marks every response it finishes (runJob)

	treePath = true
	hits := treeHits.Load()
	resp, ok := fastJob(u, dir, compile, nil)
	if !ok {
		var list diag.List
		out := &outputs{}
		p, err := fastWorker.vetUnit(u, newNamer(dir), &list, compile, out)
		resp = respond(list, p, out, err)
		resp.Done = true
	}
	fast = treeHits.Load() > hits
	a, _ := json.Marshal(slow)
	b, _ := json.Marshal(resp)
	if !bytes.Equal(a, b) {
		t.Errorf("%s: the paths disagree (fast path taken: %v)\nCUE:  %s\nfast: %s", strings.Join(files, " "), fast, a, b)
	}
	return fast
}

// plainDef reads a YAML or JSON file as the fast path does and returns the definition it would
// be validated against; ok is false when the file is not plain data of a kind the fast path takes.
func plainDef(file string, data []byte, nm *namer) (*dnode, string, bool) {
	var root *dnode
	ok := false
	switch fileKind(file) {
	case "json":
		root, _, ok = parseJSON(data, file)
	case "yaml":
		if f, problems := extractYAML(file, data); f != nil && len(problems) == 0 {
			root, ok = fromAST(f, nm)
		}
	}
	if !ok {
		return nil, "", false
	}
	kind, rules := root.field("kind"), root.field("rules")
	if kind == nil || kind.kind != dString || rules != nil && rules.kind != dString {
		return nil, "", false
	}
	r := "pathfinder"
	if rules != nil {
		r = rules.str
	}
	switch {
	case kind.str == "scenario" && r == "karzoral" && rules != nil:
		return root, "#Scenario", true
	case kind.str == "scenario" && r == "pathfinder" && rules != nil:
		return root, "#PFScenario", true
	case kind.str == "battle" && r == "pathfinder":
		return root, "#PFBattle", true
	case kind.str == "battle" && r == "clash":
		return root, "#ClashBattle", true
	}
	return nil, "", false
}

// cueClean reports whether CUE finds the unit clean against def: every piece validates.
func cueClean(t testing.TB, dir, file, def string) bool {
	ctx := cuecontext.New()
	nm := newNamer(dir)
	var list diag.List
	ld, err := loadUnit(ctx, unit{dir: dir, files: []string{file}}, nm, &list, nil)
	if err != nil || !ld.ok || !isStruct(ld.user) {
		return false
	}
	d, err := compileDef(ctx, def)
	if err != nil {
		t.Fatal(err)
	}
	return newSchemaChecker(ctx, d, &ld, nm, &list).clean()
}

// checkDataFile vets a data file both ways and, when it is plain data, requires the fast path to
// take it exactly when CUE finds it clean.
func checkDataFile(t testing.TB, dir, file string) {
	t.Helper()
	fast := vetBothWays(t, dir, []string{file}, true)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, def, ok := plainDef(file, data, newNamer(dir)); ok {
		if clean := cueClean(t, dir, file, def); clean != fast {
			t.Errorf("%s: CUE finds it clean: %v, the fast path took it: %v\n%s", file, clean, fast, data)
		}
	}
}

// TestFastPathAgrees runs every scenario and battle file of the repository, generated corpus
// scenarios as JSON, YAML and CUE, and mutations of valid files (each field removed, given a value
// of another kind or out of range, an unknown field added) both ways.
func TestFastPathAgrees(t *testing.T) {
	root := repoRoot(t)
	var units [][]string
	for _, top := range []string{"scenarios", "testdata"} {
		filepath.WalkDir(filepath.Join(root, top), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || ignored(p) {
				return nil
			}
			if k := fileKind(p); k == "yaml" || k == "json" {
				if c := classifyData(p); c.kind == "scenario" || c.kind == "battle" {
					units = append(units, []string{p})
				}
			}
			return nil
		})
	}
	// CUE packages: the .cue files of each folder that says kind: at its top.
	dirs := map[string][]string{}
	filepath.WalkDir(filepath.Join(root, "scenarios"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && fileKind(p) == "cue" && !ignored(p) {
			dirs[filepath.Dir(p)] = append(dirs[filepath.Dir(p)], p)
		}
		return nil
	})
	for _, files := range dirs {
		sort.Strings(files)
		kinded := false
		for _, f := range files {
			data, _ := os.ReadFile(f)
			kinded = kinded || reTopKind().Match(data) && !IsCampaign(f)
		}
		if kinded {
			units = append(units, files)
		}
	}
	sort.Slice(units, func(i, j int) bool { return units[i][0] < units[j][0] })
	// The bundled scenarios are a dozen units or more (four Karzoral fields, five Pathfinder and
	// three clash battles): fewer found means the walk above missed them, and "taken >= len/2"
	// below would hold of an empty list.
	if len(units) < 10 {
		t.Fatalf("found %d bundled units under %s/scenarios", len(units), root)
	}
	taken := 0
	for _, files := range units {
		if vetBothWays(t, filepath.Dir(files[0]), files, true) {
			taken++
		}
	}
	if taken < len(units)/2 {
		t.Errorf("the fast path took %d of %d bundled units", taken, len(units))
	}

	dir := t.TempDir()
	for i := range 6 {
		raw, err := json.MarshalIndent(corpus.Scenario(i), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{".json", ".yaml", ".cue"} {
			f := filepath.Join(dir, fmt.Sprintf("g%d%s", i, ext))
			os.WriteFile(f, raw, 0o644) // JSON is YAML, and a CUE struct
			if !vetBothWays(t, dir, []string{f}, true) {
				t.Errorf("%s: the fast path did not take a generated scenario", f)
			}
		}
	}

	seeds := []string{"testdata/compiler/ok/mini.json", "scenarios/pathfinder/orc-horde/battle.cue", "testdata/compiler/ok/clash.yaml"}
	for _, seed := range seeds {
		doc := exportDoc(t, filepath.Join(root, seed))
		variants := mutations(doc)
		step := max(1, len(variants)/40)
		if testing.Short() {
			step *= 4
		}
		for i := 0; i < len(variants); i += step {
			raw, _ := json.MarshalIndent(variants[i], "", " ")
			for k, ext := range []string{".json", ".yaml", ".cue"} {
				if k > 0 && (i/step)%3 != k {
					continue
				}
				f := filepath.Join(dir, fmt.Sprintf("m%d%s", i, ext))
				os.WriteFile(f, raw, 0o644)
				if ext == ".cue" {
					vetBothWays(t, dir, []string{f}, true)
				} else {
					checkDataFile(t, dir, f)
				}
				os.Remove(f)
			}
		}
	}
}

// exportDoc reads a scenario or battle file as a JSON value (numbers kept as written).
func exportDoc(t testing.TB, file string) any {
	ctx := cuecontext.New()
	nm := newNamer(filepath.Dir(file))
	var list diag.List
	ld, err := loadUnit(ctx, unit{dir: filepath.Dir(file), files: []string{file}}, nm, &list, nil)
	if err != nil || !ld.ok {
		t.Fatalf("%s: %v %v", file, err, list)
	}
	raw, err := ld.user.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// mutations returns copies of doc, each with one change: a field removed, a value replaced by one
// of another kind or out of range, an unknown field added to a struct, an element added to or
// removed from a list. Keys are visited in sorted order: the list is the same every time.
func mutations(doc any) []any {
	replacements := []any{"x", json.Number("-1"), json.Number("0"), json.Number("1001"), json.Number("1000001"), json.Number("1.5"), true, nil, []any{}, map[string]any{}}
	var out []any
	var walk func(path []any)
	walk = func(path []any) {
		v := at(doc, path)
		for _, r := range replacements {
			out = append(out, with(doc, path, func(any) (any, bool) { return r, true }))
		}
		switch x := v.(type) {
		case map[string]any:
			out = append(out, with(doc, path, func(v any) (any, bool) {
				m := copyMap(v.(map[string]any))
				m["zz"] = json.Number("1")
				return m, true
			}))
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				out = append(out, with(doc, append(path[:len(path):len(path)], k), func(any) (any, bool) { return nil, false }))
				walk(append(path[:len(path):len(path)], k))
			}
		case []any:
			out = append(out, with(doc, path, func(v any) (any, bool) {
				l := v.([]any)
				return append(append([]any(nil), l...), l[len(l)-1:]...), len(l) > 0
			}))
			for i := range x {
				out = append(out, with(doc, append(path[:len(path):len(path)], i), func(any) (any, bool) { return nil, false }))
				walk(append(path[:len(path):len(path)], i))
			}
		}
	}
	walk(nil)
	return out
}

func at(v any, path []any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func copyMap(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// with returns a copy of doc with the value at path replaced by f's result (removed when f's
// ok is false); the parts of doc off the path are shared.
func with(doc any, path []any, f func(any) (any, bool)) any {
	if len(path) == 0 {
		v, _ := f(doc)
		return v
	}
	switch k := path[0].(type) {
	case string:
		m := copyMap(doc.(map[string]any))
		if len(path) == 1 {
			if v, ok := f(m[k]); ok {
				m[k] = v
			} else {
				delete(m, k)
			}
			return m
		}
		m[k] = with(m[k], path[1:], f)
		return m
	case int:
		l := append([]any(nil), doc.([]any)...)
		if len(path) == 1 {
			if v, ok := f(l[k]); ok {
				l[k] = v
			} else {
				l = append(l[:k], l[k+1:]...)
			}
			return l
		}
		l[k] = with(l[k], path[1:], f)
		return l
	}
	return doc
}

// FuzzFastPath (issue 17, item 2): on any data file, valid or mutated, the fast path and the CUE
// path give the same findings and plan, and a file that reads as plain data is taken by the fast
// path exactly when CUE finds it clean.
func FuzzFastPath(f *testing.F) {
	root := repoRoot(f)
	for _, s := range []string{"testdata/compiler/ok/mini.json", "testdata/compiler/ok/mini.yaml", "testdata/compiler/ok/clash.yaml"} {
		data, err := os.ReadFile(filepath.Join(root, s))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, fileKind(s) == "yaml")
	}
	raw, _ := json.Marshal(corpus.Scenario(1))
	f.Add(raw, false)
	f.Add([]byte(`{"kind": "battle", "rules": "pathfinder", "sides": []}`), false)
	f.Fuzz(func(t *testing.T, data []byte, yaml bool) {
		dir := t.TempDir()
		name := filepath.Join(dir, "f.json")
		if yaml {
			name = filepath.Join(dir, "f.yaml")
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		checkDataFile(t, dir, name)
	})
}

// FuzzClassifyJSON: the quick reading of a valid JSON file's top level judges it as encoding/json's
// tokens do (issue 17: sorting files into scenarios was a fifth of a cached vet).
func FuzzClassifyJSON(f *testing.F) {
	for _, s := range []string{`{"kind": "scenario", "id": "x"}`, `[{"move": "a"}]`, `{"format": "sortie-plan"}`,
		`{"version": 1, "findings": []}`, `{"kind": "a\"b", "kind": "battle"}`, `{"k\u0069nd": "campaign"}`,
		` {"a": {"kind": "x"}, "kind": ["y"], "format": "sortie-save"} `, `"x"`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		if a, b := classifyValidJSON(data), classifyJSONTokens(data); a != b {
			t.Fatalf("%s: quick %+v, tokens %+v", data, a, b)
		}
	})
}
