// Package nesting finds, before a recursive parser sees a file, the first place where it nests
// deeper than MaxDepth levels (issue 3, item 6: bounds on hostile input). It serves every reader
// of untrusted CUE, YAML and JSON: the compiler (vet, compile, run), sortie fmt, scripts (run
// --script) and init --from. Each scan is linear in the file, never recurses and keeps at most
// MaxDepth+1 levels of memory.
package nesting

import (
	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"
)

// MaxDepth bounds nesting: brackets and braces ({[( ) ] }), in CUE also chains of labels on one
// line (a: b: c: 1), in YAML also block collections (one level per indentation step and per `- `
// or `? ` entry); deeper is refused (L005 for a scenario file, X005 for a script).
const MaxDepth = 100

// TooDeep reports the first place in data that nests deeper than MaxDepth: the 1-based line and
// byte column of the bracket, label or entry too deep. kind is "cue", "yaml" or "json" (as the
// file's extension: .cue, .yaml or .yml, .json); any other kind is scanned as JSON.
func TooDeep(kind string, data []byte) (line, col int, deep bool) {
	switch kind {
	case "cue":
		return tooDeepCUE(data)
	case "yaml", "yml":
		return tooDeepYAML(data)
	}
	return tooDeepJSON(data)
}

// tooDeepCUE counts nesting with CUE's own scanner (so strings, raw strings and comments are
// exactly what CUE makes of them): every open bracket or brace is a level, and so is every label
// of a chain on one line, `a: b: c: 1` being three levels as deep as {a: {b: {c: 1}}}. A comma or
// a newline ends a chain; a bracket starts a new one.
func tooDeepCUE(data []byte) (line, col int, deep bool) {
	var sc scanner.Scanner
	f := token.NewFile("", -1, len(data))
	sc.Init(f, data, nil, scanner.DontInsertCommas)
	// chains[i] is the length of the label chain at bracket level i; depth is the nesting so far
	// (brackets plus chains).
	chains := []int{0}
	depth := 0
	prev := token.ILLEGAL
	lastLine := 0
	for {
		pos, tok, _ := sc.Scan()
		if tok == token.EOF {
			return 0, 0, false
		}
		p := f.Position(pos)
		if p.Line != lastLine {
			// A newline ends the chain of the current level, as a comma does.
			depth -= chains[len(chains)-1]
			chains[len(chains)-1] = 0
			lastLine = p.Line
		}
		switch tok {
		case token.LBRACE, token.LBRACK, token.LPAREN:
			depth++
			chains = append(chains, 0)
		case token.RBRACE, token.RBRACK, token.RPAREN:
			if len(chains) > 1 {
				depth -= chains[len(chains)-1] + 1
				chains = chains[:len(chains)-1]
			}
		case token.COMMA:
			depth -= chains[len(chains)-1]
			chains[len(chains)-1] = 0
		case token.COLON:
			switch prev {
			case token.IDENT, token.STRING, token.RBRACK, token.OPTION, token.NOT, token.RPAREN, token.INT:
				depth++
				chains[len(chains)-1]++
			}
		}
		if depth > MaxDepth {
			return p.Line, p.Column, true
		}
		prev = tok
	}
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
