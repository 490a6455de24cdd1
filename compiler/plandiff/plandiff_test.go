package plandiff_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
)

func load(t *testing.T, dir string) (*plan.Plan, []string) {
	t.Helper()
	abs, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "diff", dir))
	p, list, err := compiler.Compile([]string{abs}, compiler.Options{WorkDir: abs})
	if err != nil || p == nil {
		t.Fatalf("%s: %v %v", dir, err, list)
	}
	return p, []string{filepath.Join(abs, "field01.cue")}
}

func base(f string) string { return filepath.Base(f) }

// testdata/diff holds two versions of field01. The new one: days.limit 12 -> 10; the party
// starts at t1 instead of rupetenne; block 15 is "deep bog", no longer dark, entered only from
// the east (where no block is); the warband's route loses its two waits; the mercenaries have
// 80 strength, not 60; an event "ford" is added.
func TestEntities(t *testing.T) {
	old, of := load(t, "field01-old")
	new, nf := load(t, "field01-new")
	got := plandiff.Entities(old, new, plandiff.Declarations(of, base), plandiff.Declarations(nf, base))
	var lines []string
	for _, c := range got {
		l := fmt.Sprintf("%s %s %s %s", c.Change, c.Key, c.Old, c.New)
		for _, f := range c.Fields {
			l += fmt.Sprintf(" [%s: %s -> %s]", f.Field, f.Old, f.New)
		}
		lines = append(lines, l)
	}
	// Positions: the labels in testdata/diff/*/field01.cue (line:column), read off the files.
	want := []string{
		"changed days.limit field01.cue:16:7 field01.cue:16:7 [value: 12 -> 10]",
		"changed party.start field01.cue:19:2 field01.cue:19:2 [value: rupetenne -> t1]",
		`changed field.blocks.15 field01.cue:55:3 field01.cue:55:3 [terrain: "sunken bog" -> "deep bog"] [dark: true -> ] [enterFrom:  -> east]`,
		"changed armies.boggardWarband field01.cue:67:2 field01.cue:67:2 [route: gate gate 11 10 10 09 -> gate 11 10 09]",
		"changed armies.mercenaries field01.cue:60:2 field01.cue:60:2 [strength: 60 -> 80]",
		"added events.ford - field01.cue:138:2",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if same := plandiff.Entities(old, old, nil, nil); len(same) != 0 {
		t.Errorf("a plan against itself: %v", same)
	}
}

// The forecast, by hand (K-22: one step a day; K-24: d = min(a, b)). Old: the warband (gate
// gate 11 10 10 09) reaches 11 on day 2, 10 on day 3, 09 on day 5. New (gate 11 10 09): 11 on
// day 1, 10 on day 2, 09 on day 3, where it waits. The mercenaries (01 01 01 03 05 09) reach 09
// on day 5 in both: old 60 vs 75, d = 60, the mercenaries are wiped out (K-25: the forecast fails
// on day 5); new 80 vs 75, d = 75, the warband is destroyed and the mercenaries keep 5.
func TestForecast(t *testing.T) {
	old, _ := load(t, "field01-old")
	new, _ := load(t, "field01-new")
	want := []string{
		"army boggardWarband reaches 11 on day 1, was day 2",
		"army boggardWarband reaches 10 on day 2, was day 3",
		"army boggardWarband reaches 09 on day 3, was day 5",
		"day 5 at 09: mercenaries 80 vs boggardWarband 75, was 60 vs 75 (the friendly army is wiped out, K-25)",
		"the forecast no longer fails (it failed on day 5, K-25)",
	}
	if got := plandiff.Forecast(old, new); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	back := plandiff.Forecast(new, old)
	if len(back) == 0 || back[len(back)-1] != "the forecast now fails on day 5 (K-25)" {
		t.Errorf("new -> old: %v", back)
	}
}

// Reach, by hand (K-28: a move a day, K-41: one more at night, so ceil(moves / 2) days; K-32).
// Old, from rupetenne: 03 is 5 moves (t1 t2 t3 01 03): day 3; 08 is 9 (01 02 14 12 13 08, the
// causeway entered from 13): day 5; 15 is 7 (14 15). New, from t1: every move one fewer, 03 in
// 4 (day 2), 08 in 8 (day 4); 14 in 5 and 04 in 5 stay on day 3, the gate in 9 stays on day 5;
// 15 cannot be entered from its only open side, the east, where no block is.
func TestReach(t *testing.T) {
	old, _ := load(t, "field01-old")
	new, _ := load(t, "field01-new")
	want := []string{
		"block 15 is now unreachable from the party's start (was 7 moves)",
		"event causewayWatch can fire from day 4, was day 5 (block 08: 8 moves, was 9)",
		"event crowsOverWoods can fire from day 2, was day 3 (block 03: 4 moves, was 5)",
	}
	if got := plandiff.Reach(old, new); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// P-6, P-12..P-14 on stolen-lands with the militia at speed 2 instead of 1 (budgets in half-hex
// points, 2 a hex and 4 a difficult one): day 1 it has 4 and enters greenbelt (difficult, 4),
// day 2 it has 4 again and enters the ford (2), where the orcs and the wolf riders stopped on
// day 1: the meetings come a day earlier (old: greenbelt on day 2, the ford on day 3).
func TestPathfinderForecast(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/pathfinder/stolen-lands/scenario.cue")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	i := strings.Index(s, "militia: {")
	j := i + strings.Index(s[i:], "speed: 1")
	if i < 0 || j < i {
		t.Fatal("no militia speed in stolen-lands")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "scenario.cue"), []byte(s[:j]+"speed: 2"+s[j+len("speed: 1"):]), 0o644)
	compileAbs := func(d string) *plan.Plan {
		p, list, err := compiler.Compile([]string{d}, compiler.Options{WorkDir: d})
		if err != nil || p == nil {
			t.Fatalf("%s: %v %v", d, err, list)
		}
		return p
	}
	orig, _ := filepath.Abs("../../scenarios/pathfinder/stolen-lands")
	old, new := compileAbs(orig), compileAbs(dir)
	want := []string{
		"army militia reaches greenbelt on day 1, was day 2",
		"army militia reaches ford on day 2, was day 3",
		"new battle: day 2 at ford: militia meets orcs",
		"new battle: day 2 at ford: militia meets wolfriders",
		"no longer: day 3 at ford: militia meets orcs",
		"no longer: day 3 at ford: militia meets wolfriders",
	}
	if got := plandiff.Forecast(old, new); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The entity change: the speed the author wrote, and the speed sortie derives from it (P-6).
	ch := plandiff.Entities(old, new, nil, nil)
	if len(ch) != 1 || ch[0].Key != "armies.militia" ||
		fmt.Sprint(ch[0].Fields) != "[{speed 1 2} {stats.speed 1 2}]" {
		t.Errorf("entities %+v", ch)
	}
	if r := plandiff.Reach(old, new); r != nil {
		t.Errorf("reach on a hex field: %v", r)
	}
}

// K-28, K-32: a block added next to a reachable block is reachable, and diff's reach says so (it
// said "(no change)": new blocks were skipped). field00 from the party's start, the workshop at
// [0, 0]: 01 [1, 0] in 1 move, 02 [2, 0] in 2; a new 03 at [3, 0], beside 02 with no wall, is 3
// moves; a new 04 at [5, 5] touches no block and cannot be reached. Removing them again: 03's
// removal is reported, 04's changes no reach.
func TestReachNewBlock(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "karzoral", "field00", "field00.cue"))
	if err != nil {
		t.Fatal(err)
	}
	was := `"02": {at: [2, 0], terrain: "golem vault"}`
	if !strings.Contains(string(src), was) {
		t.Fatal("field00 changed: block 02 is not where this test adds a block beside it")
	}
	dirs := [2]string{t.TempDir(), t.TempDir()}
	os.WriteFile(filepath.Join(dirs[0], "field00.cue"), src, 0o644)
	os.WriteFile(filepath.Join(dirs[1], "field00.cue"), []byte(strings.Replace(string(src), was,
		was+"\n\t\t\"03\": {at: [3, 0], terrain: \"side chamber\"}\n\t\t\"04\": {at: [5, 5], terrain: \"sealed cell\"}", 1)), 0o644)
	var plans [2]*plan.Plan
	for i, d := range dirs {
		p, list, err := compiler.Compile([]string{d}, compiler.Options{WorkDir: d})
		if err != nil || p == nil {
			t.Fatalf("%s: %v %v", d, err, list)
		}
		plans[i] = p
	}
	want := []string{
		"block 03 is new and reachable from the party's start (3 moves)",
		"block 04 is new and unreachable from the party's start",
	}
	if got := plandiff.Reach(plans[0], plans[1]); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The other way round, the blocks removed: 03 (3 moves, as above) can no longer be reached
	// (it said "(no change)"); 04 never could, so its removal changes no reach.
	want = []string{"block 03 was reachable from the party's start (3 moves) and is removed"}
	if got := plandiff.Reach(plans[1], plans[0]); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("removed blocks: got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
