// Package yamlpos places YAML syntax errors. yaml.v3 (and CUE's fork of it), which sortie reads
// YAML with, names a line only, and not always the problem's: a parser error names the 0-based
// line of the construct that is not closed, and a reader error (a control character, a byte that
// is not UTF-8) no line at all. BadChar finds the byte the reader refuses; Locate parses the file
// again with github.com/goccy/go-yaml, which keeps the position of every token. The compiler (vet,
// L001), sortie fmt (L001) and the runner's scripts (X002) place their YAML errors with it.
// Lines and columns are 1-based, columns in bytes (as CUE counts them); lines end where YAML ends
// them, at \n, \r\n and a lone \r (as editors and the language server protocol count them too).
package yamlpos

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf8"

	goccy "github.com/goccy/go-yaml"
	goccyparser "github.com/goccy/go-yaml/parser"
)

// BadChar finds the first byte yaml.v3's reader refuses in a UTF-8 file: one that is not UTF-8,
// or a character outside YAML's printable set (YAML 1.2, 5.1, c-printable: tab, line breaks,
// U+0020..U+007E, U+0085, U+00A0..U+D7FF, U+E000..U+FFFD, U+10000 and above; a byte order mark
// at the start is allowed). ok is false when every character is allowed.
func BadChar(src []byte) (line, col int, ok bool) {
	line, start := 1, 0
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		printable := r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0x7e || r == 0x85 ||
			r >= 0xa0 && r <= 0xd7ff || r >= 0xe000 && r <= 0xfffd || r >= 0x10000 && r <= 0x10ffff ||
			r == 0xfeff && i == 0
		if r == utf8.RuneError && size <= 1 || !printable {
			return line, i - start + 1, true
		}
		if r == '\n' || r == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			line, start = line+1, i+1
		}
		i += size
	}
	return 0, 0, false
}

// lineStart is the offset of the 1-based line of src as YAML breaks lines (\n, \r\n, a lone \r),
// and whether src has that line.
func lineStart(src []byte, line int) (int, bool) {
	off := 0
	for n := 1; n < line; n++ {
		i := bytes.IndexAny(src[off:], "\r\n")
		if i < 0 {
			return 0, false
		}
		off += i + 1
		if src[off-1] == '\r' && off < len(src) && src[off] == '\n' {
			off++
		}
	}
	return off, true
}

// lineEnd reports whether src[i] ends a line (a \n or a \r).
func lineEnd(src []byte, i int) bool { return src[i] == '\n' || src[i] == '\r' }

// readerErrors are the messages of yaml.v3's reader (readerc.go) for input it cannot decode.
var readerErrors = []string{"control characters are not allowed", "invalid leading UTF-8 octet",
	"incomplete UTF-8 octet sequence", "invalid trailing UTF-8 octet", "invalid length of a UTF-8 sequence",
	"invalid Unicode character"}

// ReaderError reports whether msg, a yaml.v3 error message without its "yaml: " prefix (or
// with any prefix ending in ": "), is one of the reader's: the input is not UTF-8, or holds a
// character YAML does not allow. Such an error is at BadChar.
func ReaderError(msg string) bool {
	for _, p := range readerErrors {
		if strings.HasPrefix(msg, p) || strings.Contains(msg, ": "+p) {
			return true
		}
	}
	return false
}

// Locate parses src, a file of at most limit bytes (the parser takes some 150 bytes of memory a
// byte of YAML), with goccy/go-yaml and returns where it fails: the line and byte column of the
// token it stopped at, and its message. Keys given twice are not its concern (the callers
// report them). ok is false for a larger file, a file it parses, or a failure of its own.
func Locate(src []byte, limit int) (line, col int, msg string, ok bool) {
	if len(src) > limit {
		return 0, 0, "", false
	}
	defer func() {
		if recover() != nil { // the parser is not ours
			line, col, msg, ok = 0, 0, "", false
		}
	}()
	_, err := goccyparser.ParseBytes(src, 0, goccyparser.AllowDuplicateMapKey())
	var se *goccy.SyntaxError
	if !errors.As(err, &se) || se.Token == nil || se.Token.Position == nil || se.Token.Position.Line < 1 {
		return 0, 0, "", false
	}
	p := se.Token.Position
	return p.Line, ByteCol(src, p.Line, max(p.Column, 1)), se.GetMessage(), true
}

// ByteCol converts a 1-based column in characters on a 1-based line of src (lines as YAML breaks
// them) to a column in bytes (the column itself when the line is not in src).
func ByteCol(src []byte, line, col int) int {
	off, ok := lineStart(src, line)
	if !ok {
		return col
	}
	start := off
	for i := 1; i < col && off < len(src) && !lineEnd(src, off); i++ {
		_, w := utf8.DecodeRune(src[off:])
		off += w
	}
	return off - start + 1
}

// parserErrors are the messages of yaml.v3's parser (parserc.go), whose line is 0-based; the
// scanner's (some also "did not find expected ...": a tag URI, whitespace) name a 1-based line.
var parserErrors = []string{"did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"did not find expected '-' indicator", "did not find expected <document start>",
	"did not find expected <stream-start>", "did not find expected key", "did not find expected node content",
	"found duplicate %", "found incompatible", "found undefined tag"}

// Place places a yaml.v3 syntax error in src: line is the line its message names ("yaml: line N:
// ...", 0 when it names none) and msg the message without that prefix. yaml.v3's line is not
// always the problem's: a parser error ("did not find expected ...") names the 0-based line of the
// construct that is not closed, a scanner error the line of its context, and a reader error none
// at all. Place returns, in this order: a reader error at BadChar; where goccy/go-yaml fails on a
// file of at most limit bytes (Locate), with goccy's message, unless yaml.v3's scanner saw the
// problem on a later line (a key indented too far continues the value above it, which goccy
// blames); else yaml.v3's line (made 1-based for a parser error, at most the file's last line) at
// its first character that is not a blank (column 0 for a blank line).
func Place(src []byte, line int, msg string, limit int) (int, int, string) {
	if line == 0 && ReaderError(msg) {
		if l, c, ok := BadChar(src); ok {
			return l, c, msg
		}
	}
	parserErr := false
	for _, p := range parserErrors {
		parserErr = parserErr || strings.HasPrefix(msg, p)
	}
	last := lines(src)
	if gl, gc, gm, ok := Locate(src, limit); ok && (parserErr || line <= gl) {
		if gl > last { // goccy may count a line past the end (lone carriage returns)
			return last, firstCol(src, last), gm
		}
		return gl, gc, gm
	}
	if parserErr {
		line++ // the 0-based line of the construct
	}
	// Never past the file's last line: some parser errors (`[?]` on a file of one line) name the
	// 1-based line already, and one more would be a line the file does not have.
	line = min(max(line, 1), last)
	return line, firstCol(src, line), msg
}

// lines is the number of lines of src as YAML breaks them: at \n, \r\n and a lone \r.
func lines(src []byte) int {
	n := 1
	for i, b := range src {
		if b == '\n' || (b == '\r' && (i+1 == len(src) || src[i+1] != '\n')) {
			n++
		}
	}
	return n
}

// firstCol is the column of the first character of a 1-based line of src (lines as YAML breaks
// them) that is not a space or a tab (0 when there is none, or no such line).
func firstCol(src []byte, line int) int {
	off, ok := lineStart(src, line)
	if !ok {
		return 0
	}
	for i := off; i < len(src) && !lineEnd(src, i); i++ {
		if src[i] != ' ' && src[i] != '\t' {
			return i - off + 1
		}
	}
	return 0
}
