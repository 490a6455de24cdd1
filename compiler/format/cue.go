package format

import (
	"fmt"
	"sort"
	"strings"

	"cuelang.org/go/cue/ast"
	cueerrors "cuelang.org/go/cue/errors"
	cueformat "cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// CUE formats a CUE file as `cue fmt` does (parse with comments, cue/format.Node, no
// simplification). It returns L001 diagnostics when src does not parse, and N001 when the
// formatted file would parse to a different syntax tree (comments included), which would be a
// bug of the formatter: then out is nil and the file must be left alone.
func CUE(filename string, src []byte) (out []byte, list diag.List) {
	defer func() {
		// The parser and formatter are not ours: whatever they do, fmt never crashes.
		if r := recover(); r != nil {
			out, list = nil, diag.List{diag.Errorf(diag.Pos{File: filename}, CodeUnchanged, "the CUE formatter failed: %v", r)}
		}
	}()
	f, err := parser.ParseFile(filename, src, parser.ParseComments)
	if err != nil {
		return nil, cueSyntax(filename, err)
	}
	out, err = cueformat.Node(f)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: filename, Line: 1, Column: 1}, CodeUnchanged, "the CUE formatter failed: %v", err)}
	}
	g, err := parser.ParseFile(filename, out, parser.ParseComments)
	if err != nil || shape(f) != shape(g) {
		return nil, diag.List{diag.Errorf(diag.Pos{File: filename, Line: 1, Column: 1}, CodeUnchanged, "formatting would change the file's syntax; it is left as it is")}
	}
	return out, nil
}

// cueSyntax turns parser errors into L001 diagnostics at their positions.
func cueSyntax(filename string, err error) diag.List {
	var list diag.List
	seen := map[diag.Pos]bool{}
	for _, e := range cueerrors.Errors(err) {
		p := e.Position()
		pos := diag.Pos{File: filename, Line: p.Line(), Column: p.Column()}
		if seen[pos] {
			continue // the parser says some things twice ("NUL", "U+0000"): the first is enough
		}
		seen[pos] = true
		format, args := e.Msg()
		list.Add(diag.Errorf(pos, CodeSyntax, format, args...))
	}
	if len(list) == 0 {
		list.Add(diag.Errorf(diag.Pos{File: filename}, CodeSyntax, "%v", err))
	}
	return list
}

// shape renders a syntax tree without positions or layout: the node kinds, names, literals,
// operators and attributes in walk order, then every comment text, sorted (the formatter may
// attach a comment to a neighbouring node; it must not drop or change one). Two files with the
// same shape mean the same to CUE and keep the same comments.
func shape(f *ast.File) string {
	var b strings.Builder
	var comments []string
	ast.Walk(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CommentGroup:
			return true
		case *ast.Comment:
			comments = append(comments, strings.TrimSpace(x.Text))
			return false
		}
		fmt.Fprintf(&b, "%T", n)
		switch x := n.(type) {
		case *ast.Ident:
			b.WriteString(x.Name)
		case *ast.BasicLit:
			b.WriteString(x.Value)
		case *ast.BinaryExpr:
			b.WriteString(x.Op.String())
		case *ast.UnaryExpr:
			b.WriteString(x.Op.String())
		case *ast.Field:
			b.WriteString(x.Constraint.String())
		case *ast.Attribute:
			b.WriteString(x.Text)
		}
		b.WriteByte(' ')
		return true
	}, nil)
	sort.Strings(comments)
	b.WriteString(strings.Join(comments, "\n"))
	return b.String()
}
