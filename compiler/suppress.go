package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// A suppression is an attribute on a field of a CUE scenario file:
//
//	"09": {at: [4, 1]} @sortie(ignore="F002", reason="reached by boat in field 2")
//
// It silences one code on that field's entity and everything inside it (the source range of the
// field). The reason is required (L008); an unknown code or key is L010; a suppression that
// silences nothing is L009. In a YAML file the attribute is written in a comment on the field's
// line or the line above (yamlfile.go); JSON files have no comments.
type suppression struct {
	code       string
	start, end diag.Pos // the field's source range
	at         diag.Pos // the attribute
	used       bool
}

// collectSuppressions reads the @sortie attributes of the files and reports malformed ones.
func collectSuppressions(files []*ast.File, nm *namer, list *diag.List) []*suppression {
	var out []*suppression
	for _, f := range files {
		ast.Walk(f, func(n ast.Node) bool {
			fd, ok := n.(*ast.Field)
			if !ok {
				return true
			}
			for _, a := range fd.Attrs {
				name, body := a.Split()
				if name != "sortie" {
					continue
				}
				at := nm.pos(a.Pos())
				args, err := parseAttrArgs(body)
				code, reason := args["ignore"], args["reason"]
				for k := range args {
					if k != "ignore" && k != "reason" && err == nil {
						err = fmt.Errorf("unknown key %q", k)
					}
				}
				switch {
				case err != nil:
					list.Add(diag.Errorf(at, codeBadIgnore, "malformed @sortie attribute: %v", err).
						WithHint(`write @sortie(ignore="CODE", reason="why")`))
					continue
				case code == "":
					list.Add(diag.Errorf(at, codeBadIgnore, "@sortie attribute without ignore=\"CODE\"").
						WithHint(`write @sortie(ignore="CODE", reason="why")`))
					continue
				}
				if _, known := diag.Lookup(code); !known {
					list.Add(diag.Errorf(at, codeBadIgnore, "@sortie ignores unknown code %q", code).
						WithHint("sortie explain lists the codes"))
					continue
				}
				if strings.TrimSpace(reason) == "" {
					list.Add(diag.Errorf(at, codeNoReason, "suppression of %s has no reason: it silences nothing", code).
						WithHint(`add reason="why the finding does not apply here"`))
					continue
				}
				// The range is the field's label and value: in YAML the attribute is a comment,
				// which may stand on the line above.
				end := fd.End()
				if fd.Value != nil {
					end = fd.Value.End()
				}
				out = append(out, &suppression{code: code, start: nm.pos(fd.Pos()), end: nm.pos(end), at: at})
			}
			return true
		}, nil)
	}
	return out
}

// applySuppressions drops the findings the suppressions silence and reports unused suppressions
// (L009). Loading and suppression findings themselves (L codes) are never silenced.
//
// A suppression on a field that the schema refused (S001: a misspelt field, a bad id) is not
// reported unused: the finding it silences cannot be reported there (issue 11: one finding per
// fault); schema holds those findings.
func applySuppressions(list diag.List, sup []*suppression, schema diag.List) diag.List {
	if len(sup) == 0 {
		return list
	}
	out := list[:0:0]
	for _, d := range list {
		silenced := false
		for _, s := range sup {
			if s.code == d.Code && !strings.HasPrefix(d.Code, "L") && within2(d.Pos, s.start, s.end) {
				s.used, silenced = true, true
			}
		}
		if !silenced {
			out = append(out, d)
		}
	}
	for _, s := range sup {
		for _, d := range schema {
			if d.Code == codeUnknownField && within2(d.Pos, s.start, s.end) {
				s.used = true
			}
		}
		if !s.used {
			out = append(out, diag.Warnf(s.at, codeUnusedIgnore, "suppression of %s silences nothing here", s.code).
				WithHint("delete the attribute"))
		}
	}
	return out
}

// within2 reports whether p lies in the range [start, end] of one file.
func within2(p, start, end diag.Pos) bool {
	if p.File != start.File || p.File == "" {
		return false
	}
	after := p.Line > start.Line || p.Line == start.Line && p.Column >= start.Column
	before := p.Line < end.Line || p.Line == end.Line && p.Column <= end.Column
	return after && before
}

// parseAttrArgs parses `key="value", key2=value2` (values quoted as CUE/Go strings or bare).
func parseAttrArgs(body string) (map[string]string, error) {
	out := map[string]string{}
	rest := strings.TrimSpace(body)
	for rest != "" {
		key, after, ok := strings.Cut(rest, "=")
		if !ok {
			return nil, fmt.Errorf("want key=value, got %q", rest)
		}
		key = strings.TrimSpace(key)
		after = strings.TrimLeft(after, " \t")
		var val string
		if strings.HasPrefix(after, `"`) {
			end := 1
			for end < len(after) && after[end] != '"' {
				if after[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(after) {
				return nil, fmt.Errorf("unterminated string")
			}
			v, err := strconv.Unquote(after[:end+1])
			if err != nil {
				return nil, fmt.Errorf("bad string %s", after[:end+1])
			}
			val, after = v, after[end+1:]
		} else {
			i := strings.IndexByte(after, ',')
			if i < 0 {
				i = len(after)
			}
			val, after = strings.TrimSpace(after[:i]), after[i:]
		}
		if _, dup := out[key]; dup || key == "" {
			return nil, fmt.Errorf("empty or repeated key %q", key)
		}
		out[key] = val
		after = strings.TrimSpace(after)
		if after != "" && after[0] != ',' {
			return nil, fmt.Errorf("want ',' after %s", key)
		}
		rest = strings.TrimSpace(strings.TrimPrefix(after, ","))
	}
	return out, nil
}

// suppressHint says how to silence code on a field of the given file, in the file's own form: a
// CUE attribute after the field, a YAML comment on the field's line, or (JSON has no comments)
// a baseline.
func suppressHint(file, code string) string {
	switch fileKind(file) {
	case "yaml":
		return fmt.Sprintf(`end the field's line with the comment # @sortie(ignore=%q, reason="...")`, code)
	case "json":
		return "JSON has no comments: record the finding in a baseline (sortie vet --write-baseline)"
	}
	return fmt.Sprintf(`write @sortie(ignore=%q, reason="...") after the field`, code)
}
