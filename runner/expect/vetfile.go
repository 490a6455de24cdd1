package expect

import (
	"fmt"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	cueyaml "cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// VetFile checks an --expect file's expect: list against the schema's #Balance (its CUE source
// is schemaSrc): a misspelt field or a bad value is a Q002 at its position. The file is read
// through the gate (safeio.ReadNamed, at most max bytes); display names a file as diagnostics
// do. It evaluates the file: call it where evaluation is bounded (LoadBudgeted does,
// in the evaluator).
func VetFile(path string, max int64, schemaSrc []byte, display func(string) string) diag.List {
	bad := func(pos diag.Pos, format string, args ...any) diag.List {
		return diag.List{diag.Errorf(pos, CodeBadTest, format, args...)}
	}
	file := diag.Pos{File: display(path)}
	src, err := safeio.ReadNamed(path, max)
	if err != nil {
		return bad(file, "%v", err)
	}
	ctx := cuecontext.New()
	var v cue.Value
	if strings.EqualFold(filepath.Ext(path), ".cue") {
		v = ctx.CompileBytes(src, cue.Filename(path))
	} else {
		f, err := cueyaml.Extract(path, src)
		if err != nil {
			return bad(file, "%v", err)
		}
		v = ctx.BuildFile(f)
	}
	if err := v.Err(); err != nil {
		return cueDiags(err, file, display)
	}
	def := ctx.CompileBytes(schemaSrc).LookupPath(cue.ParsePath("#Balance"))
	list := v.LookupPath(cue.ParsePath("expect"))
	if !list.Exists() {
		return nil // LoadBalance finds no list: the caller says so
	}
	it, err := list.List()
	if err != nil {
		return bad(file, "expect: want a list of balance checks (#Balance)")
	}
	var out diag.List
	for it.Next() {
		if err := it.Value().Unify(def).Validate(cue.Concrete(true)); err != nil {
			out = append(out, cueDiags(err, file, display)...)
		}
	}
	return out
}

// balanceWants says what a #Balance field takes, for the fields whose schema is a disjunction.
var balanceWants = map[string]string{
	"policy":  `one of "first", "random", "explore", "goal", "default", "tactical", "standard" (none: sortie simulate's default for the file)`,
	"rate":    `a share from 0 to 1: 0.5, ">= 0.2" or "0.35..0.55"`,
	"outcome": `"success" or "failure"`,
	"day":     `a whole number: 7, "<= 7" or "10..20"`,
	"rations": `a whole number: 7, "<= 7" or "10..20"`,
}

// cueDiags turns CUE errors into Q002s at the user's positions: one per field (a disjunction's
// alternatives all fail at the same place: its first says enough), none without a position when
// another has one.
func cueDiags(err error, file diag.Pos, display func(string) string) diag.List {
	var out diag.List
	seen := map[string]bool{}
	for _, e := range cueerrors.Errors(err) {
		pos := file
		for _, p := range cueerrors.Positions(e) {
			if p.IsValid() && p.Filename() != "" && p.Line() > 0 {
				pos = diag.Pos{File: display(p.Filename()), Line: p.Line(), Column: p.Column()}
				break
			}
		}
		path := strings.Join(e.Path(), ".")
		if pos.Line == 0 || seen[path] {
			continue
		}
		seen[path] = true
		msg, args := e.Msg()
		text := fmt.Sprintf(msg, args...)
		if p := e.Path(); len(p) > 0 && balanceWants[p[len(p)-1]] != "" && strings.HasPrefix(text, "conflicting values") {
			text = "want " + balanceWants[p[len(p)-1]] // CUE names one alternative of the disjunction only
		}
		out = append(out, diag.Errorf(pos, CodeBadTest, "%s: %s (see #Balance in sortie schema)", path, text))
	}
	if len(out) == 0 {
		out = append(out, diag.Errorf(file, CodeBadTest, "%v", err))
	}
	return out
}
