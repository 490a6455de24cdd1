package compiler

import (
	"math"

	cueerrors "cuelang.org/go/cue/errors"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The values a rule system decodes from the author's files (compiler/karzoral's model, compiler/
// pathfinder's, compiler/clash's): each with the position where it is written, read best-effort
// from the author's value (so checks also run on a file with schema errors): a field that is
// absent or has the wrong type has OK false, and a field the author left out takes the schema's
// default from the unified value.

// Str is a string value and where it is written.
type Str struct {
	V   string
	Pos diag.Pos
	OK  bool // a string, given by the author or the schema's default
	Set bool // written by the author (whether or not it is a valid string)
}

// Int is an integer value and where it is written.
type Int struct {
	V   int
	Pos diag.Pos
	OK  bool // an integer, given by the author or the schema's default
	Set bool // written by the author
}

// decoder reads the model from the author's value v, with defaults from the unified value u.
type decoder struct {
	nm *namer
	// strict: the schema found errors, so a value whose unified value is an error (out of
	// range, the wrong type) is read as not OK: the checks then leave it alone, and do not report
	// what follows from it (a block off its coordinate, issue 11).
	strict bool
	// findings are the decoder's own (S002: an integer beyond what sortie reads), each place once;
	// the rule system adds them to its list (Findings).
	findings diag.List
	reported map[diag.Pos]bool
}

// MinInt and MaxInt bound the integers sortie reads from a scenario (those of a 32-bit int): a
// value beyond them is S002 at its place, never wrapped or silently left out. No rule's figure
// (hp, levels, days, blocks, squares) comes near them.
const (
	MinInt = math.MinInt32
	MaxInt = math.MaxInt32
)

// beyond reports the integer text written at pos as beyond MinInt..MaxInt (once per place).
func (dc *decoder) beyond(pos diag.Pos, text string) {
	if dc.reported == nil {
		dc.reported = map[diag.Pos]bool{}
	}
	if dc.reported[pos] {
		return
	}
	dc.reported[pos] = true
	dc.findings.Add(diag.Errorf(pos, codeBadValue, "%s is beyond the integers sortie reads (%d to %d)", text, MinInt, MaxInt).
		WithHint("no rule needs a number this large: write the figure the rules give"))
}

// bad reports whether n's value is an error once the schema is applied (strict decoders only).
func (dc *decoder) bad(n node) bool {
	if !dc.strict || !n.exists() {
		return false
	}
	u := n.unified()
	if !u.Exists() || u.Err() == nil {
		return false
	}
	// Under a key the schema refuses (S001) every value is an error too, which says nothing of
	// the value itself.
	for _, e := range cueerrors.Errors(u.Err()) {
		if format, _ := e.Msg(); format != "field not allowed" {
			return true
		}
	}
	return false
}

func (dc *decoder) pos(n node) diag.Pos {
	if n.tree {
		if n.d == nil {
			return diag.Pos{}
		}
		return n.d.value
	}
	return dc.nm.valuePos(n.v)
}

func (dc *decoder) label(n node) diag.Pos {
	if n.tree {
		if n.d == nil {
			return diag.Pos{}
		}
		return n.d.label
	}
	return dc.nm.labelPos(n.v)
}

func (dc *decoder) str(n node) Str {
	out := Str{Pos: dc.pos(n), Set: n.exists()}
	if v, ok := n.value(); ok && !dc.bad(n) {
		if s, err := v.String(); err == nil {
			out.V, out.OK = s, true
		}
	}
	return out
}

func (dc *decoder) int(n node) Int {
	out := Int{Pos: dc.pos(n), Set: n.exists()}
	if v, ok := n.value(); ok && !dc.bad(n) {
		if i, err := v.Int64(); err == nil && i >= MinInt && i <= MaxInt {
			out.V, out.OK = int(i), true
		} else if text, isInt := v.intText(); isInt && n.exists() {
			dc.beyond(out.Pos, text)
		}
	}
	return out
}

func (dc *decoder) bool(n node) bool {
	if v, ok := n.value(); ok {
		b, err := v.Bool()
		return err == nil && b
	}
	return false
}

// orDash is s's value, or "-" when it has none (for hover text).
func orDash(s Str) string {
	if s.OK {
		return s.V
	}
	return "-"
}
