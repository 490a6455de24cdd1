package format

// Escapes kept (issue 20, B3): yaml.v3 writes a string as YAML 1.2 allows, and YAML counts the
// bidirectional overrides (U+202E), the zero-width characters and the other invisible format
// characters as printable, so "x\u202ey" read from a file came back as a raw U+202E: a Trojan
// Source character an editor does not show. Every double-quoted scalar holding a character
// esc.Hidden names is written with that character as an escape (one written raw between the
// quotes too: the data is the same, and now it shows); sortie init's YAML writes every such
// string so.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	yaml "go.yaml.in/yaml/v3"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// hiddenScalars stands a placeholder in for every scalar of docs (keys included) whose value
// holds a Hidden character: a double-quoted token found nowhere in src, as long as the scalar. It returns undo, which
// puts the values and styles back, and the replacer that turns each quoted token of the encoded
// text into the scalar written by QuoteYAML. With no such scalar both are nil. quotedOnly (sortie
// fmt) takes only the scalars double-quoted in the source: only they can hold an escape, and fmt
// keeps every scalar's style (a raw character in a plain or single-quoted scalar stays raw, as the
// author wrote it: fmt turns no escape into it).
func hiddenScalars(src []byte, docs []*yaml.Node, quotedOnly bool) (undo func(), r *strings.Replacer) {
	type saved struct {
		n     *yaml.Node
		value string
		style yaml.Style
	}
	var undone []saved
	var pairs []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil {
			return
		}
		if n.Kind == yaml.ScalarNode && strings.ContainsFunc(n.Value, esc.Hidden) && (!quotedOnly || n.Style&yaml.DoubleQuotedStyle != 0) {
			// The token is as long as the scalar it stands for (padded with '_'), so that
			// layout places a trailing comment as it will be; "x" in front while src has it.
			q := QuoteYAML(n.Value)
			token := "h" + strconv.Itoa(len(undone))
			token += strings.Repeat("_", max(0, len(q)-2-len(token)))
			for bytes.Contains(src, []byte(`"`+token+`"`)) {
				token = "x" + token
			}
			undone = append(undone, saved{n, n.Value, n.Style})
			pairs = append(pairs, `"`+token+`"`, q)
			n.Value, n.Style = token, yaml.DoubleQuotedStyle
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	for _, d := range docs {
		walk(d)
	}
	if len(undone) == 0 {
		return nil, nil
	}
	return func() {
		for _, s := range undone {
			s.n.Value, s.n.Style = s.value, s.style
		}
	}, strings.NewReplacer(pairs...)
}

// QuoteYAML returns s as a YAML double-quoted scalar on one line: '"' and '\' escaped, newline and
// tab as \n and \t, every esc.Hidden character and every other character that is not printable
// as \xXX, \uXXXX or \UXXXXXXXX; the rest as it is.
func QuoteYAML(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x100 && (esc.Hidden(r) || !unicode.IsPrint(r) && r != ' '):
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff && (esc.Hidden(r) || !unicode.IsPrint(r)):
			fmt.Fprintf(&b, `\u%04x`, r)
		case esc.Hidden(r) || !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// EncodeYAML encodes docs (document nodes) as sortie fmt writes YAML before its layout: yaml.v3
// with two-space indentation, every string holding an esc.Hidden character double-quoted with
// that character as an escape (sortie init's YAML, issue 20 B3).
func EncodeYAML(docs []*yaml.Node) ([]byte, error) {
	var text bytes.Buffer // every value and comment: the tokens must be found nowhere in them
	var gather func(n *yaml.Node)
	gather = func(n *yaml.Node) {
		text.WriteString(n.Value + n.HeadComment + n.LineComment + n.FootComment)
		for _, c := range n.Content {
			gather(c)
		}
	}
	for _, d := range docs {
		gather(d)
	}
	undo, hidden := hiddenScalars(text.Bytes(), docs, false)
	out, err := encodeYAML(docs)
	if undo != nil {
		undo()
		out = []byte(hidden.Replace(string(out)))
	}
	return out, err
}
