package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	cueyaml "cuelang.org/go/encoding/yaml"
	yaml "go.yaml.in/yaml/v3"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/yamlpos"
)

// YAML formats a YAML file, every document of it, in the style the package doc describes. It
// returns L001 diagnostics when src does not parse, and N001 (out nil: leave the file alone) when
// the result would hold other data or other comments than src, as yaml.v3 and CUE's YAML reader
// (the one sortie compiles with) each read them. A file with no document (empty, or comments only)
// comes back as it is.
func YAML(filename string, src []byte) (out []byte, list diag.List) {
	defer func() {
		// yaml.v3 and CUE's reader are not ours: whatever they do, fmt never crashes.
		if r := recover(); r != nil {
			out, list = nil, diag.List{diag.Errorf(diag.Pos{File: filename}, CodeUnchanged, "the YAML formatter failed: %v", r)}
		}
	}()
	docs, err := parseYAML(src)
	if err != nil {
		return nil, yamlSyntax(filename, src, err)
	}
	if len(docs) == 0 {
		return src, nil
	}
	undo, hidden := hiddenScalars(src, docs, true)
	raw, err := encodeYAML(docs)
	if undo != nil {
		undo()
	}
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: filename, Line: 1, Column: 1}, CodeUnchanged, "the YAML formatter failed: %v", err)}
	}
	out = raw
	if outDocs, err := parseYAML(raw); err == nil && len(outDocs) == len(docs) {
		out = layout(src, docs, raw, outDocs)
	}
	if hidden != nil {
		out = []byte(hidden.Replace(string(out))) // escapes kept (hidden.go)
	}
	if msg := sameYAML(filename, src, docs, out); msg != "" {
		return nil, diag.List{diag.Errorf(diag.Pos{File: filename, Line: 1, Column: 1}, CodeUnchanged, "formatting would change %s; the file is left as it is", msg).
			WithHint("see sortie explain N001")}
	}
	return out, nil
}

// parseYAML reads every document of src as a node tree.
func parseYAML(src []byte) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var docs []*yaml.Node
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, &n)
	}
}

func encodeYAML(docs []*yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	for _, d := range docs {
		if err := enc.Encode(d); err != nil {
			return nil, err
		}
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var reYAMLLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+)(?:, column (\d+))?`) })

// yamlSyntax places a yaml.v3 error: its message names the line (and sometimes the column; an
// unknown column is left out rather than guessed).
func yamlSyntax(filename string, src []byte, err error) diag.List {
	var list diag.List
	msgs := []string{err.Error()}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	for _, m := range msgs {
		pos := diag.Pos{File: filename}
		if sm := reYAMLLine().FindStringSubmatch(m); sm != nil {
			pos.Line, _ = strconv.Atoi(sm[1])
			if sm[2] != "" {
				pos.Column, _ = strconv.Atoi(sm[2])
			}
		} else if line, col, ok := yamlpos.BadChar(src); ok {
			pos.Line, pos.Column = line, col // the reader's errors name no line
		}
		msg := strings.TrimPrefix(m, "yaml: ")
		msg = reYAMLLine().ReplaceAllString(msg, "")
		msg = strings.Trim(strings.TrimPrefix(strings.TrimSpace(msg), ":"), " ")
		if msg == "" {
			msg = "not valid YAML"
		}
		if pos.Column == 0 && len(msgs) == 1 {
			// yaml.v3 names no column, and for a parser error the line where the construct began,
			// counted from 0: a second reader places the error where it is (on files up to
			// syntaxPosMax: it takes some 150 bytes of memory a byte of YAML).
			if line, col, why, ok := yamlpos.Locate(src, syntaxPosMax); ok {
				pos.Line, pos.Column, msg = line, col, why
			} else if line, col, ok := aliasPos(src, msg); ok {
				pos.Line, pos.Column = line, col
			}
		}
		list.Add(diag.Errorf(pos, CodeSyntax, "%s", msg))
	}
	return list
}

// syntaxPosMax is the largest file yamlpos.Locate reads (256 KiB: a scenario or a script is a few).
const syntaxPosMax = 256 << 10

var reUnknownAnchor = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unknown anchor '([^']+)' referenced$`) })

// aliasPos places yaml.v3's "unknown anchor 'x' referenced" (no line) at the first *x.
func aliasPos(src []byte, msg string) (line, col int, ok bool) {
	m := reUnknownAnchor().FindStringSubmatch(msg)
	if m == nil {
		return 0, 0, false
	}
	for i, l := range strings.Split(string(src), "\n") {
		if j := strings.Index(l, "*"+m[1]); j >= 0 {
			return i + 1, j + 1, true
		}
	}
	return 0, 0, false
}

// layout puts back what yaml.v3's encoder changes beyond the style. The encoder's output gives
// the code lines (with trailing comments, each moved back to the author's column unless the code
// before it grew past it); every comment line of the source is then put before the code line that
// followed it in the source, at that line's indentation, and a blank line wherever the author
// left one (or more) before a comment or a code line. orig and out are the node trees of src and
// raw (raw is the encoder's output): a walk in step pairs every node with its copy. Lines inside
// block scalars (| and >) are content and stay as they are; other lines lose trailing blanks.
// Anything unexpected leaves raw alone.
func layout(src []byte, orig []*yaml.Node, raw []byte, out []*yaml.Node) []byte {
	srcLines := strings.Split(string(src), "\n")
	lines := strings.Split(string(raw), "\n")
	srcBlocks, outBlocks := blockRanges(srcLines, orig), blockRanges(lines, out)
	if len(srcBlocks) != len(outBlocks) {
		return raw
	}
	srcKeep, keep := marked(srcBlocks), marked(outBlocks)
	// The encoder re-folds block scalars (">" lines joined up to its width); their lines are the
	// author's: each output block is the source block's lines, moved to the output's indentation.
	blockAt := map[int]int{} // output line where a block's content starts -> its index
	for i, r := range outBlocks {
		if r[0] <= r[1] {
			blockAt[r[0]] = i
		}
	}
	blank := func(n int) bool {
		return n >= 1 && n <= len(srcLines) && strings.TrimSpace(srcLines[n-1]) == ""
	}
	at := map[int]int{} // source line -> output line of the first node on it (1-based)
	done := map[int]bool{}
	var walk func(a, b *yaml.Node) bool
	walk = func(a, b *yaml.Node) bool {
		if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
			return false
		}
		if a.Kind != yaml.DocumentNode && a.Line > 0 && b.Line > 0 {
			if _, ok := at[a.Line]; !ok {
				at[a.Line] = b.Line
			}
		}
		if a.LineComment != "" && a.LineComment == b.LineComment {
			placeComment(srcLines, lines, a, b, done)
		}
		for i := range a.Content {
			if !walk(a.Content[i], b.Content[i]) {
				return false
			}
		}
		return true
	}
	for i := range orig {
		if !walk(orig[i], out[i]) {
			return raw
		}
	}
	// Each source comment line, and each code line, with what goes before it in the output.
	type before struct {
		comments []int // source lines of the comments, in order
		blank    bool  // a blank line right above the code line
	}
	anchor := map[int]*before{} // output line -> what goes above it; 0: the end of the file
	var pending []int
	for n := 1; n <= len(srcLines); n++ {
		t := strings.TrimSpace(srcLines[n-1])
		if srcKeep[n] {
			continue
		}
		if strings.HasPrefix(t, "#") {
			pending = append(pending, n)
			continue
		}
		o, ok := at[n]
		if !ok {
			continue
		}
		if anchor[o] == nil {
			anchor[o] = &before{}
		}
		anchor[o].comments = append(anchor[o].comments, pending...)
		anchor[o].blank = anchor[o].blank || blank(n-1)
		pending = nil
	}
	anchor[0] = &before{comments: pending}
	var w []string
	emit := func(b *before, indent string) {
		if b == nil {
			return
		}
		for _, c := range b.comments {
			if blank(c-1) && len(w) > 0 && w[len(w)-1] != "" {
				w = append(w, "")
			}
			w = append(w, indent+strings.TrimSpace(srcLines[c-1])) // no trailing blanks
		}
		if b.blank && len(w) > 0 && w[len(w)-1] != "" {
			w = append(w, "")
		}
	}
	for i, l := range lines {
		n := i + 1
		if k, ok := blockAt[n]; ok {
			w = append(w, reindent(srcLines, srcBlocks[k], lines, outBlocks[k])...)
			continue
		}
		if keep[n] {
			continue // a block's content, written above
		}
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue // the encoder's blank and comment lines: the author's are placed instead
		}
		l = strings.TrimRight(l, " \t")
		emit(anchor[n], l[:len(l)-len(strings.TrimLeft(l, " "))])
		w = append(w, l)
	}
	emit(anchor[0], "")
	for len(w) > 0 && w[len(w)-1] == "" {
		w = w[:len(w)-1]
	}
	return []byte(strings.Join(w, "\n") + "\n")
}

// blockRanges returns, for each block scalar (| and >) of docs in walk order, the lines of lines
// (1-based, inclusive) that hold its content: after its header, every line that is blank or
// indented at least as far as the first line that is not (a folded scalar's value has fewer
// line breaks than it has lines, so its value cannot tell). Trailing blank lines belong to it
// only when it keeps them (|+, >+). A block with no content line is [header+1, header].
func blockRanges(lines []string, docs []*yaml.Node) [][2]int {
	var out [][2]int
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.ScalarNode && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			from, last, indent := n.Line+1, n.Line, -1
			for l := from; l <= len(lines); l++ {
				t := strings.TrimRight(lines[l-1], " \t\r")
				if strings.TrimSpace(t) == "" {
					continue
				}
				ind := len(t) - len(strings.TrimLeft(t, " "))
				if indent < 0 {
					indent = ind
				}
				if ind < indent || ind == 0 {
					break
				}
				last = l
			}
			if keeps(lineAt(lines, n.Line), n.Column) {
				for last < len(lines) && strings.TrimSpace(lines[last]) == "" {
					last++
				}
			}
			out = append(out, [2]int{from, last})
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	for _, d := range docs {
		walk(d)
	}
	return out
}

// keeps reports whether the block scalar header whose indicator (| or >) is at column col
// (1-based) of header has the keep chomping indicator: "|+", ">2+", "|+2".
func keeps(header string, col int) bool {
	if col < 1 || col > len(header) || header[col-1] != '|' && header[col-1] != '>' {
		return false
	}
	for i := col; i < len(header) && i < col+2; i++ {
		switch c := header[i]; {
		case c == '+':
			return true
		case c == '-' || c >= '1' && c <= '9':
		default:
			return false
		}
	}
	return false
}

func lineAt(lines []string, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// marked is the set of lines inside the ranges.
func marked(ranges [][2]int) map[int]bool {
	out := map[int]bool{}
	for _, r := range ranges {
		for l := r[0]; l <= r[1]; l++ {
			out[l] = true
		}
	}
	return out
}

// reindent returns the source lines of block src moved from their indentation to that of the
// output block out (the indentation of each one's first non-blank line); a blank line stays
// blank, spaces past the indentation stay content.
func reindent(srcLines []string, src [2]int, outLines []string, out [2]int) []string {
	first := func(lines []string, r [2]int) int {
		for l := r[0]; l <= r[1]; l++ {
			if t := lineAt(lines, l); strings.TrimSpace(t) != "" {
				return len(t) - len(strings.TrimLeft(t, " "))
			}
		}
		return 0
	}
	from, to := first(srcLines, src), strings.Repeat(" ", first(outLines, out))
	var w []string
	for l := src[0]; l <= src[1]; l++ {
		t := strings.TrimRight(lineAt(srcLines, l), "\r")
		switch {
		case len(t) <= from && strings.TrimSpace(t) == "":
			w = append(w, "")
		case len(t) >= from:
			w = append(w, to+t[from:])
		default:
			w = append(w, t) // cannot happen: the range holds no line indented less
		}
	}
	return w
}

// placeComment moves the trailing comment of b's line in the output to the column it had after
// a in the source, unless the code before it is now wider (then one space separates them).
func placeComment(srcLines, lines []string, a, b *yaml.Node, done map[int]bool) {
	c := strings.TrimRight(a.LineComment, " \t")
	col := findComment(srcLines, a.Line, c)
	at := findComment(lines, b.Line, c)
	if col < 0 || at < 0 {
		return
	}
	i := lineWith(lines, b.Line, c)
	if done[i] {
		return
	}
	done[i] = true
	l := lines[i-1]
	code := strings.TrimRight(l[:len(l)-len(c)], " \t")
	pad := col - utf8.RuneCountInString(code)
	if pad < 1 {
		pad = 1
	}
	lines[i-1] = code + strings.Repeat(" ", pad) + c
}

// findComment returns the column (0-based, in runes) at which comment c ends a line at or after
// line from (1-based), or -1.
func findComment(lines []string, from int, c string) int {
	i := lineWith(lines, from, c)
	if i < 0 {
		return -1
	}
	l := lines[i-1]
	return utf8.RuneCountInString(l[:len(l)-len(c)])
}

// lineWith is the first line (1-based) at or after from, within a few lines, that ends with the
// comment c after a blank; -1 if none does.
func lineWith(lines []string, from int, c string) int {
	for i := max(from, 1); i <= len(lines) && i < from+64; i++ {
		l := strings.TrimRight(lines[i-1], " \t\r")
		if strings.HasSuffix(l, c) && len(l) > len(c) {
			if ch := l[len(l)-len(c)-1]; ch == ' ' || ch == '\t' {
				lines[i-1] = l
				return i
			}
		}
	}
	return -1
}

// sameYAML says what differs between src (read as docs) and out, or "" when nothing does: the
// node trees (kinds, resolved tags, values, anchors, quoting), the comments, and the data CUE's
// YAML reader makes of each.
func sameYAML(filename string, src []byte, docs []*yaml.Node, out []byte) string {
	outDocs, err := parseYAML(out)
	if err != nil || len(outDocs) != len(docs) {
		return "the document structure"
	}
	var a, b strings.Builder
	var ca, cb []string
	for i := range docs {
		tree(&a, &ca, docs[i])
		tree(&b, &cb, outDocs[i])
	}
	if a.String() != b.String() {
		return "the data"
	}
	sort.Strings(ca)
	sort.Strings(cb)
	if strings.Join(ca, "\n") != strings.Join(cb, "\n") || !sameOrder(src, docs, out, outDocs) {
		return "the comments"
	}
	if len(docs) == 1 {
		fa, erra := cueyaml.Extract(filename, src)
		fb, errb := cueyaml.Extract(filename, out)
		if (erra == nil) != (errb == nil) || erra == nil && shape(fa) != shape(fb) {
			return "the data CUE reads"
		}
	}
	return ""
}

// tree renders n without positions, layout or comments, and collects its comment lines.
func tree(w *strings.Builder, comments *[]string, n *yaml.Node) {
	for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
		for _, l := range strings.Split(c, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				*comments = append(*comments, l)
			}
		}
	}
	quote := n.Style & (yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle | yaml.LiteralStyle | yaml.FoldedStyle)
	fmt.Fprintf(w, "(%d %s %q %q %d", n.Kind, n.ShortTag(), n.Value, n.Anchor, quote)
	if n.Alias != nil {
		fmt.Fprintf(w, " *%q", n.Alias.Anchor)
	}
	for _, c := range n.Content {
		tree(w, comments, c)
	}
	w.WriteString(")")
}

// sameOrder reports whether the comment lines of src and out (outside block scalars) come in the
// same order.
func sameOrder(src []byte, docs []*yaml.Node, out []byte, outDocs []*yaml.Node) bool {
	list := func(b []byte, keep map[int]bool) []string {
		var cs []string
		for i, l := range strings.Split(string(b), "\n") {
			if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") && !keep[i+1] {
				cs = append(cs, t)
			}
		}
		return cs
	}
	srcKeep := marked(blockRanges(strings.Split(string(src), "\n"), docs))
	outKeep := marked(blockRanges(strings.Split(string(out), "\n"), outDocs))
	return strings.Join(list(src, srcKeep), "\n") == strings.Join(list(out, outKeep), "\n")
}
