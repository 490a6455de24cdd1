package compiler

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/errors"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// CUE's errors on the author's value turned into findings: each placed at the author's line,
// classified (type, enum, bound, list length, missing field) and said in the field's terms.

// userAt looks a full path up in the user's value of piece p and returns the deepest value that
// exists and how many selectors it took (n == len(sels) when the whole path exists). sels starts
// with the piece's prefix.
func (sc *schemaChecker) userAt(p *piece, sels []cue.Selector) (cue.Value, int) {
	cur := p.user
	if len(sels) < len(p.prefix) {
		return cur, len(sels) // not below the piece: only its own paths are asked for
	}
	for i := len(p.prefix); i < len(sels); i++ {
		next := cur.LookupPath(cue.MakePath(sels[i]))
		if !next.Exists() {
			return cur, i
		}
		cur = next
	}
	return cur, len(sels)
}

func (sc *schemaChecker) isFlagged(sels []cue.Selector) bool {
	for i := 1; i <= len(sels); i++ {
		if sc.flagged[cue.MakePath(sels[:i]...).String()] {
			return true
		}
	}
	return false
}

func (sc *schemaChecker) add(key string, d diag.Diagnostic) {
	key = d.Code + " " + key
	if sc.seen[key] {
		return
	}
	sc.seen[key] = true
	sc.list.Add(d)
}

var (
	reOutOfBound = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^invalid value (.*) \(out of bound (.*)\)$`) })
	reRegexp     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^=~"(.*)"$`) })
)

// classify turns the CUE errors at one path into one diagnostic.
func (sc *schemaChecker) classify(p *piece, sels []cue.Selector, errs []errors.Error) {
	if sc.isFlagged(sels) {
		return
	}
	uv, n := sc.userAt(p, sels)
	pathStr := cue.MakePath(sels...).String()
	prefix := ""
	if pathStr != "" {
		prefix = pathStr + ": "
	}

	if n < len(sels) {
		// Part of the path is not in the user's files: a required field is missing.
		absent := sels[n]
		if absent.Type() == cue.IndexLabel {
			return // a list that is too short; its length error says so
		}
		if k := uv.IncompleteKind(); k != cue.StructKind && k != cue.BottomKind {
			return // not a struct where one is wanted (stands: 7): its wrong type (S002) says so
		}
		if sc.misspelt[cue.MakePath(sels[:n+1]...).String()] {
			return // the author wrote it, misspelt (S001 says so)
		}
		parentPath := cue.MakePath(sels[:n]...).String()
		where := ""
		if parentPath != "" {
			where = parentPath + ": "
		}
		pos := sc.nm.labelPos(uv)
		s := sc.schemaAt(sels[:n+1])
		d := diag.Errorf(pos, codeMissing, "%smissing required field %q", where, absent.Unquoted())
		if def, ok := missingDefault(parentPath, absent.Unquoted(), s); ok {
			d = d.WithHint("add %s: %s (the default: %s)", absent.Unquoted(), def.value, def.why)
		} else if s.Exists() {
			d = d.WithHint("add %s: %s", absent.Unquoted(), describe(s))
		}
		sc.add(cue.MakePath(sels[:n+1]...).String(), d)
		return
	}

	pos := sc.nm.valuePos(uv)
	msgs := messages(errs)
	if inLibrary(pos.File) {
		// The value comes from sortie's library (samples.humanArmy & {cr: 99}): the author's
		// side of the conflict is where to look (library_errors.go).
		if (hasMsgPrefix(msgs, "incompatible list lengths") || (uv.Err() != nil && !isStruct(uv) && !isList(uv))) &&
			sc.libraryConflict(p, sels, errs, pos, msgs) {
			return
		}
		pos = sc.nm.authorPos(errs, pos)
	}

	// An element past the end of a fixed-length list: "field not allowed" at the index.
	if len(sels) > 0 && sels[len(sels)-1].Type() == cue.IndexLabel && hasMsg(msgs, "field not allowed") {
		parent := sels[:len(sels)-1]
		lv, _ := sc.userAt(p, parent)
		sc.listLength(parent, lv)
		return
	}
	if len(sels) > 0 && hasMsg(msgs, "field not allowed") {
		parent := sels[:len(sels)-1]
		sc.unknownField(fieldNames(sc.schemaAt(parent)), uv, parent, sels[len(sels)-1])
		return
	}

	if uv.Err() != nil && !isStruct(uv) && !isList(uv) {
		// The author's own value is an error (a conflict between two of the author's values).
		sc.add(pathStr, diag.Errorf(pos, codeBadValue, "%s%s%s", prefix, msgs[0], libraryNote(errs, sc.nm)))
		return
	}
	s := sc.schemaAt(sels)
	if vals, ok := enumValues(s); ok {
		sc.notInEnum(sels, uv, vals, pos, prefix)
		return
	}
	if uv.IsConcrete() && s.Exists() && uv.Kind()&s.IncompleteKind() == 0 && uv.Kind() != cue.BottomKind {
		d := diag.Errorf(pos, codeBadValue, "%swrong type: want %s, got %s", prefix, describe(s), describeValue(uv))
		if text, ok := sc.nm.plainYAML(pos); ok && s.IncompleteKind()&cue.StringKind != 0 {
			d = d.WithHint("in YAML an unquoted %s is not a string: quote it, %q", text, text)
		} else if h := unquoteHint(uv, s); h != "" {
			d = d.WithHint("%s", h)
		}
		sc.add(pathStr, d)
		return
	}
	if hasMsgPrefix(msgs, "incompatible list lengths") {
		sc.listLength(sels, uv)
		return
	}
	for _, m := range msgs {
		if name, ok := strings.CutPrefix(m, "undefined field: "); ok {
			d := diag.Errorf(pos, codeBadValue, "%sundefined name %s", prefix, name)
			if h := didYouMean(name, libraryNames()); h != "" {
				d = d.WithHint("%s", h)
			}
			sc.add(pathStr, d)
			return
		}
	}
	if !uv.IsConcrete() && uv.Kind() != cue.StructKind && uv.Kind() != cue.ListKind {
		d := diag.Errorf(pos, codeBadValue, "%sno value given, only %s", prefix, plainIncomplete(uv)).
			WithHint("give a concrete value (%s)", describe(s))
		sc.add(pathStr, d)
		return
	}
	// Pick the most telling message: a bound beats a conflict with a default.
	msg := msgs[0]
	for _, m := range msgs {
		if reOutOfBound().MatchString(m) {
			msg = m
			break
		}
	}
	d := diag.Errorf(pos, codeBadValue, "%s%s", prefix, msg)
	if m := reOutOfBound().FindStringSubmatch(msg); m != nil {
		if re := reRegexp().FindStringSubmatch(m[2]); re != nil {
			d = diag.Errorf(pos, codeBadValue, "%s%s does not match %s", prefix, m[1], m[2])
			switch re[1] {
			case `^[A-Za-z0-9_][A-Za-z0-9_-]*$`:
				d = diag.Errorf(pos, codeBadValue, "%s%s is not a valid id", prefix, m[1]).WithHint(idRule)
			case `^[A-Za-z_][A-Za-z0-9_.-]*$`:
				d = diag.Errorf(pos, codeBadValue, "%s%s is not a valid flag name", prefix, m[1]).
					WithHint("flag names use letters, digits, '_', '.' and '-', and start with a letter or '_'")
			}
		} else {
			d = diag.Errorf(pos, codeBadValue, "%s%s is out of range (want %s)", prefix, m[1], plainBound(m[2]))
			if r := plainRange(s); r != "" {
				d = d.WithHint("allowed: %s", r)
			}
		}
	}
	sc.add(pathStr, d)
}

// listLength reports a list with the wrong number of elements (S002).
func (sc *schemaChecker) listLength(sels []cue.Selector, lv cue.Value) {
	s := sc.schemaAt(sels)
	got := len(listElems(lv))
	fixed := 0
	if it, err := s.List(); err == nil {
		for it.Next() {
			fixed++
		}
	}
	open := s.LookupPath(cue.MakePath(cue.AnyIndex)).Exists()
	want := fmt.Sprintf("exactly %d", fixed)
	if open {
		want = fmt.Sprintf("at least %d", fixed)
	}
	noun := "elements"
	if fixed == 1 {
		noun = "element"
	}
	prefix := ""
	if p := cue.MakePath(sels...).String(); p != "" {
		prefix = p + ": "
	}
	d := diag.Errorf(sc.nm.valuePos(lv), codeBadValue, "%swant %s %s, got %d", prefix, want, noun, got)
	segs := make([]string, len(sels))
	for i, s := range sels {
		segs[i] = s.String()
	}
	for _, sys := range systemsInOrder() {
		if sys.ListLength == nil {
			continue
		}
		if t, ok := sys.ListLength(segs, cue.MakePath(sels...).String(), got); ok {
			// A table of the rule system's own (Karzoral's episode table, T003), in its words.
			d = diag.Errorf(sc.nm.valuePos(lv), t.Code, "%s", t.Message).WithHint(t.Hint)
			break
		}
	}
	sc.add(cue.MakePath(sels...).String(), d)
}

// notInEnum reports S004 with the allowed values and a did-you-mean.
func (sc *schemaChecker) notInEnum(sels []cue.Selector, uv cue.Value, vals []cue.Value, pos diag.Pos, prefix string) {
	alts := make([]string, len(vals))
	var strs []string
	for i, v := range vals {
		alts[i] = fmt.Sprint(v)
		if s, err := v.String(); err == nil {
			strs = append(strs, s)
		}
	}
	got := describeValue(uv)
	if uv.IsConcrete() {
		got = fmt.Sprint(uv)
	}
	var d diag.Diagnostic
	if len(alts) == 1 {
		d = diag.Errorf(pos, codeNotInEnum, "%smust be %s, not %s", prefix, alts[0], got)
	} else {
		d = diag.Errorf(pos, codeNotInEnum, "%s%s is not one of %s", prefix, got, strings.Join(alts, ", "))
	}
	s, err := uv.String()
	if err == nil {
		if h := didYouMean(s, strs); h != "" {
			d = d.WithHint("%s", h)
		}
	}
	sc.add(cue.MakePath(sels...).String(), d)
}

// enumValues returns the values of an enum-like schema value: a disjunction of concrete scalars
// (defaults included once), or a single concrete scalar.
func enumValues(s cue.Value) ([]cue.Value, bool) {
	if !s.Exists() {
		return nil, false
	}
	const scalar = cue.BoolKind | cue.IntKind | cue.FloatKind | cue.StringKind | cue.NullKind
	if s.IsConcrete() && s.Kind()&scalar != 0 {
		return []cue.Value{s}, true
	}
	op, args := s.Expr()
	if op != cue.OrOp {
		op, args = s.Eval().Expr() // a reference such as #Dir
	}
	if op != cue.OrOp || len(args) == 0 {
		return nil, false
	}
	var out []cue.Value
	seen := map[string]bool{}
	for _, a := range args {
		if !a.IsConcrete() || a.Kind()&scalar == 0 {
			return nil, false
		}
		k := fmt.Sprint(a)
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out, true
}

// messages returns the errors' messages without path, disjunction headers dropped.
func messages(errs []errors.Error) []string {
	var out []string
	for _, e := range errs {
		format, args := e.Msg()
		m := fmt.Sprintf(format, args...)
		if strings.Contains(m, "errors in empty disjunction") {
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		out = append(out, "invalid value")
	}
	return out
}

func hasMsg(msgs []string, m string) bool {
	for _, x := range msgs {
		if x == m {
			return true
		}
	}
	return false
}

func hasMsgPrefix(msgs []string, p string) bool {
	for _, x := range msgs {
		if strings.HasPrefix(x, p) {
			return true
		}
	}
	return false
}

// unquoteHint is the hint for a string where a bool or a number is wanted, when the string says
// which ("yes", "on", YAML 1.1's spellings of true; "3"): `write true (a bool is not quoted)`;
// "" otherwise. compiler/fix turns it into a quick fix (vet --fix, the editor's code action).
func unquoteHint(uv, s cue.Value) string {
	str, err := uv.String()
	if err != nil {
		return ""
	}
	want := s.IncompleteKind()
	if want&cue.BoolKind != 0 {
		switch strings.ToLower(strings.TrimSpace(str)) {
		case "true", "yes", "y", "on":
			return "write true (a bool is not quoted)"
		case "false", "no", "n", "off":
			return "write false (a bool is not quoted)"
		}
	}
	if want&cue.NumberKind != 0 {
		t := strings.TrimSpace(str)
		if i, err := strconv.ParseInt(t, 10, 64); err == nil {
			return fmt.Sprintf("write %d (a number is not quoted)", i)
		}
		if f, err := strconv.ParseFloat(t, 64); err == nil && want&cue.FloatKind != 0 && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return "write " + strconv.FormatFloat(f, 'g', -1, 64) + " (a number is not quoted)"
		}
	}
	return ""
}
