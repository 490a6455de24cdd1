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
// string that is not valid UTF-8 or holds a lone surrogate, nesting deeper than MaxDepth.
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
	// The tree's nodes come from slabs, and an object's or a list's children are gathered on one
	// stack and copied out once at its end, at their exact length: a scenario of some 9 KB was
	// a thousand small allocations (issue 29, item 3).
	slab  []dnode
	keys  []string
	kids  []*dnode
	kslab []string
	nslab []*dnode
}

// chunk is how many nodes (or children) a slab holds: about what the rest of the file makes
// (a scenario's JSON has a value every 20 bytes or so), at least 16, at most 1024.
func (p *jsonParser) chunk() int { return min(max((len(p.data)-p.off)/20, 16), 1024) }

// node returns a fresh node from the slab.
func (p *jsonParser) node(d dnode) *dnode {
	if len(p.slab) == 0 {
		p.slab = make([]dnode, p.chunk())
	}
	n := &p.slab[0]
	*n = d
	p.slab = p.slab[1:]
	return n
}

// popKids returns the children gathered since mark (and their keys, for an object), as slices
// of their exact length cut from slabs, and drops them from the stack.
func (p *jsonParser) popKids(mark int, keys bool) ([]string, []*dnode) {
	n := len(p.kids) - mark
	if n == 0 {
		return nil, nil
	}
	if len(p.nslab) < n {
		p.nslab = make([]*dnode, max(n, p.chunk()))
	}
	kids := p.nslab[:n:n]
	p.nslab = p.nslab[n:]
	copy(kids, p.kids[mark:])
	p.kids = p.kids[:mark]
	if !keys {
		return nil, kids
	}
	if len(p.kslab) < n {
		p.kslab = make([]string, max(n, p.chunk()))
	}
	ks := p.kslab[:n:n]
	p.kslab = p.kslab[n:]
	copy(ks, p.keys[mark:])
	p.keys = p.keys[:mark]
	return ks, kids
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
		return p.node(dnode{kind: dString, str: s, value: at, label: at})
	case c == '-' || c >= '0' && c <= '9':
		return p.number(at)
	case c == 't' && p.word("true"):
		return p.node(dnode{kind: dBool, b: true, value: at, label: at})
	case c == 'f' && p.word("false"):
		return p.node(dnode{kind: dBool, value: at, label: at})
	case c == 'n' && p.word("null"):
		return p.node(dnode{kind: dNull, value: at, label: at})
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
	if p.depth++; p.depth > MaxDepth {
		return nil
	}
	defer func() { p.depth-- }()
	obj := p.node(dnode{kind: dObject, value: at, label: at})
	p.off++ // {
	p.space()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return obj
	}
	mark := len(p.kids)
	p.keys = p.keys[:mark] // the keys stack is as deep as the kids' (a list's children have none)
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
		p.keys = append(p.keys, key)
		p.kids = append(p.kids, v)
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
			obj.keys, obj.kids = p.popKids(mark, true)
			if obj.indexFields() {
				return nil // a key given twice: L013 on the CUE path
			}
			return obj
		}
		return nil
	}
}

func (p *jsonParser) list(at diag.Pos) *dnode {
	if p.depth++; p.depth > MaxDepth {
		return nil
	}
	defer func() { p.depth-- }()
	l := p.node(dnode{kind: dList, value: at, label: at})
	p.off++ // [
	p.space()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return l
	}
	mark := len(p.kids)
	for {
		v := p.value()
		if v == nil {
			return nil
		}
		p.kids = append(p.kids, v)
		p.keys = append(p.keys, "") // kept as deep as kids
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
			_, l.kids = p.popKids(mark, false)
			p.keys = p.keys[:mark]
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
	var v int64
	if n <= 18 { // no overflow: read the digits in place (ParseInt's string was an allocation)
		for _, c := range p.data[digits:p.off] {
			v = v*10 + int64(c-'0')
		}
		if digits > start {
			v = -v
		}
	} else {
		var err error
		if v, err = strconv.ParseInt(string(p.data[start:p.off]), 10, 64); err != nil {
			return nil
		}
	}
	return p.node(dnode{kind: dInt, num: v, value: at, label: at})
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
