package format

import "github.com/sortie-rpg/sortie/compiler/diag"

// The compiler's bounds on hostile input, applied before a recursive parser or formatter sees a
// file (the compiler refuses the same files with the same codes when vetting).
const (
	// MaxSize is the largest file Source formats, in bytes (4 MiB); larger is L004.
	MaxSize = 4 << 20
	// MaxDepth bounds the nesting of brackets and braces; deeper is L005.
	MaxDepth = 100

	CodeTooBig  = "L004" // registered by package compiler
	CodeTooDeep = "L005" // registered by package compiler
)

// bounded returns L004 or L005 when src is over a bound, nil otherwise.
func bounded(filename string, src []byte) diag.List {
	if len(src) > MaxSize {
		return diag.List{diag.Errorf(diag.Pos{File: filename}, CodeTooBig, "file larger than %d bytes (4 MiB): refused", MaxSize)}
	}
	if line, col, deep := tooDeep(src); deep {
		return diag.List{diag.Errorf(diag.Pos{File: filename, Line: line, Column: col}, CodeTooDeep, "nesting deeper than %d levels: refused", MaxDepth)}
	}
	return nil
}

// tooDeep scans for brackets nested deeper than MaxDepth outside strings and comments (the
// compiler's rough scan, which a vetted file passes): the 1-based position of the first one.
func tooDeep(data []byte) (line, col int, deep bool) {
	depth := 0
	line, col = 1, 0
	inStr, inComment := byte(0), false
	for i := 0; i < len(data); i++ {
		c := data[i]
		col++
		if c == '\n' {
			line, col, inComment = line+1, 0, false
			continue
		}
		switch {
		case inComment:
		case inStr != 0:
			if c == '\\' {
				i++
				col++
			} else if c == inStr {
				inStr = 0
			}
		case c == '"' || c == '\'':
			inStr = c
		case c == '/' && i+1 < len(data) && data[i+1] == '/', c == '#':
			inComment = true
		case c == '{' || c == '[' || c == '(':
			depth++
			if depth > MaxDepth {
				return line, col, true
			}
		case c == '}' || c == ']' || c == ')':
			depth--
		}
	}
	return 0, 0, false
}
