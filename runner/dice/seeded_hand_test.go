package dice

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSeededGoldenByHand pairs seeded.golden (TestSeededGolden's rolls) with K-103 worked by
// hand: in every power roll line each step's total is its two faces' sum, its value the power
// table's (read from the CSV, not through the package) at that power and total, "crit" marks
// exactly the totals at or above the critical value, a critical is followed by another step and
// the result is the steps' values plus the bonus (a first 2 is an automatic failure, 0); every plain roll is its faces plus its modifier.
// By hand, seed 1's K20+5@10: faces 4 and 4 total 8; power 20's row is 1 2 3 4 5 6 7 8 9 10 for
// totals 3..12, so 8 reads 6; 8 < 10, no critical; 6 + 5 = 11.
func TestSeededGoldenByHand(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "dice", "seeded.golden"))
	if err != nil {
		t.Fatal(err)
	}
	golden := string(data)
	if !strings.Contains(golden, "seed 1 K20+5@10: [4,4]=8→6; 6+5 = 11\n") {
		t.Error("seed 1's K20+5@10 is not the hand-worked [4,4]=8→6; 6+5 = 11")
	}
	recs, err := csv.NewReader(strings.NewReader(stripComments(powerTableCSV))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	table := map[[2]int]int{} // power, total -> value
	for _, r := range recs[1:] {
		p, _ := strconv.Atoi(r[0])
		for c := 1; c < len(r); c++ {
			v, _ := strconv.Atoi(r[c])
			table[[2]int{p, c + 2}] = v
		}
	}
	power := regexp.MustCompile(`^seed \d+ K(\d+)([+-]\d+)?@(\d+): (.+); ([\d+-]+) = (-?\d+)$`)
	step := regexp.MustCompile(`^\[(\d),(\d)\]=(\d+)→(\d+)( crit)?$`)
	plain := regexp.MustCompile(`^seed \d+ [^:]+: (.+) = (-?\d+)$`)
	checked := 0
	for _, l := range strings.Split(strings.TrimSpace(golden), "\n") {
		if m := power.FindStringSubmatch(l); m != nil {
			pw, _ := strconv.Atoi(m[1])
			bonus, _ := strconv.Atoi(m[2])
			crit, _ := strconv.Atoi(m[3])
			steps := strings.Split(m[4], ", ")
			sum := 0
			for i, s := range steps {
				sm := step.FindStringSubmatch(s)
				if sm == nil {
					t.Fatalf("%s: step %q", l, s)
				}
				a, _ := strconv.Atoi(sm[1])
				b, _ := strconv.Atoi(sm[2])
				tot, _ := strconv.Atoi(sm[3])
				v, _ := strconv.Atoi(sm[4])
				isCrit := tot >= crit
				if tot != a+b || v != table[[2]int{pw, tot}] || (sm[5] != "") != isCrit || isCrit != (i < len(steps)-1) {
					t.Errorf("%s: step %s: %d+%d, table %d, crit at %d", l, s, a, b, table[[2]int{pw, tot}], crit)
				}
				sum += v
			}
			if got, _ := strconv.Atoi(m[6]); got != sum+bonus {
				t.Errorf("%s: the steps make %d, plus %d", l, sum, bonus)
			}
			checked++
			continue
		}
		// K-103: a first total of 2 fails the whole roll, bonus included.
		if regexp.MustCompile(`^seed \d+ K[^:]+: \[1,1\]=2 automatic failure; 0$`).MatchString(l) {
			checked++
			continue
		}
		if strings.Contains(l, " K") {
			t.Errorf("a power roll line not understood: %s", l)
			continue
		}
		m := plain.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("a line not understood: %s", l)
			continue
		}
		// "[4,4]+[4]+3": the faces of each group and the modifier, added.
		sum := 0
		for _, n := range regexp.MustCompile(`[+-]?\d+`).FindAllString(strings.NewReplacer("[", "+", "]", "", ",", "+").Replace(m[1]), -1) {
			v, _ := strconv.Atoi(n)
			sum += v
		}
		if got, _ := strconv.Atoi(m[2]); got != sum {
			t.Errorf("%s: the faces and modifier make %d", l, sum)
		}
		checked++
	}
	if checked != 12*9 {
		t.Errorf("%d lines checked, want 108 (12 seeds of 9 rolls)", checked)
	}
}

// stripComments drops the CSV's # lines.
func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
