package compiler

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"
)

// FuzzYAMLIDs (issue 11, item 4): a YAML file is never a panic; every problem has a line; a key
// that is an id is read as typed (03: is "03", on: is "on", true: is "true"); the same text as a
// plain value is the string typed, or L014 for a number with a leading zero, or a number, bool or
// null by YAML 1.2's core schema (never YAML 1.1's octal or yes/no).
func FuzzYAMLIDs(f *testing.F) {
	for _, s := range []string{"03", "01", "007", "on", "off", "yes", "true", "null", "0x1F", "0o17", "1e3", "-1", "a-b", "_x", "3.5", ".5", "1_000", "0"} {
		f.Add(s)
	}
	id := regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_-]*$`)
	f.Fuzz(func(t *testing.T, s string) {
		src := "kind: scenario\n" + s + ": 1\nv: " + s + "\n"
		file, problems := extractYAML("x.yaml", []byte(src))
		for _, p := range problems {
			if p.line < 1 || p.code == "" || p.msg == "" {
				t.Fatalf("%q: a problem without a place or message: %+v", src, p)
			}
		}
		if (file == nil) != (len(problems) > 0) {
			t.Fatalf("%q: file %v with problems %v", src, file != nil, problems)
		}
		if !id.MatchString(s) || s == "kind" || s == "v" {
			return
		}
		if len(s) > yamlImplicitKeyLimit { // YAML 1.2, 7.4: too long for a plain key; L001 with a hint
			if len(problems) != 1 || problems[0].code != codeSyntax || problems[0].line != 2 {
				t.Fatalf("a key of %d characters: want one L001 on line 2, got %v", len(s), problems)
			}
			return
		}
		if reLeadZero().MatchString(s) {
			if len(problems) != 1 || problems[0].code != codeAmbiguousNumber || problems[0].line != 3 {
				t.Fatalf("%q: want one L014 on line 3, got %v", s, problems)
			}
			return
		}
		if file == nil {
			t.Fatalf("%q: %v", src, problems)
		}
		label, _, err := ast.LabelName(file.Decls[1].(*ast.Field).Label)
		if err != nil || label != s {
			t.Fatalf("key %q read as %q (%v)", s, label, err)
		}
		lit, ok := file.Decls[2].(*ast.Field).Value.(*ast.BasicLit)
		if !ok {
			t.Fatalf("value %q: not a literal", s)
		}
		switch {
		case reDecimal().MatchString(s) || reHex().MatchString(s) || reOctal().MatchString(s):
			if lit.Kind != token.INT {
				t.Fatalf("value %q: kind %v, want an int", s, lit.Kind)
			}
		case reFloat().MatchString(s):
			if lit.Kind != token.FLOAT {
				t.Fatalf("value %q: kind %v, want a float", s, lit.Kind)
			}
		case s == "true" || s == "True" || s == "TRUE" || s == "false" || s == "False" || s == "FALSE":
			if lit.Kind != token.TRUE && lit.Kind != token.FALSE {
				t.Fatalf("value %q: kind %v, want a bool", s, lit.Kind)
			}
		case s == "null" || s == "Null" || s == "NULL":
			if lit.Kind != token.NULL {
				t.Fatalf("value %q: kind %v, want null", s, lit.Kind)
			}
		default:
			if lit.Kind != token.STRING || lit.Value != `"`+s+`"` {
				t.Fatalf("value %q read as %v %s, want the string typed", s, lit.Kind, lit.Value)
			}
		}
	})
}

// FuzzBudget (issue 11, item 1): any CUE or YAML file vetted under a small budget (1 s, 64 MiB)
// answers with findings, never an error or a panic, and within the wall-clock deadline; an
// overrun is L011 or L012 placed in the file.
func FuzzBudget(f *testing.F) {
	for _, s := range []string{
		"kind: \"scenario\"\n",
		"import \"list\"\nkind: \"scenario\"\nx: [for i in list.Range(0, 100000000, 1) {i}]\n",
		"import \"strings\"\nkind: \"scenario\"\n_s: strings.Repeat(\"ab\", 1000000)\ntitle: strings.Repeat(_s, 1000)\n",
		"a: a: a: a: 1\n",
		"x: [[[[[]]]]]\n",
		"#A: {a: #A}\nx: #A\n",
	} {
		f.Add(s)
	}
	budget := Budget{CPU: time.Second, Memory: 64 << 20}
	f.Fuzz(func(t *testing.T, src string) {
		dir := t.TempDir()
		for _, name := range []string{"x.cue", "x.yaml"} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			list, err := Vet([]string{path}, Options{WorkDir: dir, Budget: budget})
			if err != nil {
				t.Fatalf("%s: Vet error %v", name, err)
			}
			if d := time.Since(start); d > wallDeadline(budget.CPU)+5*time.Second {
				t.Fatalf("%s: Vet took %v", name, d)
			}
			for _, d := range list {
				if (d.Code == codeTimeBudget || d.Code == codeMemoryBudget) && !strings.HasSuffix(d.Pos.File, name) {
					t.Fatalf("%s: overrun placed outside the file: %v", name, d)
				}
			}
			os.Remove(path)
		}
	})
}
