package expect

import (
	"fmt"
	"strconv"
	"strings"
)

// Num is an expected number (#Num): an exact value, a comparison or an inclusive range.
type Num struct {
	Op   string // "==", "!=", "<", "<=", ">", ">=" or ".." (a range A..B)
	A, B int
}

// ParseNum reads "7", "<=7", ">= 15", "!=0" or "10..20".
func ParseNum(s string) (Num, error) {
	t := strings.TrimSpace(s)
	if a, b, ok := strings.Cut(t, ".."); ok {
		x, err1 := strconv.Atoi(strings.TrimSpace(a))
		y, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || x > y {
			return Num{}, fmt.Errorf("%q is not a range A..B with A <= B", s)
		}
		return Num{Op: "..", A: x, B: y}, nil
	}
	op := "=="
	for _, o := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		if strings.HasPrefix(t, o) {
			op, t = o, strings.TrimSpace(t[len(o):])
			break
		}
	}
	v, err := strconv.Atoi(t)
	if err != nil {
		return Num{}, fmt.Errorf("%q is not a number, a comparison such as \"<=7\" or a range such as \"10..20\"", s)
	}
	return Num{Op: op, A: v}, nil
}

// Exactly is the Num that matches v alone.
func Exactly(v int) Num { return Num{Op: "==", A: v} }

// Match reports whether v satisfies n.
func (n Num) Match(v int) bool {
	switch n.Op {
	case "!=":
		return v != n.A
	case "<":
		return v < n.A
	case "<=":
		return v <= n.A
	case ">":
		return v > n.A
	case ">=":
		return v >= n.A
	case "..":
		return v >= n.A && v <= n.B
	}
	return v == n.A
}

// String reads as the author would write it: "7", "<= 7", "10..20".
func (n Num) String() string {
	switch n.Op {
	case "==", "":
		return strconv.Itoa(n.A)
	case "..":
		return fmt.Sprintf("%d..%d", n.A, n.B)
	}
	return fmt.Sprintf("%s %d", n.Op, n.A)
}

// CanBe reports whether n matches some value of min or more (a run's length, a count).
func (n Num) CanBe(min int) bool {
	switch n.Op {
	case "==", "":
		return n.A >= min
	case "<":
		return n.A > min
	case "<=":
		return n.A >= min
	case "..":
		return n.B >= min
	}
	return true // !=, >, >=
}
