package compiler

import (
	"os"
	"path/filepath"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestConfineEvaluatesWhatItChecked: the race between the module check and CUE's loader
// (issue 28). A writer who can change the scenario's folder while sortie runs could replace an
// imported package's file after confineModule checked it. The check hands the bytes it read to
// the loader as an overlay, so the loader evaluates the checked file: here v stays 1 although
// the file on disk says 2 (or, in an attack, @embed or a link out) by the time the loader runs.
func TestConfineEvaluatesWhatItChecked(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cue.mod/module.cue", "module: \"x.test/m\"\nlanguage: version: \"v0.9.0\"\n")
	write("sub/sub.cue", "package sub\nv: 1\n")
	write("main.cue", "package m\nimport \"x.test/m/sub\"\nx: sub.v\n")
	main := filepath.Join(dir, "main.cue")

	overlay := map[string]load.Source{}
	var list diag.List
	if !confineModule(dir, []string{main}, newNamer(dir), &list, overlay) {
		t.Fatalf("a clean module refused: %v", list)
	}
	if _, ok := overlay[filepath.Join(dir, "sub", "sub.cue")]; !ok {
		t.Fatalf("the checked package file is not in the overlay: %v", overlay)
	}
	write("sub/sub.cue", "package sub\nv: 2\n") // the racing writer
	insts := load.Instances([]string{main}, &load.Config{Dir: dir, ModuleRoot: dir, Overlay: overlay, Env: []string{"CUE_REGISTRY=none"}})
	if len(insts) != 1 || insts[0].Err != nil {
		t.Fatalf("load: %v", insts[0].Err)
	}
	v := cuecontext.New().BuildInstance(insts[0])
	got, err := v.LookupPath(cue.ParsePath("x")).Int64()
	if err != nil || got != 1 {
		t.Errorf("x = %d, %v; want 1, the value of the file that was checked", got, err)
	}
}
