package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

const stolenLands = "scenarios/pathfinder/stolen-lands"

// The bundled hex scenario lowers to a plan whose numbers are worked out by hand from the rules.
func TestPathfinderPlan(t *testing.T) {
	p, data := compile(t, stolenLands)
	pf := p.Pathfinder
	if pf == nil || p.Scenario.Rules != "pathfinder" || p.DayLimit != 6 {
		t.Fatalf("plan: %+v", p.Scenario)
	}
	// Hexes in source order: tradepost [0,0], greenbelt [1,0], ford [2,0], hills [3,0],
	// thorn [3,-1], narlmarches [1,1]. Neighbours in the order E, NE, NW, W, SW, SE:
	// tradepost: E [1,0] greenbelt only. ford [2,0]: E [3,0] hills, NE [3,-1] thorn,
	// NW [2,-1] none, W [1,0] greenbelt, SW [1,1] narlmarches, SE [2,1] none.
	wantN := map[string][]int{"tradepost": {1}, "ford": {3, 4, 1, 5}, "narlmarches": {2, 1}}
	for _, h := range pf.Hexes {
		if w, ok := wantN[h.ID]; ok && !reflect.DeepEqual(h.Neighbours, w) {
			t.Errorf("hex %s neighbours %v, want %v", h.ID, h.Neighbours, w)
		}
	}
	// Armies sorted by ID; stat blocks by P-2..P-6, P-10, P-11, P-66.
	type block struct {
		id             string
		acr            string
		hp, om, dv, sp int
		limit          int
	}
	want := []block{
		// Medium (CR rung 0) of max(1/2, mount 1) = 1: ACR 1; floor(1 x 5.5) = 5; OM 1 + mounts 2;
		// DV 10 + 1 + 2; tactics 1/2 rounded up = 1 (P-10 as the published samples read it).
		{"cavalry", "1", 5, 3, 13, 2, 1},
		// Large (+2 rungs): 1 -> 2 -> 3; floor(3 x 5.5) = 16; OM 3 + weapons 1; DV 10 + 3 + armor 1.
		// Tactics 3/2 rounded up = 2.
		{"militia", "3", 16, 4, 14, 1, 2},
		// Huge (+4 rungs): 1/3 -> 1/2, 1, 2, 3: ACR 3 (the rules' example, P-3); hp 16; OM 3; DV 13.
		{"orcs", "3", 16, 3, 13, 1, 2},
		// Medium of max(1/3, wolf 1) = 1: ACR 1; d8: floor(1 x 4.5) = 4 hp; OM 1; DV 11.
		{"wolfriders", "1", 4, 1, 11, 2, 1},
	}
	for i, w := range want {
		a := pf.Armies[i]
		s := a.Stats
		got := block{a.ID, s.ACR, s.HP, s.OM, s.DV, s.Speed, s.TacticsLimit}
		if got != w {
			t.Errorf("army %d: %+v, want %+v", i, got, w)
		}
	}
	// Routes as hex indices: orcs hills(3) -> ford 2, greenbelt 1, tradepost 0.
	if o := pf.Armies[2]; o.Start != 3 || !reflect.DeepEqual(o.Route, []int{2, 1, 0}) || o.Side != plan.Enemy {
		t.Errorf("orcs: start %d route %v side %d", o.Start, o.Route, o.Side)
	}
	if k := pf.Kingdoms[plan.Friendly]; k == nil || k.ControlDC != 18 || k.Loyalty != 3 {
		t.Errorf("friendly kingdom %+v", k)
	}
	if k := pf.Kingdoms[plan.Enemy]; k == nil || k.ControlDC != 20 {
		t.Errorf("enemy kingdom %+v: the Control DC defaults to 20", k)
	}
	if o := pf.Objectives[0]; o.ID != "saved" || !reflect.DeepEqual(o.Defeat, []int{2, 3}) {
		t.Errorf("objective %+v", o)
	}
	if o := pf.Objectives[1]; o.Reach == nil || *o.Reach != [2]int{2, 0} {
		t.Errorf("objective %+v", o)
	}
	// Deterministic, and it reads back.
	_, again := compile(t, stolenLands)
	if !bytes.Equal(data, again) {
		t.Error("two compiles differ")
	}
	back, err := plan.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if re, _ := plan.Encode(back); !bytes.Equal(re, data) {
		t.Error("decode + encode changes the plan")
	}
}

// Karzoral plans have no Pathfinder section: the key is omitted, so their bytes do not change.
func TestKarzoralPlanHasNoPathfinder(t *testing.T) {
	p, data := compile(t, field01)
	if p.Pathfinder != nil || bytes.Contains(data, []byte(`"pathfinder"`)) {
		t.Error("a Karzoral plan carries a pathfinder section")
	}
}

// Battle files compile to both sides' armies; the wrong kind for the wrong call is a usage error.
func TestCompileBattle(t *testing.T) {
	root := repoRoot(t)
	b, list, err := CompileBattle([]string{"scenarios/pathfinder/wolf-riders"}, Options{WorkDir: root})
	if err != nil || b == nil || len(list) != 0 {
		t.Fatalf("CompileBattle: %v %v", err, list)
	}
	if b.Sides != [2]string{"Stolen Lands", "Thorn River goblins"} || len(b.Armies) != 2 || !b.Conditions.DimLight {
		t.Errorf("battle %+v", b)
	}
	// P-4: ACR 1 with d10 gives floor(5.5) = 5 hp, with d8 floor(4.5) = 4.
	if b.Armies[0].Stats.HP != 5 || b.Armies[1].Stats.HP != 4 {
		t.Errorf("hp %d and %d, want 5 and 4", b.Armies[0].Stats.HP, b.Armies[1].Stats.HP)
	}
	// P-9: Leadership 5 + 2 = 7; boons 1 + floor(5/5) = 2 (Hit and Run and one bonus tactic).
	if s := b.Armies[0].Stats; s.Leadership != 7 || s.BoonsLimit != 2 || s.Boons != 2 {
		t.Errorf("commander: %+v", s)
	}
	if _, _, err := CompileBattle([]string{stolenLands}, Options{WorkDir: root}); err == nil || !strings.Contains(err.Error(), "not a battle file") {
		t.Errorf("CompileBattle(scenario): %v", err)
	}
	if _, _, err := Compile([]string{"scenarios/pathfinder/orc-horde"}, Options{WorkDir: root}); err == nil || !strings.Contains(err.Error(), "battle file") {
		t.Errorf("Compile(battle): %v", err)
	}
}

// Every bundled Pathfinder file vets clean.
func TestPathfinderBundledVetClean(t *testing.T) {
	for _, dir := range []string{stolenLands, "scenarios/pathfinder/orc-horde", "scenarios/pathfinder/wolf-riders"} {
		if list := vet(t, dir); len(list) > 0 {
			t.Errorf("%s: %v", dir, list)
		}
	}
}

// A hand-written stat that disagrees is reported at its value (line 2, column 78: counted by hand), and with the default option the
// written value is what the plan holds (P-3: 500 CR 1/3 creatures give ACR 3, the author wrote 4).
func TestGivenStatUsed(t *testing.T) {
	dir := t.TempDir()
	src := `kind: "battle", rules: "pathfinder", id: "g", version: 1
sides: [{name: "a", armies: x: {size: "Huge", cr: "1/3", hitDie: "d10", acr: 4}},
	{name: "b", armies: y: {size: "Huge", cr: "1/3", hitDie: "d10"}}]
`
	writeFile(t, dir, "g.cue", src)
	b, list, err := CompileBattle([]string{"g.cue"}, Options{WorkDir: dir})
	if err != nil || b == nil {
		t.Fatal(err, list)
	}
	if len(list) != 1 || list[0].Code != pfarmy.CodeACR || list[0].Pos.Line != 2 || list[0].Pos.Column != 78 {
		t.Errorf("findings %v, want one M003 at 2:78", list)
	}
	// ACR 4 in use: hp floor(4 x 5.5) = 22, DV 14.
	if s := b.Armies[0].Stats; s.ACR != "4" || s.HP != 22 || s.DV != 14 {
		t.Errorf("stats %+v", s)
	}
}

func writeFile(t *testing.T, dir, name, src string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// options: {given: "ignored"} keeps the derivation (P-3: ACR 3, hp floor(3 x 5.5) = 16) and still
// reports the disagreement; an unknown choice is a schema finding at the value.
func TestPathfinderOptions(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "g.cue", `kind: "battle", rules: "pathfinder", id: "g", version: 1
options: {given: "ignored", rout: "always"}
sides: [{name: "a", armies: x: {size: "Huge", cr: "1/3", hitDie: "d10", acr: 4}},
	{name: "b", armies: y: {size: "Huge", cr: "1/3", hitDie: "d10"}}]
`)
	_, list, err := CompileBattle([]string{"g.cue"}, Options{WorkDir: dir})
	if err != nil || len(list) != 2 || list[0].Code != "S004" || list[0].Pos.Line != 2 || list[1].Code != pfarmy.CodeACR {
		t.Fatalf("findings %v %v, want S004 at line 2 and M003", list, err)
	}
	writeFile(t, dir, "g.cue", `kind: "battle", rules: "pathfinder", id: "g", version: 1
options: {given: "ignored"}
sides: [{name: "a", armies: x: {size: "Huge", cr: "1/3", hitDie: "d10", acr: 4}},
	{name: "b", armies: y: {size: "Huge", cr: "1/3", hitDie: "d10"}}]
`)
	b, list, err := CompileBattle([]string{"g.cue"}, Options{WorkDir: dir})
	if err != nil || b == nil || len(list) != 1 {
		t.Fatal(err, list)
	}
	if s := b.Armies[0].Stats; s.ACR != "3" || s.HP != 16 || b.Options["given"] != "ignored" {
		t.Errorf("stats %+v, options %v", s, b.Options)
	}
}
