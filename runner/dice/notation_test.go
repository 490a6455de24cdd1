package dice

import (
	"errors"
	"strings"
	"testing"
)

func dice(mod int, terms ...Term) Expr { return Expr{Kind: KindDice, Terms: terms, Modifier: mod} }
func power(p, bonus, crit int) Expr {
	return Expr{Kind: KindPower, Power: p, Modifier: bonus, Crit: crit}
}

// K-6 / K-103 notation as users type it (BCDice).
func TestParseValid(t *testing.T) {
	for _, c := range []struct {
		in    string
		want  Expr
		canon string
	}{
		{"2D6", dice(0, Term{2, 6, false}), "2D6"},
		{"2d6", dice(0, Term{2, 6, false}), "2D6"},
		{"1D20+5", dice(5, Term{1, 20, false}), "1D20+5"},
		{"3d6-1", dice(-1, Term{3, 6, false}), "3D6-1"},
		{"D6", dice(0, Term{1, 6, false}), "1D6"},
		{"d100", dice(0, Term{1, 100, false}), "1D100"},
		{"2D6+1D4+3", dice(3, Term{2, 6, false}, Term{1, 4, false}), "2D6+1D4+3"},
		{"2D6-1D4", dice(0, Term{2, 6, false}, Term{1, 4, true}), "2D6-1D4"},
		{"3+2D6", dice(3, Term{2, 6, false}), "2D6+3"},
		{"-1D4+2D6", dice(0, Term{1, 4, true}, Term{2, 6, false}), "-1D4+2D6"},
		{"+2D6", dice(0, Term{2, 6, false}), "2D6"},
		{"2D6+3-3", dice(0, Term{2, 6, false}), "2D6"},
		{"2D6+0", dice(0, Term{2, 6, false}), "2D6"},
		{"02D06", dice(0, Term{2, 6, false}), "2D6"},
		{" 2D6 + 1 ", dice(1, Term{2, 6, false}), "2D6+1"},
		{"\t2D6\t-\t1D4", dice(0, Term{2, 6, false}, Term{1, 4, true}), "2D6-1D4"},
		{"1000D1000", dice(0, Term{1000, 1000, false}), "1000D1000"},
		{"500D6+500D1", dice(0, Term{500, 6, false}, Term{500, 1, false}), "500D6+500D1"},
		{"1D1-1000000", dice(-1000000, Term{1, 1, false}), "1D1-1000000"},
		{"K20+5@10", power(20, 5, 10), "K20+5@10"},
		{"K20", power(20, 0, 10), "K20@10"},
		{"k20", power(20, 0, 10), "K20@10"},
		{"K20@13", power(20, 0, 13), "K20@13"},
		{"K20-2@9", power(20, -2, 9), "K20-2@9"},
		{"K0", power(0, 0, 10), "K0@10"},
		{"K100@3", power(100, 0, 3), "K100@3"},
		{"K20+3+2", power(20, 5, 10), "K20+5@10"},
		{"K20@10+5", power(20, 5, 10), "K20+5@10"},
		{"K20 + 5 @10", power(20, 5, 10), "K20+5@10"},
		{"K20@99", power(20, 0, 99), "K20@99"},
		{"K20-0", power(20, 0, 10), "K20@10"},
	} {
		got, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if !got.Equal(c.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", c.in, got, c.want)
		}
		if s := got.String(); s != c.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, s, c.canon)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("Parse(%q).Validate(): %v", c.in, err)
		}
		again, err := Parse(c.canon)
		if err != nil || !again.Equal(got) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", c.canon, again, err, got)
		}
	}
}

func TestParseInvalid(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `dice "": col 1: empty expression`},
		{"   ", `dice "   ": col 4: empty expression`},
		{"K20+@10", `dice "K20+@10": col 5: expected a number after "+"`},
		{"K20-", `dice "K20-": col 5: expected a number after "-"`},
		{"K", `dice "K": col 2: expected a number after "K"`},
		{"k@10", `dice "k@10": col 2: expected a number after "k"`},
		{"K20@", `dice "K20@": col 5: expected a number after "@"`},
		{"K20@-1", `dice "K20@-1": col 5: expected a number after "@"`},
		// K-103: a critical value of 2 or less chains forever.
		{"K20@2", `dice "K20@2": col 5: critical 2 would chain forever (K-103); use 3 or more, or 13 for no criticals`},
		{"K20+5@0", `dice "K20+5@0": col 7: critical 0 would chain forever (K-103); use 3 or more, or 13 for no criticals`},
		{"K101", `dice "K101": col 2: power 101 is outside the power table (0..100)`},
		{"K20@10@9", `dice "K20@10@9": col 7: critical value given twice`},
		{"K20+1D6", `dice "K20+1D6": col 5: a power roll's bonus must be a plain number, not dice`},
		{"K20+D6", `dice "K20+D6": col 5: a power roll's bonus must be a plain number, not dice`},
		{"K20+K30", `dice "K20+K30": col 5: only one power roll per expression`},
		{"K20x", `dice "K20x": col 4: unexpected "x"`},
		{"K20 5", `dice "K20 5": col 5: unexpected "5"`},
		{"0D6", `dice "0D6": col 1: 0 dice; roll at least 1`},
		{"2D6+0D4", `dice "2D6+0D4": col 5: 0 dice; roll at least 1`},
		{"1001D6", `dice "1001D6": col 1: 1001 dice is more than 1000`},
		{"600D6+401D6", `dice "600D6+401D6": col 7: more than 1000 dice in total`},
		{"2D0", `dice "2D0": col 3: a die needs 1..1000 sides, not 0`},
		{"2D1001", `dice "2D1001": col 3: a die needs 1..1000 sides, not 1001`},
		{"2D", `dice "2D": col 3: expected the number of sides after "D"`},
		{"d", `dice "d": col 2: expected the number of sides after "d"`},
		{"2D6+", `dice "2D6+": col 5: expected a number or dice after "+"`},
		{"2D6++3", `dice "2D6++3": col 5: expected a number or dice after "+"`},
		{"-", `dice "-": col 2: expected a number or dice after "-"`},
		{"2D6x", `dice "2D6x": col 4: unexpected "x"`},
		{"2D6 3", `dice "2D6 3": col 5: unexpected "3"`},
		{"2 D6", `dice "2 D6": col 3: unexpected "D"`},
		{"2D6@10", `dice "2D6@10": col 4: a critical value "@" belongs to a power roll such as "K20@10"`},
		{"2D6+K20", `dice "2D6+K20": col 5: a power roll (K) must stand alone, not be added to other terms`},
		{"5", `dice "5": col 1: no dice to roll; write dice such as "2D6" or a power roll such as "K20"`},
		{"3+4", `dice "3+4": col 1: no dice to roll; write dice such as "2D6" or a power roll such as "K20"`},
		{"x", `dice "x": col 1: unexpected "x"`},
		{"2D6*2", `dice "2D6*2": col 4: unexpected "*"`},
		{"２Ｄ６", `dice "２Ｄ６": col 1: unexpected full-width "２"; type "2"`},
		{"2D6é", `dice "2D6é": col 4: unexpected "é"`},
		{"2D6\xff", `dice "2D6\xff": col 4: unexpected "\xff"`},
		{"2D9999999999999999999999", `dice "2D9999999999999999999999": col 3: number too large (max 1000000)`},
		{"2D6+1000001", `dice "2D6+1000001": col 5: number too large (max 1000000)`},
		{"2D6+1000000+1", `dice "2D6+1000000+1": col 13: numbers add up to 1000001, outside ±1000000`},
		{"K20@1000001", `dice "K20@1000001": col 5: number too large (max 1000000)`},
		{"K20-1000000-1", `dice "K20-1000000-1": col 13: numbers add up to -1000001, outside ±1000000`},
	} {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want %s", c.in, c.want)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("Parse(%q) error\n got %s\nwant %s", c.in, err, c.want)
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Input != c.in || pe.Col < 1 || pe.Col > len(c.in)+1 {
			t.Errorf("Parse(%q) error %#v is not a *ParseError with a column in the input", c.in, err)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		e    Expr
		want string // "" = valid
	}{
		{dice(0, Term{2, 6, false}), ""},
		{power(20, 5, 10), ""},
		{Expr{}, "no kind"},
		{dice(0), "no dice to roll"},
		{dice(0, Term{0, 6, false}), "0 dice in one group"},
		{dice(0, Term{2, 0, false}), "not 0"},
		{dice(0, Term{600, 6, false}, Term{600, 6, false}), "more than 1000 dice in total"},
		{dice(MaxNumber+1, Term{1, 6, false}), "modifier 1000001"},
		{Expr{Kind: KindDice, Terms: []Term{{1, 6, false}}, Crit: 10}, "only to power rolls"},
		{power(-1, 0, 10), "power -1"},
		{power(20, 0, 2), "critical 2 is invalid"},
		{Expr{Kind: KindPower, Terms: []Term{{1, 6, false}}, Crit: 10}, "no dice groups"},
	} {
		err := c.e.Validate()
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v.Validate() = %v, want %q", c.e, err, c.want)
		}
	}
}

func TestEqual(t *testing.T) {
	a := dice(1, Term{2, 6, false})
	if !a.Equal(dice(1, Term{2, 6, false})) || a.Equal(dice(1, Term{2, 6, true})) || a.Equal(dice(2, Term{2, 6, false})) ||
		a.Equal(dice(1, Term{2, 6, false}, Term{1, 4, false})) || a.Equal(power(2, 1, 10)) {
		t.Error("Equal is wrong")
	}
	if !power(20, 0, 10).Equal(Expr{Kind: KindPower, Terms: []Term{}, Power: 20, Crit: 10}) {
		t.Error("nil and empty Terms differ")
	}
}

// FuzzParse: Parse never panics; errors are *ParseError with a column inside the input; a parsed Expr
// is valid and its String re-parses to the same Expr and the same String.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"2D6", "1D20+5", "3d6-1", "D6", "2D6+1D4+3", "K20+5@10", "K20", "K20@13", "K20-2@9",
		"k20@10+5", "-1D4+2D6", " 2D6 + 1 ", "K20+@10", "1001D6", "2D0", "K20@2", "K101", "２Ｄ６",
		"2D6@10", "600D6+401D6", "2D9999999999999999999", "", "+", "K20+3+2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Col < 1 || pe.Col > len(s)+1 || pe.Msg == "" {
				t.Fatalf("Parse(%q): bad error %#v", s, err)
			}
			return
		}
		if err := e.Validate(); err != nil {
			t.Fatalf("Parse(%q) = %+v, invalid: %v", s, e, err)
		}
		canon := e.String()
		e2, err := Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) = %+v; String %q does not re-parse: %v", s, e, canon, err)
		}
		if !e2.Equal(e) || e2.String() != canon {
			t.Fatalf("Parse(%q) = %+v; String %q re-parses to %+v", s, e, canon, e2)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	for _, in := range []string{"2D6", "2D6+1D4+3", "K20+5@10"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
