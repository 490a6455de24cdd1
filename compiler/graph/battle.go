package graph

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Sizes of a Pathfinder battle's picture, in pixels: one card per army.
const (
	cardW   = 330.0
	cardH   = 104.0
	cardGap = 14.0
)

// Battle draws a Pathfinder mass-combat battle file (kind: "battle", rules: "pathfinder"): a
// battle has no map (P-15: the armies meet), so the picture is the two sides face to face, one
// column each (the first side on the left, blue; the second on the right, red), each army a card
// with its name, size and CR, its derived statistics (ACR, hp, OM, DV, morale: P-3..P-8), its
// tactics (P-9), its commander and what is particular to the battle (starting hp, routed,
// fortification, advantageous terrain: P-54, P-59, P-65); the battlefield conditions (P-44) under
// the title. The picture depends only on b.
func Battle(b *plan.Battle) *Scene {
	s := &Scene{Title: fmt.Sprintf("%s: %s", b.ID, b.Title)}
	if b.Title == "" {
		s.Title = b.ID
	}
	s.text(margin, 34, 22, "start", true, ink, s.Title)
	y0 := header + 10.0
	if c := conditionsText(b.Conditions); c != "" {
		s.text(margin, header+4, 13, "start", false, faint, "conditions: "+c)
		y0 += 18
	}
	bottom := y0
	for side := 0; side < 2; side++ {
		x := margin + float64(side)*(cardW+60)
		ink := clashSideInk[side]
		s.text(x, y0+16, 16, "start", true, ink, b.Sides[side])
		y := y0 + 28
		for i := range b.Armies {
			a := &b.Armies[i]
			if a.Side != side {
				continue
			}
			armyCard(s, a, x, y, ink)
			y += cardH + cardGap
		}
		bottom = max(bottom, y)
	}
	s.text(margin+cardW+30, y0+16, 16, "middle", true, faint, "vs")
	s.W = 2*margin + 2*cardW + 60
	s.H = bottom + margin/2
	return s
}

// armyCard draws one army's card with its top-left corner at (x, y).
func armyCard(s *Scene, a *plan.PFArmy, x, y float64, colour string) {
	s.rect(x, y, cardW, cardH, "#fbfaf6", colour, 2, a.Routed)
	name := a.ID
	if a.Army.Name != "" {
		name = a.Army.Name + " (" + a.ID + ")"
	}
	s.text(x+10, y+20, 14, "start", true, colour, name)
	st := &a.Stats
	s.text(x+10, y+40, 12, "start", false, ink, fmt.Sprintf("%s, CR %s: ACR %s, hp %d, OM %+d, DV %d, morale %+d", a.Army.Size, a.Army.CR, st.ACR, st.HP, st.OM, st.DV, st.MoraleMod))
	tactics := strings.Join(a.Army.Tactics, ", ")
	if tactics == "" {
		tactics = "none beyond Standard and Withdraw"
	}
	s.text(x+10, y+58, 12, "start", false, ink, "tactics: "+tactics)
	cmd := "no commander"
	if c := a.Army.Commander; c != nil {
		cmd = "commander: " + c.Name
	}
	s.text(x+10, y+76, 12, "start", false, ink, cmd)
	var notes []string
	if a.StartHP > 0 && a.StartHP != st.HP {
		notes = append(notes, fmt.Sprintf("starts at %d hp", a.StartHP))
	}
	if a.Routed {
		notes = append(notes, "routed")
	}
	if a.Fortification > 0 {
		notes = append(notes, fmt.Sprintf("fortification %d", a.Fortification))
	}
	if a.AdvantageousTerrain {
		notes = append(notes, "advantageous terrain")
	}
	if a.BattlefieldAdvantage {
		notes = append(notes, "battlefield advantage")
	}
	if a.Ambusher {
		notes = append(notes, "ambusher")
	}
	if len(notes) > 0 {
		s.text(x+10, y+94, 12, "start", false, faint, strings.Join(notes, ", "))
	}
}

// conditionsText lists a battle's conditions in words ("" for none).
func conditionsText(c plan.Conditions) string {
	var out []string
	for _, f := range []struct {
		on   bool
		word string
	}{{c.Darkness, "darkness"}, {c.DimLight, "dim light"}, {c.BrightLight, "bright light"}, {c.Fog, "fog"}, {c.Sandstorm, "sandstorm"}, {c.Rain, "rain"}, {c.Snow, "snow"}} {
		if f.on {
			out = append(out, f.word)
		}
	}
	if c.Wind != "" {
		out = append(out, c.Wind+" wind")
	}
	return strings.Join(out, ", ")
}
