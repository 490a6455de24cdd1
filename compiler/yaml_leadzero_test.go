package compiler

import (
	"strings"
	"testing"
)

// L014's hint follows what the schema wants at the value (yaml_leadzero.go); each expected hint
// is read off schema/*.cue by hand.
func TestLeadZeroHintBySchema(t *testing.T) {
	rows := []struct {
		name, def string
		path      []string
		value     string
		ending    string
		hint      string
	}{
		// scenario.cue: members: int & >=1 & <=100.
		{"a bounded int", "#Scenario", []string{"party", "members"}, "04", "write the number", "write 4 (a number is wanted here)"},
		// scenario.cue: version: int & 1; 01 is 1, which fits.
		{"the constant, written with a zero", "#Scenario", []string{"version"}, "01", "write the number", "write 1 (a number is wanted here)"},
		// 02 is 2, which int & 1 refuses, as it refuses "02": 1 is the only value.
		{"the constant, another number", "#Scenario", []string{"version"}, "02", "write the number", "write 1 (the only value allowed here)"},
		// title?: string.
		{"a string", "#Scenario", []string{"title"}, "007", "quote it", `write "007" (a string is wanted here)`},
		// party.start: #ID, a string.
		{"an id", "#Scenario", []string{"party", "start"}, "03", "quote it", `write "03" (a string is wanted here)`},
		// route: [...#ID]: a list element that is an id.
		{"an id in a list", "#Scenario", []string{"armies", "raiders", "route", "[1]"}, "03", "quote it", `write "03" (a string is wanted here)`},
		// side: "friendly" | "enemy": neither "01" nor 1 is one of them.
		{"an enum of strings", "#Scenario", []string{"armies", "raiders", "side"}, "01", "neither reading fits here", `here the schema wants "friendly" | "enemy"`},
		// pathfinder.cue: a hex's at: [int & >=-1000 & <=1000, ...]; -05 is -5 (P-hex coordinates).
		{"a signed coordinate in a list", "#PFScenario", []string{"field", "hexes", "keep", "at", "[0]"}, "-05", "write the number", "write -5 (a number is wanted here)"},
		// #PFCR: string | int: both readings fit, the string first.
		{"string or int", "#PFBattle", []string{"sides", "[0]", "armies", "guard", "cr"}, "01", "quote it", `write "01" for an id, or 1 for a number`},
		// clash.cue: version: int & 1.
		{"a clash battle's version", "#ClashBattle", []string{"version"}, "01", "write the number", "write 1 (a number is wanted here)"},
		// A field the schema does not have: it says nothing there, both readings.
		{"no such field", "#Scenario", []string{"nosuch"}, "03", "quote it", `write "03" for an id, or 3 for a number`},
		// A file of no known kind: both readings.
		{"no kind", "", []string{"version"}, "01", "quote it", `write "01" for an id, or 1 for a number`},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			ending, hint := leadZeroHint(r.def, r.path, r.value)
			if ending != r.ending || hint != r.hint {
				t.Errorf("leadZeroHint(%s, %s, %s) = %q, %q; want %q, %q", r.def, strings.Join(r.path, "."), r.value, ending, hint, r.ending, r.hint)
			}
		})
	}
}
