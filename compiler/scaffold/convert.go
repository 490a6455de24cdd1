package scaffold

// sortie init --format yaml|json: the templates are written in CUE (data only: fields, structs,
// lists and literals, with comments); ToYAML turns one into the same document in YAML with its
// comments (yaml.v3's node tree carries them), ToJSON into JSON (which has none). What the
// templates do not use (references, definitions, expressions) is an error, never a wrong file.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	yaml "go.yaml.in/yaml/v3"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/format"
)

// Formats lists the file formats sortie init writes (the first is the default).
var Formats = []string{"cue", "yaml", "json"}

// convert rewrites every .cue file of files into format ("cue": as they are), renaming it to
// .yaml or .json.
func convert(files []File, format string) ([]File, error) {
	if format == "" || format == "cue" {
		return files, nil
	}
	out := make([]File, 0, len(files))
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".cue") {
			out = append(out, f)
			continue
		}
		var data []byte
		var err error
		switch format {
		case "yaml":
			data, err = ToYAML(f.Path, f.Data)
		case "json":
			data, err = ToJSON(f.Path, f.Data)
		default:
			return nil, fmt.Errorf("unknown format %q: use %s", format, strings.Join(Formats, ", "))
		}
		if err != nil {
			return nil, err
		}
		out = append(out, File{Path: strings.TrimSuffix(f.Path, ".cue") + "." + format, Data: data})
	}
	return out, nil
}

// ToJSON returns the data of the CUE file src as indented JSON, fields in source order.
func ToJSON(name string, src []byte) ([]byte, error) {
	v := cuecontext.New().CompileBytes(src, cue.Filename(name))
	if err := v.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return esc.JSON(b.Bytes()), nil // escapes stay escapes (encoding/json writes U+202E raw)
}

// ToYAML returns the CUE file src as YAML, with its comments: a comment before a field (or the
// file's own, before its package clause) above the key, one after a field on its line after the
// value. A struct or list written on one line stays on one line (flow style), as sortie fmt keeps
// it.
func ToYAML(name string, src []byte) ([]byte, error) {
	f, err := parser.ParseFile(name, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	c := &converter{name: name}
	doc := &yaml.Node{Kind: yaml.MappingNode}
	var head []string
	for _, cg := range ast.Comments(f) {
		head = append(head, commentText(cg))
	}
	for _, d := range f.Decls {
		switch x := d.(type) {
		case *ast.Package:
			for _, cg := range ast.Comments(x) {
				head = append(head, commentText(cg))
			}
		case *ast.Field:
			k, v, err := c.field(x)
			if err != nil {
				return nil, err
			}
			doc.Content = append(doc.Content, k, v)
		case *ast.CommentGroup:
			head = append(head, commentText(x))
		default:
			return nil, c.errorf(d, "only fields are written as YAML")
		}
		if len(head) > 0 && len(doc.Content) > 0 {
			k := doc.Content[len(doc.Content)-2]
			k.HeadComment = strings.Join(append(head, k.HeadComment), "\n\n")
			k.HeadComment = strings.TrimRight(k.HeadComment, "\n")
			head = nil
		}
	}
	// Escapes stay escapes: a "\u202e" of the template is not written as a raw bidi override.
	out, err := format.EncodeYAML([]*yaml.Node{{Kind: yaml.DocumentNode, Content: []*yaml.Node{doc}}})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

type converter struct{ name string }

func (c *converter) errorf(n ast.Node, format string, args ...any) error {
	return fmt.Errorf("%s: %s", n.Pos(), fmt.Sprintf(format, args...))
}

// field converts a field to its key and value nodes, with the field's comments.
func (c *converter) field(f *ast.Field) (k, v *yaml.Node, err error) {
	name, _, err := ast.LabelName(f.Label)
	if err != nil {
		return nil, nil, c.errorf(f, "a label sortie init cannot write as YAML: %v", err)
	}
	if f.Constraint != token.ILLEGAL {
		return nil, nil, c.errorf(f, "an optional or required field is not data")
	}
	k = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name}
	if v, err = c.value(f.Value); err != nil {
		return nil, nil, err
	}
	for _, cg := range ast.Comments(f) {
		text := commentText(cg)
		switch {
		case cg.Line || cg.Position > 0 && !cg.Doc:
			at := lineOf(k, v)
			at.LineComment = joinComment(at.LineComment, text)
		default:
			k.HeadComment = joinComment(k.HeadComment, text)
		}
	}
	// An attribute (a vet suppression, @sortie(ignore=...)) is a comment at the end of the
	// field's line in YAML, as the vet hint says to write it.
	for _, a := range f.Attrs {
		k.LineComment = joinComment(k.LineComment, "# "+a.Text)
	}
	return k, v, nil
}

// lineOf is the node whose line a comment at the end of field k: v's line goes on: the value
// when it is written on that line (a literal, a flow struct or list), the innermost value of a
// shorthand (on: day: 2 // c), else the key.
func lineOf(k, v *yaml.Node) *yaml.Node {
	for v.Kind == yaml.MappingNode && v.Style != yaml.FlowStyle && len(v.Content) == 2 {
		k, v = v.Content[0], v.Content[1]
	}
	if v.Kind == yaml.ScalarNode || v.Style == yaml.FlowStyle {
		return v
	}
	return k
}

// value converts a field's value (a struct, a list, a literal).
func (c *converter) value(x ast.Expr) (*yaml.Node, error) {
	switch x := x.(type) {
	case *ast.StructLit:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		if x.Lbrace.IsValid() && x.Lbrace.Line() == x.Rbrace.Line() {
			n.Style = yaml.FlowStyle
		}
		var head []string
		for _, d := range x.Elts {
			switch e := d.(type) {
			case *ast.Field:
				k, v, err := c.field(e)
				if err != nil {
					return nil, err
				}
				if len(head) > 0 {
					k.HeadComment = joinComment(strings.Join(head, "\n\n"), k.HeadComment)
					head = nil
				}
				n.Content = append(n.Content, k, v)
			case *ast.CommentGroup:
				head = append(head, commentText(e))
			default:
				return nil, c.errorf(d, "only fields are written as YAML")
			}
		}
		return n, nil
	case *ast.ListLit:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		if x.Lbrack.IsValid() && x.Lbrack.Line() == x.Rbrack.Line() {
			n.Style = yaml.FlowStyle
		}
		for _, e := range x.Elts {
			v, err := c.value(e)
			if err != nil {
				return nil, err
			}
			for _, cg := range ast.Comments(e) {
				v.LineComment = joinComment(v.LineComment, commentText(cg))
			}
			n.Content = append(n.Content, v)
		}
		return n, nil
	case *ast.UnaryExpr:
		if b, ok := x.X.(*ast.BasicLit); ok && x.Op == token.SUB && (b.Kind == token.INT || b.Kind == token.FLOAT) {
			n, err := c.value(b)
			if err == nil {
				n.Value = "-" + n.Value
			}
			return n, err
		}
	case *ast.BasicLit:
		switch x.Kind {
		case token.STRING:
			s, err := literal.Unquote(x.Value)
			if err != nil {
				return nil, c.errorf(x, "%v", err)
			}
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}, nil
		case token.INT:
			if _, err := strconv.ParseInt(x.Value, 10, 64); err != nil {
				return nil, c.errorf(x, "a number sortie init cannot write as YAML: %s", x.Value)
			}
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: x.Value}, nil
		case token.FLOAT:
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: x.Value}, nil
		case token.TRUE, token.FALSE:
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: x.Value}, nil
		case token.NULL:
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
		}
	}
	return nil, c.errorf(x, "only literals, structs and lists are written as YAML")
}

// commentText is a comment group's text as yaml.v3 writes comments: "# line" lines.
func commentText(cg *ast.CommentGroup) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(cg.Text(), "\n"), "\n") {
		if l == "" {
			lines = append(lines, "#")
			continue
		}
		lines = append(lines, "# "+l)
	}
	return strings.Join(lines, "\n")
}

func joinComment(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}
