package compiler

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The want tests: every file (or directory) under testdata/compiler/want is a scenario whose
// expected findings sit on the offending lines, the analysistest way:
//
//	days: limt: 5 // want S001@7 S003@1
//
// Each word after "want" is a code, optionally with the expected column after '@'. The set of
// (line, code) findings must equal the set of wants (any extra or missing finding fails), and a
// want with a column must match a finding's column exactly. Columns and lines were counted by hand
// from the files (a tab is one column). YAML files use "# want".

var wantRe = regexp.MustCompile(`(?://|#) want ((?:[A-Z][0-9]{3}(?:@[0-9]+)?\s*)+)$`)

type want struct {
	file string // display name, as in diagnostics
	line int
	code string
	col  int // 0: any column
}

func (w want) String() string {
	if w.col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", w.file, w.line, w.col, w.code)
	}
	return fmt.Sprintf("%s:%d: %s", w.file, w.line, w.code)
}

// readWants collects the want comments of a file.
func readWants(t *testing.T, path, display string) []want {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []want
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		m := wantRe.FindStringSubmatch(strings.TrimRight(sc.Text(), " \t"))
		if m == nil {
			continue
		}
		for _, w := range strings.Fields(m[1]) {
			code, col, _ := strings.Cut(w, "@")
			c := 0
			if col != "" {
				c, _ = strconv.Atoi(col)
			}
			out = append(out, want{file: display, line: line, code: code, col: c})
		}
	}
	return out
}

// repoRoot is the module root: diagnostics in tests are named relative to it.
func repoRoot(t testing.TB) string {
	t.Helper()
	abs, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func TestWant(t *testing.T) {
	root := repoRoot(t)
	dir := filepath.Join(root, "testdata", "compiler", "want")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	codesSeen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		t.Run(name, func(t *testing.T) {
			var files []string
			if e.IsDir() {
				sub, err := os.ReadDir(path)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range sub {
					files = append(files, filepath.Join(path, s.Name()))
				}
			} else {
				files = []string{path}
			}
			var wants []want
			for _, f := range files {
				rel, _ := filepath.Rel(root, f)
				wants = append(wants, readWants(t, f, "./"+filepath.ToSlash(rel))...)
			}
			if len(wants) == 0 {
				t.Fatalf("%s has no want comment", name)
			}
			list, err := Vet([]string{path}, Options{WorkDir: root})
			if err != nil {
				t.Fatalf("Vet: %v", err)
			}
			checkWants(t, list, wants)
			for _, w := range wants {
				codesSeen[w.code] = true
			}
		})
	}
	// Every code of the compiler has at least one want case.
	for _, c := range allCodes {
		if !codesSeen[c] {
			t.Errorf("no want case for %s", c)
		}
	}
}

// checkWants compares findings with wants: the same set of (file, line, code), and exact columns
// where a want gives one.
func checkWants(t *testing.T, list diag.List, wants []want) {
	t.Helper()
	type key struct {
		file string
		line int
		code string
	}
	got := map[key][]diag.Diagnostic{}
	for _, d := range list {
		k := key{d.Pos.File, d.Pos.Line, d.Code}
		got[k] = append(got[k], d)
	}
	wanted := map[key]bool{}
	for _, w := range wants {
		k := key{w.file, w.line, w.code}
		wanted[k] = true
		ds, ok := got[k]
		if !ok {
			t.Errorf("missing finding: %s", w)
			continue
		}
		if w.col == 0 {
			continue
		}
		found := false
		for _, d := range ds {
			found = found || d.Pos.Column == w.col
		}
		if !found {
			t.Errorf("finding %s: no match at column %d: got %v", w, w.col, ds)
		}
	}
	var extra []string
	for k, ds := range got {
		if !wanted[k] {
			for _, d := range ds {
				extra = append(extra, fmt.Sprintf("%s (hint: %s)", d, d.Hint))
			}
		}
	}
	sort.Strings(extra)
	for _, x := range extra {
		t.Errorf("unexpected finding: %s", x)
	}
}

// allCodes lists every code the compiler reports; TestWant needs a case for each. The codes of
// compiler/karzoral (R, F, A, E, O, T001-T002, W, K) are written out: the core does not name them.
var allCodes = []string{
	codeSyntax, codeNotScenario, codeLoad,
	codeUnknownField, codeBadValue, codeMissing, codeNotInEnum,
	"R001", "R002", "R003",
	"F001", "F002", "F003",
	"A001", "A002",
	"E001", "E002", "E003",
	"O001",
	"K001", "K002", "K003", "K004", "K005",
	"R004", "R005", "F004", "F005",
	"E004", "O002", "T001", "T002", "W001",
	"A003", "R006", "T003",
	codeTooDeep, codeEmbed, codeImportOutside, codeNoReason, codeUnusedIgnore, codeBadIgnore,
	// codeFileTooBig (L004) needs a 4 MiB file: TestHostileInput generates one.
}
