package clash

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The 5e ability modifier table: floor((score - 10) / 2).
func TestClashModifier(t *testing.T) {
	for score, want := range map[int]int{1: -5, 3: -4, 7: -2, 8: -1, 9: -1, 10: 0, 11: 0, 12: 1, 15: 2, 17: 3, 29: 9, 30: 10} {
		if got := modifier(score); got != want {
			t.Errorf("modifier(%d) = %d, want %d", score, got, want)
		}
	}
}

// SRD 5.1, Fire Bolt: "This spell's damage increases by 1d10 when you reach 5th level (2d10),
// 11th level (3d10), and 17th level (4d10)."
func TestClashCantripScaling(t *testing.T) {
	base := []plan.Damage{{Dice: "1d10", Type: "fire"}}
	for level, want := range map[int]string{1: "", 4: "", 5: "2d10", 10: "2d10", 11: "3d10", 16: "3d10", 17: "4d10", 20: "4d10"} {
		got, changed := scaleCantrip(base, level)
		if want == "" {
			if changed {
				t.Errorf("level %d: scaled to %v", level, got)
			}
			continue
		}
		if !changed || got[0].Dice != want || got[0].Type != "fire" {
			t.Errorf("level %d: %v, want %s", level, got, want)
		}
	}
	if base[0].Dice != "1d10" {
		t.Error("scaleCantrip changed its argument")
	}
	if _, changed := scaleCantrip([]plan.Damage{{Dice: "1d4+1"}}, 9); changed {
		t.Error("1d4+1 is not a cantrip's NdS: left alone")
	}
}

func compileBundled(t *testing.T, dir string) *plan.Clash {
	t.Helper()
	root := repoRoot(t)
	c, list, err := compiler.CompileClash([]string{filepath.Join(root, dir)}, compiler.Options{WorkDir: root})
	if err != nil || c == nil || len(list) > 0 {
		t.Fatalf("%s: %v %v", dir, list, err)
	}
	return c
}

// TestClashLowerBridge reads the compiled bridge battle against its file, worked by hand.
func TestClashLowerBridge(t *testing.T) {
	c := compileBundled(t, "scenarios/clash/bridge")
	// The map drawn in the file's comment: river x 7..8 deep, the road on row 4 and the bridge
	// on row 5 (road), the ford on row 8 (shallow), Hob wood and the copse (forest), rubble.
	wantRows := []string{
		"..***..~~.......",
		"..***..~~.......",
		"..***..~~.......",
		".......~~.......",
		"================",
		".......==.......",
		".......~~..***..",
		".....::~~..***..",
		".....::--..***..",
		".......~~.......",
	}
	if !reflect.DeepEqual(c.Grid.Rows, wantRows) || c.Grid.Elevation != nil {
		t.Errorf("grid:\n%s", strings.Join(c.Grid.Rows, "\n"))
	}
	if c.Sides[0].ID != "wardens" || c.Sides[1].ID != "raiders" {
		t.Errorf("sides %+v", c.Sides)
	}
	// Units in source order with their sides; marks from the ids (side 0 upper case, side 1
	// lower case): G, S, h, g, o; solos M, O, and grask r (g is the goblins').
	var marks []string
	for _, u := range c.Units {
		marks = append(marks, u.ID+"="+u.Mark)
	}
	for _, s := range c.Solos {
		marks = append(marks, s.ID+"="+s.Mark)
	}
	if got := strings.Join(marks, " "); got != "guards=G scouts=S hobgoblins=h goblins=g ogres=o maren=M ostric=O grask=r" {
		t.Errorf("marks: %s", got)
	}
	// Dame Maren joined at [9, 4]: stand 2 of the guards, whose commander she is (solo 0);
	// Grask (solo 2) on the hobgoblins' stand 2 at [3, 4]; Ostric unattached at [12, 4].
	if m := c.Solos[0]; m.Unit != 0 || m.Stand != 1 || m.At != [2]int{9, 4} || !m.PC || c.Units[0].Commander != 0 {
		t.Errorf("maren %+v, guards commander %d", m, c.Units[0].Commander)
	}
	if g := c.Solos[2]; g.Unit != 2 || g.Stand != 1 || g.At != [2]int{3, 4} || c.Units[2].Commander != 2 || g.Side != 1 {
		t.Errorf("grask %+v", g)
	}
	if o := c.Solos[1]; o.Unit != -1 || o.At != [2]int{12, 4} || o.Side != 0 {
		t.Errorf("ostric %+v", o)
	}
	if c.Units[0].Config != plan.CfgDefend || c.Units[1].Config != "" || c.Units[4].Stands[1].At != [2]int{3, 7} {
		t.Errorf("units %+v", c.Units)
	}
	// The bridge: four squares of 30 hp, 3 + 2 + 2 + 3 = 10 VP.
	vp := 0
	for _, s := range c.Resources[0].Squares {
		vp += s.VP
	}
	if len(c.Resources) != 1 || len(c.Resources[0].Squares) != 4 || vp != 10 {
		t.Errorf("resources %+v", c.Resources)
	}
	wantObj := []plan.ClashObjective{
		{ID: "burn", Name: "Break the bridge", Side: 1, Kind: plan.ObjDestroy, Resource: 0},
		{ID: "hold", Name: "Hold the bridge", Side: 0, Kind: plan.ObjProtect, Resource: 0, VP: 1},
		{ID: "rout", Name: "Drive them off", Side: 0, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 2, VP: 3}, {Unit: 3, VP: 2}, {Unit: 4, VP: 3}}},
	}
	for i := range c.Objectives {
		c.Objectives[i].Pos = plan.Pos{}
	}
	if !reflect.DeepEqual(c.Objectives, wantObj) {
		t.Errorf("objectives:\n got %+v\nwant %+v", c.Objectives, wantObj)
	}
	// Stat blocks in order of first use: guard, scout, hobgoblin, goblin, ogre, then the solos'
	// knight, mage, bugbear.
	var ids []string
	for _, cr := range c.Creatures {
		ids = append(ids, cr.ID)
	}
	if got := strings.Join(ids, " "); got != "guard scout hobgoblin goblin ogre knight mage bugbear" {
		t.Errorf("creatures: %s", got)
	}
	if c.Units[4].Stands[0].Creature != 4 || c.Solos[1].Creature != 6 {
		t.Errorf("creature indices: %+v %+v", c.Units[4].Stands[0], c.Solos[1])
	}

	// The same sources give the same bytes.
	a, err := plan.EncodeClash(compileBundled(t, "scenarios/clash/bridge"))
	if err != nil || len(a) == 0 {
		t.Fatalf("encode the bridge plan: %v", err)
	}
	b, err := plan.EncodeClash(compileBundled(t, "scenarios/clash/bridge"))
	if err != nil {
		t.Fatalf("encode the bridge plan again: %v", err)
	}
	if !bytes.Equal(a, b) || !strings.HasPrefix(c.SourceHash, "sha256:") || !reflect.DeepEqual(c.Sources, []string{"bridge.cue"}) {
		t.Errorf("not deterministic, or no source hash: %s %v", c.SourceHash, c.Sources)
	}
}

// TestClashLowerHill reads the elevation and the custom objectives of the hill battle.
func TestClashLowerHill(t *testing.T) {
	c := compileBundled(t, "scenarios/clash/hill")
	// Slopes [4..9, 3..8] at 20 ft (1 step), the top [6..7, 5..6] at 40 ft (2 steps).
	w := c.Grid.Width
	for y := 0; y < c.Grid.Height; y++ {
		for x := 0; x < w; x++ {
			want := 0
			if x >= 4 && x <= 9 && y >= 3 && y <= 8 {
				want = 1
			}
			if x >= 6 && x <= 7 && y >= 5 && y <= 6 {
				want = 2
			}
			if got := c.Grid.Elevation[y*w+x]; got != want {
				t.Errorf("elevation [%d, %d] = %d, want %d", x, y, got, want)
			}
		}
	}
	top := [][2]int{{6, 5}, {7, 5}, {6, 6}, {7, 6}}
	hold := c.Objectives[0]
	wantHold := &plan.ClashCond{Op: plan.ClashAll, Unit: -1, Args: []plan.ClashCond{
		{Op: plan.ClashIn, Side: 0, Unit: -1, Zone: top, Count: 1},
		{Op: plan.ClashNot, Unit: -1, Args: []plan.ClashCond{{Op: plan.ClashIn, Side: 1, Unit: -1, Zone: top, Count: 1}}},
	}}
	if hold.Kind != plan.ObjCustom || !hold.Repeat || hold.VP != 1 || !reflect.DeepEqual(hold.When, wantHold) {
		t.Errorf("hold: %+v %+v", hold, hold.When)
	}
	// "Silence the tower": solo vessa (index 1) down, 3 VP once.
	wiz := c.Objectives[3]
	if wiz.Repeat || wiz.VP != 3 || !reflect.DeepEqual(wiz.When, &plan.ClashCond{Op: plan.ClashDown, Unit: -1, Solo: 1}) {
		t.Errorf("wizard: %+v %+v", wiz, wiz.When)
	}
	// The apprentices are the battle's own stat block, casting library spells: burning hands
	// (a 15-ft cone) and thunderwave (a 15-ft cube), fire bolt at 3rd level still 1d10.
	ap := planCreature(t, c, "apprentice")
	if ap.Pos.File != "./scenarios/clash/hill/hill.cue" || len(ap.Spells) != 3 || ap.Spells[0].Damage != nil || ap.Spells[1].Uses != 2 {
		t.Errorf("apprentice: %+v", ap)
	}
	if tw := planSpell(t, c, "thunderwave"); !tw.Self || *tw.Area != (plan.Area{Shape: plan.AreaCube, Size: 15}) {
		t.Errorf("thunderwave: %+v", tw)
	}
}

// BenchmarkCompileClashField: vet and lower the bundled field battle (20 stands, 4 solos).
func BenchmarkCompileClashField(b *testing.B) {
	root := repoRoot(b)
	for b.Loop() {
		c, list, err := compiler.CompileClash([]string{filepath.Join(root, "scenarios/clash/field")}, compiler.Options{WorkDir: root})
		if err != nil || c == nil || len(list) != 0 {
			b.Fatalf("CompileClash: %v %v", list, err)
		}
	}
}

// Vet-clean means engine-accepted: a battle of more stands than runner/clash fights
// (clash.MaxStands) is a U013 at the battle, not a clean vet and a refused battle.
func TestClashTooManyStands(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: battle\nrules: clash\nid: crowd\nversion: 1\nbattlefield: {width: 100, height: 10}\n")
	b.WriteString("sides: {a: {}, b: {}}\nunits:\n")
	n := clashrules.MaxStands + 1 // 401 stands: 201 in the west, 200 in the east
	for side, x0 := range []int{0, 50} {
		fmt.Fprintf(&b, "  u%d:\n    side: %s\n    type: skirmisher\n    creature: goblin\n    stands:\n", side, []string{"a", "b"}[side])
		for i := side; i < n; i += 2 {
			fmt.Fprintf(&b, "      - {at: [%d, %d]}\n", x0+i/2%40, i/80)
		}
	}
	b.WriteString("objectives: {x: {side: a, attrition: 10}, y: {side: b, attrition: 10}}\n")
	path := filepath.Join(t.TempDir(), "crowd.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	list := vet(t, path)
	found := false
	for _, d := range list {
		found = found || d.Code == "U013" && strings.Contains(d.Message, "401 stands; the battle rules take at most 400")
	}
	if !found {
		t.Errorf("no U013 for 401 stands:\n%v", list)
	}
}
