package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// published is a stat block of Ultimate Campaign's "Sample Armies", as the book prints it.
type published struct {
	army, size      string
	xp, hp          int
	acr             string
	dv, om          int
	ranged          bool
	speed, consumes int
}

// The published sample armies' stat blocks (Ultimate Campaign, Mass Combat, "Sample Armies"), typed
// from the book: every one sortie bundles in scenarios/pathfinder/armies.cue, at every size printed.
var sampleBlocks = []published{
	{"humanArmy", "Colossal", 6400, 49, "9", 19, 9, false, 1, 4},
	{"humanArmy", "Gargantuan", 3200, 38, "7", 17, 7, false, 1, 3},
	{"humanArmy", "Huge", 1600, 27, "5", 15, 5, false, 1, 2},
	{"humanArmy", "Large", 800, 16, "3", 13, 3, false, 1, 1},
	{"humanArmy", "Medium", 400, 5, "1", 11, 1, false, 1, 1},
	{"militia", "Colossal", 3200, 38, "7", 17, 7, false, 2, 3},
	{"militia", "Gargantuan", 1600, 27, "5", 15, 5, false, 2, 2},
	{"militia", "Huge", 800, 16, "3", 13, 3, false, 2, 1},
	{"militia", "Large", 400, 5, "1", 11, 1, false, 2, 1},
	{"skeletonHorde", "Colossal", 3200, 31, "7", 19, 7, false, 2, 3},
	{"skeletonHorde", "Gargantuan", 1600, 22, "5", 17, 5, false, 2, 2},
	{"skeletonHorde", "Huge", 800, 13, "3", 15, 3, false, 2, 1},
	{"skeletonHorde", "Large", 400, 4, "1", 13, 1, false, 2, 1},
	{"skeletonHorde", "Medium", 135, 1, "1/3", 12, 0, false, 2, 1},
	{"zombieHorde", "Colossal", 4800, 36, "8", 20, 8, false, 1, 4},
	{"zombieHorde", "Gargantuan", 2400, 27, "6", 18, 6, false, 1, 3},
	{"zombieHorde", "Huge", 1200, 18, "4", 16, 4, false, 1, 2},
	{"zombieHorde", "Large", 600, 9, "2", 14, 2, false, 1, 1},
	{"zombieHorde", "Medium", 200, 2, "1/2", 12, 0, false, 1, 1},
	{"goblinArmy", "Medium", 200, 2, "1/2", 10, 0, true, 1, 1},
	{"goblinHorde", "Huge", 800, 16, "3", 13, 3, true, 1, 1},
	{"koboldArmy", "Huge", 600, 11, "2", 12, 2, false, 2, 1},
	{"dwarvenDefenders", "Medium", 400, 5, "1", 11, 1, false, 1, 1},
	{"eliteMountedKnights", "Medium", 600, 11, "2", 15, 5, false, 1, 4},
	{"orcArmy", "Medium", 600, 11, "2", 13, 2, true, 2, 2},
	{"orcHorde", "Medium", 400, 5, "1", 11, 1, true, 2, 1},
	{"gnollArmy", "Medium", 400, 4, "1", 11, 1, false, 2, 1},
	{"gnomeStalkers", "Medium", 400, 5, "1", 11, 2, false, 1, 1},
	{"halfOrcBerserkers", "Medium", 400, 6, "1", 11, 1, false, 2, 1},
	{"halflingScouts", "Medium", 400, 4, "1", 11, 1, false, 1, 1},
	{"tenguArmy", "Medium", 600, 9, "2", 12, 2, true, 2, 1},
	{"duergarArmy", "Medium", 400, 5, "1", 11, 2, true, 1, 1},
	{"troglodyteArmy", "Medium", 400, 4, "1", 11, 1, true, 2, 1},
	{"worgArmy", "Medium", 600, 11, "2", 12, 2, false, 3, 1},
	{"yetiPack", "Medium", 1200, 22, "4", 14, 4, false, 2, 2},
	{"centaurArmy", "Medium", 800, 16, "3", 13, 3, true, 2, 1},
	{"boggardArmy", "Medium", 600, 9, "2", 12, 2, false, 1, 1},
	{"lizardfolkArmy", "Medium", 400, 4, "1", 11, 1, true, 2, 1},
	{"tarrasque", "Fine", 102400, 93, "17", 27, 21, true, 2, 8},
}

// Every bundled sample army vets clean (no finding at all) when a battle imports it from the
// library, and derives the published stat block: XP, hp, ACR, DV, OM (ranged), speed and
// consumption (P-2..P-6, P-11, P-66; Special Abilities).
func TestSampleArmies(t *testing.T) {
	for _, p := range sampleBlocks {
		t.Run(p.army+"/"+p.size, func(t *testing.T) {
			dir := t.TempDir()
			src := fmt.Sprintf(`package b

import "sortie.dev/pathfinder/samples"

kind: "battle", rules: "pathfinder", id: "sample", version: 1
sides: [{name: "a", armies: x: samples.%s & {size: %q}}, {name: "b", armies: y: samples.militia}]
`, p.army, p.size)
			if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			b, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
			if err != nil || b == nil || len(list) > 0 {
				t.Fatalf("vet: %v %v", err, list)
			}
			s := b.Armies[0].Stats
			got := published{p.army, p.size, s.XP, s.HP, s.ACR, s.DV, s.OM, s.Ranged, s.Speed, s.Consumption}
			if got != p {
				t.Errorf("derived %+v\n published %+v", got, p)
			}
		})
	}
}

// A value that conflicts with the library's (a human army is CR 1) is an S002 naming the field,
// at the author's army in the battle file. It was "sides: missing required field \"0\"" at the
// sides list, twice: a list holding an error reads as a struct to CUE (isList said no, so the
// error's path took "0" for a field name), and the position was the library's, a file that is
// not on disk.
func TestLibraryConflictAtAuthor(t *testing.T) {
	dir := t.TempDir()
	src := `package b

import "sortie.dev/pathfinder/samples"

kind: "battle", rules: "pathfinder", id: "sample", version: 1
sides: [{name: "a", armies: x: samples.humanArmy & {size: "Large", cr: 99}},
	{name: "b", armies: y: samples.militia}]
`
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 {
		t.Fatalf("want one finding, got %v", list)
	}
	d := list[0]
	if d.Code != codeBadValue || d.Message != "sides[0].armies.x.cr: conflicting values 1 and 99 (the library army samples.humanArmy gives cr: 1)" ||
		d.Pos.File != "./b.cue" || d.Pos.Line != 6 {
		t.Errorf("got %s: %s: %s", d.Pos, d.Code, d.Message)
	}
}

// Issue 24: a library army given a list of another length (samples.dwarvenDefenders, which knows
// Defensive Wall, given two tactics) was reported in the library's file under cue.mod/pkg/, not on
// disk, as "want at least 0 elements, got 2"; every finding now is at the author's line, in the
// author's file, and names the library army and what it gives.
func TestLibraryListConflictAtAuthor(t *testing.T) {
	dir := t.TempDir()
	src := `package b

import "sortie.dev/pathfinder/samples"

kind: "battle", rules: "pathfinder", id: "sample", version: 1
sides: [{name: "a", armies: dw: samples.dwarvenDefenders & {tactics: ["Expert Flankers", "Taunt"]}},
	{name: "b", armies: y: samples.militia & {speed: 3}}]
`
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 {
		t.Fatal("no findings")
	}
	var lengths, militia bool
	for _, d := range list {
		if d.Pos.File != "./b.cue" || d.Code != codeBadValue {
			t.Errorf("finding not at the author's file: %s: %s: %s", d.Pos, d.Code, d.Message)
		}
		if d.Message == `sides[0].armies.dw.tactics: the library army samples.dwarvenDefenders gives tactics: ["Defensive Wall"], and a list of 2 elements cannot replace it` && d.Pos.Line == 6 {
			lengths = true
		}
		if strings.Contains(d.Message, "sides[1].armies.y.speed") && strings.Contains(d.Message, "samples.militia") && d.Pos.Line == 7 {
			militia = true
		}
	}
	if !lengths || !militia {
		for _, d := range list {
			t.Logf("%s: %s: %s", d.Pos, d.Code, d.Message)
		}
		t.Errorf("want the tactics conflict at line 6 naming samples.dwarvenDefenders (%v) and the speed one at line 7 naming samples.militia (%v)", lengths, militia)
	}
}

// A misspelt library path is an L007 that names sortie's libraries (it said the import "reaches
// outside the scenario's folder" and told the author to keep the scenario self-contained).
func TestLibraryImportTypo(t *testing.T) {
	dir := t.TempDir()
	src := "package b\n\nimport \"sortie.dev/pathfinder/sample\"\n\nkind: \"battle\", rules: \"pathfinder\", id: \"s\", version: 1\n" +
		"sides: [{name: \"a\", armies: x: sample.militia}, {name: \"b\", armies: y: sample.militia}]\n"
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Code != codeImportOutside || list[0].Pos.String() != "./b.cue:3:8" ||
		list[0].Message != `import "sortie.dev/pathfinder/sample": sortie has no such library` ||
		list[0].Hint != `sortie's libraries: "sortie.dev/pathfinder/samples"` {
		t.Errorf("got %v", list)
	}
}

// A misspelt sample army (samples.goblinArmyy) is one S002 at the reference with a did-you-mean
// (it was S003 "missing required field cr", "hitDie", then "no value given, only an error").
func TestLibraryUndefinedName(t *testing.T) {
	dir := t.TempDir()
	src := "package b\n\nimport \"sortie.dev/pathfinder/samples\"\n\nkind: \"battle\", rules: \"pathfinder\", id: \"s\", version: 1\n" +
		"sides: [{name: \"a\", armies: x: samples.goblinArmyy}, {name: \"b\", armies: y: samples.militia}]\n"
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Code != codeBadValue || list[0].Pos.String() != "./b.cue:6:32" ||
		list[0].Message != "sides[0].armies.x: undefined name goblinArmyy" || list[0].Hint != `did you mean "goblinArmy"?` {
		t.Errorf("got %v", list)
	}
}

// H005: two sides with one name (the winner is reported, and winner: checked, by name), or a
// side named "no winner" (a draw's outcome), made every result ambiguous and vetted clean.
func TestBattleSideNames(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"a", "a", `both sides are named "a": the winner is reported by name, so give each side its own`},
		{"no winner", "b", `side 1 is named "no winner", which is how a battle without a winner is reported: rename it`},
	} {
		dir := t.TempDir()
		src := fmt.Sprintf("package b\n\nkind: \"battle\", rules: \"pathfinder\", id: \"s\", version: 1\n"+
			"sides: [{name: %q, armies: x: {size: \"Huge\", cr: 1, hitDie: \"d10\"}},\n\t{name: %q, armies: y: {size: \"Huge\", cr: 1, hitDie: \"d10\"}}]\n", tc.a, tc.b)
		if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].Code != "H005" || list[0].Message != tc.want || list[0].Pos.File != "./b.cue" {
			t.Errorf("%s/%s: got %v", tc.a, tc.b, list)
		}
	}
}

// sortie battle on a scenario says what the scenario is and which command plays it.
func TestAnyBattleOnScenario(t *testing.T) {
	_, _, err := CompileAnyBattle([]string{filepath.Join("..", "scenarios", "pathfinder", "border-war")}, Options{WorkDir: "."})
	if err == nil || !strings.Contains(err.Error(), "border-war is a scenario, not a battle file: play it with sortie run") {
		t.Errorf("got %v", err)
	}
}

// A list shorter than the library's (issue 24 review): samples.orcHorde gives 4 abilities and the
// author writes 1; the message gives the author's length, 1, and says "element" (it said "a list
// of 4 elements", the library's length, as if it were the author's).
func TestLibraryShortListConflict(t *testing.T) {
	dir := t.TempDir()
	src := "package b\n\nimport \"sortie.dev/pathfinder/samples\"\n\nkind: \"battle\", rules: \"pathfinder\", id: \"sample\", version: 1\n" +
		"sides: [{name: \"a\", armies: o: samples.orcHorde & {abilities: [{name: \"fear\"}]}},\n\t{name: \"b\", armies: y: samples.militia}]\n"
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, err := CompileBattle([]string{dir}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := `sides[0].armies.o.abilities: the library army samples.orcHorde gives abilities: [{name: "cannibalize"}, {name: "ferocity"}, {name: "light sensitivity"}, {name: "javelins", ranged: true}], and a list of 1 element cannot replace it`
	for _, d := range list {
		if d.Message == want && d.Pos.File == "./b.cue" && d.Pos.Line == 6 && d.Code == codeBadValue {
			return
		}
	}
	for _, d := range list {
		t.Logf("%s: %s: %s", d.Pos, d.Code, d.Message)
	}
	t.Errorf("want at ./b.cue:6 %s", want)
}
