package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/internal/corpus"
)

// TestPieces: a YAML scenario whose field (20x20, 400 blocks) is evaluated in chunks of
// chunkSize blocks gives exactly the findings of the same file evaluated as a whole, for one
// mistake at a time in a block of a later chunk (the blocks are in lexical order, so b5_7 is the
// 331st of 400, in the third chunk) or at the top level.
func TestPieces(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "field.yaml")
	if err := corpus.WriteField(name, 20, false); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	const line = "    b5_7: {at: [5, 7], terrain: woods}\n"
	cases := []struct {
		old, new string
		want     string // a finding the result must hold
	}{
		{line, "    b5_7: {at: [5, 7], terrian: woods}\n", `./field.yaml:331:24: S001: field.blocks.b5_7: unknown field "terrian"`},
		{line, "    b5_7: {terrain: woods}\n", `./field.yaml:331:5: S003: field.blocks.b5_7: missing required field "at"`},
		{line, "    b5_7: {at: [5, 7000], terrain: woods}\n", `./field.yaml:331:20: S002: field.blocks.b5_7.at[1]: 7000 is out of range (want at most 1000)`},
		{line, "    b5_7: {at: [5, 7], kind: bse}\n", `./field.yaml:331:30: S004: field.blocks.b5_7.kind: "bse" is not one of "block", "base", "trail"`},
		{line, "    -b5_7: {at: [5, 7], terrain: woods}\n", `./field.yaml:331:5: S001: field.blocks: "-b5_7" is not a valid id`},
		{line, "    b5_7: {at: [5, 6], terrain: woods}\n", `./field.yaml:331:16: F001: field.blocks.b5_7.at: [5, 6] already holds block "b5_6"`},
		{"  members: 4\n", "  members: 0\n", `./field.yaml:9:12: S002: party.members: 0 is out of range (want at least 1)`},
	}
	for _, c := range cases {
		if !strings.Contains(string(src), c.old) {
			t.Fatalf("field.yaml has no %q", c.old)
		}
		if err := os.WriteFile(name, []byte(strings.Replace(string(src), c.old, c.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		chunking = true
		split, err1 := Vet([]string{name}, Options{WorkDir: dir})
		chunking = false
		whole, err2 := Vet([]string{name}, Options{WorkDir: dir})
		chunking = true
		if err1 != nil || err2 != nil {
			t.Fatalf("Vet: %v %v", err1, err2)
		}
		got := strings.Join(strs(split), "\n")
		if want := strings.Join(strs(whole), "\n"); got != want {
			t.Errorf("%s: in pieces:\n%s\nas a whole:\n%s", strings.TrimSpace(c.new), got, want)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: no %s in\n%s", strings.TrimSpace(c.new), c.want, got)
		}
	}
}

func strs[T interface{ String() string }](l []T) []string {
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = x.String()
	}
	return out
}
