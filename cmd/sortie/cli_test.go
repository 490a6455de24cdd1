package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

var field01 = filepath.Join("..", "..", "scenarios", "karzoral", "field01")

// run calls Main in-process and returns the exit code and both streams.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errb)
	if strings.Contains(errb.String(), "goroutine ") || strings.Contains(errb.String(), "panic") {
		t.Fatalf("sortie %v: a stack trace on stderr:\n%s", args, errb.String())
	}
	return code, out.String(), errb.String()
}

func TestExitCodes(t *testing.T) {
	tmp := t.TempDir()
	syntax := filepath.Join(tmp, "broken.cue")
	os.WriteFile(syntax, []byte("kind: \"scenario\"\nid: \"x\"\ntitle: \"broken\n"), 0o644)
	long := filepath.Join(tmp, "long.yaml")
	win, _ := os.ReadFile(filepath.Join(field01, "win.yaml"))
	os.WriteFile(long, append(win, "- {move: east}\n- night: rest\n"...), 0o644)
	badScript := filepath.Join(tmp, "bad.yaml")
	// Day 1 asks for a move; "night: rest" does not fit the state.
	os.WriteFile(badScript, []byte("- night: rest\n"), 0o644)

	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // regexp, "" = anything
		stderr string // regexp, "" = anything
	}{
		{"vet clean", []string{"vet", field01}, 0, `^$`, ``},
		{"vet flags after path", []string{"vet", field01, "--format", "json"}, 0, `"errors": 0`, ``},
		{"vet missing file", []string{"vet", filepath.Join(tmp, "nosuch.cue")}, 2, ``, `nosuch\.cue`},
		{"vet syntax error", []string{"vet", syntax}, 1, `broken\.cue:3:\d+: L001: `, ``},
		{"run win script", []string{"run", field01, "--script", filepath.Join(field01, "win.yaml")}, 0, `success`, ``},
		{"run lose script", []string{"run", field01, "--script", filepath.Join(field01, "lose.yaml")}, 1, `failure`, `failure on day 5`},
		{"run script mismatch", []string{"run", field01, "--script", badScript}, 1, ``, `bad\.yaml:1:3: X001: .*day 1.*action`},
		{"run no decisions", []string{"run", field01}, 2, ``, `--script FILE or --policy`},
		{"run bad policy", []string{"run", field01, "--policy", "smart"}, 2, ``, `smart`},
		{"run script longer than the play", []string{"run", field01, "--script", long}, 0, `success`, `long\.yaml:\d+:4: X004: warning: the scenario ended before the script did: 2 entries`},
		{"compile -o without a value", []string{"compile", field01, "-o"}, 2, `^$`, `flag -o needs a value`},
		{"compile -o a directory", []string{"compile", field01, "-o", tmp}, 2, `^$`, `-o .*: it is a directory`},
		{"unknown flag", []string{"vet", "--bogus", field01}, 2, `^$`, `flag provided but not defined: -bogus \(see sortie vet --help\)`},
		{"explain", []string{"explain", "F002"}, 0, `F002: `, ``},
		{"explain unknown", []string{"explain", "Z999"}, 2, ``, `unknown code`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errs)
			}
			if tt.stdout != "" && !regexp.MustCompile(tt.stdout).MatchString(out) {
				t.Errorf("stdout does not match %q:\n%s", tt.stdout, out)
			}
			if tt.stderr != "" && !regexp.MustCompile(tt.stderr).MatchString(errs) {
				t.Errorf("stderr does not match %q:\n%s", tt.stderr, errs)
			}
		})
	}
}

// TestCompileDeterministic: two compiles of the same sources give byte-identical plans, and a run
// from the plan gives the same transcript as a run from the sources.
func TestCompileDeterministic(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a.json"), filepath.Join(tmp, "b.json")
	for _, p := range []string{a, b} {
		if code, _, errs := run(t, "", "compile", field01, "-o", p); code != 0 {
			t.Fatalf("compile: exit %d: %s", code, errs)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if len(da) == 0 || !bytes.Equal(da, db) {
		t.Fatalf("two compiles differ (%d and %d bytes)", len(da), len(db))
	}
	script := filepath.Join(field01, "win.yaml")
	_, fromSrc, _ := run(t, "", "run", field01, "--script", script)
	_, fromPlan, _ := run(t, "", "run", a, "--script", script)
	if fromSrc == "" || fromSrc != fromPlan {
		t.Fatalf("run from plan differs from run from sources")
	}
}

// TestRunDeterministic: the same plan, seed and inputs give byte-identical output, in both formats.
func TestRunDeterministic(t *testing.T) {
	for _, format := range []string{"text", "jsonl"} {
		args := []string{"run", field01, "--policy", "random", "--seed", "42", "--format", format}
		_, out1, _ := run(t, "", args...)
		_, out2, _ := run(t, "", args...)
		if out1 == "" || out1 != out2 {
			t.Fatalf("%s: two runs with the same seed differ", format)
		}
		args[5] = "43"
		_, out3, _ := run(t, "", args...)
		_ = out3 // another seed may or may not differ on this small field; only equality is a contract
	}
}

// TestVetWantFiles runs `sortie vet` on every testdata/compiler/want case: each prints its code
// with the file's name and a line and column, and exits 1 (errors) or, for cases whose findings
// are all warnings, 0 without --strict and 1 with it. The positions themselves are asserted by
// the compiler's want-comment test.
func TestVetWantFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "compiler", "want")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A file whose wants are all warnings (the catalogue's severity decides) exits 0.
	wantRe := regexp.MustCompile(`(?m)(?://|#) want ((?:[A-Z][0-9]{3}(?:@[0-9]+)?[ \t]*)+)$`)
	warningsOnly := func(path string) bool {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range wantRe.FindAllStringSubmatch(string(data), -1) {
			for _, w := range strings.Fields(m[1]) {
				code, _, _ := strings.Cut(w, "@")
				if in, ok := diag.Lookup(code); !ok || in.Severity != diag.Warning {
					return false
				}
			}
		}
		return true
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		code := strings.SplitN(e.Name(), "_", 2)[0]
		path := filepath.Join(dir, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			want := 1
			if warningsOnly(path) {
				want = 0
			}
			got, out, errs := run(t, "", "vet", path)
			if got != want {
				t.Errorf("exit %d, want %d\n%s%s", got, want, out, errs)
			}
			if re := regexp.MustCompile(regexp.QuoteMeta(e.Name()) + `:\d+:\d+: ` + code + `: `); !re.MatchString(out) {
				t.Errorf("no %s finding with file:line:col:\n%s", code, out)
			}
			if got, _, _ := run(t, "", "vet", "--strict", path); got != 1 {
				t.Errorf("--strict: exit %d, want 1", got)
			}
		})
		n++
	}
	if n < 19 {
		t.Errorf("only %d want files", n)
	}
}
