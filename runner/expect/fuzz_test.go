package expect

import "testing"

// FuzzParseNum: any text either fails to parse or gives a Num whose String parses back to the
// same Num, and Match never panics.
func FuzzParseNum(f *testing.F) {
	for _, s := range []string{"7", "<=7", " >= 15 ", "!=0", "10..20", "-5..-1", "", "..", "<", "9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseNum(s)
		if err != nil {
			return
		}
		m, err := ParseNum(n.String())
		if err != nil || m != n {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, n, n.String(), m, err)
		}
		_ = n.Match(0)
	})
}
