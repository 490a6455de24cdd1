package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
)

// Issue 28, B3: the fast path's compiled schema lost the bounds of a field whose disjunction has
// a default (runs?: int & >=1 & <=1000000 | *1000, money: int & >=0 | *0): CUE folds such a
// disjunction into one value whose Expr is NoOp, and a YAML expect: entry with runs: 2000000000
// vetted clean while the CUE path said S002. The class: every bound anywhere in schema/*.cue,
// inside a disjunction, a default, a list or a pattern, must hold on both paths.

// boundsOf returns the integer bounds (>=N, <=N, >N, <N) in v's expression, through
// conjunctions, disjunctions and defaults; depth bounds the descent.
func boundsOf(v cue.Value, depth int) []int64 {
	if depth > 8 {
		return nil
	}
	op, args := v.Expr()
	switch op {
	case cue.GreaterThanOp, cue.GreaterThanEqualOp, cue.LessThanOp, cue.LessThanEqualOp:
		if len(args) == 1 {
			if n, err := args[0].Int64(); err == nil {
				return []int64{n}
			}
		}
		return nil
	case cue.AndOp, cue.OrOp:
		var out []int64
		for _, a := range args {
			out = append(out, boundsOf(a, depth+1)...)
		}
		return out
	case cue.NoOp:
		if len(args) == 1 {
			if inner, _ := args[0].Expr(); inner != cue.NoOp {
				return boundsOf(args[0], depth+1)
			}
		}
	}
	return nil
}

// boundWalk visits a definition and its compiled node side by side.
type boundWalk struct {
	t       *testing.T
	ctx     *cue.Context
	checked map[string][]int64 // path: the bounds probed there
	seen    map[*vnode]bool    // definitions visited (#Cond holds #Cond)
}

// walk checks the bounds of v against n, then descends into v's fields, patterns, list elements
// and disjunction alternatives with the node the fast schema compiled for each.
func (w *boundWalk) walk(v cue.Value, n *vnode, path string, depth int) {
	if depth > 40 || n == nil {
		return
	}
	if w.seen[n] {
		return
	}
	w.seen[n] = true
	if bs := boundsOf(v, 0); len(bs) > 0 {
		w.probe(v, n, path, bs)
	}
	op, args := v.Expr()
	if op == cue.NoOp && len(args) == 1 {
		if inner, _ := args[0].Expr(); inner != cue.NoOp {
			v = args[0] // as body compiles it: the disjunction with its default folded
			op, args = v.Expr()
		}
	}
	if op == cue.OrOp && len(n.any) == len(args) {
		for i, a := range args {
			if k := a.IncompleteKind(); k == cue.StructKind || k == cue.ListKind {
				w.walk(a, n.any[i], fmt.Sprintf("%s|%d", path, i), depth+1)
			}
		}
		return
	}
	switch v.IncompleteKind() {
	case cue.StructKind:
		it, err := v.Fields(cue.Optional(true), cue.Patterns(true))
		if err != nil {
			return
		}
		pat := 0
		for it.Next() {
			sel := it.Selector()
			if sel.ConstraintType() == cue.PatternConstraint {
				if pat < len(n.pats) {
					w.walk(it.Value(), n.pats[pat].node, path+".[pattern]", depth+1)
				}
				pat++
				continue
			}
			if sel.LabelType() != cue.StringLabel {
				continue
			}
			if f := n.fields[sel.Unquoted()]; f != nil {
				w.walk(it.Value(), f.node, path+"."+sel.Unquoted(), depth+1)
			} else {
				w.t.Errorf("%s.%s: no field in the fast schema", path, sel.Unquoted())
			}
		}
	case cue.ListKind:
		if it, err := v.List(); err == nil {
			for i := 0; it.Next(); i++ {
				if i < len(n.prefix) {
					w.walk(it.Value(), n.prefix[i], fmt.Sprintf("%s[%d]", path, i), depth+1)
				}
			}
		}
		if e := v.LookupPath(cue.MakePath(cue.AnyIndex)); e.Exists() && n.elem != nil {
			w.walk(e, n.elem, path+"[]", depth+1)
		}
	}
}

// probe checks the integers either side of each bound: the fast node takes one exactly when CUE
// finds it and v concrete and valid (a node left inexact would hand a document to the CUE path,
// which is safe, but a bounded field must be translated: the fast path is the common one).
func (w *boundWalk) probe(v cue.Value, n *vnode, path string, bounds []int64) {
	w.t.Helper()
	if n.inexact {
		w.t.Errorf("%s: bounded (%v) but not translated by the fast schema", path, bounds)
		return
	}
	for _, b := range bounds {
		for _, x := range []int64{b - 1, b, b + 1} {
			cueOK := v.Unify(w.ctx.Encode(x)).Validate(cue.Concrete(true)) == nil
			fastOK := n.accepts(&dnode{kind: dInt, num: x})
			if cueOK != fastOK {
				w.t.Errorf("%s: %d: CUE accepts %v, the fast schema %v (bounds %v)", path, x, cueOK, fastOK, bounds)
			}
		}
	}
	w.checked[path] = bounds
}

// TestFastSchemaBounds walks every definition a file can be (documentKinds) and probes each
// bounded integer field on both paths: CUE's value and the fast schema's node must take and
// refuse the same integers around every bound (issue 28, B3).
func TestFastSchemaBounds(t *testing.T) {
	ctx := cuecontext.New()
	w := &boundWalk{t: t, ctx: ctx, checked: map[string][]int64{}, seen: map[*vnode]bool{}}
	for _, dk := range documentKinds {
		def, err := compileDef(ctx, dk.def)
		if err != nil {
			t.Fatal(err)
		}
		root, err := fastSchemaOf(dk.def)
		if err != nil {
			t.Fatal(err)
		}
		w.walk(def, root, dk.def, 0)
	}
	var paths []string
	for p := range w.checked {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	t.Logf("%d bounded fields probed:\n%s", len(paths), strings.Join(paths, "\n"))
	// The fields whose bounds sit in a disjunction with a default (the ones B3 lost), by the
	// end of their path: each must have been found and probed, or the walk missed them.
	for _, want := range []string{".expect[].runs", ".expect[].seed", "#Campaign.money", ".resurrectionCost",
		".level", ".xp", ".reward", ".failureXP", ".turnDays"} {
		found := false
		for _, p := range paths {
			found = found || strings.HasSuffix(p, want)
		}
		if !found {
			t.Errorf("no bounded field %s probed", want)
		}
	}
	// schema/*.cue holds some 60 bounded integers (grep '>=' schema/*.cue); fewer probed means
	// the walk stopped early.
	if len(paths) < 40 {
		t.Errorf("%d bounded fields probed, want 40 or more", len(paths))
	}
}

// TestFastPathRefusesOutOfBounds: a YAML and a JSON scenario whose expect: entry asks for
// runs: 2000000000 or runs: 0 (#Balance, 1..1000000 with a default) get S002 at the value on
// the fast path as on the CUE path (issue 28, B3).
func TestFastPathRefusesOutOfBounds(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	saved := currentKnobs()
	defer saved.apply()
	for _, runs := range []string{"2000000000", "0"} {
		dir := t.TempDir()
		yamlFile := filepath.Join(dir, "mini.yaml")
		os.WriteFile(yamlFile, append(data, "expect:\n  - {policy: random, runs: "+runs+"}\n"...), 0o644)
		// The JSON twin: one key per line, so the value's line is known (line 3, column 41: `"expect": [{"policy": "random", "runs": ` is 40 characters).
		jsonFile := filepath.Join(dir, "mini.json")
		os.WriteFile(jsonFile, []byte(`{"kind": "scenario", "id": "mini", "title": "Mini", "rules": "karzoral", "version": 1,
"days": {"limit": 5}, "party": {"start": "base", "members": 4}, "field": {"blocks": {"base": {"at": [0, 0], "kind": "base"}, "a": {"at": [1, 0]}, "b": {"at": [2, 0], "enterFrom": ["west"]}}}, "armies": {"foes": {"side": "enemy", "strength": 10, "route": ["b", "a"], "encounter": "raiders"}}, "encounters": {"raiders": {"monsters": [{"name": "Raider", "level": 3}]}}, "events": {"ambush": {"on": {"enter": "a"}, "do": [{"battle": "raiders"}, {"set": "ambushed"}]}}, "objectives": {"win": {"when": {"enter": "b", "flag": "ambushed"}, "outcome": "success"}}, "episodes": [{"say": "1"}, {"say": "2"}, {"say": "3"}, {"say": "4"}, {"say": "5"}, {"say": "6"}], "nightRaid": "raiders",
"expect": [{"policy": "random", "runs": `+runs+`}]}
`), 0o644)
		for _, c := range []struct{ file, at string }{{yamlFile, "mini.yaml:31:28"}, {jsonFile, "mini.json:3:41"}} {
			for _, fast := range []bool{true, false} {
				treePath = fast
				list, err := Vet([]string{c.file}, Options{})
				if err != nil {
					t.Fatalf("%s: %v", c.file, err)
				}
				got := ""
				for _, d := range list {
					got += fmt.Sprintf("%s:%d:%d: %s\n", filepath.Base(d.Pos.File), d.Pos.Line, d.Pos.Column, d.Code)
				}
				if got != c.at+": S002\n" {
					t.Errorf("runs: %s, fast path %v: got\n%swant %s: S002", runs, fast, got, c.at)
				}
			}
		}
	}
}
