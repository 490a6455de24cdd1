package dice

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Outcome is the result of rolling a KindDice expression: every die face, so a transcript can show
// them, and the total.
type Outcome struct {
	Expr  Expr
	Rolls []TermRoll // one per Expr.Terms, in the same order
	Total int        // Σ ±Rolls[i].Sum + Expr.Modifier
}

// TermRoll is one rolled dice group.
type TermRoll struct {
	Term  Term
	Faces []int // each die's face in [1, Term.Sides], in roll order; len = Term.Count
	Sum   int   // sum of Faces, before Term.Neg is applied
}

// Evaluate rolls a KindDice expression (K-6 dice, "2d" = 2D6) over src: the groups in the order
// written, each die in turn, one src.Roll(sides) call per die. A power roll is an error (use
// PowerRoll or PowerRollExpr), as is an invalid e or a face outside [1, sides] from src.
func Evaluate(src Source, e Expr) (Outcome, error) {
	if src == nil {
		return Outcome{}, errors.New("dice: nil source")
	}
	if e.Kind == KindPower {
		return Outcome{}, fmt.Errorf("dice: %s is a power roll; use PowerRoll", e)
	}
	if err := e.Validate(); err != nil {
		return Outcome{}, err
	}
	faces := make([]int, e.Dice()) // one backing array for all groups
	out := Outcome{Expr: e, Rolls: make([]TermRoll, len(e.Terms)), Total: e.Modifier}
	for i, t := range e.Terms {
		tr := TermRoll{Term: t, Faces: faces[:t.Count:t.Count]}
		faces = faces[t.Count:]
		for j := range tr.Faces {
			f := src.Roll(t.Sides)
			if f < 1 || f > t.Sides {
				return Outcome{}, fmt.Errorf("dice: source returned %d for a %d-sided die", f, t.Sides)
			}
			tr.Faces[j] = f
			tr.Sum += f
		}
		if t.Neg {
			out.Total -= tr.Sum
		} else {
			out.Total += tr.Sum
		}
		out.Rolls[i] = tr
	}
	return out, nil
}

// String returns a one-line transcript: "2D6+1D4-1: [3,5]+[2]-1 = 9".
func (o Outcome) String() string {
	var b strings.Builder
	b.WriteString(o.Expr.String())
	b.WriteString(": ")
	for i, r := range o.Rolls {
		if r.Term.Neg {
			b.WriteByte('-')
		} else if i > 0 {
			b.WriteByte('+')
		}
		b.WriteByte('[')
		for j, f := range r.Faces {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(f))
		}
		b.WriteByte(']')
	}
	writeModifier(&b, o.Expr.Modifier)
	b.WriteString(" = ")
	b.WriteString(strconv.Itoa(o.Total))
	return b.String()
}
