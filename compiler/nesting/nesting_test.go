package nesting

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// The positions below are worked out by hand from the rule: a level is a block node's
// indentation, each `- ` entry's node, each flow bracket; the 101st level is refused.
func TestYAMLBlockNesting(t *testing.T) {
	dashes := strings.Repeat("- ", 200)
	var stairs strings.Builder
	for i := 0; i < 120; i++ {
		stairs.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	for _, c := range []struct {
		name, src string
		line, col int // 0: not too deep
	}{
		// x: is level 1, the line's own node at column 2 level 2, the k-th entry's node level 2+k:
		// the 99th, at column 2+2*99 = 200 (1-based 201), is level 101.
		{"dashes", "x:\n  " + dashes + "1\n", 2, 201},
		{"lone CR", "x:\r  " + dashes + "1\r", 2, 201},
		{"CRLF", "x:\r\n  " + dashes + "1\r\n", 2, 201},
		// Line n is indented n-1 spaces and is level n: line 101, column 101.
		{"stairs", stairs.String(), 101, 101},
		// x: level 1, each {a: one more: the 100th brace, at 3+99*4 = 399 (1-based 400).
		{"flow", "x: " + strings.Repeat("{a: ", 150) + "1\n", 1, 400},
		// The scalar `- - |` is the inner entry's node: its lines must be indented past 2, so the
		// line at 2 ends it and is counted (level 2, then 2+k as above).
		{"after a block scalar", "- - |\n  " + dashes + "\n", 2, 201},
		{"document marker", "---\nx:\n  " + dashes + "\n", 3, 201},
		// Text, not nesting.
		{"block scalar", "t: |\n  " + dashes + "\n  " + strings.Repeat("[", 300) + "\nu: 1\n", 0, 0},
		{"folded, indicators", "- >-2\n    " + dashes + "\n", 0, 0},
		{"comment", "x: 1 # " + strings.Repeat("[{", 200) + "\n# " + dashes + "\n", 0, 0},
		{"plain scalar", "x: a" + strings.Repeat("[{", 200) + "\ny: don't " + strings.Repeat("[", 200) + "\n", 0, 0},
		{"quoted", "x: '" + strings.Repeat("[", 200) + "'' ['\ny: \"\\\" " + strings.Repeat("{", 200) + "\"\n", 0, 0},
		{"multi-line quoted", "x: \"a\n  " + dashes + "\n  b\"\n", 0, 0},
		{"closers do not lower the count", "x: [" + strings.Repeat("]", 200) + "\ny: " + strings.Repeat("[", 150) + "\n", 2, 103},
	} {
		line, col, deep := TooDeep("yaml", []byte(c.src))
		if want := c.line != 0; deep != want || line != c.line || col != c.col {
			t.Errorf("%s: TooDeep = %d:%d %v, want %d:%d %v", c.name, line, col, deep, c.line, c.col, want)
		}
	}
}

// JSON and CUE as before the YAML scan was added (issue 3, item 6).
func TestJSONAndCUENesting(t *testing.T) {
	for _, c := range []struct {
		kind, src string
		line, col int
	}{
		{"json", strings.Repeat("[", 150), 1, 101},
		{"json", `{"a": "` + strings.Repeat("[", 150) + `"}`, 0, 0},
		{"json", strings.Repeat("]", 50) + strings.Repeat("[", 101), 1, 151},
		{"cue", "a: " + strings.Repeat("{", 150), 1, 103},
		{"cue", strings.Repeat("a: ", 150) + "1", 1, 302},
		{"cue", "a: \"" + strings.Repeat("{", 150) + "\"", 0, 0},
	} {
		line, col, deep := TooDeep(c.kind, []byte(c.src))
		if want := c.line != 0; deep != want || line != c.line || col != c.col {
			t.Errorf("%s %.20q: TooDeep = %d:%d %v, want %d:%d %v", c.kind, c.src, line, col, deep, c.line, c.col, want)
		}
	}
}

// Every scenario, script and test file of the repository passes the scan (no false refusal),
// but for the hostile files made to be refused
// and the L005 want files.
func TestRepositoryFilesPass(t *testing.T) {
	n := 0
	for _, root := range []string{"../../scenarios", "../../testdata", "../testdata", "../../runner"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "hostile" {
				return filepath.SkipDir
			}
			kind := strings.TrimPrefix(filepath.Ext(p), ".")
			if strings.Contains(d.Name(), "L005") {
				return nil // a want file of the refusal
			}
			if d.IsDir() || kind != "yaml" && kind != "yml" && kind != "json" && kind != "cue" {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			n++
			if line, col, deep := TooDeep(kind, data); deep {
				t.Errorf("%s:%d:%d: refused as too deep", p, line, col)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 100 {
		t.Fatalf("only %d files scanned", n)
	}
}

// depth is the number of collections on the deepest path of a yaml.v3 tree.
func depth(n *yaml.Node) int {
	d := 0
	for _, c := range n.Content {
		d = max(d, depth(c))
	}
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		d++
	}
	return d
}

// FuzzTooDeep: the scan never panics, and what it passes at a small limit, yaml.v3 reads as at
// most twice as deep (the one form it counts once for two levels, a sequence at its key's
// indentation, is the bound's reason; see yaml.go).
func FuzzTooDeep(f *testing.F) {
	for _, s := range []string{"x:\n  - - 1\n", "a:\n- b:\n  - c\n", "t: |\n  - - -\n", "{a: [b, {c: d}]}", "- ? - a\n  : b\n", "'a''[': [[1]]"} {
		f.Add(s)
	}
	const limit = 4
	f.Fuzz(func(t *testing.T, src string) {
		for _, k := range []string{"cue", "json", "yaml"} {
			TooDeep(k, []byte(src))
		}
		if _, _, deep := scanYAML([]byte(src), limit); deep {
			return
		}
		var n yaml.Node
		if yaml.Unmarshal([]byte(src), &n) != nil {
			return
		}
		if d := depth(&n); d > 2*limit+1 {
			t.Fatalf("passed at limit %d, but yaml.v3 reads %d levels", limit, d)
		}
	})
}

// TestCUEChains: chains nest in CUE's syntax tree as brackets do (MaxChain, 500). Positions by
// hand: in "x: 1 + 1 + ...", "x: 1" is 4 bytes and each " + 1" 4 more, so the k-th + is at
// column 4k+2 and the 501st at 2006; in "x: a.a.a...", the k-th . at 2k+3 (501st: 1005); in
// "x: a[0][0]...", the k-th [ at 3k+2 (501st: 1505); "x: 1 +" then "1 +" on each line: the
// 501st + is on line 501, column 3; an enum of 500 values (499 |) and groups in parentheses,
// and many short chains, pass.
func TestCUEChains(t *testing.T) {
	enum := make([]string, 500)
	for i := range enum {
		enum[i] = fmt.Sprintf("%q", fmt.Sprint("v", i))
	}
	group := "(" + strings.Repeat("1 + ", 400) + "1)"
	for _, c := range []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"operators", "x: 1" + strings.Repeat(" + 1", 600), 1, 2006, "operators"},
		{"selectors", "x: a" + strings.Repeat(".a", 600), 1, 1005, "selectors"},
		{"indexes", "x: a" + strings.Repeat("[0]", 600), 1, 1505, "selectors"},
		{"across lines", "x: 1" + strings.Repeat(" +\n1", 600), 501, 3, "operators"},
		{"enum", "x: " + strings.Join(enum, " | ") + "\n", 0, 0, ""},
		{"groups", "x: " + strings.Repeat(group+" + ", 10) + "1\n", 0, 0, ""},
		{"short chains", strings.Repeat("x: 1"+strings.Repeat(" + 1", 400)+"\n", 20) + strings.Repeat("y: a.b.c[0](1)\n", 1000), 0, 0, ""},
		{"unary minus", "x: -1 - -1 - -1\n", 0, 0, ""},
	} {
		line, col, msg := Find("cue", []byte(c.src))
		if line != c.line || col != c.col || !strings.Contains(msg, c.msg) || (c.msg == "") != (msg == "") {
			t.Errorf("%s: Find = %d:%d %q, want %d:%d %q", c.name, line, col, msg, c.line, c.col, c.msg)
		}
	}
}
