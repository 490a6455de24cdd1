package lsp

import (
	"strconv"
	"strings"

	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"
)

// Where the cursor stands, for completion: the path of the field or list element it is in and
// whether a label or a value is expected there. A buffer being typed in rarely parses, so this
// is read from the tokens before the cursor (CUE's scanner, which also reads JSON and YAML's
// flow style) and, in YAML, from the indentation of the lines above. The compiler's index and
// schema then say what may go there; nothing here knows sortie's vocabulary.

// cursor is the structure around a position.
type cursor struct {
	path  []string // labels and list indices "[i]" of the field or element at the cursor
	label bool     // a label (field name) is expected, not a value
	// The token being typed: its text so far (unquoted), where it starts (its quote included),
	// and its opening quote (0 for none).
	prefix string
	start  int
	quote  byte
	// prev is, in a list, the element before the cursor's when it is a string (a route's
	// previous step).
	prev string
	// present lists the labels already given in the struct at the cursor.
	present []string
}

// frame is one open struct or list.
type frame struct {
	list  bool
	segs  []string // the path segments this frame adds
	index int      // a list: the element being read
	prev  string   // a list: the last string element read
	keys  []string // a struct: labels read
}

// machine reads tokens and follows the structure.
type machine struct {
	frames  []frame
	chain   []string // labels of the field being read (a: b: c: ...)
	value   bool     // a value is expected (after ':' or in a list)
	pending string   // a label candidate (the token before a ':')
	hasPend bool
}

func newMachine(base []string) *machine {
	return &machine{frames: []frame{{segs: base}}}
}

func (m *machine) top() *frame { return &m.frames[len(m.frames)-1] }

// tok feeds one token (not the one being typed).
func (m *machine) tok(t token.Token, lit string) {
	switch t {
	case token.COLON:
		if m.hasPend {
			m.chain = append(m.chain, m.pending)
			m.top().keys = append(m.top().keys, m.pending)
		}
		m.hasPend, m.value = false, true
	case token.LBRACE, token.LBRACK:
		f := frame{list: t == token.LBRACK}
		switch {
		case m.top().list:
			f.segs = []string{idx(m.top().index)}
		case m.value:
			f.segs = m.chain
		}
		m.frames = append(m.frames, f)
		m.chain, m.hasPend, m.value = nil, false, f.list
	case token.RBRACE, token.RBRACK:
		if len(m.frames) > 1 {
			m.frames = m.frames[:len(m.frames)-1]
		}
		m.chain, m.hasPend, m.value = nil, false, false
	case token.COMMA:
		if m.top().list {
			m.top().index++
			m.value = true
		} else {
			m.value = false
		}
		m.chain, m.hasPend = nil, false
	case token.IDENT, token.STRING, token.INT, token.FLOAT, token.TRUE, token.FALSE, token.NULL:
		if m.top().list && m.value {
			m.top().prev = ""
			if t == token.STRING {
				m.top().prev = unquoteLit(lit)
			} else if t == token.IDENT {
				m.top().prev = lit // a YAML plain scalar
			}
			m.value = false
			return
		}
		// A label, or a value: which, the next token says (a ':' makes it a label: a: b: c).
		m.pending, m.hasPend = unquoteLit(lit), true
		m.value = false
	default:
		if t.IsKeyword() { // if, for, in, let: labels too (events.x.if)
			m.tok(token.IDENT, lit)
		}
		// Operators, attributes, comments: they do not change the structure.
	}
}

// at returns the cursor of the machine's state (without the token being typed).
func (m *machine) at() cursor {
	var c cursor
	for _, f := range m.frames {
		c.path = append(c.path, f.segs...)
	}
	top := m.top()
	switch {
	case top.list:
		c.path = append(c.path, idx(top.index))
		c.prev = top.prev
		if !m.value { // after an element, before its ','
			c.prev = ""
		}
	case m.value:
		c.path = append(c.path, m.chain...)
	default:
		c.label = true
		c.present = top.keys
	}
	return c
}

func idx(i int) string { return "[" + strconv.Itoa(i) + "]" }

func unquoteLit(lit string) string {
	if u, err := strconv.Unquote(lit); err == nil {
		return u
	}
	if len(lit) >= 2 && lit[0] == '\'' && lit[len(lit)-1] == '\'' {
		return lit[1 : len(lit)-1]
	}
	return strings.TrimLeft(lit, `"'`) // an unterminated string being typed
}

// scanTokens feeds src[from:off] to m and returns the cursor, with the token being typed (one
// that ends at off) as its prefix.
func scanTokens(m *machine, src []byte, from, off int) cursor {
	seg := src[from:off]
	var sc scanner.Scanner
	f := token.NewFile("", -1, len(seg))
	sc.Init(f, seg, func(token.Pos, string, []any) {}, 0)
	type tk struct {
		t   token.Token
		lit string
		at  int
	}
	var toks []tk
	for n := 0; n < len(seg)+2; n++ { // every token consumes at least one byte
		pos, t, lit := sc.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tk{t, lit, pos.Offset()})
	}
	// The comma the scanner inserts at the end of the text was not typed.
	if n := len(toks); n > 0 && toks[n-1].t == token.COMMA && toks[n-1].lit != "," {
		toks = toks[:n-1]
	}
	c := cursor{start: off}
	if n := len(toks); n > 0 {
		last := toks[n-1]
		typing := (last.t == token.IDENT || last.t == token.STRING || last.t == token.INT) && last.at+len(last.lit) >= len(seg)
		if typing {
			toks = toks[:n-1]
			c.start = from + last.at
			c.prefix = unquoteLit(last.lit)
			if q := last.lit[0]; q == '"' || q == '\'' {
				c.quote = q
			}
		}
	}
	for _, x := range toks {
		m.tok(x.t, x.lit)
	}
	at := m.at()
	at.prefix, at.start, at.quote = c.prefix, c.start, c.quote
	return at
}

// cursorAt returns the structure at byte offset off of a document of the given type.
func cursorAt(ftype string, src []byte, off int) cursor {
	off = max(0, min(off, len(src)))
	if ftype != "yaml" {
		c := scanTokens(newMachine(nil), src, 0, off)
		if c.label {
			c.present = append(c.present, keysAfter(src, off)...)
		}
		return c
	}
	return yamlCursor(src, off)
}

// keysAfter returns the labels of the struct at off written after it (issue 27: completion
// leaves out the fields already given, below the cursor too): CUE's tokens from the end of the
// token at off, a label being an identifier or string followed by ':' at the struct's own depth,
// up to the brace that closes it.
func keysAfter(src []byte, off int) []string {
	for off < len(src) && (isWord(src[off]) || src[off] == '"') {
		off++ // the rest of the token being typed: the label being completed is not present
	}
	seg := src[off:]
	var sc scanner.Scanner
	sc.Init(token.NewFile("", -1, len(seg)), seg, func(token.Pos, string, []any) {}, 0)
	var keys []string
	depth := 0
	prevLit, prevLabel := "", false
	for n := 0; n < len(seg)+2; n++ {
		_, t, lit := sc.Scan()
		switch t {
		case token.EOF:
			return keys
		case token.LBRACE, token.LBRACK, token.LPAREN:
			depth++
		case token.RBRACE, token.RBRACK, token.RPAREN:
			if depth == 0 {
				return keys
			}
			depth--
		case token.COLON:
			if depth == 0 && prevLabel {
				keys = append(keys, unquoteLit(prevLit))
			}
		}
		prevLit, prevLabel = lit, t == token.IDENT || t == token.STRING || t.IsKeyword()
	}
	return keys
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || c == '#' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// yamlLine is a line of YAML as the block structure sees it.
type yamlLine struct {
	indent int
	dashes []int  // columns of the sequence markers "- " at its start
	key    string // the mapping key after them, if any
	keyCol int
	open   bool // key: with nothing after it (a block container)
	blank  bool // blank or a comment
}

func parseYAMLLine(s string) yamlLine {
	l := yamlLine{}
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	l.indent = i
	rest := strings.TrimRight(s[i:], " \r")
	if rest == "" || rest[0] == '#' || rest == "---" || rest == "..." {
		l.blank = true
		return l
	}
	for rest == "-" || strings.HasPrefix(rest, "- ") {
		l.dashes = append(l.dashes, i)
		j := 1
		for j < len(rest) && rest[j] == ' ' {
			j++
		}
		i += j
		rest = rest[j:]
	}
	l.keyCol = i
	if k, v, ok := cutKey(rest); ok {
		l.key = k
		v = strings.TrimSpace(v)
		l.open = v == "" || v[0] == '#' || v == "|" || v == ">"
	}
	return l
}

// cutKey splits "key: value" (the key unquoted).
func cutKey(s string) (key, value string, ok bool) {
	if s == "" || s[0] == '{' || s[0] == '[' {
		return "", "", false
	}
	if s[0] == '"' || s[0] == '\'' {
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 || !strings.HasPrefix(s[end+2:], ":") {
			return "", "", false
		}
		return unquoteLit(s[:end+2]), s[end+3:], true
	}
	i := strings.Index(s, ":")
	for i >= 0 && i+1 < len(s) && s[i+1] != ' ' {
		j := strings.Index(s[i+1:], ":")
		if j < 0 {
			return "", "", false
		}
		i += 1 + j
	}
	if i <= 0 {
		return "", "", false
	}
	return strings.TrimSpace(s[:i]), s[i+1:], true
}

// yamlCursor reads the block structure above the cursor's line, then the line itself up to the
// cursor with the token machine (flow style reads like CUE).
func yamlCursor(src []byte, off int) cursor {
	lineStart := 0
	if i := strings.LastIndexByte(string(src[:off]), '\n'); i >= 0 {
		lineStart = i + 1
	}
	above := strings.Split(string(src[:max(0, lineStart-1)]), "\n")
	if lineStart == 0 {
		above = nil
	}
	lines := make([]yamlLine, len(above))
	for i, s := range above {
		lines[i] = parseYAMLLine(s)
	}
	cur := parseYAMLLine(string(src[lineStart:off]))
	col := off - lineStart // the cursor's column (0-based)
	if !cur.blank {
		col = cur.indent
	}
	dash := !cur.blank && len(cur.dashes) > 0
	// The keys already given in the cursor's mapping: the lines above at its column, up to its
	// parent (or its item's "- ").
	var present []string
	if !dash {
		for i := len(lines) - 1; i >= 0; i-- {
			l := lines[i]
			if l.blank || l.keyCol > col {
				continue
			}
			if l.keyCol == col && l.key != "" {
				present = append(present, l.key)
			}
			if l.keyCol < col || len(l.dashes) > 0 {
				break
			}
		}
	}
	// And the keys below the cursor's line at its column, to the end of its mapping (issue 27).
	if !dash {
		rest := src[off:]
		if i := strings.IndexByte(string(rest), '\n'); i >= 0 {
			for _, s := range strings.Split(string(rest[i+1:]), "\n") {
				l := parseYAMLLine(s)
				if l.blank {
					continue
				}
				if l.indent < col || len(l.dashes) > 0 && l.dashes[0] <= col {
					break
				}
				if l.keyCol == col && l.key != "" {
					present = append(present, l.key)
				}
			}
		}
	}
	// The ancestors, innermost first.
	var rev []string
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if l.blank {
			continue
		}
		switch {
		case l.key != "" && l.open && (col > l.keyCol || col == l.keyCol && dash):
			rev = append(rev, l.key)
		case len(l.dashes) > 0 && l.keyCol <= col && !(l.keyCol == col && dash):
			// The cursor's key is in this line's last item.
		default:
			continue
		}
		for d := len(l.dashes) - 1; d >= 0; d-- {
			rev = append(rev, idx(countItems(lines, i, l.dashes[d])-1))
		}
		col, dash = l.indent, len(l.dashes) > 0
		if len(l.dashes) > 0 {
			col = l.dashes[0]
		}
		if col == 0 && !dash {
			break
		}
	}
	var base []string
	for i := len(rev) - 1; i >= 0; i-- {
		base = append(base, rev[i])
	}
	// The cursor's own line: its items, then the rest through the token machine.
	if !cur.blank {
		for _, d := range cur.dashes {
			base = append(base, idx(countItems(lines, len(lines), d)))
		}
	}
	from := lineStart
	if !cur.blank {
		from = lineStart + cur.keyCol
	}
	m := newMachine(base)
	m.top().keys = present
	return scanTokens(m, src, from, off)
}

// countItems counts the items of the sequence at column c that end at line i (the item on line
// i included, when it has a marker at c): markers at c going up until a line less indented, or
// as indented without a marker (the sequence's key).
func countItems(lines []yamlLine, i, c int) int {
	n := 0
	for j := min(i, len(lines)-1); j >= 0; j-- {
		l := lines[j]
		if l.blank {
			continue
		}
		has := false
		for _, d := range l.dashes {
			has = has || d == c
		}
		if has {
			n++
			continue
		}
		first := l.indent
		if first < c || first == c {
			break
		}
	}
	return n
}
