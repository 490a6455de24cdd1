package compiler

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/errors"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Words for what the schema wants ("a string", "one of ...", "from 1 to 6"), for messages and
// hints.

// describe names what a schema value wants, for hints: "a string", "an int", "a list".
func describe(s cue.Value) string {
	if vals, ok := enumValues(s); ok {
		alts := make([]string, len(vals))
		for i, v := range vals {
			alts[i] = fmt.Sprint(v)
		}
		return strings.Join(alts, " | ")
	}
	if s.IncompleteKind() == cue.ListKind {
		n := 0
		var elem cue.Value
		if it, err := s.List(); err == nil {
			for it.Next() {
				if n == 0 {
					elem = it.Value()
				}
				n++
			}
		}
		if n == 0 {
			elem = s.LookupPath(cue.MakePath(cue.AnyIndex))
		}
		if !elem.Exists() {
			return "a list"
		}
		what := strings.TrimPrefix(strings.TrimPrefix(kindName(elem.IncompleteKind()), "a "), "an ") + "s"
		if n > 0 && !s.LookupPath(cue.MakePath(cue.AnyIndex)).Exists() {
			return fmt.Sprintf("a list of %d %s", n, what)
		}
		return "a list of " + what
	}
	if s.IncompleteKind() == cue.StructKind {
		var req []string
		if it, err := s.Fields(); err == nil {
			for it.Next() {
				if d, ok := it.Value().Default(); !ok || !d.IsConcrete() {
					req = append(req, it.Selector().Unquoted())
				}
			}
		}
		if len(req) > 0 {
			return "a struct with " + strings.Join(req, ", ")
		}
	}
	return kindName(s.IncompleteKind())
}

// describeValue names a user's value: `string "lots"`, `a struct`.
func describeValue(v cue.Value) string {
	k := v.Kind()
	switch k {
	case cue.StructKind, cue.ListKind:
		return kindName(k)
	case cue.BottomKind:
		return kindName(v.IncompleteKind())
	}
	return fmt.Sprintf("%s %v", k, v)
}

func kindName(k cue.Kind) string {
	switch k {
	case cue.StructKind:
		return "a struct"
	case cue.ListKind:
		return "a list"
	case cue.StringKind:
		return "a string"
	case cue.IntKind:
		return "an int"
	case cue.FloatKind, cue.NumberKind:
		return "a number"
	case cue.BoolKind:
		return "a bool"
	case cue.NullKind:
		return "null"
	case cue.BottomKind:
		return "an error"
	}
	return k.String()
}

// plainBound writes a CUE bound in words: ">=1" is "at least 1", "<100" is "less than 100".
func plainBound(b string) string {
	for _, op := range []struct{ sym, words string }{{">=", "at least "}, {"<=", "at most "}, {">", "more than "}, {"<", "less than "}, {"!=", "not "}} {
		if rest, ok := strings.CutPrefix(b, op.sym); ok {
			return op.words + rest
		}
	}
	return b
}

// plainRange describes the numbers a schema value allows in words ("an integer from 1 to
// 100"), or "" when it is not a bounded number. A default (*0 | int & >=0) is left out.
func plainRange(s cue.Value) string {
	if !s.Exists() || s.IncompleteKind()&(cue.IntKind|cue.FloatKind) == 0 || s.IncompleteKind()&^(cue.IntKind|cue.FloatKind|cue.NumberKind) != 0 {
		return ""
	}
	var lo, hi string
	var walk func(v cue.Value, depth int)
	walk = func(v cue.Value, depth int) {
		if depth > 8 {
			return
		}
		op, args := v.Expr()
		switch op {
		case cue.AndOp, cue.OrOp:
			for _, a := range args {
				walk(a, depth+1)
			}
		case cue.GreaterThanEqualOp, cue.GreaterThanOp:
			if len(args) == 1 {
				lo = fmt.Sprint(args[0])
				if op == cue.GreaterThanOp {
					lo = "more than " + lo
				}
			}
		case cue.LessThanEqualOp, cue.LessThanOp:
			if len(args) == 1 {
				hi = fmt.Sprint(args[0])
				if op == cue.LessThanOp {
					hi = "less than " + hi
				}
			}
		}
	}
	walk(s, 0)
	what := "a number"
	if s.IncompleteKind() == cue.IntKind {
		what = "an integer"
	}
	switch {
	case lo != "" && hi != "":
		return fmt.Sprintf("%s from %s to %s", what, lo, hi)
	case lo != "":
		return fmt.Sprintf("%s of at least %s", what, lo)
	case hi != "":
		return fmt.Sprintf("%s of at most %s", what, hi)
	}
	return ""
}

// plainIncomplete names what a value without a concrete value is: "_ (anything)", "a string".
func plainIncomplete(v cue.Value) string {
	if v.IncompleteKind() == cue.TopKind {
		return "_ (anything)"
	}
	return kindName(v.IncompleteKind())
}

// helperError reports an error inside the author's helpers (a definition or a hidden field, not
// a field of the scenario) at its place in the author's files, in plain words: such an error
// makes the fields that use the helper errors too, which CUE then leaves unexplained.
func (sc *schemaChecker) helperError(e errors.Error) {
	var pos diag.Pos
	for _, p := range errors.Positions(e) {
		if pos = sc.nm.pos(p); pos.IsValid() {
			break
		}
	}
	if !pos.IsValid() {
		// CUE gives some (a structural cycle) no position: the helper's field has one.
		for path := e.Path(); len(path) > 0 && !pos.IsValid(); path = path[:len(path)-1] {
			if v := sc.user.LookupPath(cue.ParsePath(strings.Join(path, "."))); v.Exists() {
				pos = sc.nm.labelPos(v)
			}
		}
	}
	if !pos.IsValid() {
		return
	}
	format, args := e.Msg()
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "structural cycle") {
		msg = "refers to itself without end (a structural cycle): it has no value"
	}
	path := strings.Join(e.Path(), ".")
	sc.add("helper "+pos.String()+" "+msg, diag.Errorf(pos, codeBadValue, "%s: %s", path, msg).
		WithHint("a definition or hidden field the scenario uses is wrong; every field that uses it is wrong with it"))
}
