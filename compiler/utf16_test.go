package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// encodeUTF16 is s in UTF-16 with its byte-order mark, little-endian (FF FE, as Windows
// PowerShell writes) or big-endian (FE FF).
func encodeUTF16(s string, little bool) []byte {
	out := []byte{0xfe, 0xff}
	if little {
		out = []byte{0xff, 0xfe}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if little {
			out = append(out, byte(u), byte(u>>8))
		} else {
			out = append(out, byte(u>>8), byte(u))
		}
	}
	return out
}

// TestUTF16File: a scenario saved as UTF-16 (CUE, YAML or JSON, either byte order; a YAML file
// whether or not it would pass the schema) is one L001 at 1:1 that names the encoding, never an
// "illegal UTF-8 encoding" per byte nor (YAML) a clean vet whose positions would be wrong; the
// same file in UTF-8 vets clean.
func TestUTF16File(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	for _, src := range []string{"testdata/compiler/ok/mini.cue", "testdata/compiler/ok/mini.yaml", "testdata/compiler/ok/mini.json"} {
		data, err := os.ReadFile(filepath.Join(root, src))
		if err != nil {
			t.Fatal(err)
		}
		for _, little := range []bool{true, false} {
			sub := filepath.Join(dir, strings.ReplaceAll(src, "/", "_")+map[bool]string{true: "le", false: "be"}[little])
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			f := filepath.Join(sub, filepath.Base(src))
			if err := os.WriteFile(f, encodeUTF16(string(data), little), 0o644); err != nil {
				t.Fatal(err)
			}
			list, err := Vet([]string{f}, Options{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != 1 || list[0].Code != codeSyntax || list[0].Pos.Line != 1 || list[0].Pos.Column != 1 || !strings.Contains(list[0].Message, "UTF-16") {
				t.Errorf("%s (little-endian %v): %v, want one L001 at 1:1 naming UTF-16", src, little, list)
			}
		}
		if list := vet(t, filepath.Join(root, src)); len(list) != 0 {
			t.Errorf("%s in UTF-8: %v", src, list)
		}
	}
}
