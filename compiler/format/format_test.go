package format

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each want is written by hand from the style the package doc states.
func TestYAMLStyle(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"two-space indentation", "a:\n    b: 1\n    c:\n        - x\n", "a:\n  b: 1\n  c:\n    - x\n"},
		{"blank lines kept, runs of them made one", "- a\n\n\n- b\n- c\n", "- a\n\n- b\n- c\n"},
		{"no blank line where there was none", "- a\n# about b\n- b\n", "- a\n# about b\n- b\n"},
		{"trailing comments keep their column", "- {day: 1, move: east}      # t1\n- pick: 1                   # episode 1\n",
			"- {day: 1, move: east}      # t1\n- pick: 1                   # episode 1\n"},
		// "- [1,2]" becomes "- [1, 2]", 8 columns: the comment at column 8 moves to one space after it.
		{"a comment the code grew into moves right", "- [1,2] # c\n", "- [1, 2] # c\n"},
		{"one space at least", "a: 1 # c\n", "a: 1 # c\n"},
		{"a comment at the end stays at the end", "- a\n- b\n# the end\n", "- a\n- b\n# the end\n"},
		{"a foot comment goes before the next entry, at its indentation",
			"- night: rest\n# day 5: the battle\n\n# ---- retry ----\n- select: field01\n",
			"- night: rest\n# day 5: the battle\n\n# ---- retry ----\n- select: field01\n"},
		{"quoting kept", "cancel: \"yes\"\ntake: 'no'\nn: 010\n", "cancel: \"yes\"\ntake: 'no'\nn: 010\n"},
		{"block scalars are content", "s: |\n  a\n\n  # not a comment\nt: 1\n", "s: |\n  a\n\n  # not a comment\nt: 1\n"},
		// A folded scalar's value has fewer line breaks than it has lines: its lines are still
		// content, and no blank line appears after it.
		{"folded scalars are content", "title: >\n  A folded\n  title\nnotes: x\n", "title: >\n  A folded\n  title\nnotes: x\n"},
		{"a folded line that starts with #", "t: >\n  first\n  second\n  # not a comment\nx: 1\n", "t: >\n  first\n  second\n  # not a comment\nx: 1\n"},
		{"a kept block and a comment after it", "a: |+\n  keep\n\n# about b\nb: 2\n", "a: |+\n  keep\n\n# about b\nb: 2\n"},
		{"a comment with a plus after a block", "a: | # a+b\n  x\n\nb: 2\n", "a: | # a+b\n  x\n\nb: 2\n"},
		{"a kept block with an indentation indicator", "a: |2+\n   x\n\nb: 2\n", "a: |2+\n   x\n\nb: 2\n"},
		{"a nested folded scalar", "e:\n  say: >-\n    one\n    two\n  do: x\n", "e:\n  say: >-\n    one\n    two\n  do: x\n"},
		{"head comment of a nested entry", "armies:\n    # the mercenaries\n    merc: {side: friendly}\n", "armies:\n  # the mercenaries\n  merc: {side: friendly}\n"},
		{"comments only", "# nothing yet\n", "# nothing yet\n"},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, list := YAML("x.yaml", []byte(tc.in))
			if list != nil {
				t.Fatalf("diagnostics: %v", list)
			}
			if string(out) != tc.want {
				t.Errorf("got\n%s\nwant\n%s", out, tc.want)
			}
			again, list := YAML("x.yaml", out)
			if list != nil || string(again) != string(out) {
				t.Errorf("not idempotent: %q -> %q (%v)", out, again, list)
			}
		})
	}
}

// yaml.v3 names no column, and for a parser error the line where the construct began counted
// from 0 ("line 1" for the "[" on line 2): each error is placed where it is, by hand from the
// source (line:column of the token that shows it).
func TestYAMLSyntaxErrorPositions(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int
	}{
		{"a: 1\nb: [1, 2\n", 2, 4},                        // the "[" never closed
		{"- {day: 1, move: east\n- roll: [1, 2]\n", 2, 1}, // the next entry where "}" was due
		{"a: \"x\nb: 2\n", 1, 4},                          // the quote never closed
		{"a: b: c\n", 1, 4},                               // a second ":" on one line
		{"a:\n  b: 1\n c: 2\n", 3, 2},                     // c is indented less than b
		{"a: &x 1\nb: *y\n", 2, 4},                        // no anchor y
		{"a:\n\tb: 1\n", 2, 1},                            // a tab
	} {
		_, list := YAML("x.yaml", []byte(tc.in))
		if len(list) != 1 || list[0].Code != CodeSyntax || list[0].Pos.Line != tc.line || list[0].Pos.Column != tc.col {
			t.Errorf("%q: %v, want L001 at %d:%d", tc.in, list, tc.line, tc.col)
		}
	}
}

func TestYAMLSyntaxError(t *testing.T) {
	out, list := YAML("bad.yaml", []byte("a: 1\nb: [1, 2\nc: 3\n"))
	if out != nil || len(list) != 1 || list[0].Code != CodeSyntax || list[0].Pos.File != "bad.yaml" || list[0].Pos.Line == 0 {
		t.Fatalf("got %q, %v; want one L001 with a line", out, list)
	}
	if strings.Contains(list[0].Message, "yaml:") {
		t.Errorf("message %q keeps the library's prefix", list[0].Message)
	}
}

// Errors of yaml.v3's reader (a control character, bytes that are not UTF-8) name no line: the
// position is where the first such byte is (line and byte column, 1-based).
func TestYAMLReaderErrorPositions(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int
	}{
		{"a: 1\n\x00garbage", 2, 1},
		{"a: \"\xff\xfe\"\n", 1, 5},      // a : space " then 0xff: byte 5
		{"# ok\nb: [1,\x07 2]\n", 2, 7},  // b : space [ 1 , then the bell: byte 7
		{"s: caf\xc3\xa9 \x1b\n", 1, 10}, // s : space c a f, é is two bytes (7, 8), space, escape: 10
	} {
		_, list := YAML("x.yaml", []byte(tc.in))
		if len(list) != 1 || list[0].Code != CodeSyntax || list[0].Pos.Line != tc.line || list[0].Pos.Column != tc.col {
			t.Errorf("%q: %v, want L001 at %d:%d", tc.in, list, tc.line, tc.col)
		}
	}
}

// The CUE parser reports a NUL twice at one place ("illegal character NUL", "... U+0000"): one
// diagnostic per position.
func TestCUESyntaxErrorOncePerPosition(t *testing.T) {
	_, list := CUE("x.cue", []byte("a: 1\x00b: 2\n"))
	if len(list) != 1 || list[0].Pos.Line != 1 || list[0].Pos.Column != 5 {
		t.Errorf("got %v, want one L001 at 1:5", list)
	}
}

func TestCUEStyle(t *testing.T) {
	// cue fmt aligns the values of consecutive fields one space after the longest label.
	out, list := CUE("x.cue", []byte("a:   1\nbb: 2\n// c\nccc: {x:1}\n"))
	want := "a:  1\nbb: 2\n// c\nccc: {x: 1}\n"
	if list != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, list, want)
	}
	again, _ := CUE("x.cue", out)
	if string(again) != string(out) {
		t.Errorf("not idempotent: %q", again)
	}
}

func TestCUESyntaxError(t *testing.T) {
	out, list := CUE("bad.cue", []byte("a: 1\nb: {\n"))
	if out != nil || len(list) == 0 || list[0].Code != CodeSyntax || list[0].Pos.Line != 2 {
		t.Fatalf("got %q, %v; want L001 on line 2 (the struct is never closed)", out, list)
	}
}

// TestBundledFormatted: every bundled scenario and script is in the style already
// (sortie fmt --check ./scenarios/... passes in CI).
func TestBundledFormatted(t *testing.T) {
	files, err := Files([]string{"../../scenarios/..."})
	if err != nil || len(files) < 10 {
		t.Fatalf("Files: %v, %d files", err, len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, list := Source(f, src)
		if list != nil {
			t.Errorf("%s: %v", f, list)
		} else if string(out) != string(src) {
			t.Errorf("%s is not formatted (run sortie fmt %s)", f, f)
		}
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.cue", "b.yaml", "c.json", "x/d.yml", "x/.e.cue", "_f/g.cue", "testdata/h.cue", "cue.mod/m.cue", ".git/i.cue"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	got, err := Files([]string{dir + "/..."})
	want := []string{filepath.Join(dir, "a.cue"), filepath.Join(dir, "b.yaml"), filepath.Join(dir, "x/d.yml")}
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Files(dir/...) = %v, %v; want %v", got, err, want)
	}
	// Issue 20: a folder is dir/... (x/d.yml below it too), and a.cue named again is listed once.
	got, err = Files([]string{dir, filepath.Join(dir, "a.cue")})
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Files(dir, dir/a.cue) = %v, %v; want %v", got, err, want)
	}
	if _, err := Files([]string{filepath.Join(dir, "c.json")}); err == nil {
		t.Error("a .json file named directly: want an error")
	}
	if _, err := Files([]string{filepath.Join(dir, "nope")}); err == nil {
		t.Error("a missing path: want an error")
	}
}

// Files over the compiler's bounds are refused before any parser sees them.
func TestBounds(t *testing.T) {
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	if out, list := Source("x.cue", []byte("a: "+deep+"\n")); out != nil || len(list) != 1 || list[0].Code != CodeTooDeep || list[0].Pos.Column != 103 {
		// The label a: is a level (as in the compiler's scan: a: [x] nests as {a: [x]}), so the
		// 100th bracket is the 101st level: column 3 ("a: ") + 100.
		t.Errorf("deep CUE: %v", list)
	}
	// A chain of 101 labels on one line nests 101 levels, as {a: {a: ...}} does: vet refuses it
	// (L005) and so does fmt, by the compiler's own scan (review of issue 15: fmt had a copy of
	// the scan that counted brackets only). The k-th label's colon is at column 3k-1: 302.
	chain := strings.Repeat("a: ", 101) + "1\n"
	if out, list := Source("x.cue", []byte(chain)); out != nil || len(list) != 1 || list[0].Code != CodeTooDeep || list[0].Pos.Line != 1 || list[0].Pos.Column != 302 {
		t.Errorf("a chain of 101 labels: %v", list)
	}
	// 100 labels are 100 levels: formatted.
	if out, list := Source("x.cue", []byte(strings.Repeat("a: ", 100)+"1\n")); out == nil || len(list) != 0 {
		t.Errorf("a chain of 100 labels: %v", list)
	}
	if _, list := Source("x.yaml", []byte("a: "+deep+"\n")); len(list) != 1 || list[0].Code != CodeTooDeep {
		t.Errorf("deep YAML: %v", list)
	}
	big := make([]byte, MaxSize+1)
	if _, list := Source("x.yaml", big); len(list) != 1 || list[0].Code != CodeTooBig {
		t.Errorf("big: %v", list)
	}
}

// Source formats until a pass changes nothing: sortie fmt of its own output is the same file.
// yaml.v3 alone writes the first of these as "{0: 0,}" (the comment below is the flow mapping's
// foot comment), which the next pass reads differently (FuzzFormatYAML found it).
func TestSourceSettles(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\n{0: 0}\n#0", "{0: 0}\n#0\n"},
		{"\n{a: 1, b: 2}\n# after\n", "{a: 1, b: 2}\n# after\n"},
	} {
		out, list := Source("x.yaml", []byte(tc.in))
		if list != nil || string(out) != tc.want {
			t.Errorf("Source(%q) = %q, %v; want %q", tc.in, out, list, tc.want)
		}
		if again, _ := Source("x.yaml", out); string(again) != string(out) {
			t.Errorf("Source(%q) again = %q; want it unchanged", out, again)
		}
	}
}

// TestSourceUTF16: sortie fmt refuses a UTF-16 file (a byte-order mark FF FE or FE FF) as vet
// does, one L001 naming the encoding, and writes nothing for it: CUE and YAML alike.
func TestSourceUTF16(t *testing.T) {
	for _, name := range []string{"x.cue", "x.yaml"} {
		for _, bom := range [][]byte{{0xff, 0xfe}, {0xfe, 0xff}} {
			src := append(append([]byte(nil), bom...), 'a', 0, ':', 0, ' ', 0, '1', 0, '\n', 0)
			out, list := Source(name, src)
			if out != nil || len(list) != 1 || list[0].Code != "L001" || !strings.Contains(list[0].Message, "UTF-16") {
				t.Errorf("%s % x: output %q, findings %v; want none and one L001 naming UTF-16", name, bom, out, list)
			}
		}
	}
}
