package yamlpos

import (
	"bytes"
	"testing"
)

// Positions worked out by hand from each source (1-based lines, byte columns).
func TestBadChar(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		ok        bool
	}{
		{"a: 1\nb: 2\n", 0, 0, false},
		{"\ufeffa: 1\n", 0, 0, false},                // a byte order mark at the start is allowed
		{"a: 1\n\ufeff", 0, 0, false},                // elsewhere too: U+FEFF is in U+E000..U+FFFD
		{"a: \"x\x01\"\n", 1, 6, true},               // `a: "x` is 5 bytes
		{"a: 1\nbé: \x7f\n", 2, 6, true},             // "bé: " is 5 bytes (é is 2)
		{"a: \xe9t\xe9\n", 1, 4, true},               // a Latin-1 é is not UTF-8
		{"a:\tb\r\n\u0085\u00a0c: 1\n", 0, 0, false}, // tab, CR, NEL, NBSP are printable
	} {
		line, col, ok := BadChar([]byte(c.src))
		if line != c.line || col != c.col || ok != c.ok {
			t.Errorf("BadChar(%q) = %d, %d, %v; want %d, %d, %v", c.src, line, col, ok, c.line, c.col, c.ok)
		}
	}
}

func TestPlace(t *testing.T) {
	for _, c := range []struct {
		src       string
		line      int // as yaml.v3 names it
		msg       string
		limit     int // for Locate
		wantLine  int
		wantCol   int
		wantInMsg string
	}{
		// yaml.v3: "line 1: did not find expected ',' or ']'" (the 0-based line of the `[`); the
		// `[` is at 2:4 ("b: " is 3 bytes).
		{"a: 1\nb: [1, 2\n", 1, "did not find expected ',' or ']'", 1 << 10, 2, 4, "']'"},
		// a reader error names no line: at the byte, 1:9 ("name: \"a" is 8 bytes).
		{"name: \"a\x01\"\n", 0, "control characters are not allowed", 1 << 10, 1, 9, "control characters"},
		// too large for the second parser: yaml.v3's 0-based line 1 is line 2, at its first
		// character that is not a blank (column 3).
		{"a: 1\n  b: [1\n", 1, "did not find expected ',' or ']'", 4, 2, 3, "did not find"},
		// goccy on a column after é: "é: [x" has `[` at character 4, byte 5.
		{"é: [x\n", 0, "did not find expected ',' or ']'", 1 << 10, 1, 5, "']'"},
	} {
		l, col, msg := Place([]byte(c.src), c.line, c.msg, c.limit)
		if l != c.wantLine || col != c.wantCol || !bytes.Contains([]byte(msg), []byte(c.wantInMsg)) {
			t.Errorf("Place(%q, %d, %q) = %d:%d %q; want %d:%d with %q", c.src, c.line, c.msg, l, col, msg, c.wantLine, c.wantCol, c.wantInMsg)
		}
	}
}

func TestByteCol(t *testing.T) {
	src := []byte("ab\néé: x\n")
	// line 2, character 3 (the colon) is byte 5: é and é are 2 bytes each.
	if got := ByteCol(src, 2, 3); got != 5 {
		t.Errorf("ByteCol = %d, want 5", got)
	}
	if got := ByteCol(src, 9, 3); got != 3 {
		t.Errorf("ByteCol on a line not in the file = %d, want the column itself", got)
	}
}

// inLine reports whether byte column col is inside line l of src, lines as YAML breaks them
// (\n, \r\n, a lone \r): col is 0 (no column), or 1..len(line)+1 (one past the last byte for an
// error at the end of the line). A line past the file's last has no bytes: only column 1.
func inLine(src []byte, l, col int) bool {
	if col == 0 {
		return true
	}
	ls := bytes.Split(bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n")), []byte("\n"))
	if l > len(ls) {
		return col == 1
	}
	return col >= 1 && col <= len(ls[l-1])+1
}

// FuzzPlace: whatever the source, Place never panics and names a line of the file (or line 1),
// with a column inside that line.
func FuzzPlace(f *testing.F) {
	for _, s := range []string{"a: 1\nb: [1, 2\n", "a: \"\x01\"", "- {move: east\n", "é: [x", "k: v\n  - x\n"} {
		f.Add([]byte(s), 0)
	}
	f.Fuzz(func(t *testing.T, src []byte, line int) {
		if len(src) > 4096 {
			return
		}
		line = max(0, min(line, 1<<20))
		l, col, _ := Place(src, line, "did not find expected ',' or ']'", 1<<12)
		// YAML breaks lines at \n, \r\n and a lone \r.
		lines := bytes.Count(bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n")), []byte("\n")) + 1
		if l < 1 || l > max(lines, line+1) || !inLine(src, l, col) {
			t.Fatalf("Place = %d:%d for a file of %d lines: not inside the line", l, col, lines)
		}
		l, col, _ = Place(src, 0, "control characters are not allowed", 1<<12)
		if l < 1 || l > lines || !inLine(src, l, col) {
			t.Fatalf("reader error placed at %d:%d in a file of %d lines: not inside the line", l, col, lines)
		}
	})
}

// A lone carriage return ends a line for YAML (and for editors): the control character after
// "a\r" is on line 2, column 1, and an error placed on line 2 of `"\r"0` is inside `"0` (the
// fuzz input that found BadChar and firstCol counting \n alone).
func TestLoneCarriageReturn(t *testing.T) {
	if l, c, ok := BadChar([]byte("a\r\x01")); !ok || l != 2 || c != 1 {
		t.Errorf("BadChar = %d:%d %v, want 2:1", l, c, ok)
	}
	if l, c, ok := BadChar([]byte("a\r\nb\x01")); !ok || l != 2 || c != 2 {
		t.Errorf("BadChar after \\r\\n = %d:%d %v, want 2:2", l, c, ok)
	}
	if c := firstCol([]byte("\"\r  \"0"), 2); c != 3 {
		t.Errorf("firstCol of line 2 = %d, want 3", c)
	}
	if c := ByteCol([]byte("x\ré!"), 2, 2); c != 3 {
		t.Errorf("ByteCol of line 2, character 2 = %d, want 3 (é is 2 bytes)", c)
	}
}
