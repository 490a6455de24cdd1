package dice

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of the notation. Parse rejects anything outside them, so that a parsed Expr is always cheap
// to roll and its String re-parses to the same Expr.
const (
	MaxDice   = 1000    // most dice in one expression, all terms together
	MaxSides  = 1000    // most faces on one die
	MaxPower  = 100     // highest power (row) of the power table; the lowest is 0 (K-103)
	MinCrit   = 3       // lowest critical value; 2 or less would chain forever (K-103)
	NoCrit    = 13      // a critical value of NoCrit or more never criticals (K-103)
	MaxNumber = 1000000 // largest number literal, and the largest |Modifier|
	// DefaultCrit is the critical value of a power roll written without "@" (BCDice: K20 = K20@10).
	DefaultCrit = 10
)

// Kind says which form an Expr has.
type Kind uint8

const (
	// KindDice is a sum of dice groups and a constant: 2D6, 1D20+5, 2D6+1D4+3.
	KindDice Kind = iota + 1
	// KindPower is a Sword World 2.x power roll (K-6, K-103): K20+5@10.
	KindPower
)

// Term is one group of identical dice, NdS, in a KindDice expression.
type Term struct {
	Count int  // number of dice, 1..MaxDice
	Sides int  // faces per die, 1..MaxSides
	Neg   bool // the group is subtracted ("2D6-1D4")
}

// String returns the term as "NdS" with a capital D and no sign.
func (t Term) String() string { return strconv.Itoa(t.Count) + "D" + strconv.Itoa(t.Sides) }

// Expr is a parsed dice expression in BCDice notation. Build one with Parse; a hand-built Expr can be
// checked with Validate. The zero value is invalid.
//
//	2D6+1D4-2  → Expr{Kind: KindDice, Terms: [{2 6 false} {1 4 false}], Modifier: -2}
//	K20+5@10   → Expr{Kind: KindPower, Power: 20, Modifier: 5, Crit: 10}
type Expr struct {
	Kind Kind

	// Terms are the dice groups of a KindDice expression, in the order written; at least one, at
	// most MaxDice dice in all. Nil for KindPower.
	Terms []Term

	// Modifier is the sum of the plain numbers written: for KindDice the constant added to the dice,
	// for KindPower the bonus, added once at the end of the roll (K-103). |Modifier| <= MaxNumber.
	Modifier int

	// Power is the row of the power table, 0..MaxPower (KindPower only; 0 for KindDice).
	Power int

	// Crit is the critical value of a KindPower roll: a 2d6 total >= Crit rolls again (K-103).
	// MinCrit..MaxNumber; NoCrit or more means no criticals; DefaultCrit when "@" is not written.
	// 0 for KindDice.
	Crit int
}

// String returns the canonical notation: capital D and K, the count of every dice group written out
// ("1D6", not "D6"), the plain numbers folded into one modifier placed last, and the critical value
// of a power roll always written. Parse(e.String()) gives back e for every valid e.
//
//	"d6+2+d6"  → "1D6+1D6+2"
//	"k20+3+2"  → "K20+5@10"
func (e Expr) String() string {
	var b strings.Builder
	switch e.Kind {
	case KindDice:
		for i, t := range e.Terms {
			if t.Neg {
				b.WriteByte('-')
			} else if i > 0 {
				b.WriteByte('+')
			}
			b.WriteString(t.String())
		}
		writeModifier(&b, e.Modifier)
	case KindPower:
		b.WriteByte('K')
		b.WriteString(strconv.Itoa(e.Power))
		writeModifier(&b, e.Modifier)
		b.WriteByte('@')
		b.WriteString(strconv.Itoa(e.Crit))
	}
	return b.String()
}

func writeModifier(b *strings.Builder, m int) {
	if m > 0 {
		b.WriteByte('+')
	}
	if m != 0 {
		b.WriteString(strconv.Itoa(m))
	}
}

// Equal reports whether e and f are the same expression (a nil and an empty Terms are equal).
func (e Expr) Equal(f Expr) bool {
	if e.Kind != f.Kind || e.Modifier != f.Modifier || e.Power != f.Power || e.Crit != f.Crit ||
		len(e.Terms) != len(f.Terms) {
		return false
	}
	for i := range e.Terms {
		if e.Terms[i] != f.Terms[i] {
			return false
		}
	}
	return true
}

// Dice returns the number of dice a KindDice expression rolls (0 for KindPower).
func (e Expr) Dice() int {
	n := 0
	for _, t := range e.Terms {
		n += t.Count
	}
	return n
}

// Validate reports whether e is within the limits Parse enforces (MaxDice, MaxSides, power 0..MaxPower,
// critical >= MinCrit per K-103, |Modifier| <= MaxNumber) and has the fields of its Kind only.
func (e Expr) Validate() error {
	if e.Modifier < -MaxNumber || e.Modifier > MaxNumber {
		return fmt.Errorf("dice: modifier %d is outside ±%d", e.Modifier, MaxNumber)
	}
	switch e.Kind {
	case KindDice:
		if len(e.Terms) == 0 {
			return fmt.Errorf("dice: no dice to roll")
		}
		if e.Power != 0 || e.Crit != 0 {
			return fmt.Errorf("dice: power and critical apply only to power rolls")
		}
		total := 0
		for _, t := range e.Terms {
			if t.Count < 1 || t.Count > MaxDice {
				return fmt.Errorf("dice: %d dice in one group; use 1..%d", t.Count, MaxDice)
			}
			if t.Sides < 1 || t.Sides > MaxSides {
				return fmt.Errorf("dice: a die needs 1..%d sides, not %d", MaxSides, t.Sides)
			}
			total += t.Count
			if total > MaxDice {
				return fmt.Errorf("dice: more than %d dice in total", MaxDice)
			}
		}
	case KindPower:
		if len(e.Terms) != 0 {
			return fmt.Errorf("dice: a power roll has no dice groups")
		}
		if e.Power < 0 || e.Power > MaxPower {
			return fmt.Errorf("dice: power %d is outside the power table (0..%d)", e.Power, MaxPower)
		}
		if e.Crit < MinCrit || e.Crit > MaxNumber {
			return fmt.Errorf("dice: critical %d is invalid; use %d..%d (%d or more: no criticals) (K-103)",
				e.Crit, MinCrit, MaxNumber, NoCrit)
		}
	default:
		return fmt.Errorf("dice: expression has no kind")
	}
	return nil
}

// ParseError is a syntax or range error in dice notation. Col is the 1-based byte offset of the
// problem in Input (len(Input)+1 for "at the end").
type ParseError struct {
	Input string
	Col   int
	Msg   string
}

// Error returns `dice "K20+@10": col 5: expected a number after "+"`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("dice %q: col %d: %s", e.Input, e.Col, e.Msg)
}

// Parse parses BCDice dice notation (K-6, K-103). Letters are case-insensitive; blanks (space, tab)
// may surround terms and operators but not split a term.
//
//	2D6  1D20+5  3d6-1  D6 (= 1D6)  2D6+1D4+3  -1D4+2D6
//	K20+5@10  K20 (= K20@10)  K20@13 (no criticals)  K20-2@9  K20+3+2@10 (bonus 5)  K20@10+5
//
// A dice expression needs at least one dice group and at most MaxDice dice with 1..MaxSides faces.
// A power roll is one K term with power 0..MaxPower, any number of plain-number bonuses, and at most
// one critical value, which must be MinCrit or more (K-103). Errors are *ParseError. Parse never panics.
func Parse(s string) (Expr, error) {
	p := parser{in: s}
	p.skipBlank()
	if p.pos == len(s) {
		return Expr{}, p.errf(p.pos, "empty expression")
	}
	var e Expr
	var err error
	if c := s[p.pos]; c == 'K' || c == 'k' {
		e, err = p.power()
	} else {
		e, err = p.sum()
	}
	if err != nil {
		return Expr{}, err
	}
	return e, nil
}

type parser struct {
	in  string
	pos int // byte offset of the next unread byte
}

func (p *parser) errf(pos int, format string, args ...any) error {
	return &ParseError{Input: p.in, Col: pos + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) skipBlank() {
	for p.pos < len(p.in) && (p.in[p.pos] == ' ' || p.in[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) peek() byte {
	if p.pos < len(p.in) {
		return p.in[p.pos]
	}
	return 0
}

// unexpected describes the character at pos, with a hint for full-width forms (２Ｄ６).
func (p *parser) unexpected(pos int) error {
	r, size := utf8.DecodeRuneInString(p.in[pos:])
	if r >= 0xFF01 && r <= 0xFF5E {
		return p.errf(pos, "unexpected full-width %q; type %q", p.in[pos:pos+size], string(r-0xFF01+'!'))
	}
	return p.errf(pos, "unexpected %q", p.in[pos:pos+size])
}

// number reads a run of decimal digits. ok is false when there is none. A value above MaxNumber is
// an error (the digits are still consumed, and the value never overflows).
func (p *parser) number() (n int, ok bool, err error) {
	start := p.pos
	for p.pos < len(p.in) && p.in[p.pos] >= '0' && p.in[p.pos] <= '9' {
		if n <= MaxNumber {
			n = n*10 + int(p.in[p.pos]-'0')
		}
		p.pos++
	}
	if p.pos == start {
		return 0, false, nil
	}
	if n > MaxNumber {
		return 0, true, p.errf(start, "number too large (max %d)", MaxNumber)
	}
	return n, true, nil
}

// addModifier adds sign*n to *m, keeping |*m| <= MaxNumber.
func (p *parser) addModifier(m *int, sign, n, pos int) error {
	v := *m + sign*n
	if v < -MaxNumber || v > MaxNumber {
		return p.errf(pos, "numbers add up to %d, outside ±%d", v, MaxNumber)
	}
	*m = v
	return nil
}

func isD(c byte) bool { return c == 'D' || c == 'd' }
func isK(c byte) bool { return c == 'K' || c == 'k' }

// power parses "K" power { ("+"|"-") number | "@" crit } at p.pos (K-103).
func (p *parser) power() (Expr, error) {
	kpos := p.pos
	p.pos++
	numPos := p.pos
	n, ok, err := p.number()
	if err != nil {
		return Expr{}, err
	}
	if !ok {
		return Expr{}, p.errf(p.pos, "expected a number after %q", p.in[kpos:kpos+1])
	}
	if n > MaxPower {
		return Expr{}, p.errf(numPos, "power %d is outside the power table (0..%d)", n, MaxPower)
	}
	e := Expr{Kind: KindPower, Power: n, Crit: DefaultCrit}
	critSeen := false
	for {
		p.skipBlank()
		if p.pos == len(p.in) {
			return e, nil
		}
		switch c := p.in[p.pos]; c {
		case '+', '-':
			p.pos++
			p.skipBlank()
			tpos := p.pos
			if isK(p.peek()) {
				return Expr{}, p.errf(tpos, "only one power roll per expression")
			}
			n, ok, err := p.number()
			if err != nil {
				return Expr{}, err
			}
			if isD(p.peek()) {
				return Expr{}, p.errf(tpos, "a power roll's bonus must be a plain number, not dice")
			}
			if !ok {
				return Expr{}, p.errf(p.pos, "expected a number after %q", string(c))
			}
			sign := 1
			if c == '-' {
				sign = -1
			}
			if err := p.addModifier(&e.Modifier, sign, n, tpos); err != nil {
				return Expr{}, err
			}
		case '@':
			if critSeen {
				return Expr{}, p.errf(p.pos, "critical value given twice")
			}
			critSeen = true
			p.pos++
			numPos := p.pos
			n, ok, err := p.number()
			if err != nil {
				return Expr{}, err
			}
			if !ok {
				return Expr{}, p.errf(p.pos, `expected a number after "@"`)
			}
			if n < MinCrit {
				return Expr{}, p.errf(numPos,
					"critical %d would chain forever (K-103); use %d or more, or %d for no criticals",
					n, MinCrit, NoCrit)
			}
			e.Crit = n
		default:
			return Expr{}, p.unexpected(p.pos)
		}
	}
}

// sum parses [sign] term { sign term } where term is [count] "D" sides or a number.
func (p *parser) sum() (Expr, error) {
	e := Expr{Kind: KindDice}
	total := 0
	for first := true; ; first = false {
		p.skipBlank()
		var op byte
		if c := p.peek(); c == '+' || c == '-' {
			op = c
			p.pos++
			p.skipBlank()
		} else if !first {
			if p.pos == len(p.in) {
				break
			}
			if c == '@' {
				return Expr{}, p.errf(p.pos, `a critical value "@" belongs to a power roll such as "K20@10"`)
			}
			return Expr{}, p.unexpected(p.pos)
		}
		sign := 1
		if op == '-' {
			sign = -1
		}
		tpos := p.pos
		if isK(p.peek()) {
			return Expr{}, p.errf(tpos, "a power roll (K) must stand alone, not be added to other terms")
		}
		n, hasNum, err := p.number()
		if err != nil {
			return Expr{}, err
		}
		if !isD(p.peek()) {
			if hasNum {
				if err := p.addModifier(&e.Modifier, sign, n, tpos); err != nil {
					return Expr{}, err
				}
				continue
			}
			if op != 0 {
				return Expr{}, p.errf(tpos, "expected a number or dice after %q", string(op))
			}
			if p.pos == len(p.in) {
				return Expr{}, p.errf(tpos, "empty expression")
			}
			return Expr{}, p.unexpected(p.pos)
		}
		dpos := p.pos
		p.pos++
		sidesPos := p.pos
		sides, ok, err := p.number()
		if err != nil {
			return Expr{}, err
		}
		if !ok {
			return Expr{}, p.errf(p.pos, "expected the number of sides after %q", p.in[dpos:dpos+1])
		}
		count := 1
		if hasNum {
			count = n
		}
		switch {
		case count == 0:
			return Expr{}, p.errf(tpos, "0 dice; roll at least 1")
		case count > MaxDice:
			return Expr{}, p.errf(tpos, "%d dice is more than %d", count, MaxDice)
		case sides < 1 || sides > MaxSides:
			return Expr{}, p.errf(sidesPos, "a die needs 1..%d sides, not %d", MaxSides, sides)
		}
		total += count
		if total > MaxDice {
			return Expr{}, p.errf(tpos, "more than %d dice in total", MaxDice)
		}
		e.Terms = append(e.Terms, Term{Count: count, Sides: sides, Neg: sign < 0})
	}
	if len(e.Terms) == 0 {
		return Expr{}, p.errf(0, `no dice to roll; write dice such as "2D6" or a power roll such as "K20"`)
	}
	return e, nil
}
