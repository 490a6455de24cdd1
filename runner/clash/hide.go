package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// Hiding (U-50, U-80): where a stand or solo may try to Hide, and how well the enemy sees.

// Light levels of Setup.dark.
const (
	lightDim  = 1
	lightDark = 2
)

// setupLight reads the grid's light and heavily obscured squares (plan.ClashGrid.Light, Obscured).
func (s *Setup) setupLight(g *plan.ClashGrid, p plan.Pos) error {
	switch g.Light {
	case "":
	case plan.LightDim:
		s.dark = lightDim
	case plan.LightDark:
		s.dark = lightDark
	default:
		return errAt(p, "light %q: want %q, %q or none (bright)", g.Light, plan.LightDim, plan.LightDark)
	}
	if len(g.Obscured) == 0 {
		return nil
	}
	s.obsc = make([]bool, s.w*s.h)
	for _, q := range g.Obscured {
		if q < 0 || q >= s.w*s.h {
			return errAt(p, "obscured square %d is off the %dx%d grid", q, s.w, s.h)
		}
		s.obsc[q] = true
	}
	return nil
}

// canHide reports whether a stand or solo at a may try to Hide (U-50: 「視認困難な地形や、照明の
// 欠如といった状態によって、ユニット内の一部のスタンドは隠れようと試みることができるが、別のスタン
// ドはできない」; U-80 [5E-CORE]: only where the enemy cannot see it clearly): with a square in a
// forest or a heavily obscured square, anywhere in darkness, or (a Default of U-50: out of clear
// sight) with no enemy stand or unattached solo within 2 squares. Dim light alone does not let a
// creature hide (lightly obscured [5E-CORE]); it makes finding it harder (spotMod).
func (b *Battle) canHide(a box, side int32) bool {
	return b.inForest(a) || b.obscured(a) || b.s.dark == lightDark || b.nearestEnemy(a, side) > 2
}

// obscured reports whether a square of a is heavily obscured.
func (b *Battle) obscured(a box) bool {
	if b.s.obsc == nil {
		return false
	}
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			if b.s.obsc[int(a.y+dy)*b.w+int(a.x+dx)] {
				return true
			}
		}
	}
	return false
}

// spotMod is what the light does to a passive Perception looking for the hidden (U-80 [5E-CORE]):
// dim light or darkness is disadvantage on Wisdom (Perception), -5 to a passive score.
func (b *Battle) spotMod() int {
	if b.s.dark != 0 {
		return -5
	}
	return 0
}
