package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCompile feeds arbitrary bytes to Compile as a .cue file and as a .yaml file: whatever the
// input, Compile must not panic (panics are not recovered here, so the fuzzer sees them), and a
// plan comes back only without errors.
//
//	go test ./compiler -run XXX -fuzz FuzzCompile -fuzztime 60s -fuzzminimizetime 2s -parallel 1
//
// (-fuzzminimizetime: minimizing each new input takes up to a minute by default, and the worker
// then reports no executions.)
func FuzzCompile(f *testing.F) {
	root := repoRoot(f)
	for _, seed := range []string{
		"scenarios/karzoral/field01/field01.cue",
		"scenarios/karzoral/field02/field02.cue",
		"testdata/compiler/want/K001_karzoral.cue",
		"testdata/compiler/ok/mini.cue",
		"testdata/compiler/ok/mini.yaml",
		"testdata/compiler/ok/mini.json",
		"testdata/compiler/want/R002_verbs.cue",
		"testdata/compiler/want/S002_value.cue",
		"testdata/compiler/want/F003_box.cue",
		"testdata/compiler/want/W001_forecast.cue",
		"testdata/compiler/want/E004_never.cue",
		"testdata/compiler/want/O002_never.cue",
		"testdata/compiler/want/F005_trail.cue",
		"testdata/compiler/want/L008_suppress.cue",
		"testdata/compiler/want/L006_embed.cue",
		"scenarios/pathfinder/stolen-lands/scenario.cue",
		"scenarios/pathfinder/orc-horde/battle.cue",
		"scenarios/pathfinder/wolf-riders/battle.cue",
		"testdata/compiler/want/M003_pathfinder_armies.cue",
		"testdata/compiler/want/H001_pathfinder_hexes.cue",
	} {
		data, err := os.ReadFile(filepath.Join(root, seed))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(""))
	f.Add([]byte("kind: \"scenario\"\n"))
	f.Add([]byte("[1, 2]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recoverPanics = false
		defer func() { recoverPanics = true }()
		dir := t.TempDir()
		for _, name := range []string{"x.cue", "x.yaml"} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			p, list, err := Compile([]string{path}, Options{WorkDir: dir})
			if err != nil && strings.Contains(err.Error(), "is a battle file") && isClashSource(data) {
				// A clash battle file: FuzzClashBattle's business.
				os.Remove(path)
				continue
			}
			if err != nil && strings.Contains(err.Error(), "is a battle file") {
				// A Pathfinder battle file: CompileBattle takes it, with a battle or errors.
				b, blist, berr := CompileBattle([]string{path}, Options{WorkDir: dir})
				if berr != nil || (b == nil) != blist.HasErrors() {
					t.Fatalf("%s: CompileBattle: %v, battle %v, findings %v", name, berr, b != nil, blist)
				}
				p, list, err = nil, blist, nil
				if b != nil {
					os.Remove(path)
					continue
				}
			}
			if err != nil && len(list) == 1 && list[0].Code == codeNotScenarioFile && strings.HasPrefix(err.Error(), list[0].Pos.File+" is ") {
				// The file reads as a script, plan, save or baseline (L015): Compile says which
				// instead of compiling it.
				os.Remove(path)
				continue
			}
			if err != nil {
				t.Fatalf("%s: Compile returned an I/O error for a readable file: %v", name, err)
			}
			if p != nil && list.HasErrors() {
				t.Fatalf("%s: a plan despite errors: %v", name, list)
			}
			if p == nil && !list.HasErrors() {
				t.Fatalf("%s: no plan and no error", name)
			}
			for _, d := range list {
				if d.Code == "" || d.Message == "" || !d.Pos.IsValid() {
					t.Fatalf("%s: malformed diagnostic %+v", name, d)
				}
			}
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func BenchmarkCompileField01(b *testing.B) {
	root := repoRoot(b)
	for b.Loop() {
		p, list, err := Compile([]string{field01}, Options{WorkDir: root})
		if err != nil || p == nil || len(list) != 0 {
			b.Fatalf("Compile: %v %v", list, err)
		}
	}
}

func BenchmarkVetField01(b *testing.B) {
	root := repoRoot(b)
	for b.Loop() {
		if list, err := Vet([]string{field01}, Options{WorkDir: root}); err != nil || len(list) != 0 {
			b.Fatalf("Vet: %v %v", list, err)
		}
	}
}
