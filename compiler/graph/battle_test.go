package graph

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// sceneText lists a scene's texts; sceneRectAt finds the polygon whose first corner is at p.
func sceneText(s *Scene) string {
	var b strings.Builder
	for _, it := range s.Items {
		if it.Shape == Text {
			b.WriteString(it.Text + "\n")
		}
	}
	return b.String()
}

func sceneRectAt(s *Scene, p Pt, fill string) *Item {
	for i := range s.Items {
		it := &s.Items[i]
		if it.Shape == Poly && len(it.Pts) == 4 && it.Pts[0] == p && (fill == "" || it.Fill == fill || it.Stroke == fill) {
			return it
		}
	}
	return nil
}

// A 3 x 2 clash battlefield drawn by hand: square [x, y]'s top-left corner is at (margin + 40x,
// header + 40y) = (40 + 40x, 56 + 40y) (clashCell 40, U-1); forest at [1, 0] (U-21), deep water at
// [2, 1] (U-22); elevation 2 steps at [0, 1] is 2 x 20 = 40 ft (U-23); a stand of unit "spears"
// (mark S, side 0: blue) at [0, 0], its rectangle inset 4 px: (44, 60); a custom objective of
// side 1 on zone [2, 0]: a dashed red outline inset 2 px: (122, 58).
func TestClashBattlefield(t *testing.T) {
	c := &plan.Clash{ID: "ford", Title: "The Ford",
		Grid:      plan.ClashGrid{Width: 3, Height: 2, Rows: []string{".*.", "..~"}, Elevation: []int{0, 0, 0, 2, 0, 0}},
		Creatures: []plan.Creature{{Size: plan.SizeMedium}},
		Sides:     [2]plan.ClashSide{{ID: "west", Name: "West march"}, {ID: "east"}},
		Units:     []plan.ClashUnit{{ID: "spears", Side: 0, Type: "regiment", Mark: "S", Commander: -1, Stands: []plan.ClashStand{{At: [2]int{0, 0}}}}},
		Solos:     []plan.ClashSolo{{ID: "ulf", Side: 1, At: [2]int{1, 1}, Unit: -1}},
		Objectives: []plan.ClashObjective{{ID: "ford", Name: "Hold the ford", Side: 1, Kind: plan.ObjCustom, VP: 2,
			When: &plan.ClashCond{Op: plan.ClashIn, Unit: -1, Side: 1, Zone: [][2]int{{2, 0}}}}},
	}
	s := Clash(c)
	if r := sceneRectAt(s, Pt{80, 56}, clashTerrain[plan.TerrForest].fill); r == nil {
		t.Errorf("no forest at [1, 0]")
	}
	if r := sceneRectAt(s, Pt{120, 96}, clashTerrain[plan.TerrDeep].fill); r == nil {
		t.Errorf("no deep water at [2, 1]")
	}
	if r := sceneRectAt(s, Pt{44, 60}, clashSideInk[0]); r == nil {
		t.Errorf("no blue stand at [0, 0]")
	}
	if r := sceneRectAt(s, Pt{122, 58}, clashSideInk[1]); r == nil || !r.Dash || r.Fill != "" {
		t.Errorf("no dashed red zone at [2, 0]: %+v", r)
	}
	txt := sceneText(s)
	for _, want := range []string{"ford: The Ford", "40ft\n", "S\n", "U\n", "West march (west)", "  S  spears: regiment, 1 stand",
		"  (U) ulf: solo, at [1, 1]", "  Hold the ford: custom, for east, 2 VP", "* forest (half cover, difficult)", "~ deep water (swimmers only)"} {
		if !strings.Contains(txt, want) {
			t.Errorf("no %q in the texts:\n%s", want, txt)
		}
	}
	if strings.Count(txt, "ft\n") != 1 {
		t.Errorf("elevation written on squares at height 0:\n%s", txt)
	}
}

// A Pathfinder battle's picture: the first side's cards on the left (x = margin = 40), the
// second's right of them (x = 40 + 330 + 60 = 430); a routed army's card is dashed (P-59).
func TestPathfinderBattleSides(t *testing.T) {
	b := &plan.Battle{ID: "b", Title: "Ford", Sides: [2]string{"Militia", "Horde"}, Conditions: plan.Conditions{Fog: true, Wind: "strong"},
		Armies: []plan.PFArmy{
			{ID: "mil", Side: 0, Army: plan.ArmyInput{Name: "Restov militia", Size: "Large", CR: "1", Tactics: []string{"Defensive Wall"}},
				Stats: plan.StatBlock{ACR: "3", HP: 16, OM: 4, DV: 14, MoraleMod: 1}},
			{ID: "orcs", Side: 1, Routed: true, Army: plan.ArmyInput{Name: "Tusk", Size: "Huge", CR: "1/3"}, Stats: plan.StatBlock{ACR: "3", HP: 16, OM: 3, DV: 13}},
		}}
	s := Battle(b)
	if r := sceneRectAt(s, Pt{40, 56 + 10 + 18 + 28}, clashSideInk[0]); r == nil || r.Dash {
		t.Errorf("no solid card for the militia: %+v", r)
	}
	if r := sceneRectAt(s, Pt{430, 56 + 10 + 18 + 28}, clashSideInk[1]); r == nil || !r.Dash {
		t.Errorf("no dashed card for the routed horde: %+v", r)
	}
	txt := sceneText(s)
	for _, want := range []string{"conditions: fog, strong wind", "Restov militia (mil)", "Large, CR 1: ACR 3, hp 16, OM +4, DV 14, morale +1",
		"tactics: Defensive Wall", "tactics: none beyond Standard and Withdraw", "no commander", "routed"} {
		if !strings.Contains(txt, want) {
			t.Errorf("no %q in the texts:\n%s", want, txt)
		}
	}
}
