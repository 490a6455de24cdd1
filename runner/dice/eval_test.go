package dice

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// K-6: plain dice expressions, every face kept for the transcript.
func TestEvaluate(t *testing.T) {
	for _, c := range []struct {
		in         string
		faces      []int
		sides      []int
		want       int
		transcript string
	}{
		{"2D6", []int{3, 5}, []int{6, 6}, 8, "2D6: [3,5] = 8"},
		{"1D20+5", []int{17}, []int{20}, 22, "1D20+5: [17]+5 = 22"},
		{"3d6-1", []int{1, 1, 1}, []int{6, 6, 6}, 2, "3D6-1: [1,1,1]-1 = 2"},
		{"D6", []int{6}, []int{6}, 6, "1D6: [6] = 6"},
		{"2D6+1D4+3", []int{3, 5, 2}, []int{6, 6, 4}, 13, "2D6+1D4+3: [3,5]+[2]+3 = 13"},
		{"2D6-1D4", []int{3, 5, 4}, []int{6, 6, 4}, 4, "2D6-1D4: [3,5]-[4] = 4"},
		{"-1D4+1D1", []int{3, 1}, []int{4, 1}, -2, "-1D4+1D1: -[3]+[1] = -2"},
	} {
		e, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		src := script(t, c.faces...)
		o, err := Evaluate(src, e)
		if err != nil {
			t.Fatalf("Evaluate(%s): %v", c.in, err)
		}
		if !slices.Equal(src.sides, c.sides) || len(src.faces) != 0 {
			t.Errorf("Evaluate(%s) rolled d%v, %d faces left; want d%v", c.in, src.sides, len(src.faces), c.sides)
		}
		var all []int
		for i, r := range o.Rolls {
			if r.Term != e.Terms[i] || len(r.Faces) != r.Term.Count {
				t.Errorf("Evaluate(%s) group %d = %+v", c.in, i, r)
			}
			all = append(all, r.Faces...)
		}
		if !slices.Equal(all, c.faces) || o.Total != c.want || o.String() != c.transcript {
			t.Errorf("Evaluate(%s) = %v (faces %v, total %d); want %q", c.in, o, all, o.Total, c.transcript)
		}
	}
}

func TestEvaluateErrors(t *testing.T) {
	d6, _ := Parse("2D6")
	k20, _ := Parse("K20")
	for _, c := range []struct {
		name string
		src  Source
		e    Expr
		want string
	}{
		{"power roll", constant(3), k20, "K20@10 is a power roll; use PowerRoll"},
		{"invalid", constant(3), Expr{Kind: KindDice}, "no dice to roll"},
		{"nil source", nil, d6, "nil source"},
		{"face 0", constant(0), d6, "source returned 0 for a 6-sided die"},
		{"face 7", constant(7), d6, "source returned 7 for a 6-sided die"},
	} {
		if _, err := Evaluate(c.src, c.e); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// Faces from the seeded source stay in range and the total adds up, for odd die sizes too.
func TestEvaluateSeeded(t *testing.T) {
	e, err := Parse("1000D7")
	if err != nil {
		t.Fatal(err)
	}
	o, err := Evaluate(NewSeeded(6), e)
	if err != nil {
		t.Fatal(err)
	}
	sum, seen := 0, map[int]bool{}
	for _, f := range o.Rolls[0].Faces {
		sum += f
		seen[f] = true
	}
	if sum != o.Total || sum != o.Rolls[0].Sum || len(seen) != 7 {
		t.Errorf("1000D7: total %d, faces sum %d, group sum %d, %d distinct faces", o.Total, sum, o.Rolls[0].Sum, len(seen))
	}
}

// The same seed gives the same rolls on every machine: a golden transcript of seeded rolls.
// Regenerate with SORTIE_UPDATE=1 go test ./runner/dice -run TestSeededGolden (and read the diff).
func TestSeededGolden(t *testing.T) {
	exprs := []string{"2D6", "1D20+5", "3d6-1", "2D6+1D4+3", "K20+5@10", "K20", "K10@8", "K50-2@9", "K31@13"}
	var b strings.Builder
	for seed := uint64(1); seed <= 12; seed++ {
		src := NewSeeded(seed)
		for _, in := range exprs {
			e, err := Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			var line string
			if e.Kind == KindPower {
				r, err := PowerRollExpr(src, e, PowerOptions{})
				if err != nil {
					t.Fatal(err)
				}
				line = r.String()
			} else {
				o, err := Evaluate(src, e)
				if err != nil {
					t.Fatal(err)
				}
				line = o.String()
			}
			b.WriteString("seed " + strconv.FormatUint(seed, 10) + " " + line + "\n")
		}
	}
	golden := filepath.Join("..", "..", "testdata", "dice", "seeded.golden")
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("seeded rolls differ from %s:\n%s", golden, b.String())
	}
}

func BenchmarkEvaluate(b *testing.B) {
	e, _ := Parse("2D6+1D4+3")
	src := NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Evaluate(src, e); err != nil {
			b.Fatal(err)
		}
	}
}
