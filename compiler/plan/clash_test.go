package plan

import (
	"strings"
	"testing"
)

// U-5, U-10: medium or smaller 1 square, large 2x2, huge 3x3, gargantuan (solos only) 4x4.
func TestSizeSpace(t *testing.T) {
	for _, tc := range []struct {
		s     Size
		space int
		rank  int
	}{
		{SizeTiny, 1, 0}, {SizeSmall, 1, 1}, {SizeMedium, 1, 2}, {SizeLarge, 2, 3},
		{SizeHuge, 3, 4}, {SizeGargantuan, 4, 5}, {"colossal", 0, -1}, {"", 0, -1},
	} {
		if got := tc.s.Space(); got != tc.space {
			t.Errorf("%q.Space() = %d, want %d", tc.s, got, tc.space)
		}
		if got := tc.s.Rank(); got != tc.rank {
			t.Errorf("%q.Rank() = %d, want %d", tc.s, got, tc.rank)
		}
	}
}

func TestClashRoundTrip(t *testing.T) {
	c := &Clash{Format: ClashFormat, Version: Version, ID: "b",
		Grid: ClashGrid{Width: 2, Height: 1, Rows: []string{".~"}},
		Creatures: []Creature{{ID: "orc", Name: "Orc", Size: SizeMedium, AC: 13, HP: 15, Speed: Speeds{Walk: 30},
			Attacks: []Attack{{Name: "Greataxe", ToHit: 5, Reach: 5, Damage: []Damage{{Dice: "1d12+3", Type: "slashing"}}}}}},
		Sides: [2]ClashSide{{ID: "a"}, {ID: "b"}},
		Units: []ClashUnit{{ID: "orcs", Side: 1, Type: Regiment, Config: CfgMarch, Commander: -1, Mark: "O",
			Stands: []ClashStand{{Creature: 0, At: [2]int{0, 0}}}}},
		Objectives: []ClashObjective{{ID: "o", Kind: ObjCustom, VP: 2, When: &ClashCond{Op: ClashIn, Unit: 0, Zone: [][2]int{{1, 0}}}}},
	}
	a, err := EncodeClash(c)
	if err != nil {
		t.Fatal(err)
	}
	d, err := DecodeClash(a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := EncodeClash(d)
	if string(a) != string(b) {
		t.Errorf("round trip differs:\n%s\n---\n%s", a, b)
	}
	for _, tc := range []struct{ in, want string }{
		{`{`, "not a sortie clash battle"},
		{`{"format": "sortie-plan", "version": 1}`, `format "sortie-plan"`},
		{`{"format": "sortie-clash", "version": 7}`, "version 7 is not supported"},
		{`{"format": "sortie-clash", "version": 1, "grid": {"width": "x"}}`, "malformed clash battle"},
		{`{"format": "sortie-clash", "version": 1, "bogus": 1}`, `unknown field "bogus"`},
	} {
		if _, err := DecodeClash([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeClash(%s): %v, want %q", tc.in, err, tc.want)
		}
	}
}
