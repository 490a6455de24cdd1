package dice

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// K-103: the embedded table has 101 rows (power 0..100) by 10 columns (2d6 total 3..12).
func TestPowerTableShape(t *testing.T) {
	tab, err := parsePowerTable(powerTableCSV)
	if err != nil {
		t.Fatal(err)
	}
	// The shape is the parser's to enforce (the array is fixed-size): a CSV one row short, or a
	// row with a column missing, is refused.
	lines := strings.Split(strings.TrimRight(powerTableCSV, "\n"), "\n")
	if _, err := parsePowerTable(strings.Join(lines[:len(lines)-1], "\n") + "\n"); err == nil {
		t.Error("a table without its power-100 row parsed")
	}
	last := lines[len(lines)-1]
	short := append(append([]string{}, lines[:len(lines)-1]...), last[:strings.LastIndexByte(last, ',')])
	if _, err := parsePowerTable(strings.Join(short, "\n") + "\n"); err == nil {
		t.Error("a row of 9 values parsed")
	}
	// The last line is the power-100 row, and it is what the table holds at power 100.
	var row []string
	for _, v := range tab[100] {
		row = append(row, strconv.Itoa(v))
	}
	if want := "100," + strings.Join(row, ","); last != want {
		t.Errorf("the CSV's last line is %q, the table's power-100 row %q", last, want)
	}
	// The published table never decreases along a row (higher total) or down a column (higher power).
	for p := range tab {
		for c := range tab[p] {
			if c > 0 && tab[p][c] < tab[p][c-1] {
				t.Errorf("power %d: total %d value %d < total %d value %d", p, c+3, tab[p][c], c+2, tab[p][c-1])
			}
			if p > 0 && tab[p][c] < tab[p-1][c] {
				t.Errorf("total %d: power %d value %d < power %d value %d", c+3, p, tab[p][c], p-1, tab[p-1][c])
			}
		}
	}
}

// The embedded copy must stay identical to the spec's power-table.csv (when the spec tree is present).
func TestPowerTableMatchesSpec(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "spec", "power-table.csv"))
	if err != nil {
		t.Skipf("spec copy not available: %v", err)
	}
	if string(spec) != powerTableCSV {
		t.Error("runner/dice/power-table.csv differs from shared/spec/power-table.csv; copy the spec file in")
	}
}

func TestParsePowerTableRejects(t *testing.T) {
	good := powerTableCSV
	for name, in := range map[string]string{
		"empty":         "",
		"bad header":    strings.Replace(good, "power,3,", "power,2,", 1),
		"missing row":   strings.Replace(good, "50,4,6,8,10,10,12,12,13,15,15\n", "", 1),
		"short row":     strings.Replace(good, "50,4,6,8,10,10,12,12,13,15,15\n", "50,4,6,8\n", 1),
		"negative":      strings.Replace(good, "50,4,6,8,", "50,-4,6,8,", 1),
		"not a number":  strings.Replace(good, "50,4,6,8,", "50,x,6,8,", 1),
		"rows swapped":  strings.Replace(good, "50,4,", "51,4,", 1),
		"extra row 101": good + "101,8,12,15,18,19,20,22,24,27,30\n",
	} {
		if _, err := parsePowerTable(in); err == nil {
			t.Errorf("%s: parsePowerTable accepted it", name)
		}
	}
}

// K-103 spot values, read by hand from power-table.csv (row = power, column = 2d6 total) and written
// here as literals.
func TestPowerTableSpotValues(t *testing.T) {
	for _, c := range []struct{ power, total, want int }{
		{0, 3, 0}, {0, 6, 1}, {0, 12, 4}, // power 0 deals nothing on 3..5
		{5, 4, 1},
		{10, 3, 1}, {10, 7, 3}, {10, 8, 4}, {10, 12, 7},
		{15, 10, 6},
		{20, 3, 1}, {20, 7, 5}, {20, 10, 8}, {20, 11, 9}, {20, 12, 10},
		{25, 9, 8},
		{30, 12, 10},
		{31, 12, 11}, {32, 9, 10}, {33, 7, 8}, {34, 12, 11},
		{40, 7, 9},
		{45, 6, 9},
		{50, 3, 4}, {50, 6, 10}, {50, 10, 13},
		{60, 12, 18},
		{70, 7, 14},
		{80, 10, 21},
		{90, 12, 26},
		{99, 6, 17},
		{100, 3, 8}, {100, 7, 19}, {100, 12, 30},
		// K-103: a total of 2 reads 0 in every row.
		{0, 2, 0}, {20, 2, 0}, {100, 2, 0},
	} {
		got, ok := PowerTableValue(c.power, c.total, TableStandard)
		if !ok || got != c.want {
			t.Errorf("PowerTableValue(%d, %d) = %d, %v; want %d", c.power, c.total, got, ok, c.want)
		}
	}
}

// K-103 ambiguity: the complete-edition table differs only in the 12 column of powers 31..33 (10, not 11).
func TestPowerTableCompleteEdition(t *testing.T) {
	for _, c := range []struct{ power, total, std, complete int }{
		{30, 12, 10, 10},
		{31, 12, 11, 10},
		{32, 12, 11, 10},
		{33, 12, 11, 10},
		{34, 12, 11, 11},
		{31, 11, 10, 10},
	} {
		std, _ := PowerTableValue(c.power, c.total, TableStandard)
		comp, _ := PowerTableValue(c.power, c.total, TableCompleteEdition)
		if std != c.std || comp != c.complete {
			t.Errorf("power %d total %d: standard %d complete %d; want %d, %d", c.power, c.total, std, comp, c.std, c.complete)
		}
	}
	diff := 0
	for p := 0; p <= MaxPower; p++ {
		for s := 2; s <= 12; s++ {
			a, _ := PowerTableValue(p, s, TableStandard)
			b, _ := PowerTableValue(p, s, TableCompleteEdition)
			if a != b {
				diff++
			}
		}
	}
	if diff != 3 {
		t.Errorf("variants differ in %d cells, want 3", diff)
	}
}

func TestPowerTableValueOutside(t *testing.T) {
	for _, c := range [][3]int{{-1, 7, 0}, {101, 7, 0}, {20, 1, 0}, {20, 13, 0}, {20, 7, 2}} {
		if v, ok := PowerTableValue(c[0], c[1], TableVariant(c[2])); ok {
			t.Errorf("PowerTableValue(%d, %d, %d) = %d, true; want false", c[0], c[1], c[2], v)
		}
	}
}

func TestTableVariantNames(t *testing.T) {
	for _, v := range []TableVariant{TableStandard, TableCompleteEdition} {
		got, err := ParseTableVariant(v.String())
		if err != nil || got != v {
			t.Errorf("ParseTableVariant(%q) = %v, %v", v.String(), got, err)
		}
	}
	if _, err := ParseTableVariant("完全版"); err == nil {
		t.Error("ParseTableVariant accepted an unknown name")
	}
	if s := TableVariant(9).String(); s != "TableVariant(9)" {
		t.Errorf("String of unknown variant = %q", s)
	}
}

// powerCase is a power roll with scripted faces and the results worked out by hand from the table.
type powerCase struct {
	name               string
	power, bonus, crit int
	opts               PowerOptions
	faces              []int
	totals, values     []int
	crits              int
	fumble             bool
	want               int
	transcript         string
}

func TestPowerRollK103(t *testing.T) {
	for _, c := range []powerCase{
		{
			// K-103 worked example: 5+5=10 >= 10 → row 20 col 10 = 8, roll again; 3+4=7 → 5; +5 once.
			name: "K20+5@10 one critical", power: 20, bonus: 5, crit: 10,
			faces: []int{5, 5, 3, 4}, totals: []int{10, 7}, values: []int{8, 5}, crits: 1, want: 18,
			transcript: "K20+5@10: [5,5]=10→8 crit, [3,4]=7→5; 8+5+5 = 18",
		},
		{
			// K-103: a first 2 is an automatic failure: 0 even with the bonus, and no further roll.
			name: "first 2 fails, bonus included", power: 20, bonus: 5, crit: 10,
			faces: []int{1, 1}, totals: []int{2}, values: []int{0}, fumble: true, want: 0,
			transcript: "K20+5@10: [1,1]=2 automatic failure; 0",
		},
		{
			// K-103: a 2 later in the chain adds 0 and ends it: 10 (row 20 col 12) + 0 + 5.
			name: "later 2 adds 0 and stops", power: 20, bonus: 5, crit: 10,
			faces: []int{6, 6, 1, 1}, totals: []int{12, 2}, values: []int{10, 0}, crits: 1, want: 15,
			transcript: "K20+5@10: [6,6]=12→10 crit, [1,1]=2→0; 10+0+5 = 15",
		},
		{
			// K-103: crit 13 never criticals, even on 12: row 20 col 12 = 10, +5.
			name: "@13 never crits", power: 20, bonus: 5, crit: 13,
			faces: []int{6, 6}, totals: []int{12}, values: []int{10}, want: 15,
		},
		{
			name: "@99 never crits", power: 50, crit: 99,
			faces: []int{6, 6}, totals: []int{12}, values: []int{15}, want: 15,
		},
		{
			// Row 10: 8 → 4, 9 → 5, 12 → 7 (each >= 8, roll again), 3 → 1. 4+5+7+1 = 17.
			name: "K10@8 three criticals", power: 10, crit: 8,
			faces: []int{4, 4, 5, 4, 6, 6, 1, 2}, totals: []int{8, 9, 12, 3}, values: []int{4, 5, 7, 1}, crits: 3, want: 17,
		},
		{
			// The total equal to the critical value crits (">="); one below does not. Row 20: 9 → 7.
			name: "K20@9 total 9 crits, 8 stops", power: 20, bonus: -2, crit: 9,
			faces: []int{4, 5, 2, 6}, totals: []int{9, 8}, values: []int{7, 6}, crits: 1, want: 11,
			transcript: "K20-2@9: [4,5]=9→7 crit, [2,6]=8→6; 7+6-2 = 11",
		},
		{
			name: "no critical, bonus added once", power: 20, bonus: 5, crit: 10,
			faces: []int{3, 6}, totals: []int{9}, values: []int{7}, want: 12,
		},
		{
			// The bonus is not clamped: row 0 col 3 = 0, -2.
			name: "negative bonus can go below 0", power: 0, bonus: -2, crit: 10,
			faces: []int{1, 2}, totals: []int{3}, values: []int{0}, want: -2,
		},
		{
			// Row 100 col 12 = 30 twice, then col 7 = 19.
			name: "K100 chain", power: 100, crit: 10,
			faces: []int{6, 6, 6, 6, 3, 4}, totals: []int{12, 12, 7}, values: []int{30, 30, 19}, crits: 2, want: 79,
		},
		{
			// The complete-edition option reads 10 at power 31 total 12 (standard 11).
			name: "complete edition K31@13", power: 31, crit: 13, opts: PowerOptions{Table: TableCompleteEdition},
			faces: []int{6, 6}, totals: []int{12}, values: []int{10}, want: 10,
		},
		{
			name: "standard K31@13", power: 31, crit: 13,
			faces: []int{6, 6}, totals: []int{12}, values: []int{11}, want: 11,
		},
		// Cross-checks against BCDice's SwordWorld2.0 test data (its own published-table transcript):
		// "K20+5" with [5,2] → "5+5 ＞ 10".
		{
			name: "BCDice K20+5", power: 20, bonus: 5, crit: 10,
			faces: []int{5, 2}, totals: []int{7}, values: []int{5}, want: 10,
		},
		// "HK20+6@4" with [4,3 2,5 2,6 1,1] → "(5,5,6,**+6)/2": values 5,5,6 then a 2 that ends the
		// chain; without the halving that is 5+5+6+0+6 = 22.
		{
			name: "BCDice K20+6@4", power: 20, bonus: 6, crit: 4,
			faces: []int{4, 3, 2, 5, 2, 6, 1, 1}, totals: []int{7, 7, 8, 2}, values: []int{5, 5, 6, 0}, crits: 3, want: 22,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := script(t, c.faces...)
			r, err := PowerRoll(src, c.power, c.bonus, c.crit, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(src.faces) != 0 {
				t.Errorf("%d scripted faces left unrolled", len(src.faces))
			}
			for _, s := range src.sides {
				if s != 6 {
					t.Errorf("rolled a d%d, want only d6", s)
				}
			}
			if len(r.Steps) != len(c.totals) {
				t.Fatalf("%d steps, want %d: %v", len(r.Steps), len(c.totals), r)
			}
			for i, s := range r.Steps {
				if s.Faces != [2]int{c.faces[2*i], c.faces[2*i+1]} || s.Total != c.totals[i] || s.Value != c.values[i] {
					t.Errorf("step %d = %+v; want faces %v total %d value %d", i, s, c.faces[2*i:2*i+2], c.totals[i], c.values[i])
				}
				if wantCrit := i < c.crits; s.Critical != wantCrit {
					t.Errorf("step %d critical = %v, want %v", i, s.Critical, wantCrit)
				}
			}
			if r.Total != c.want || r.Criticals != c.crits || r.Fumble != c.fumble {
				t.Errorf("total %d criticals %d fumble %v; want %d, %d, %v", r.Total, r.Criticals, r.Fumble, c.want, c.crits, c.fumble)
			}
			if c.transcript != "" && r.String() != c.transcript {
				t.Errorf("String() = %q\n           want %q", r.String(), c.transcript)
			}
			if r.Table != c.opts.Table {
				t.Errorf("Table = %v, want %v", r.Table, c.opts.Table)
			}
		})
	}
}

// K-103 via the parser: PowerRollExpr(Parse("K20+5@10")) is PowerRoll(20, 5, 10).
func TestPowerRollExpr(t *testing.T) {
	e, err := Parse("k20+5@10")
	if err != nil {
		t.Fatal(err)
	}
	r, err := PowerRollExpr(script(t, 5, 5, 3, 4), e, PowerOptions{})
	if err != nil || r.Total != 18 {
		t.Fatalf("PowerRollExpr = %v, %v; want total 18", r, err)
	}
	d, _ := Parse("2D6")
	if _, err := PowerRollExpr(script(t), d, PowerOptions{}); err == nil || !strings.Contains(err.Error(), "not a power roll") {
		t.Errorf("PowerRollExpr(2D6) error = %v", err)
	}
	if _, err := PowerRollExpr(script(t), Expr{Kind: KindPower, Power: 20, Crit: 2}, PowerOptions{}); err == nil {
		t.Error("PowerRollExpr accepted critical 2")
	}
}

func TestPowerRollErrors(t *testing.T) {
	for _, c := range []struct {
		name               string
		src                Source
		power, bonus, crit int
		opts               PowerOptions
		want               string
	}{
		{"power -1", constant(3), -1, 0, 10, PowerOptions{}, "power -1 is outside the power table (0..100)"},
		{"power 101", constant(3), 101, 0, 10, PowerOptions{}, "power 101 is outside the power table (0..100)"},
		{"K-103 crit 2", constant(3), 20, 0, 2, PowerOptions{}, "critical 2 is invalid"},
		{"crit 0", constant(3), 20, 0, 0, PowerOptions{}, "critical 0 is invalid"},
		{"bonus too large", constant(3), 20, MaxNumber + 1, 10, PowerOptions{}, "modifier 1000001 is outside"},
		{"nil source", nil, 20, 0, 10, PowerOptions{}, "nil source"},
		{"unknown table", constant(3), 20, 0, 10, PowerOptions{Table: 7}, "unknown power table TableVariant(7)"},
		{"face 0", constant(0), 20, 0, 10, PowerOptions{}, "source returned 0,0"},
		{"face 7", constant(7), 20, 0, 10, PowerOptions{}, "source returned 7,7"},
		// A stuck source at the lowest critical value would chain forever; MaxChain stops it.
		{"stuck source", constant(6), 20, 0, 3, PowerOptions{}, "critical chain passed 10000 rolls"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := PowerRoll(c.src, c.power, c.bonus, c.crit, c.opts)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want it to contain %q", err, c.want)
			}
		})
	}
}

// K-103 invariants over many seeded rolls: every step reads the table, all steps but the last
// critical, the last does not, and the total is the sum of values plus the bonus (0 on a fumble).
func TestPowerRollInvariants(t *testing.T) {
	src := NewSeeded(103)
	fumbles, crits := 0, 0
	for i := range 20000 {
		power, bonus, crit := i%101, i%7-3, 3+i%12
		r, err := PowerRoll(src, power, bonus, crit, PowerOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for j, s := range r.Steps {
			if s.Total != s.Faces[0]+s.Faces[1] {
				t.Fatalf("%v: step %d total", r, j)
			}
			want, _ := PowerTableValue(power, s.Total, TableStandard)
			if s.Value != want {
				t.Fatalf("%v: step %d value %d, table %d", r, j, s.Value, want)
			}
			last := j == len(r.Steps)-1
			if s.Critical == last || s.Critical != (s.Total >= crit && s.Total > 2) {
				t.Fatalf("%v: step %d critical %v", r, j, s.Critical)
			}
			if s.Total == 2 && !last {
				t.Fatalf("%v: chain went on after a 2", r)
			}
			sum += s.Value
		}
		want := sum + bonus
		if r.Steps[0].Total == 2 {
			if !r.Fumble || len(r.Steps) != 1 {
				t.Fatalf("%v: first 2 is not a lone fumble", r)
			}
			want = 0
			fumbles++
		}
		if r.Total != want || r.Criticals != len(r.Steps)-1 {
			t.Fatalf("%v: total %d criticals %d", r, r.Total, r.Criticals)
		}
		crits += r.Criticals
	}
	// Sanity of the source, not a statistics test: 1/36 of 20000 is about 556 fumbles.
	if fumbles < 400 || fumbles > 720 || crits == 0 {
		t.Errorf("%d fumbles, %d criticals in 20000 rolls", fumbles, crits)
	}
}

func BenchmarkPowerRoll(b *testing.B) {
	src := NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PowerRoll(src, 20, 5, 10, PowerOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
