package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/clash"
)

// isClashSource reports whether data, loaded as CUE or YAML, is a clash file (FuzzCompile leaves
// those to FuzzClashBattle).
func isClashSource(data []byte) bool {
	if !bytes.Contains(data, []byte("rules")) {
		return false
	}
	v := cuecontext.New().CompileBytes(data)
	if v.Err() == nil {
		if r, err := v.LookupPath(cue.MakePath(cue.Str("rules"))).String(); err == nil && r == "clash" {
			return true
		}
	}
	return bytes.Contains(data, []byte("clash"))
}

// FuzzClashBattle feeds arbitrary bytes to CompileClash as a .cue file and as a .yaml file:
// whatever the input, it must not panic (panics are not recovered here), every diagnostic has a
// code, a message and a position, a plan comes back only without errors, and a plan encodes and
// decodes to the same bytes, and runner/clash sets up and fights every battle vet accepts (a
// refusal there is a gap in vet).
//
//	go test ./compiler -run XXX -fuzz FuzzClashBattle -fuzztime 60s -fuzzminimizetime 2s -parallel 1
func FuzzClashBattle(f *testing.F) {
	root := repoRoot(f)
	seeds, _ := filepath.Glob(filepath.Join(root, "scenarios/clash/*/*.cue"))
	want, _ := filepath.Glob(filepath.Join(root, "testdata/compiler/want/*clash*"))
	seeds = append(seeds, want...)
	seeds = append(seeds, filepath.Join(root, "testdata/compiler/ok/clash.yaml"))
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("kind: \"battle\"\nrules: \"clash\"\n"))
	f.Add([]byte("kind: battle\nrules: clash\nbattlefield: {width: 1, height: 1}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recoverPanics = false
		defer func() { recoverPanics = true }()
		dir := t.TempDir()
		for _, name := range []string{"x.cue", "x.yaml"} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			c, list, err := CompileClash([]string{path}, Options{WorkDir: dir})
			if err != nil {
				if !strings.Contains(err.Error(), "not a clash battle file") {
					t.Fatalf("%s: CompileClash returned an I/O error for a readable file: %v", name, err)
				}
			}
			if c != nil && list.HasErrors() {
				t.Fatalf("%s: a plan despite errors: %v", name, list)
			}
			for _, d := range list {
				if d.Code == "" || d.Message == "" || !d.Pos.IsValid() {
					t.Fatalf("%s: malformed diagnostic %+v", name, d)
				}
			}
			if c != nil {
				a, err := plan.EncodeClash(c)
				if err != nil {
					t.Fatal(err)
				}
				d, err := plan.DecodeClash(a)
				if err != nil {
					t.Fatalf("%s: the plan does not decode: %v", name, err)
				}
				b, _ := plan.EncodeClash(d)
				if !bytes.Equal(a, b) {
					t.Fatalf("%s: the plan does not round-trip", name)
				}
				opt, err := clashrules.Apply(clashrules.Options{}, c.Options)
				if err != nil {
					t.Fatalf("%s: vet passed options the engine refuses: %v", name, err)
				}
				s, err := clash.NewSetup(c, opt)
				if err != nil {
					t.Fatalf("%s: vet passed a battle the engine refuses: %v", name, err)
				}
				bt := clash.NewBattle(s)
				bt.Reset(clash.Config{Seed: 1, Policy: clash.PolicyFirst})
				if _, err := bt.Run(); err != nil {
					t.Fatalf("%s: the engine's own policy failed: %v", name, err)
				}
			}
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}
	})
}
