package clash

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/clash"
)

// compileClashText compiles one battle file's text; it returns the plan (nil on errors) and the
// findings.
func compileClashText(t *testing.T, src string) (*plan.Clash, []diag.Diagnostic) {
	t.Helper()
	dir := t.TempDir()
	f := filepath.Join(dir, "battle.cue")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c, list, err := compiler.CompileClash([]string{f}, compiler.Options{WorkDir: dir})
	if err != nil {
		t.Fatalf("CompileClash: %v", err)
	}
	return c, list
}

const clashTiny = `kind: "battle"
rules: "clash"
id: "tiny"
version: 1
battlefield: {width: 10, height: 5%s}
sides: {a: {}, b: {}}
units: {
	g: {side: "a", type: "skirmisher", creature: "goblin", stands: [{at: [0, 0]}]}
	h: {side: "b", type: "regiment", configuration: "march", creature: "hobgoblin", stands: [{at: [9, 4]}]}
}
objectives: {x: {side: "a", attrition: 10}, y: {side: "b", attrition: 10}}
%s`

// U-50: 「視認困難な地形や、照明の欠如といった状態によって…隠れようと試みることができる」: the
// battlefield's light and heavily obscured rectangles lower to the plan: dark as "dark"; the
// rectangle [1, 1]..[2, 2] on a 10-wide grid is squares 11, 12, 21, 22 (y * 10 + x), the single
// square [0, 4] is 40; bright lowers to nothing. An obscured area off the grid is U001 at its line.
func TestClashLightAndObscuredU50(t *testing.T) {
	c, list := compileClashText(t, sprintf(clashTiny, `, light: "dark", obscured: [{at: [1, 1], to: [2, 2]}, {at: [0, 4]}]`, ""))
	if c == nil {
		t.Fatalf("refused: %v", list)
	}
	if c.Grid.Light != plan.LightDark || !reflect.DeepEqual(c.Grid.Obscured, []int{11, 12, 21, 22, 40}) {
		t.Errorf("light %q obscured %v, want dark [11 12 21 22 40]", c.Grid.Light, c.Grid.Obscured)
	}
	c, _ = compileClashText(t, sprintf(clashTiny, `, light: "bright"`, ""))
	if c == nil || c.Grid.Light != "" || c.Grid.Obscured != nil {
		t.Errorf("bright: %+v", c)
	}
	_, list = compileClashText(t, sprintf(clashTiny, `, obscured: [{at: [1, 1], to: [12, 2]}]`, ""))
	found := false
	for _, d := range list {
		if d.Code == "U001" && d.Pos.Line == 5 {
			found = true
		}
	}
	if !found {
		t.Errorf("an obscured area off the grid: %v", list)
	}
}

// sprintf fills the two %s of clashTiny (the battlefield's extra fields, then extra top-level
// fields) without fmt's verbs elsewhere in the text.
func sprintf(tmpl, field, top string) string {
	s := strings.Replace(tmpl, "%s", field, 1)
	return strings.Replace(s, "%s", top, 1)
}

// U-6, U-34: the schema says an attack's damage is "dice as printed, or a number": a battle's own
// creature with damage "10" vets clean and the engine sets it up (before issue 21 `sortie battle`
// refused it: "no dice to roll"), its plan carrying "10".
func TestClashFixedDamageU6(t *testing.T) {
	top := `creatures: brute: {name: "Brute", size: "medium", ac: 12, hp: 20, speed: {walk: 30}
	abilities: {str: 14, dex: 10, con: 12, int: 8, wis: 10, cha: 8}
	attacks: [{name: "Maul", toHit: 4, reach: 5, damage: "10", type: "bludgeoning"}]
}
`
	src := strings.Replace(sprintf(clashTiny, "", top), `creature: "goblin"`, `creature: "brute"`, 1)
	c, list := compileClashText(t, src)
	if c == nil || len(list) > 0 {
		t.Fatalf("refused or findings: %v", list)
	}
	if got := planCreatureOf(c, "brute").Attacks[0].Damage[0].Dice; got != "10" {
		t.Errorf("damage %q, want 10", got)
	}
	if _, err := clash.NewSetup(c, clashrules.Options{}); err != nil {
		t.Errorf("the engine refuses it: %v", err)
	}
}

func planCreatureOf(c *plan.Clash, id string) plan.Creature {
	for _, cr := range c.Creatures {
		if cr.ID == id {
			return cr
		}
	}
	return plan.Creature{}
}

// U-76: a trait the engine does not simulate is a warning at its line, never silence; a trait may
// carry its stat block's text. The brute's "Trample" (with its text) gets U015, a warning, at the
// line it is written on; "Pack Tactics" (simulated) is not reported.
func TestClashTraitNotSimulatedWarnsU76(t *testing.T) {
	top := `creatures: brute: {name: "Brute", size: "medium", ac: 12, hp: 20, speed: {walk: 30}
	abilities: {str: 14, dex: 10, con: 12, int: 8, wis: 10, cha: 8}
	attacks: [{name: "Maul", toHit: 4, reach: 5, damage: "2d6+2", type: "bludgeoning"}]
	traits: [{name: "Pack Tactics"},
		{name: "Trample", text: "If it moves at least 20 ft straight toward a creature and hits it, the target must save or be knocked prone."}]
}
`
	src := strings.Replace(sprintf(clashTiny, "", top), `creature: "goblin"`, `creature: "brute"`, 1)
	c, list := compileClashText(t, src)
	if c == nil {
		t.Fatalf("refused: %v", list)
	}
	want := strings.Count(src[:strings.Index(src, `{name: "Trample"`)], "\n") + 1
	if len(list) != 1 || list[0].Code != "U015" || list[0].Severity != diag.Warning || list[0].Pos.Line != want ||
		!strings.Contains(list[0].Message, `"Trample"`) {
		t.Errorf("findings %v, want one U015 warning at line %d naming Trample", list, want)
	}
}
