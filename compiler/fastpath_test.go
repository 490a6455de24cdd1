package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestFastPath: the shortcut for scenarios CUE finds clean as a whole loses no finding. Each case
// puts one misspelt field (the only mistake) at a different depth of the mini scenario; the
// findings with and without the shortcut must be the same, and include S001.
func TestFastPath(t *testing.T) {
	root := repoRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.cue"))
	if err != nil {
		t.Fatal(err)
	}
	edits := []struct{ old, new string }{
		{`kind:`, "colour: \"red\"\nkind:"},
		{`members:`, `membrs: 1, members:`},
		{`kind: "base"`, `kind: "base", nmae: "x"`},
		{`on: enter: "a"`, `on: {enter: "a", entr: "a"}`},
		{`do: [`, `do: [{sey: "x"}, `},
		{`outcome: "success"`, `outcome: "success", xpp: 3`},
		{`when: {`, `when: {not: {flg: "x"}, `},
		{`monsters: [{`, `monsters: [{lvl: 2, `},
	}
	for _, e := range edits {
		if !strings.Contains(string(src), e.old) {
			t.Fatalf("mini.cue has no %q", e.old)
		}
		dir := t.TempDir()
		f := filepath.Join(dir, "s.cue")
		os.WriteFile(f, []byte(strings.Replace(string(src), e.old, e.new, 1)), 0o644)
		fastPath = true
		fast, err1 := Vet([]string{f}, Options{WorkDir: dir})
		fastPath = false
		slow, err2 := Vet([]string{f}, Options{WorkDir: dir})
		fastPath = true
		if err1 != nil || err2 != nil {
			t.Fatalf("Vet: %v %v", err1, err2)
		}
		if len(fast) != len(slow) || !strings.Contains(strings.Join(codesOf(slow), " "), "S001") {
			t.Errorf("%s: fast %v, slow %v", e.new, fast, slow)
			continue
		}
		for i := range fast {
			if fast[i].String() != slow[i].String() {
				t.Errorf("%s: fast %v, slow %v", e.new, fast[i], slow[i])
			}
		}
	}
}

func codesOf(l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}
