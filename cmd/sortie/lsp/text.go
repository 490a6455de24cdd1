package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions: sortie's diagnostics and index give 1-based lines and byte columns; LSP 3.16 counts
// 0-based lines and UTF-16 code units. A text converts between the two.

// text is a document's contents with its line starts.
type text struct {
	src    []byte
	starts []int // byte offset of each line's first byte
}

func newText(src []byte) *text { return &text{src: src, starts: compiler.LineStarts(src)} }

// lineBounds returns the byte offsets of a 0-based line's start and end (before its newline),
// clamped to the text.
func (t *text) lineBounds(line int) (start, end int) {
	if line < 0 {
		return 0, 0
	}
	if line >= len(t.starts) {
		return len(t.src), len(t.src)
	}
	start = t.starts[line]
	end = len(t.src)
	if line+1 < len(t.starts) {
		end = t.starts[line+1] - 1
	}
	if end > start && t.src[end-1] == '\r' {
		end--
	}
	return start, end
}

// offset converts an LSP position to a byte offset, clamped to its line (a character past the
// end of the line is its end; one in the middle of a surrogate pair is the rune's start).
func (t *text) offset(p protocol.Position) int {
	start, end := t.lineBounds(int(p.Line))
	units := int(p.Character)
	i := start
	for i < end && units > 0 {
		r, n := utf8.DecodeRune(t.src[i:end])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units < w {
			break
		}
		units -= w
		i += n
	}
	return i
}

// position converts a byte offset to an LSP position.
func (t *text) position(off int) protocol.Position {
	off = max(0, min(off, len(t.src)))
	line := 0
	lo, hi := 0, len(t.starts)-1
	for lo <= hi { // the last line start <= off
		mid := (lo + hi) / 2
		if t.starts[mid] <= off {
			line, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(utf16Len(t.src[t.starts[line]:off]))}
}

// byteOffset converts a 1-based line and byte column (sortie's) to a byte offset, clamped.
func (t *text) byteOffset(line, col int) int {
	start, end := t.lineBounds(line - 1)
	return max(start, min(start+col-1, end))
}

// pos converts sortie's 1-based line and byte column to an LSP position (line 0: the start).
func (t *text) pos(line, col int) protocol.Position {
	if line < 1 {
		return protocol.Position{}
	}
	return t.position(t.byteOffset(line, max(col, 1)))
}

// sortiePos converts an LSP position to sortie's 1-based line and byte column.
func (t *text) sortiePos(p protocol.Position) (line, col int) {
	off := t.offset(p)
	start, _ := t.lineBounds(int(p.Line))
	return int(p.Line) + 1, off - start + 1
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += len(utf16.Encode([]rune{r}))
		b = b[size:]
	}
	return n
}

// checkRange returns an error when r is not a range of the text: a line past the last one (the
// position just after a final newline, line = number of lines and character 0, is the end), or an
// end before the start. A character past the end of its line is the line's end (LSP).
func (t *text) checkRange(r protocol.Range) error {
	for _, p := range []protocol.Position{r.Start, r.End} {
		if int(p.Line) >= len(t.starts) && !(int(p.Line) == len(t.starts) && p.Character == 0) {
			return fmt.Errorf("line %d is past the end of the document (%d lines)", p.Line+1, len(t.starts))
		}
	}
	if r.End.Line < r.Start.Line || r.End.Line == r.Start.Line && r.End.Character < r.Start.Character {
		return fmt.Errorf("the range ends (%d:%d) before it starts (%d:%d)", r.End.Line+1, r.End.Character+1, r.Start.Line+1, r.Start.Character+1)
	}
	return nil
}

// applyChange returns src with the range replaced by repl (an incremental didChange).
func applyChange(src []byte, r protocol.Range, repl string) []byte {
	out, _ := applyEdit(src, r, repl)
	return out
}

// applyEdit is applyChange that also says which bytes changed (for carry.go).
func applyEdit(src []byte, r protocol.Range, repl string) ([]byte, edit) {
	t := newText(src)
	a, b := t.offset(r.Start), t.offset(r.End)
	if b < a {
		a, b = b, a
	}
	out := make([]byte, 0, len(src)-(b-a)+len(repl))
	out = append(out, src[:a]...)
	out = append(out, repl...)
	return append(out, src[b:]...), edit{from: a, oldEnd: b, newEnd: a + len(repl)}
}

// uriPath returns the file name of a file: URI; ok is false for other schemes (untitled:, ...)
// and for a file on another host (file://server/share/x.cue names no file of this machine: read
// as /share/x.cue it would vet a local file that is not the document).
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" || u.Host != "" && u.Host != "localhost" {
		return "", false
	}
	p := filepath.FromSlash(u.Path)
	if !filepath.IsAbs(p) {
		return "", false
	}
	return filepath.Clean(p), true
}

// pathURI returns the file: URI of an absolute file name.
func pathURI(path string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
	return u.String()
}

// fileType is "cue", "yaml", "json" or "" by extension, as the compiler's loader reads it.
func fileType(path string) string { return compiler.FileKind(path) }
