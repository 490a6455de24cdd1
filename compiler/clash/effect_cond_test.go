package clash

import (
	"strings"
	"testing"
)

// U-76 [5E-CORE]: a custom spell may name the conditions the engine plays (stunned, blinded,
// poisoned, charmed among them): each vets with no S004 and lowers to the plan with its name; a
// name the engine does not play ("dazed") is S004 at its line.
func TestClashCustomSpellConditionsU76(t *testing.T) {
	for _, cond := range []string{"stunned", "blinded", "poisoned", "charmed", "dazed"} {
		top := `creatures: brute: {name: "Brute", size: "medium", ac: 12, hp: 20, speed: {walk: 30}
	abilities: {str: 14, dex: 10, con: 12, int: 8, wis: 10, cha: 8}
	attacks: [{name: "Maul", toHit: 4, reach: 5, damage: "2d6+2", type: "bludgeoning"}]
	spellcasting: {level: 1, dc: 12, spells: {hex: 1}}
}
spells: hex: {name: "Hex", level: 1, range: 30, save: "wis", effect: {condition: "` + cond + `", rounds: 1}}
`
		src := strings.Replace(sprintf(clashTiny, "", top), `creature: "goblin"`, `creature: "brute"`, 1)
		c, list := compileClashText(t, src)
		var codes []string
		for _, d := range list {
			codes = append(codes, d.Code+" "+d.Message)
		}
		all := strings.Join(codes, "\n")
		if cond == "dazed" {
			if !strings.Contains(all, "S004") {
				t.Errorf("condition %q: no S004 in\n%s", cond, all)
			}
			continue
		}
		if c == nil || strings.Contains(all, "S004") {
			t.Fatalf("condition %q refused: %s", cond, all)
		}
		found := false
		for _, s := range c.Spells {
			if s.Effect != nil && s.Effect.Condition == cond {
				found = true
			}
		}
		if !found {
			t.Errorf("condition %q not lowered: %+v", cond, c.Spells)
		}
	}
}
