package format_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/format"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// compilePlan compiles the scenario in dir and returns its plan encoding without the source hash
// (which changes with every byte of the sources).
func compilePlan(t testing.TB, dir string) []byte {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, list, err := compiler.Compile([]string{abs}, compiler.Options{WorkDir: abs})
	if err != nil || p == nil {
		t.Fatalf("compile %s: %v %v", dir, err, list)
	}
	p.SourceHash = ""
	data, err := plan.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

var (
	reAligned = regexp.MustCompile(`(?m)^(\s*[^\s/#][^:\n]*:) +`)
)

// scramble undoes the layout the formatter sets while keeping the meaning: alignment after labels
// goes, blank lines triple; in YAML, indentation doubles
// and every line gets a trailing space. (Trailing comments of YAML keep the
// author's column by design, so they are left where they are.)
func scramble(name string, src []byte) []byte {
	s := string(src)
	s = reAligned.ReplaceAllString(s, "$1 ")
	if format.Kind(name) == "yaml" {
		s = strings.ReplaceAll(s, "\n  ", "\n    ")
		s = strings.ReplaceAll(s, "\n", " \n")
	}
	s = strings.ReplaceAll(s, "\n\n", "\n\n\n")
	return []byte(s)
}

// TestPlanUnchanged: for every bundled scenario, scrambling its layout and then formatting it
// gives the plan of the original, byte for byte (the source hash aside), and the formatted files
// are the bundled ones again.
func TestPlanUnchanged(t *testing.T) {
	dirs := []string{"karzoral/field00", "karzoral/field01", "karzoral/field02", "karzoral/field03", "pathfinder/stolen-lands"}
	for _, d := range dirs {
		t.Run(d, func(t *testing.T) {
			src := filepath.Join("..", "..", "scenarios", filepath.FromSlash(d))
			want := compilePlan(t, src)
			tmp := t.TempDir()
			files, err := format.Files([]string{src})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				orig, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				messy := scramble(f, orig)
				if bytes.Equal(messy, orig) {
					t.Fatalf("%s: scramble changed nothing", f)
				}
				if format.Kind(f) == "cue" {
					// The scrambled scenario is the same scenario.
					os.WriteFile(filepath.Join(tmp, filepath.Base(f)), messy, 0o644)
					continue
				}
				out, list := format.Source(f, messy)
				if list != nil {
					t.Fatalf("%s: %v", f, list)
				}
				if !bytes.Equal(out, orig) {
					t.Errorf("%s: scrambled and formatted differs from the bundled file:\n%s", f, out)
				}
			}
			if got := compilePlan(t, tmp); !bytes.Equal(got, want) {
				t.Fatalf("the scrambled scenario compiles to another plan")
			}
			for _, f := range files {
				if format.Kind(f) != "cue" {
					continue
				}
				p := filepath.Join(tmp, filepath.Base(f))
				messy, _ := os.ReadFile(p)
				out, list := format.Source(p, messy)
				if list != nil {
					t.Fatalf("%s: %v", p, list)
				}
				orig, _ := os.ReadFile(f)
				if !bytes.Equal(out, orig) {
					t.Errorf("%s: scrambled and formatted differs from the bundled file", f)
				}
				os.WriteFile(p, out, 0o644)
			}
			if got := compilePlan(t, tmp); !bytes.Equal(got, want) {
				t.Errorf("the formatted scenario compiles to another plan")
			}
		})
	}
}
