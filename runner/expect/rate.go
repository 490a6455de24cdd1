package expect

import (
	"fmt"
	"strconv"
	"strings"
)

// Rate is an expected share of runs (#Rate): exactly, a comparison, or an inclusive range, each
// bound from 0 to 1.
type Rate struct {
	Op   string // "==", "!=", "<", "<=", ">", ">=" or ".." (a range A..B)
	A, B float64
}

// ParseRate reads "0.5", ">=0.2", "< 0.1" or "0.35..0.55".
func ParseRate(s string) (Rate, error) {
	t := strings.TrimSpace(s)
	bound := func(x string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || v < 0 || v > 1 {
			return 0, fmt.Errorf("%q is not a share of runs from 0 to 1", strings.TrimSpace(x))
		}
		return v, nil
	}
	if a, b, ok := strings.Cut(t, ".."); ok && !strings.HasPrefix(b, ".") {
		x, err := bound(a)
		if err != nil {
			return Rate{}, err
		}
		y, err := bound(b)
		if err != nil {
			return Rate{}, err
		}
		if x > y {
			return Rate{}, fmt.Errorf("%q: the range's low end is above its high end", s)
		}
		return Rate{Op: "..", A: x, B: y}, nil
	}
	op := "=="
	for _, o := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		if strings.HasPrefix(t, o) {
			op, t = o, t[len(o):]
			break
		}
	}
	v, err := bound(t)
	if err != nil {
		return Rate{}, fmt.Errorf("%q is not a rate such as 0.5, \">=0.2\" or \"0.35..0.55\"", s)
	}
	return Rate{Op: op, A: v}, nil
}

// Match reports whether x satisfies r.
func (r Rate) Match(x float64) bool {
	switch r.Op {
	case "!=":
		return x != r.A
	case "<":
		return x < r.A
	case "<=":
		return x <= r.A
	case ">":
		return x > r.A
	case ">=":
		return x >= r.A
	case "..":
		return x >= r.A && x <= r.B
	}
	return x == r.A
}

// TooHigh reports whether x fails r by being too high (a run that matches then goes against
// it; otherwise one that does not).
func (r Rate) TooHigh(x float64) bool {
	switch r.Op {
	case "<", "<=":
		return true
	case "..":
		return x > r.B
	case "==":
		return x > r.A
	case "!=":
		return x == r.A && r.A < 1
	}
	return false
}

// String reads as the author would write it: "0.35..0.55", ">= 0.2".
func (r Rate) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	switch r.Op {
	case "==", "":
		return f(r.A)
	case "..":
		return f(r.A) + ".." + f(r.B)
	}
	return r.Op + " " + f(r.A)
}
