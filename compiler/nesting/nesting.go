// Package nesting finds, before a recursive parser sees a file, the first place where it nests
// deeper than MaxDepth levels (issue 3, item 6: bounds on hostile input). It serves every reader
// of untrusted CUE, YAML and JSON: the compiler (vet, compile, run), sortie fmt, scripts (run
// --script) and init --from. Each scan is linear in the file, never recurses and keeps at most
// MaxDepth+1 levels of memory.
package nesting

import (
	"fmt"

	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"
)

// MaxDepth bounds nesting: brackets and braces ({[( ) ] }), in CUE also chains of labels on one
// line (a: b: c: 1), in YAML also block collections (one level per indentation step and per `- `
// or `? ` entry); deeper is refused (L005 for a scenario file, X005 for a script).
const MaxDepth = 100

// MaxChain bounds the chains of a CUE expression, which nest in its syntax tree as brackets do:
// binary operators in a row (1 + 1 + ..., "a" | "b" | ..., across lines after an operator) and
// selectors, indexes and calls in a row (a.b.c, a[0][0], f()()). CUE's formatter takes time
// quadratic in an operator chain (cue/format's walkBinary: 16,000 operators took 2.8 s, 300,000
// would take a quarter of an hour) and its recursive readers a stack as deep as a selector chain
// (200,000 selectors took 940 MB); an enum of a few hundred values stays well under the bound.
const MaxChain = 500

// Find is TooDeep with what is too deep: "" when nothing is, else a message such as "nesting
// deeper than 100 levels" or "more than 500 operators in a row in one expression".
func Find(kind string, data []byte) (line, col int, msg string) {
	if kind == "cue" {
		return findCUE(data)
	}
	line, col, deep := TooDeep(kind, data)
	if !deep {
		return 0, 0, ""
	}
	return line, col, deeper
}

// deeper is the message of nesting past MaxDepth.
var deeper = fmt.Sprintf("nesting deeper than %d levels", MaxDepth)

// TooDeep reports the first place in data that nests deeper than MaxDepth: the 1-based line and
// byte column of the bracket, label or entry too deep. kind is "cue", "yaml" or "json" (as the
// file's extension: .cue, .yaml or .yml, .json); any other kind is scanned as JSON.
func TooDeep(kind string, data []byte) (line, col int, deep bool) {
	switch kind {
	case "cue":
		line, col, msg := findCUE(data)
		return line, col, msg != ""
	case "yaml", "yml":
		return tooDeepYAML(data)
	}
	return tooDeepJSON(data)
}

// findCUE counts nesting with CUE's own scanner (so strings, raw strings and comments are
// exactly what CUE makes of them): every open bracket or brace is a level, and so is every label
// of a chain on one line, `a: b: c: 1` being three levels as deep as {a: {b: {c: 1}}}. A comma or
// a newline ends a chain; a bracket starts a new one. Beside the levels it counts, at each
// level, the binary operators in a row and the selectors, indexes and calls in a row (MaxChain).
func findCUE(data []byte) (line, col int, msg string) {
	var sc scanner.Scanner
	f := token.NewFile("", -1, len(data))
	sc.Init(f, data, nil, scanner.DontInsertCommas)
	// lv[i] holds the counts of bracket level i; depth is the nesting so far (brackets plus
	// label chains), which is at most MaxDepth+1 levels of memory.
	type level struct{ chain, ops, post int }
	lv := []level{{}}
	depth := 0
	prev := token.ILLEGAL
	lastLine := 0
	for {
		pos, tok, _ := sc.Scan()
		if tok == token.EOF {
			return 0, 0, ""
		}
		p := f.Position(pos)
		cur := &lv[len(lv)-1]
		if p.Line != lastLine {
			// A newline ends the chain of the current level, as a comma does, and the expression
			// unless the line ended with an operator (CUE inserts no comma there).
			depth -= cur.chain
			cur.chain = 0
			if !binaryOp(prev) {
				cur.ops, cur.post = 0, 0
			}
			lastLine = p.Line
		}
		switch {
		case tok == token.LBRACE || tok == token.LBRACK || tok == token.LPAREN:
			if operandEnd(prev) && tok != token.LBRACE {
				cur.post++ // an index or a call: a[0], f()
			} else {
				cur.post = 0
			}
			depth++
			lv = append(lv, level{})
		case tok == token.RBRACE || tok == token.RBRACK || tok == token.RPAREN:
			if len(lv) > 1 {
				depth -= cur.chain + 1
				lv = lv[:len(lv)-1]
			}
		case tok == token.COMMA:
			depth -= cur.chain
			cur.chain, cur.ops, cur.post = 0, 0, 0
		case tok == token.COLON:
			switch prev {
			case token.IDENT, token.STRING, token.RBRACK, token.OPTION, token.NOT, token.RPAREN, token.INT:
				depth++
				cur.chain++
			}
			cur.ops, cur.post = 0, 0
		case tok == token.PERIOD:
			cur.post++
		case binaryOp(tok) && operandEnd(prev):
			cur.ops++
			cur.post = 0
		case tok != token.IDENT:
			cur.post = 0
		}
		switch {
		case depth > MaxDepth:
			return p.Line, p.Column, deeper
		case cur.ops > MaxChain:
			return p.Line, p.Column, fmt.Sprintf("more than %d operators in a row in one expression", MaxChain)
		case cur.post > MaxChain:
			return p.Line, p.Column, fmt.Sprintf("more than %d selectors, indexes or calls in a row", MaxChain)
		}
		prev = tok
	}
}

// binaryOp reports an operator between two operands (`-` and `!` are also unary: operandEnd
// tells the two apart).
func binaryOp(t token.Token) bool {
	switch t {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.AND, token.OR, token.LAND, token.LOR,
		token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.MAT, token.NMAT:
		return true
	}
	return false
}

// operandEnd reports a token an operand ends with, after which `-` is binary and `(`, `[` are a
// call or an index.
func operandEnd(t token.Token) bool {
	switch t {
	case token.IDENT, token.INT, token.FLOAT, token.STRING, token.RPAREN, token.RBRACK, token.RBRACE,
		token.TRUE, token.FALSE, token.NULL, token.BOTTOM:
		return true
	}
	return false
}

// tooDeepJSON counts brackets and braces outside strings.
func tooDeepJSON(data []byte) (line, col int, deep bool) {
	depth := 0
	line, col = 1, 0
	inStr := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		col++
		switch {
		case c == '\n':
			line, col = line+1, 0
		case inStr:
			if c == '\\' {
				i++
				col++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			if depth++; depth > MaxDepth {
				return line, col, true
			}
		case (c == '}' || c == ']') && depth > 0:
			depth--
		}
	}
	return 0, 0, false
}
