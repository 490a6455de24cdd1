package nesting

// YAML nests two ways: flow collections ({a: [1]}) by brackets, as JSON does, and block
// collections by indentation and by `- ` (or `? `) entries, several of which may share a line
// (`- - - 1`). A file of 100 KB of `- ` is 50,000 levels deep: the YAML readers (yaml.v3, CUE's)
// took 3.9 GB and 13 s on it before this scan refused it.
//
// The count is an upper bound of the depth but for one form: a sequence written at its key's
// indentation (`a:` then `- b` below it) shares its key's level, so a hostile file can pass at
// most about twice MaxDepth levels of collections, far from what harms a parser (FuzzTooDeep
// holds the scan to that bound against yaml.v3's own tree).

// yamlScan holds the state of one scan: the block levels (the columns of the open block nodes,
// strictly increasing), the flow depth, an open quoted string (which may span lines) and a block
// scalar (| or >) whose lines are text.
type yamlScan struct {
	data  []byte
	limit int   // the depth refused past (MaxDepth; smaller in the fuzz test)
	stack []int // columns (0-based bytes) of the open block nodes
	flow  int   // open flow brackets
	str   byte  // 0, '"' or '\'': the quoted string open at the end of the last line
	// scalarParent is the indentation a block scalar's lines must exceed (-2: none open);
	// scalarIndent is its content's indentation, set by its first line that is not blank (-1
	// before it).
	scalarParent, scalarIndent int
}

// tooDeepYAML reports the first place where block levels plus flow brackets pass MaxDepth.
func tooDeepYAML(data []byte) (line, col int, deep bool) { return scanYAML(data, MaxDepth) }

// scanYAML is tooDeepYAML with limit for MaxDepth.
func scanYAML(data []byte, limit int) (line, col int, deep bool) {
	y := yamlScan{data: data, limit: limit, scalarParent: -2, scalarIndent: -1}
	start := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		start = 3 // a byte order mark is not indentation
	}
	line = 1
	for start <= len(data) {
		end, next := lineEnd(data, start)
		if c, deep := y.line(start, end); deep {
			return line, c, true
		}
		if next > len(data) {
			break
		}
		start = next
		line++
	}
	return 0, 0, false
}

// lineEnd returns the end of the line starting at i (exclusive) and the start of the next line
// (past len(data) at the end). A line ends at \n, \r\n or a lone \r: YAML breaks lines at each.
func lineEnd(data []byte, i int) (end, next int) {
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '\n':
			return j, j + 1
		case '\r':
			if j+1 < len(data) && data[j+1] == '\n' {
				return j, j + 2
			}
			return j, j + 1
		}
	}
	return len(data), len(data) + 1
}

// space reports a YAML separation character inside a line.
func space(c byte) bool { return c == ' ' || c == '\t' }

// line scans one line (data[s:e]) and returns the 1-based byte column of the first place too deep.
func (y *yamlScan) line(s, e int) (col int, deep bool) {
	d := y.data
	ind := 0
	for s+ind < e && d[s+ind] == ' ' {
		ind++
	}
	blank := s+ind == e
	if y.scalarParent > -2 {
		// Inside a block scalar: blank lines and lines as indented as its content are text.
		if blank {
			return 0, false
		}
		if y.scalarIndent < 0 && ind > y.scalarParent {
			y.scalarIndent = ind
		}
		if y.scalarIndent >= 0 && ind >= y.scalarIndent {
			return 0, false
		}
		y.scalarParent, y.scalarIndent = -2, -1
	}
	i := s
	if y.str == 0 && y.flow == 0 {
		if blank || d[s+ind] == '#' {
			return 0, false
		}
		if ind == 0 && e-s >= 3 && (string(d[s:s+3]) == "---" || string(d[s:s+3]) == "...") && (e-s == 3 || space(d[s+3])) {
			y.stack = y.stack[:0] // a new document
			i = s + 3
		} else {
			for len(y.stack) > 0 && y.stack[len(y.stack)-1] >= ind {
				y.stack = y.stack[:len(y.stack)-1]
			}
			if y.push(ind) {
				return ind + 1, true
			}
			i = s + ind
			// Entries opened on this line: `- - - x` is three levels below the line's own.
			for i+1 <= e && (d[i] == '-' || d[i] == '?') && (i+1 == e || space(d[i+1])) {
				j := i + 1
				for j < e && space(d[j]) {
					j++
				}
				if j == e || d[j] == '#' {
					break // the entry's node is on the lines below
				}
				if y.push(j - s) {
					return j - s + 1, true
				}
				i = j
			}
		}
	}
	return y.content(s, i, e)
}

// push opens a block level at column c and reports whether that passes MaxDepth.
func (y *yamlScan) push(c int) bool {
	y.stack = append(y.stack, c)
	return len(y.stack)+y.flow > y.limit
}

// content scans the rest of a line from i for quoted strings, comments, flow brackets and a
// block scalar's header. A quote or a bracket opens something only where a node may begin (at
// the start, after `: `, `- `, `? `, a comma or an open bracket, a tag or an anchor): `don't` and
// `a[1]` are plain text.
func (y *yamlScan) content(s, i, e int) (col int, deep bool) {
	d := y.data
	nodeStart := true
	for ; i < e; i++ {
		c := d[i]
		switch y.str {
		case '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				y.str, nodeStart = 0, false
			}
			continue
		case '\'':
			if c == '\'' {
				if i+1 < e && d[i+1] == '\'' {
					i++ // '' is a quote inside the string
				} else {
					y.str, nodeStart = 0, false
				}
			}
			continue
		}
		next := byte(' ')
		if i+1 < e {
			next = d[i+1]
		}
		switch {
		case space(c):
		case c == '#' && (i == s || space(d[i-1])):
			return 0, false // a comment, to the end of the line
		case (c == '"' || c == '\'') && nodeStart:
			y.str = c
		case (c == '[' || c == '{') && nodeStart:
			y.flow++
			if len(y.stack)+y.flow > y.limit {
				return i - s + 1, true
			}
		case (c == ']' || c == '}') && y.flow > 0:
			y.flow--
			nodeStart = false
		case c == ',' && y.flow > 0:
			nodeStart = true
		case c == ':' && (space(next) || y.flow > 0 && (next == ',' || next == ']' || next == '}')):
			nodeStart = true
		case (c == '-' || c == '?') && nodeStart && space(next):
		case (c == '&' || c == '!') && nodeStart:
			for i+1 < e && !space(d[i+1]) {
				i++
			}
		case (c == '|' || c == '>') && nodeStart && y.flow == 0 && y.scalarHeader(i+1, e):
			y.scalarParent, y.scalarIndent = y.parentOf(i-s), -1
			return 0, false
		default:
			nodeStart = false
		}
	}
	return 0, false
}

// scalarHeader reports whether d[i:e], what follows a | or >, ends a block scalar's header:
// indicators (+, -, a digit), then nothing but spaces and a comment.
func (y *yamlScan) scalarHeader(i, e int) bool {
	d := y.data
	for i < e && (d[i] == '+' || d[i] == '-' || d[i] >= '0' && d[i] <= '9') {
		i++
	}
	for i < e && space(d[i]) {
		i++
	}
	return i == e || d[i] == '#'
}

// parentOf is the indentation a block scalar at column c must exceed: the block level that holds
// it (an entry's own column when the scalar is the entry's node, as in `- |`).
func (y *yamlScan) parentOf(c int) int {
	n := len(y.stack)
	switch {
	case n == 0:
		return -1
	case y.stack[n-1] == c && n >= 2:
		return y.stack[n-2]
	case y.stack[n-1] == c:
		return -1
	}
	return y.stack[n-1]
}
