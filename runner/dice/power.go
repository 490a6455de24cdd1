package dice

import (
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// powerTableCSV is a copy of ../../../shared/spec/power-table.csv (K-103): power 0..100 by 2d6 total
// 3..12. The copy is embedded so the binary does not depend on the spec tree; a test keeps the two in step.
//
//go:embed power-table.csv
var powerTableCSV string

// PowerRows is the number of rows of the power table: powers 0..MaxPower.
const PowerRows = MaxPower + 1

// powerTable()[v][power][total-3] is the value of the table variant v. Built at the first roll,
// not at start-up (issue 29: a command that rolls no power pays nothing for it).
var powerTable = sync.OnceValue(func() [2]*[PowerRows][10]int {
	std, err := parsePowerTable(powerTableCSV)
	if err != nil {
		panic("dice: embedded power-table.csv: " + err.Error()) // a build defect; TestPowerTableShape catches it
	}
	complete := *std
	for p := 31; p <= 33; p++ {
		complete[p][12-3] = 10
	}
	return [2]*[PowerRows][10]int{std, &complete}
})

// parsePowerTable reads the power-table.csv format: '#' comment lines, the header
// "power,3,4,...,12", then one row per power 0..100 in order, each with 10 non-negative values.
func parsePowerTable(s string) (*[PowerRows][10]int, error) {
	r := csv.NewReader(strings.NewReader(s))
	r.Comment = '#'
	r.FieldsPerRecord = 11
	recs, err := r.ReadAll()
	if err != nil {
		return nil, err
	}
	if len(recs) != 1+PowerRows {
		return nil, fmt.Errorf("%d records, want a header and %d rows", len(recs), PowerRows)
	}
	if h := strings.Join(recs[0], ","); h != "power,3,4,5,6,7,8,9,10,11,12" {
		return nil, fmt.Errorf("header %q", h)
	}
	var t [PowerRows][10]int
	for i, rec := range recs[1:] {
		if rec[0] != strconv.Itoa(i) {
			return nil, fmt.Errorf("row %d has power %q", i, rec[0])
		}
		for j, f := range rec[1:] {
			v, err := strconv.Atoi(f)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("power %d total %d: bad value %q", i, j+3, f)
			}
			t[i][j] = v
		}
	}
	return &t, nil
}

// TableVariant selects the power table a power roll reads (K-103). The zero value is the default.
// Ambiguity: published printings differ in three cells. Default: the table as given in
// power-table.csv (TableStandard).
type TableVariant uint8

const (
	// TableStandard is power-table.csv as given (the SW2.0 rulebook table, BCDice's default).
	TableStandard TableVariant = iota
	// TableCompleteEdition is the SW2.0 complete edition (完全版) table: TableStandard except that the
	// 12 column of powers 31, 32 and 33 is 10 instead of 11.
	TableCompleteEdition
)

var tableVariantNames = [...]string{TableStandard: "standard", TableCompleteEdition: "complete-edition"}

// String returns the option name: "standard" or "complete-edition".
func (v TableVariant) String() string {
	if int(v) < len(tableVariantNames) {
		return tableVariantNames[v]
	}
	return "TableVariant(" + strconv.Itoa(int(v)) + ")"
}

// ParseTableVariant returns the variant named by TableVariant.String.
func ParseTableVariant(name string) (TableVariant, error) {
	for i, n := range tableVariantNames {
		if n == name {
			return TableVariant(i), nil
		}
	}
	return 0, fmt.Errorf("dice: unknown power table %q; want %q or %q",
		name, TableStandard, TableCompleteEdition)
}

// PowerTableValue returns the power table value for a power (row, 0..MaxPower) and a 2d6 total
// (column, 2..12) in variant v (K-103). A total of 2 is 0 in every row. ok is false outside the table.
func PowerTableValue(power, total int, v TableVariant) (value int, ok bool) {
	if power < 0 || power > MaxPower || total < 2 || total > 12 || int(v) >= len(powerTable()) {
		return 0, false
	}
	if total == 2 {
		return 0, true
	}
	return powerTable()[v][power][total-3], true
}

// PowerOptions are the switchable choices of a power roll. The zero value is the default.
type PowerOptions struct {
	Table TableVariant // which power table; default TableStandard
}

// MaxChain bounds the 2d6 rolls of one power roll. A fair source never reaches it (with the lowest
// critical value, 3, the chance is (35/36)^10000 ≈ 1e-122); a scripted source stuck on high faces does,
// and PowerRoll returns an error instead of looping forever.
const MaxChain = 10000

// PowerStep is one 2d6 roll of a power roll.
type PowerStep struct {
	Faces    [2]int // the two d6 faces, in roll order
	Total    int    // Faces[0]+Faces[1], 2..12: the column read
	Value    int    // the table value for Total (0 for a total of 2)
	Critical bool   // Total >= the critical value, so another roll followed
}

// PowerResult is a rolled power roll (K-103). Damage is in hit points.
type PowerResult struct {
	Expr      Expr         // the roll as KindPower notation: K<power><bonus>@<crit>
	Table     TableVariant // the table read
	Steps     []PowerStep  // every 2d6 roll, in order; at least one
	Fumble    bool         // the first total was 2: automatic failure, Total is 0 (bonus included)
	Criticals int          // number of Steps with Critical set
	// Total is the damage: Σ Steps[i].Value + bonus, or 0 on a Fumble. It is not clamped, so a negative
	// bonus can make it negative; damage floors belong to the caller.
	Total int
}

// PowerRoll makes a Sword World 2.x power roll "power X + bonus / crit C" (K-6, K-103) over src, used
// by support damage (K-73..K-77) and pursuit damage (K-94, K-95):
//
//  1. Roll 2d6 (two src.Roll(6) calls) and read row = power, column = the total.
//  2. A first total of 2 is an automatic failure: the whole roll deals 0, bonus included.
//  3. If the total is >= crit, roll again and add that row's value too, repeating while it holds;
//     a total of 2 later in the chain adds 0 and ends it. crit >= NoCrit (13) never criticals.
//  4. Add bonus once at the end.
//
// power must be 0..MaxPower and crit MinCrit..MaxNumber (2 or less would chain forever), bonus within
// ±MaxNumber. A face outside 1..6 from src, or a chain longer than MaxChain, is an error.
func PowerRoll(src Source, power, bonus, crit int, opts PowerOptions) (PowerResult, error) {
	e := Expr{Kind: KindPower, Power: power, Modifier: bonus, Crit: crit}
	if err := e.Validate(); err != nil {
		return PowerResult{}, err
	}
	return powerRoll(src, e, opts)
}

// PowerRollExpr is PowerRoll for a parsed KindPower expression such as Parse("K20+5@10").
func PowerRollExpr(src Source, e Expr, opts PowerOptions) (PowerResult, error) {
	if e.Kind != KindPower {
		return PowerResult{}, fmt.Errorf("dice: %s is not a power roll; use Evaluate", e)
	}
	if err := e.Validate(); err != nil {
		return PowerResult{}, err
	}
	return powerRoll(src, e, opts)
}

// powerRoll implements K-103 for a valid KindPower e.
func powerRoll(src Source, e Expr, opts PowerOptions) (PowerResult, error) {
	if src == nil {
		return PowerResult{}, errors.New("dice: nil source")
	}
	if int(opts.Table) >= len(powerTable()) {
		return PowerResult{}, fmt.Errorf("dice: unknown power table %s", opts.Table)
	}
	row := &powerTable()[opts.Table][e.Power]
	res := PowerResult{Expr: e, Table: opts.Table, Steps: make([]PowerStep, 0, 2)}
	sum := 0
	for {
		if len(res.Steps) == MaxChain {
			return PowerResult{}, fmt.Errorf("dice: %s: critical chain passed %d rolls; is the source stuck?", e, MaxChain)
		}
		a, b := src.Roll(6), src.Roll(6)
		if a < 1 || a > 6 || b < 1 || b > 6 {
			return PowerResult{}, fmt.Errorf("dice: source returned %d,%d for two 6-sided dice", a, b)
		}
		st := PowerStep{Faces: [2]int{a, b}, Total: a + b}
		if st.Total == 2 {
			res.Steps = append(res.Steps, st)
			if len(res.Steps) == 1 { // K-103: a first 2 fails the whole roll, bonus included
				res.Fumble = true
				return res, nil
			}
			break // K-103: a 2 later in the chain adds 0 and ends it
		}
		st.Value = row[st.Total-3]
		st.Critical = st.Total >= e.Crit
		sum += st.Value
		res.Steps = append(res.Steps, st)
		if !st.Critical {
			break
		}
		res.Criticals++
	}
	res.Total = sum + e.Modifier
	return res, nil
}

// String returns a one-line transcript:
//
//	K20+5@10: [5,5]=10→8 crit, [3,4]=7→5; 8+5+5 = 18
//	K20+5@10: [1,1]=2 automatic failure; 0
func (r PowerResult) String() string {
	var b strings.Builder
	b.WriteString(r.Expr.String())
	b.WriteString(": ")
	for i, s := range r.Steps {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[%d,%d]=%d", s.Faces[0], s.Faces[1], s.Total)
		if r.Fumble {
			b.WriteString(" automatic failure; 0")
			return b.String()
		}
		fmt.Fprintf(&b, "→%d", s.Value)
		if s.Critical {
			b.WriteString(" crit")
		}
	}
	b.WriteString("; ")
	for i, s := range r.Steps {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(s.Value))
	}
	writeModifier(&b, r.Expr.Modifier)
	b.WriteString(" = ")
	b.WriteString(strconv.Itoa(r.Total))
	return b.String()
}
