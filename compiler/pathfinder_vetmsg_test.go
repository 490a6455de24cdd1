package compiler

import (
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// vetBattle vets one battle file written in a test and returns its findings as
// "line:col: CODE: message".
func vetBattle(t *testing.T, src string) []string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, "b.cue", src)
	list, err := Vet([]string{filepath.Join(dir, "b.cue")}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range list {
		out = append(out, d.Pos.String()[len(d.Pos.File)+1:]+": "+d.Code+": "+d.Message)
	}
	return out
}

// Ability values are bounded as published (issue 24 review: bravery 2147483647 vetted clean, and
// bravery -5 said it "needs its value"). Ranges: bravery +1..+5 (Fighter 2-18), poison resistance
// +2..+6 (Alchemist 2-8), fast healing and regeneration 1..40 (the tarrasque's regeneration 40,
// the largest published); each finding at the value's line and column. Columns by hand: in
// `	armies: a: {size: "Medium", cr: 1, hitDie: "d10", abilities: [{name: "bravery", value: -5}, ...`
// the tab is column 1, so `-5` is at column 89 and the regeneration's value at 124; in the second
// file, the values 6, 1 and 10 at 108, 147 and 106, and the valueless bravery at its "{", 111.
func TestAbilityValueRanges(t *testing.T) {
	got := vetBattle(t, `package battle

kind:    "battle"
rules:   "pathfinder"
id:      "ranges"
version: 1

sides: [{
	name: "A"
	armies: a: {size: "Medium", cr: 1, hitDie: "d10", abilities: [{name: "bravery", value: -5}, {name: "regeneration", value: 2147483647}]}
}, {
	name: "B"
	armies: b: {size: "Medium", cr: 1, hitDie: "d10", abilities: [{name: "fast healing", value: 41}, {name: "poison resistance", value: 4}, {name: "bravery", value: 5}, {name: "regeneration", value: 40}]}
}]
`)
	want := []string{
		"10:89: M001: army a: bravery value -5 is negative (e.g. value: 1)",
		"10:124: M001: army a: regeneration value 2147483647 is out of range: no published creature has more than 40 (the tarrasque's regeneration 40)",
		"13:94: M001: army b: fast healing value 41 is out of range: no published creature has more than 40 (the tarrasque's regeneration 40)",
	}
	if len(got) != len(want) {
		t.Fatalf("findings:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d:\n%s\nwant\n%s", i, got[i], want[i])
		}
	}
	got = vetBattle(t, `package battle

kind: "battle", rules: "pathfinder", id: "ranges", version: 1
sides: [{name: "A", armies: a: {size: "Medium", cr: 1, hitDie: "d10", abilities: [{name: "bravery", value: 6}, {name: "poison resistance", value: 1}]}},
	{name: "B", armies: b: {size: "Medium", cr: 1, hitDie: "d10", abilities: [{name: "spellcasting", value: 10}, {name: "bravery"}]}}]
`)
	want = []string{
		"4:108: M001: army a: bravery value 6 is out of range: the fighter's bravery bonus is +1 (2nd level) to +5 (18th)",
		"4:147: M001: army a: poison resistance value 1 is out of range: the alchemist's poison resistance is +2 (2nd level) to +6 (8th)",
		"5:106: M001: army b: spellcasting value 10 is out of range: a spell's level is 1 to 9",
		"5:111: M001: army b: bravery needs its value (e.g. value: 1)",
	}
	if len(got) != len(want) {
		t.Fatalf("findings:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d:\n%s\nwant\n%s", i, got[i], want[i])
		}
	}
}

// Wordings (issue 24 review): a buy for an army whose kingdom keeps no treasury said "army orcs's
// kingdom" (a possessive that reads wrong after an id ending in s, or a plural); an order after
// the scenario's last day (days: limit: 9) vetted clean although it never runs, and is now an
// H008 warning at its day (column 8: tab, "{day: " is 7 characters).
func TestPathfinderOrderWordings(t *testing.T) {
	list := vet(t, "testdata/compiler/want/H007_pathfinder_trade.cue")
	want := "orders (day 1): buy: the kingdom of army orcs (enemy) keeps no treasury: give it treasury: (BP) to buy resources"
	found := false
	for _, d := range list {
		found = found || (d.Code == "H007" && d.Pos.Line == 32 && d.Message == want)
	}
	if !found {
		t.Errorf("no H007 at line 32 saying %q in %v", want, list)
	}
	list = vet(t, "testdata/compiler/want/H008_pathfinder_late_order.cue")
	want = "orders[1]: day 99 is after the scenario's last day (days: limit: 9): the order is never carried out"
	if len(list) != 1 || list[0].Code != "H008" || list[0].Message != want || list[0].Pos.Line != 19 || list[0].Pos.Column != 8 || list[0].Severity != diag.Warning {
		t.Errorf("findings %v, want one H008 warning at 19:8: %s", list, want)
	}
}
