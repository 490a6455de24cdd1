package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// chdirRoot runs the test from the module root, so diagnostics are named ./testdata/...
func chdirRoot(t *testing.T) {
	t.Helper()
	t.Chdir(filepath.Join("..", ".."))
}

// golden compares got with testdata/vet/name; SORTIE_UPDATE=1 rewrites the file (read the
// new file before committing it).
func goldenVet(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "vet", name)
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestVetGitHub: workflow annotations for testdata/vet/ci (golden, checked by hand against the
// text output: 2 errors, 2 warnings, sorted by line; "%" in a message is %25, the hint joins
// with %0A).
func TestVetGitHub(t *testing.T) {
	chdirRoot(t)
	code, out, _ := run(t, "", "vet", "--format", "github", "./testdata/vet/ci")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	goldenVet(t, "ci.github.golden", out)
}

// TestVetJUnit: JUnit XML for testdata/vet/ci (golden): one suite, one case per pass; refs and
// schema fail (errors), the warnings of reach and islands go to system-out; with --strict they
// fail too.
func TestVetJUnit(t *testing.T) {
	chdirRoot(t)
	code, out, _ := run(t, "", "vet", "--format", "junit", "./testdata/vet/ci")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	goldenVet(t, "ci.junit.golden", out)
	var doc junitSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	if doc.Failures != 2 {
		t.Errorf("failures = %d, want 2 (schema, refs)", doc.Failures)
	}
	_, out, _ = run(t, "", "vet", "--format", "junit", "--strict", "./testdata/vet/ci")
	if err := xml.Unmarshal([]byte(out), &doc); err != nil || doc.Failures != 4 {
		t.Errorf("--strict: failures = %d (%v), want 4 (schema, refs, reach, islands)", doc.Failures, err)
	}
}

func TestGitHubEscaping(t *testing.T) {
	// Worked by hand from the workflow-command rules: data escapes % CR LF; properties also : and ,.
	if got, want := ghEscapeData("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b"; got != want {
		t.Errorf("data: got %q, want %q", got, want)
	}
	if got, want := ghEscapeProp("dir:a,b%\n.cue"), "dir%3Aa%2Cb%25%0A.cue"; got != want {
		t.Errorf("property: got %q, want %q", got, want)
	}
}

// TestBaseline: --write-baseline records today's findings; with --baseline none is reported
// and vet exits 0; a finding added later is still reported, and editing lines above a recorded
// finding (moving it down) keeps it silenced, since entries carry no line numbers.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "vet", "ci", "story.cue"))
	if err != nil {
		t.Fatal(err)
	}
	sc := filepath.Join(dir, "story.cue")
	os.WriteFile(sc, src, 0o644)
	base := filepath.Join(dir, "base.json")
	if code, _, errs := run(t, "", "vet", "--write-baseline", base, sc); code != 0 {
		t.Fatalf("--write-baseline: exit %d: %s", code, errs)
	}
	var b baselineFile
	data, _ := os.ReadFile(base)
	if err := json.Unmarshal(data, &b); err != nil || len(b.Findings) != 4 {
		t.Fatalf("baseline: %v, %d findings, want 4:\n%s", err, len(b.Findings), data)
	}
	if code, out, _ := run(t, "", "vet", "--strict", "--baseline", base, sc); code != 0 || out != "" {
		t.Errorf("--baseline: exit %d, output %q; want 0 and nothing", code, out)
	}
	// Three comment lines on top shift every finding down; one more island appears.
	edited := "// one\n// two\n// three\n" + strings.Replace(string(src), "\td: {at: [5, 5]}", "\td: {at: [5, 5]}\n\te: {at: [8, 8]}", 1)
	os.WriteFile(sc, []byte(edited), 0o644)
	code, out, _ := run(t, "", "vet", "--baseline", base, sc)
	// The finding, its hint and vet's summary: one warning (the baseline's four are not counted) in
	// the one file vetted.
	if code != 0 || !regexp.MustCompile(`^\S+story\.cue:21:2: F004: warning: field\.blocks\.e: island`).MatchString(out) || strings.Count(out, "\n") != 3 ||
		!strings.HasSuffix(out, "\n1 problem (0 errors, 1 warning) in 1 of 1 file\n") {
		t.Errorf("edited: exit %d, want 0 and only the new F004 at line 21, then the summary:\n%s", code, out)
	}
	if code, _, errs := run(t, "", "vet", "--baseline", filepath.Join(dir, "nosuch.json"), sc); code != 2 || !strings.Contains(errs, "baseline") {
		t.Errorf("missing baseline: exit %d, %q; want 2", code, errs)
	}
}

// TestExplainCatalogue: every code the sources define (a "X123" constant assigned to a code name,
// anywhere in the module) has an explain page with a title, a bad example and a fix, and the
// JSON catalogue lists them all, sorted.
func TestExplainCatalogue(t *testing.T) {
	root := filepath.Join("..", "..")
	defined := map[string]string{}
	re := regexp.MustCompile(`(?m)^\s*(?:[Cc]ode\w*)\s*=\s*"([A-Z][0-9]{3})"`)
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, _ := os.ReadFile(path)
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			defined[m[1]] = path
		}
		return nil
	})
	if len(defined) < 40 {
		t.Fatalf("found only %d code definitions: the scan is broken", len(defined))
	}
	for code, where := range defined {
		in, ok := diag.Lookup(code)
		if !ok {
			t.Errorf("%s (defined in %s) has no explain page", code, where)
			continue
		}
		if in.Title == "" || !strings.Contains(in.Doc, "Bad") || !strings.Contains(in.Doc, "Fix") {
			t.Errorf("%s: the page needs a title, a Bad example and a Fix", code)
		}
		if c, out, _ := run(t, "", "explain", code); c != 0 || !strings.HasPrefix(out, code+": "+in.Title) {
			t.Errorf("sortie explain %s: exit %d, %q", code, c, out)
		}
	}
	code, out, _ := run(t, "", "explain", "--format", "json")
	var pages []struct{ Code, Title, Severity, Doc string }
	if err := json.Unmarshal([]byte(out), &pages); code != 0 || err != nil {
		t.Fatalf("explain --format json: exit %d, %v", code, err)
	}
	var codes []string
	for _, p := range pages {
		codes = append(codes, p.Code)
		if p.Doc == "" || p.Severity == "" {
			t.Errorf("%s: empty doc or severity in the JSON catalogue", p.Code)
		}
	}
	if !sort.StringsAreSorted(codes) || len(codes) != len(diag.Codes()) {
		t.Errorf("JSON catalogue: %d codes (sorted: %v), want %d sorted", len(codes), sort.StringsAreSorted(codes), len(diag.Codes()))
	}
	for code := range defined {
		if sort.SearchStrings(codes, code) == len(codes) || codes[sort.SearchStrings(codes, code)] != code {
			t.Errorf("%s missing from the JSON catalogue", code)
		}
	}
}
