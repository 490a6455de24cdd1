package plandiff_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
)

func fieldText(fs []plandiff.FieldDiff) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.Field + ": " + f.Old + " -> " + f.New + "\n")
	}
	return b.String()
}

// A Pathfinder army's commander and the conditions are compared field by field by their plan
// names (issue 20 review, defect 1: the diff printed %+v of the Go structs).
func TestBattleEntitiesFieldByField(t *testing.T) {
	mk := func(level int, terrain string, tactics ...string) *plan.Battle {
		return &plan.Battle{Sides: [2]string{"A", "B"}, Conditions: plan.Conditions{Terrain: terrain},
			Armies: []plan.PFArmy{{ID: "orcs", Side: 1, Army: plan.ArmyInput{Name: "Tusk", Tactics: tactics,
				Resources: plan.Resources{Armor: "none"}, Commander: &plan.CommanderInput{Name: "Grukk", Level: level, Charisma: 1}}}}}
	}
	at := func(f string, l int) map[string]diag.Pos {
		return map[string]diag.Pos{"armies.orcs": {File: f, Line: l, Column: 10}}
	}
	got := plandiff.BattleEntities(mk(3, "", "Relentless Brutality"), mk(5, "swamp", "Relentless Brutality", "Taunt"), at("a.cue", 31), at("b.cue", 32))
	if len(got) != 2 || got[0].Key != "armies.orcs" || got[1].Key != "conditions" {
		t.Fatalf("changes %+v", got)
	}
	if got[0].Old.Line != 31 || got[0].New.Line != 32 || got[0].New.File != "b.cue" {
		t.Errorf("positions %v -> %v, want a.cue:31:10 -> b.cue:32:10", got[0].Old, got[0].New)
	}
	want := "tactics: Relentless Brutality -> Relentless Brutality, Taunt\ncommander.level: 3 -> 5\n"
	if s := fieldText(got[0].Fields); s != want {
		t.Errorf("army fields:\n%s\nwant:\n%s", s, want)
	}
	if s := fieldText(got[1].Fields); s != "terrain:  -> swamp\n" {
		t.Errorf("conditions: %q", s)
	}
}

// A clash battlefield of the same size names each square that changed, [x, y] as stands are
// placed (index y*Width+x, plan.ClashGrid); its position is the battlefield: field's, not the
// file's top (issue 20 review, defect 2).
func TestClashEntitiesNameSquares(t *testing.T) {
	mk := func(row1 string, elev []int) *plan.Clash {
		return &plan.Clash{Pos: plan.Pos{File: "p.cue", Line: 17, Column: 1},
			Grid: plan.ClashGrid{Width: 4, Height: 2, Rows: []string{"....", row1}, Elevation: elev}}
	}
	decl := map[string]diag.Pos{"battlefield": {File: "p.cue", Line: 25, Column: 1}}
	// Square [2, 1] is index 1*4+2 = 6; [1, 0] is index 1.
	got := plandiff.ClashEntities(mk("----", []int{0, 1, 0, 0, 0, 0, 0, 0}), mk("--~-", []int{0, 2, 0, 0, 0, 0, 0, 0}), decl, decl)
	if len(got) != 1 || got[0].Key != "battlefield" || got[0].Old.Line != 25 || got[0].New.Line != 25 {
		t.Fatalf("changes %+v", got)
	}
	want := "elevation [1, 0]: 1 -> 2\nterrain [2, 1]: shallow -> deep\n"
	if s := fieldText(got[0].Fields); s != want {
		t.Errorf("battlefield fields:\n%s\nwant:\n%s", s, want)
	}
	// A different size: rows, never a Go slice.
	big := &plan.Clash{Grid: plan.ClashGrid{Width: 2, Height: 1, Rows: []string{".*"}, Elevation: []int{0, 1}}}
	got = plandiff.ClashEntities(mk("----", nil), big, nil, nil)
	if s := fieldText(got[0].Fields); !strings.Contains(s, "elevation:  -> 0 1\n") || strings.Contains(s, "[") {
		t.Errorf("battlefield fields:\n%s", s)
	}
}

// BattleDeclarations finds a Pathfinder army under its side and the top-level fields.
func TestBattleDeclarations(t *testing.T) {
	f := filepath.Join(t.TempDir(), "b.cue")
	src := "package b\n\nconditions: {fog: true}\nsides: [{\n\tname: \"A\"\n\tarmies: orcs: {name: \"x\"}\n}]\nbattlefield: {width: 1}\n"
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	d := plandiff.BattleDeclarations([]string{f}, filepath.Base)
	for key, want := range map[string]diag.Pos{"conditions": {File: "b.cue", Line: 3, Column: 1},
		"sides": {File: "b.cue", Line: 4, Column: 1}, "armies.orcs": {File: "b.cue", Line: 6, Column: 10},
		"battlefield": {File: "b.cue", Line: 8, Column: 1}} {
		if d[key] != want {
			t.Errorf("%s at %v, want %v", key, d[key], want)
		}
	}
}
