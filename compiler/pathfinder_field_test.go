package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The battlefield's terrain and water and a fortification's kind reach the plan (issue 24: mobility,
// aquatic, vortex; amphibious, earth glide, flight, climb): the bundled swamp-raid battle is fought
// in a swamp, the lizardfolk behind a moat.
func TestBattleTerrainAndFortKind(t *testing.T) {
	root := repoRoot(t)
	b, list, err := CompileBattle([]string{"scenarios/pathfinder/swamp-raid"}, Options{WorkDir: root})
	if err != nil || b == nil || len(list) != 0 {
		t.Fatalf("CompileBattle: %v %v", err, list)
	}
	if b.Conditions.Terrain != "swamp" || b.Conditions.Water || b.Armies[1].FortKind != "water" || b.Armies[1].Fortification != 2 {
		t.Errorf("conditions %+v, village fortification %d %q", b.Conditions, b.Armies[1].Fortification, b.Armies[1].FortKind)
	}
	// A kind the schema does not list is an error at the author's line.
	dir := t.TempDir()
	src := `package b

kind: "battle", rules: "pathfinder", id: "k", version: 1
conditions: water: true
sides: [{name: "a", armies: x: {size: "Medium", cr: 1, hitDie: "d8", fortification: 4, fortificationKind: "wood"}},
	{name: "b", armies: y: {size: "Medium", cr: 1, hitDie: "d8"}}]
`
	if err := os.WriteFile(filepath.Join(dir, "b.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, err = CompileBattle([]string{dir}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 || list[0].Pos.Line != 5 || !strings.Contains(list[0].Message, "fortificationKind") {
		t.Errorf("fortificationKind \"wood\": %v, want a finding at line 5 naming the field", list)
	}
}
