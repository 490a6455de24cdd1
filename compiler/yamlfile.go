package compiler

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
	"go.yaml.in/yaml/v3"

	"github.com/sortie-rpg/sortie/compiler/yamlpos"
)

// YAML as authors write it. A YAML scenario file is parsed by yaml.v3 (the parser CUE uses) into
// its node tree and turned into CUE syntax here, by these rules rather than YAML 1.1's:
//
//   - A key is the text as written: `03:` is the block "03" (not the octal 3), `on:` is "on".
//   - A value is read by YAML 1.2's core schema: null (~, null, nothing), true and false, a
//     decimal, 0o octal or 0x hex integer, a float; anything else is a string (yes, no, on and off
//     included). A plain number with a leading zero (03, 007) is refused (L014): YAML 1.1 reads it
//     as octal, YAML 1.2 as decimal, and an author usually means an id; quote it.
//   - A key given twice in one mapping is an error at the second (L013), naming the first.
//   - Anchors and aliases are expanded (at most maxAliasNodes nodes); merge keys (<<) merge, the
//     keys written beside them win. The tags !!str, !!int, !!float, !!bool and !!null are honoured,
//     others refused; a file holds one document.
//   - A comment `# @sortie(ignore="CODE", reason="...")` on the line of a key, or on the line
//     above it, is the suppression attribute of that field, as in CUE.
//
// Positions are exact: yaml.v3 counts columns in characters, CUE in bytes, and the conversion
// accounts for it. yaml.v3's syntax errors name a line only (for some errors the line before the
// problem); for files up to yamlLocateLimit the problem is located again with goccy/go-yaml,
// whose errors carry the line and column.

// maxAliasNodes bounds the nodes that aliases expand to (a "billion laughs" file expands to
// billions).
const maxAliasNodes = 100000

// yamlLocateLimit is the largest file whose syntax errors are located precisely: the second
// parser takes time and memory that grow faster than the file.
const yamlLocateLimit = 128 << 10

// yamlProblem is a finding about a YAML file (line and column 1-based, in bytes).
type yamlProblem struct {
	line, col int
	code      string
	msg, hint string
	related   [2]int    // line and column of a related place (the first of two keys), or zero
	lead      *leadZero // L014: the value and its path, for its hint (yaml_leadzero.go)
}

// yamlConv converts one file.
type yamlConv struct {
	data     []byte
	tf       *token.File
	lines    []int // byte offset of each line's start
	problems []yamlProblem
	expanded int                 // nodes expanded from aliases so far
	inAlias  map[*yaml.Node]bool // anchors being expanded (an alias inside its own anchor)
	path     []string            // labels and "[i]" indices of the node being converted
}

// extractYAML turns a YAML file into CUE syntax by the rules above. f is nil when the file has a
// syntax error or another problem that stops the conversion; problems lists every finding.
func extractYAML(name string, data []byte) (*ast.File, []yamlProblem) {
	c := &yamlConv{data: data, inAlias: map[*yaml.Node]bool{}}
	c.tf = token.NewFile(name, -1, len(data))
	c.tf.SetLinesForContent(data)
	c.lines = []int{0}
	for i, b := range data {
		if b == '\n' {
			c.lines = append(c.lines, i+1)
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &ast.File{Filename: name}, nil // an empty file
		}
		c.syntaxError(err)
		return nil, c.problems
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		c.problemAt(&next, codeSyntax, "a second YAML document: a scenario file holds one", "remove the --- line and what follows, or move it to a file of its own")
		return nil, c.problems
	} else if !errors.Is(err, io.EOF) {
		c.syntaxError(err)
		return nil, c.problems
	}
	f := &ast.File{Filename: name}
	if len(doc.Content) == 0 {
		return f, nil
	}
	root := c.expr(doc.Content[0])
	if len(c.problems) > 0 {
		for i, p := range c.problems {
			if p.lead != nil {
				ending, hint := leadZeroHint(definitionOf(doc.Content[0]), p.lead.path, p.lead.value)
				c.problems[i].msg = fmt.Sprintf("%s reads as a number in YAML (octal in YAML 1.1, %s in YAML 1.2): %s", p.lead.value, trimZeros(p.lead.value), ending)
				c.problems[i].hint = hint
			}
		}
		return nil, c.problems
	}
	if st, ok := root.(*ast.StructLit); ok {
		f.Decls = st.Elts
	} else {
		f.Decls = []ast.Decl{&ast.EmbedDecl{Expr: root}}
	}
	return f, nil
}

// yamlImplicitKeyLimit is YAML 1.2's bound on a key written without "? " (section 7.4), in
// characters: a longer key is a syntax error ("could not find expected ':'").
const yamlImplicitKeyLimit = 1024

// lineLen is the length in bytes of 1-based line n, 0 for a line the file does not have.
func (c *yamlConv) lineLen(n int) int {
	if n < 1 || n > len(c.lines) {
		return 0
	}
	end := len(c.data)
	if n < len(c.lines) {
		end = c.lines[n] - 1
	}
	return end - c.lines[n-1]
}

var reYAMLLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })

// syntaxError reports a yaml.v3 parse error at the problem's line and column (yamlpos.Place: the
// byte a reader error refuses, or where goccy/go-yaml fails to parse a file of up to
// yamlLocateLimit, or the line yaml.v3 names, at its first character).
func (c *yamlConv) syntaxError(err error) {
	msg, line := strings.TrimPrefix(err.Error(), "yaml: "), 0
	if m := reYAMLLine().FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	line, col, msg := yamlpos.Place(c.data, line, msg, yamlLocateLimit)
	hint := "fix the syntax; nothing else in this file was checked"
	if c.lineLen(line) > yamlImplicitKeyLimit && strings.Contains(msg, "could not find expected ':'") {
		hint = "a YAML key written plainly is at most 1024 characters (YAML 1.2, 7.4); shorten it or write it as an explicit key (? key); nothing else in this file was checked"
	}
	c.problems = append(c.problems, yamlProblem{line: line, col: col, code: codeSyntax, msg: lowerFirst(msg), hint: hint})
}

// byteCol converts a 1-based column in characters on a 1-based line to a column in bytes.
func (c *yamlConv) byteCol(line, col int) int {
	if line < 1 || line > len(c.lines) || col < 1 {
		return col
	}
	off := c.lines[line-1]
	for i := 1; i < col && off < len(c.data) && c.data[off] != '\n'; i++ {
		_, w := utf8.DecodeRune(c.data[off:])
		off += w
	}
	return off - c.lines[line-1] + 1
}

// pos is the CUE position of a node.
func (c *yamlConv) pos(n *yaml.Node) token.Pos {
	if n.Line < 1 || n.Line > len(c.lines) {
		return token.NoPos
	}
	off := c.lines[n.Line-1] + c.byteCol(n.Line, n.Column) - 1
	return c.tf.Pos(min(off, len(c.data)), token.NoRelPos)
}

func (c *yamlConv) problemAt(n *yaml.Node, code, msg, hint string) {
	c.problems = append(c.problems, yamlProblem{line: n.Line, col: c.byteCol(n.Line, n.Column), code: code, msg: msg, hint: hint})
}

// expr converts a node (nil after a problem).
func (c *yamlConv) expr(n *yaml.Node) ast.Expr {
	switch n.Kind {
	case yaml.MappingNode:
		return c.mapping(n)
	case yaml.SequenceNode:
		l := &ast.ListLit{Lbrack: c.pos(n)}
		for i, e := range n.Content {
			c.path = append(c.path, "["+strconv.Itoa(i)+"]")
			x := c.expr(e)
			c.path = c.path[:len(c.path)-1]
			if x == nil {
				return nil
			}
			l.Elts = append(l.Elts, x)
		}
		l.Rbrack = l.Lbrack
		if len(l.Elts) > 0 {
			l.Rbrack = l.Elts[len(l.Elts)-1].End()
		}
		return l
	case yaml.ScalarNode:
		return c.scalar(n)
	case yaml.AliasNode:
		return c.alias(n, func(a *yaml.Node) ast.Expr { return c.expr(a) })
	}
	c.problemAt(n, codeSyntax, "a YAML node of an unknown kind", "")
	return nil
}

// alias expands an alias with conv, within the expansion bound.
func (c *yamlConv) alias(n *yaml.Node, conv func(*yaml.Node) ast.Expr) ast.Expr {
	a := n.Alias
	if a == nil {
		c.problemAt(n, codeSyntax, "an alias to no anchor", "")
		return nil
	}
	if c.inAlias[a] {
		c.problemAt(n, codeSyntax, fmt.Sprintf("alias *%s is inside its own anchor", n.Value), "an anchor cannot contain itself")
		return nil
	}
	if len(c.inAlias) == 0 { // an alias inside an expansion is counted with it
		c.expanded += countNodes(a, maxAliasNodes+1)
	}
	if c.expanded > maxAliasNodes {
		c.problemAt(n, codeSyntax, fmt.Sprintf("aliases expand to more than %d nodes", maxAliasNodes), "write the data out, or use fewer aliases")
		return nil
	}
	c.inAlias[a] = true
	defer delete(c.inAlias, a)
	return conv(a)
}

// countNodes counts the nodes of a tree, aliases expanded, stopping at limit.
func countNodes(n *yaml.Node, limit int) int {
	count := 0
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if count >= limit || n == nil || depth > MaxDepth {
			return
		}
		count++
		if n.Kind == yaml.AliasNode {
			walk(n.Alias, depth+1)
		}
		for _, k := range n.Content {
			walk(k, depth+1)
		}
	}
	walk(n, 0)
	return count
}

// mapping converts a mapping: a struct whose labels are the keys as written.
func (c *yamlConv) mapping(n *yaml.Node) ast.Expr {
	st := &ast.StructLit{Lbrace: c.pos(n)}
	seen := map[string]*yaml.Node{}
	merged := map[string]int{} // fields that came from a merge, by label: an index into st.Elts
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			if !c.merge(v, st, seen, merged) {
				return nil
			}
			continue
		}
		key, ok := c.key(k)
		if !ok {
			return nil
		}
		if first, dup := seen[key]; dup {
			c.problems = append(c.problems, yamlProblem{line: k.Line, col: c.byteCol(k.Line, k.Column), code: codeDuplicateKey,
				msg:     fmt.Sprintf("key %q is given twice in this mapping (first on line %d)", key, first.Line),
				hint:    "keep one of them; in YAML the second would silently replace the first",
				related: [2]int{first.Line, c.byteCol(first.Line, first.Column)}})
			continue
		}
		seen[key] = k
		c.path = append(c.path, key)
		x := c.expr(v)
		c.path = c.path[:len(c.path)-1]
		if x == nil {
			return nil
		}
		fd := &ast.Field{Label: &ast.BasicLit{ValuePos: c.pos(k), Kind: token.STRING, Value: literal.Label.Quote(key)}, Value: x}
		c.suppressions(fd, k, v)
		if j, ok := merged[key]; ok {
			st.Elts[j] = fd // a key written beside a merge wins
			delete(merged, key)
			continue
		}
		st.Elts = append(st.Elts, fd)
	}
	if n.Style&yaml.FlowStyle == 0 && len(st.Elts) > 0 {
		st.Lbrace = token.NoPos // a block mapping has no braces: its range is its fields'
	}
	return st
}

// merge adds the fields of a merge key's value (a mapping, an alias of one, or a list of those;
// the first given wins) that the mapping does not give.
func (c *yamlConv) merge(v *yaml.Node, st *ast.StructLit, seen map[string]*yaml.Node, merged map[string]int) bool {
	var maps []*yaml.Node
	switch v.Kind {
	case yaml.SequenceNode:
		maps = v.Content
	default:
		maps = []*yaml.Node{v}
	}
	for _, m := range maps {
		src := m
		if m.Kind == yaml.AliasNode {
			src = m.Alias
		}
		if src == nil || src.Kind != yaml.MappingNode {
			c.problemAt(m, codeSyntax, "a merge key (<<) needs a mapping or a list of mappings", "")
			return false
		}
		var x ast.Expr
		if m.Kind == yaml.AliasNode {
			x = c.alias(m, func(a *yaml.Node) ast.Expr { return c.mapping(a) })
		} else {
			x = c.mapping(m)
		}
		if x == nil {
			return false
		}
		for _, d := range x.(*ast.StructLit).Elts {
			fd := d.(*ast.Field)
			name, _, _ := ast.LabelName(fd.Label)
			if _, given := seen[name]; given {
				continue
			}
			if _, done := merged[name]; done {
				continue
			}
			merged[name] = len(st.Elts)
			st.Elts = append(st.Elts, fd)
		}
	}
	return true
}

// key returns a mapping key as written.
func (c *yamlConv) key(k *yaml.Node) (string, bool) {
	switch k.Kind {
	case yaml.ScalarNode:
		return k.Value, true
	case yaml.AliasNode:
		if k.Alias != nil && k.Alias.Kind == yaml.ScalarNode {
			return k.Alias.Value, true
		}
	}
	c.problemAt(k, codeSyntax, "a key that is not a plain value (a list or a mapping as a key)", "keys are ids or field names")
	return "", false
}

var (
	reDecimal = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?[0-9]+$`) })
	reOctal   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^0o[0-7]+$`) })
	reHex     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^0x[0-9a-fA-F]+$`) })
	reFloat   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	})
	reLeadZero  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?0[0-9]+$`) })
	reSuppress  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`@sortie\((?:[^)"]|"(?:[^"\\]|\\.)*")*\)`) }) // a ')' inside a quoted reason does not end it
	plainTagged = map[string]bool{"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true}
)

// scalar converts a scalar by YAML 1.2's core schema (see the top of the file).
func (c *yamlConv) scalar(n *yaml.Node) ast.Expr {
	pos := c.pos(n)
	s := n.Value
	str := func() ast.Expr {
		return &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: literal.String.Quote(s)}
	}
	tag := ""
	switch {
	case n.Style&yaml.TaggedStyle != 0:
		tag = n.ShortTag()
		if !plainTagged[tag] {
			c.problemAt(n, codeSyntax, fmt.Sprintf("the YAML tag %s is not supported", n.Tag), "remove the tag; values are strings, numbers, true, false and null")
			return nil
		}
		if tag == "!!str" {
			return str()
		}
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return str()
	}
	switch s {
	case "", "~", "null", "Null", "NULL":
		if tag == "" || tag == "!!null" {
			return &ast.BasicLit{ValuePos: pos, Kind: token.NULL, Value: "null"}
		}
	case "true", "True", "TRUE":
		if tag == "" || tag == "!!bool" {
			return &ast.BasicLit{ValuePos: pos, Kind: token.TRUE, Value: "true"}
		}
	case "false", "False", "FALSE":
		if tag == "" || tag == "!!bool" {
			return &ast.BasicLit{ValuePos: pos, Kind: token.FALSE, Value: "false"}
		}
	}
	switch {
	case reLeadZero().MatchString(s) && tag == "":
		// The message's ending and the hint are worded by what the schema wants here, once the
		// file's kind is known (extractYAML, yaml_leadzero.go).
		c.problemAt(n, codeAmbiguousNumber, "", "")
		c.problems[len(c.problems)-1].lead = &leadZero{value: s, path: append([]string(nil), c.path...)}
		return nil
	case reDecimal().MatchString(s) && (tag == "" || tag == "!!int" || tag == "!!float"):
		return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strings.TrimPrefix(s, "+")}
	case (reOctal().MatchString(s) || reHex().MatchString(s)) && (tag == "" || tag == "!!int"):
		return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: s}
	case reFloat().MatchString(s) && (tag == "" || tag == "!!float"):
		v := strings.TrimPrefix(s, "+")
		if strings.HasPrefix(v, ".") || strings.HasPrefix(v, "-.") {
			v = strings.Replace(v, ".", "0.", 1)
		}
		if strings.HasSuffix(v, ".") {
			v += "0"
		}
		return &ast.BasicLit{ValuePos: pos, Kind: token.FLOAT, Value: v}
	case tag != "":
		c.problemAt(n, codeSyntax, fmt.Sprintf("%q is not a valid %s", s, strings.TrimPrefix(tag, "!!")), "")
		return nil
	}
	return str()
}

// trimZeros writes a number with leading zeros as YAML 1.2 reads it: -007 is -7.
func trimZeros(s string) string {
	sign := ""
	if s[0] == '-' || s[0] == '+' {
		sign, s = s[:1], s[1:]
	}
	if sign == "+" {
		sign = ""
	}
	if t := strings.TrimLeft(s, "0"); t != "" {
		return sign + t
	}
	return "0"
}

// suppressions reads `# @sortie(...)` comments of a key (on its line or the line above) into
// the field's attributes, each placed where it is written.
func (c *yamlConv) suppressions(fd *ast.Field, k, v *yaml.Node) {
	comments := []string{k.HeadComment, k.LineComment}
	if v.Kind == yaml.ScalarNode || v.Kind == yaml.AliasNode || v.Style&yaml.FlowStyle != 0 {
		comments = append(comments, v.LineComment)
	}
	// The comments' text is searched for in the source from the first line of the head comment.
	from := k.Line - strings.Count(strings.TrimRight(k.HeadComment, "\n"), "\n") - 1
	if k.HeadComment == "" {
		from = k.Line
	}
	off := 0
	if from >= 1 && from <= len(c.lines) {
		off = c.lines[from-1]
	}
	for _, text := range comments {
		for _, a := range reSuppress().FindAllString(text, -1) {
			at := fd.Label.Pos()
			if i := bytes.Index(c.data[off:], []byte(a)); i >= 0 {
				at = c.tf.Pos(off+i, token.NoRelPos)
				off += i + len(a)
			}
			fd.Attrs = append(fd.Attrs, &ast.Attribute{At: at, Text: a})
		}
	}
}
