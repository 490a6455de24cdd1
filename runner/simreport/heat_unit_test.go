package simreport

import (
	"strings"
	"testing"
)

// TestHeatTooltipUnit (issue 20): a heat map's tooltip counts the ends of the report's unit: a
// battle's rounds ("3 of 20 round ends": 3 round ends at ford for wardens, by hand, of 20), a
// scenario's days; it said "day ends" for a battle.
func TestHeatTooltipUnit(t *testing.T) {
	h := Heat{Grid: "square", Days: 20, Who: []string{"wardens"}, Cells: []Cell{{ID: "ford", At: [2]int{0, 0}, Count: []int{3}}}}
	for unit, want := range map[string]string{
		"rounds": "ford: wardens stood here 3 of 20 round ends (15.0%)",
		"days":   "ford: wardens stood here 3 of 20 day ends (15.0%)",
	} {
		p := &page{r: &Report{DayUnit: unit}}
		if got := string(p.Heat(h, 0)); !strings.Contains(got, want) {
			t.Errorf("DayUnit %s: the map lacks %q:\n%s", unit, want, got)
		}
	}
}
