package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Span is a range of a source file: Start is its first byte, End the byte after its last, both
// 1-based line and byte column (diag.Pos), in the same file. An editor converts the columns to its
// own unit (the language server: UTF-16 code units).
type Span struct {
	Start, End diag.Pos
}

// Contains reports whether p (a 1-based line and byte column in the same file) lies within the
// span, its end included (a cursor right after a word is on the word).
func (s Span) Contains(p diag.Pos) bool {
	if p.File != s.Start.File {
		return false
	}
	if p.Line < s.Start.Line || p.Line == s.Start.Line && p.Column < s.Start.Column {
		return false
	}
	return p.Line < s.End.Line || p.Line == s.End.Line && p.Column <= s.End.Column
}

// TokenEnd returns the end (the 1-based line and byte column after its last byte) of the token
// that starts at line:col in src: a quoted string ("..." with backslash escapes, '...'), or a run
// of letters, digits and "_-.#$" (an identifier, a number, a YAML plain scalar of one word). A
// position past the end of src or at a character of neither kind gives a token of one byte; a
// string that is not closed on its line ends at the line's end. It never reads beyond src.
func TokenEnd(src []byte, line, col int) (endLine, endCol int) {
	off, ok := offsetOf(src, line, col)
	if !ok || off >= len(src) {
		return line, col + 1
	}
	return line, col + tokenLen(src, off)
}

// tokenLen is the length in bytes of the token at src[off] (see TokenEnd); off < len(src).
func tokenLen(src []byte, off int) int {
	i := off
	switch q := src[i]; {
	case q == '"' || q == '\'':
		i++
		for i < len(src) && src[i] != '\n' {
			c := src[i]
			i++
			if c == '\\' && q == '"' && i < len(src) && src[i] != '\n' {
				i++
				continue
			}
			if c == q {
				break
			}
		}
	case isWordByte(q):
		for i < len(src) && isWordByte(src[i]) {
			i++
		}
	default:
		i++
	}
	return i - off
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '#' || c == '$' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// offsetOf converts a 1-based line and byte column to a byte offset in src. ok is false when the
// line does not exist; a column past the line's end is clamped to it.
func offsetOf(src []byte, line, col int) (int, bool) {
	if line < 1 || col < 1 {
		return 0, false
	}
	off := 0
	for l := 1; l < line; l++ {
		i := indexByte(src[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	end := indexByte(src[off:], '\n')
	if end < 0 {
		end = len(src) - off
	}
	return off + min(col-1, end), true
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// lines indexes the line starts of a source file, for spans of many tokens.
type lines struct {
	src    []byte
	starts []int // byte offset of each line's first byte
}

func newLines(src []byte) *lines { return &lines{src: src, starts: LineStarts(src)} }

// LineStarts returns the byte offset of the first byte of each line of src: 0, then one past
// each '\n' (a '\r' before it stays on its line). The language server converts its UTF-16
// positions over the same index.
func LineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// span is the span of the token at p (see TokenEnd); a position outside the file gives a span of
// one byte.
func (l *lines) span(p diag.Pos) Span {
	end := diag.Pos{File: p.File, Line: p.Line, Column: p.Column + 1}
	if p.Line >= 1 && p.Line <= len(l.starts) && p.Column >= 1 {
		lineEnd := len(l.src)
		if p.Line < len(l.starts) {
			lineEnd = l.starts[p.Line] - 1
		}
		if off := l.starts[p.Line-1] + p.Column - 1; off < lineEnd {
			end.Column = p.Column + tokenLen(l.src, off)
		}
	}
	return Span{Start: p, End: end}
}
