package format_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/format"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// fuzzFormat checks, for any input the formatter accepts: formatting again changes nothing
// (format(format(x)) == format(x)); and when x compiles as a scenario, the formatted file compiles
// to the same plan (the source hash aside).
func fuzzFormat(f *testing.F, name string, seeds []string) {
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		out, list := format.Source(name, src)
		if list != nil {
			if out != nil {
				t.Fatalf("diagnostics and a result: %v", list)
			}
			return
		}
		again, list := format.Source(name, out)
		if list != nil || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent:\n%q\n->\n%q\n->\n%q (%v)", src, out, again, list)
		}
		if bytes.Equal(out, src) {
			return // nothing to compare
		}
		before := fuzzPlan(t, name, src)
		if before == nil {
			return
		}
		if after := fuzzPlan(t, name, out); !bytes.Equal(before, after) {
			t.Fatalf("the plan changed:\n%q\n->\n%q", src, out)
		}
	})
}

// fuzzPlan compiles src as a one-file scenario; nil when it does not compile.
func fuzzPlan(t *testing.T, name string, src []byte) []byte {
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	p, _, err := compiler.Compile([]string{path}, compiler.Options{WorkDir: dir})
	if err != nil || p == nil {
		return nil
	}
	p.SourceHash = ""
	data, err := plan.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func FuzzFormatYAML(f *testing.F) {
	seeds, _ := filepath.Glob("../../scenarios/*/*/*.yaml")
	more, _ := filepath.Glob("../../testdata/compiler/*/*.yaml")
	fuzzFormat(f, "x.yaml", append(seeds, more...))
}

func FuzzFormatCUE(f *testing.F) {
	seeds, _ := filepath.Glob("../../scenarios/*/*/*.cue")
	more, _ := filepath.Glob("../../testdata/compiler/want/*.cue")
	fuzzFormat(f, "x.cue", append(seeds, more...))
}
