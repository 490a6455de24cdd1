package compiler

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// parseJSON reads a JSON file into a data tree (fast_tree.go) in one pass, with the positions
// CUE's JSON decoder gives the same values: a value where its first byte is, a label at its
// opening quote (nm.labelPos), the top of the file inside the first key's quotes (ld.user.Pos())
// or nowhere when the object is empty. Lines and columns count bytes, from 1.
//
// ok is false for anything the fast path leaves to the CUE path, which then reports it with its
// own words: a syntax error, a top level that is not an object, a key given twice (L013), a
// number that is not a decimal integer of at most 64 bits (CUE reads 1.0 and 1e3 as floats), a
// string that is not valid UTF-8 or holds a lone surrogate, nesting deeper than maxDepth.
func parseJSON(data []byte, file string) (root *dnode, top diag.Pos, ok bool) {
	p := &jsonParser{data: data, file: file, line: 1}
	p.space()
	if p.off >= len(data) || data[p.off] != '{' {
		return nil, diag.Pos{}, false
	}
	root = p.value()
	if root == nil || p.bad {
		return nil, diag.Pos{}, false
	}
	p.space()
	if p.off != len(data) {
		return nil, diag.Pos{}, false
	}
	if len(root.keys) > 0 {
		top = root.kids[0].label
		top.Column++
	}
	return root, top, true
}

type jsonParser struct {
	data      []byte
	off       int
	file      string
	line      int
	lineStart int // offset of the current line's first byte
	depth     int
	bad       bool
}

func (p *jsonParser) pos() diag.Pos {
	return diag.Pos{File: p.file, Line: p.line, Column: p.off - p.lineStart + 1}
}

func (p *jsonParser) space() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case '\n':
			p.line++
			p.lineStart = p.off + 1
		case ' ', '\t', '\r':
		default:
			return
		}
		p.off++
	}
}

// value reads the value at p.off (after white space); nil on an error.
func (p *jsonParser) value() *dnode {
	if p.off >= len(p.data) {
		return nil
	}
	at := p.pos()
	switch c := p.data[p.off]; {
	case c == '{':
		return p.object(at)
	case c == '[':
		return p.list(at)
	case c == '"':
		s, ok := p.string()
		if !ok {
			return nil
		}
		return &dnode{kind: dString, str: s, value: at, label: at}
	case c == '-' || c >= '0' && c <= '9':
		return p.number(at)
	case c == 't' && p.word("true"):
		return &dnode{kind: dBool, b: true, value: at, label: at}
	case c == 'f' && p.word("false"):
		return &dnode{kind: dBool, value: at, label: at}
	case c == 'n' && p.word("null"):
		return &dnode{kind: dNull, value: at, label: at}
	}
	return nil
}

func (p *jsonParser) word(w string) bool {
	if len(p.data)-p.off < len(w) || string(p.data[p.off:p.off+len(w)]) != w {
		return false
	}
	p.off += len(w)
	return true
}

func (p *jsonParser) object(at diag.Pos) *dnode {
	if p.depth++; p.depth > maxDepth {
		return nil
	}
	defer func() { p.depth-- }()
	obj := &dnode{kind: dObject, value: at, label: at}
	p.off++ // {
	p.space()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return obj
	}
	for {
		if p.off >= len(p.data) || p.data[p.off] != '"' {
			return nil
		}
		label := p.pos()
		key, ok := p.string()
		if !ok {
			return nil
		}
		p.space()
		if p.off >= len(p.data) || p.data[p.off] != ':' {
			return nil
		}
		p.off++
		p.space()
		v := p.value()
		if v == nil {
			return nil
		}
		v.label = label
		obj.keys = append(obj.keys, key)
		obj.kids = append(obj.kids, v)
		p.space()
		if p.off >= len(p.data) {
			return nil
		}
		switch p.data[p.off] {
		case ',':
			p.off++
			p.space()
			continue
		case '}':
			p.off++
			if obj.indexFields() {
				return nil // a key given twice: L013 on the CUE path
			}
			return obj
		}
		return nil
	}
}

func (p *jsonParser) list(at diag.Pos) *dnode {
	if p.depth++; p.depth > maxDepth {
		return nil
	}
	defer func() { p.depth-- }()
	l := &dnode{kind: dList, value: at, label: at}
	p.off++ // [
	p.space()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return l
	}
	for {
		v := p.value()
		if v == nil {
			return nil
		}
		l.kids = append(l.kids, v)
		p.space()
		if p.off >= len(p.data) {
			return nil
		}
		switch p.data[p.off] {
		case ',':
			p.off++
			p.space()
			continue
		case ']':
			p.off++
			return l
		}
		return nil
	}
}

// number reads an integer: -?(0|[1-9][0-9]*), within int64; a fraction or an exponent is not one.
func (p *jsonParser) number(at diag.Pos) *dnode {
	start := p.off
	if p.data[p.off] == '-' {
		p.off++
	}
	digits := p.off
	for p.off < len(p.data) && p.data[p.off] >= '0' && p.data[p.off] <= '9' {
		p.off++
	}
	n := p.off - digits
	if n == 0 || n > 1 && p.data[digits] == '0' {
		return nil
	}
	if p.off < len(p.data) {
		switch p.data[p.off] {
		case '.', 'e', 'E':
			return nil
		}
	}
	v, err := strconv.ParseInt(string(p.data[start:p.off]), 10, 64)
	if err != nil {
		return nil
	}
	return &dnode{kind: dInt, num: v, value: at, label: at}
}

// string reads a JSON string at p.off (its opening quote).
func (p *jsonParser) string() (string, bool) {
	p.off++
	start := p.off
	// The common case: no escapes, ASCII or valid UTF-8.
	for p.off < len(p.data) {
		c := p.data[p.off]
		if c == '"' {
			s := p.data[start:p.off]
			p.off++
			if !utf8.Valid(s) {
				return "", false
			}
			return string(s), true
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", false
		}
		p.off++
	}
	buf := append([]byte(nil), p.data[start:p.off]...)
	for p.off < len(p.data) {
		c := p.data[p.off]
		switch {
		case c == '"':
			p.off++
			if !utf8.Valid(buf) {
				return "", false
			}
			return string(buf), true
		case c < 0x20:
			return "", false
		case c != '\\':
			buf = append(buf, c)
			p.off++
			continue
		}
		if p.off+1 >= len(p.data) {
			return "", false
		}
		e := p.data[p.off+1]
		p.off += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", false
			}
			if utf16.IsSurrogate(r) {
				if p.off+1 >= len(p.data) || p.data[p.off] != '\\' || p.data[p.off+1] != 'u' {
					return "", false
				}
				p.off += 2
				r2, ok := p.hex4()
				if !ok {
					return "", false
				}
				if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
					return "", false
				}
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", false
		}
	}
	return "", false
}

func (p *jsonParser) hex4() (rune, bool) {
	if len(p.data)-p.off < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.data[p.off:p.off+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.off += 4
	return rune(v), true
}
