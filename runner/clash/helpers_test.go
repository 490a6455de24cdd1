package clash

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Test creatures: simple numbers so rule tests can be worked out by hand. They are fixtures, not
// SRD stat blocks (the bundled library is the compiler's).
func soldier() plan.Creature {
	return plan.Creature{ID: "soldier", Name: "Soldier", Size: plan.SizeMedium, AC: 12, HP: 10,
		Speed: plan.Speeds{Walk: 30}, Abilities: [6]int{1, 1, 1, 0, 0, 0}, Saves: [6]int{1, 1, 1, 0, 0, 0},
		Attacks: []plan.Attack{{Name: "Spear", ToHit: 3, Reach: 5, Damage: []plan.Damage{{Dice: "1d6+1", Type: "piercing"}}}}}
}

func archer() plan.Creature {
	return plan.Creature{ID: "archer", Name: "Archer", Size: plan.SizeMedium, AC: 12, HP: 8,
		Speed: plan.Speeds{Walk: 30}, Abilities: [6]int{0, 2, 0, 0, 1, 0}, Saves: [6]int{0, 2, 0, 0, 1, 0},
		Attacks: []plan.Attack{
			{Name: "Dagger", ToHit: 4, Reach: 5, Range: 20, LongRange: 60, Damage: []plan.Damage{{Dice: "1d4+2", Type: "piercing"}}},
			{Name: "Shortbow", ToHit: 4, Range: 80, LongRange: 320, Damage: []plan.Damage{{Dice: "1d6+2", Type: "piercing"}}},
		}}
}

func ogre() plan.Creature {
	return plan.Creature{ID: "ogre", Name: "Ogre", Size: plan.SizeLarge, AC: 11, HP: 59,
		Speed: plan.Speeds{Walk: 40}, Abilities: [6]int{4, -1, 3, -3, -2, -2}, Saves: [6]int{4, -1, 3, -3, -2, -2},
		Attacks: []plan.Attack{{Name: "Greatclub", ToHit: 6, Reach: 5, Damage: []plan.Damage{{Dice: "2d8+4", Type: "bludgeoning"}}}}}
}

func hero() plan.Creature {
	return plan.Creature{ID: "hero", Name: "Hero", Size: plan.SizeMedium, AC: 16, HP: 40,
		Speed: plan.Speeds{Walk: 30}, Abilities: [6]int{3, 1, 2, 0, 1, 3}, Saves: [6]int{5, 1, 4, 0, 1, 3},
		Skills:      plan.Skills{Intimidation: 5, Persuasion: 5, Perception: 1, Stealth: 1},
		Attacks:     []plan.Attack{{Name: "Longsword", ToHit: 6, Reach: 5, Damage: []plan.Damage{{Dice: "1d8+3", Type: "slashing"}}}},
		Multiattack: [][]int{{0, 0}}}
}

func mage() plan.Creature {
	return plan.Creature{ID: "mage", Name: "Mage", Size: plan.SizeMedium, AC: 12, HP: 30,
		Speed: plan.Speeds{Walk: 30}, Abilities: [6]int{-1, 2, 0, 3, 1, 0}, Saves: [6]int{-1, 2, 0, 6, 4, 0},
		Attacks: []plan.Attack{{Name: "Dagger", ToHit: 5, Reach: 5, Damage: []plan.Damage{{Dice: "1d4+2", Type: "piercing"}}}},
		Spells:  []plan.KnownSpell{{Spell: 0, DC: 14, Uses: 2}, {Spell: 1, Attack: 6}}}
}

func testSpells() []plan.Spell {
	return []plan.Spell{
		{ID: "fireball", Name: "Fireball", Level: 3, Range: 150, Resolve: plan.ResolveSave, Save: "dex", HalfOnSave: true,
			Damage: []plan.Damage{{Dice: "8d6", Type: "fire"}}, Area: &plan.Area{Shape: plan.AreaSphere, Size: 20}},
		{ID: "fire bolt", Name: "Fire Bolt", Level: 0, Range: 120, Resolve: plan.ResolveAttack,
			Damage: []plan.Damage{{Dice: "2d10", Type: "fire"}}, Targets: 1},
	}
}

// build makes a battle: rows of terrain; units as "side:type:creature@x,y x,y ..." strings.
type ub struct {
	id, typ, cfg string
	side         int
	cr           int
	at           [][2]int
	cmd          int // commander: solo cmd-1; 0 none
}

func newClash(rows []string, creatures []plan.Creature, units []ub, solos []plan.ClashSolo) *plan.Clash {
	c := &plan.Clash{Format: plan.ClashFormat, Version: plan.Version, ID: "test",
		Grid:      plan.ClashGrid{Width: len(rows[0]), Height: len(rows), Rows: rows},
		Creatures: creatures, Spells: testSpells(),
		Sides: [2]plan.ClashSide{{ID: "west"}, {ID: "east"}}, Solos: solos}
	for _, u := range units {
		pu := plan.ClashUnit{ID: u.id, Side: u.side, Type: plan.UnitType(u.typ), Config: plan.Config(u.cfg), Commander: u.cmd - 1}
		for _, a := range u.at {
			pu.Stands = append(pu.Stands, plan.ClashStand{Creature: u.cr, At: a})
		}
		c.Units = append(c.Units, pu)
	}
	return c
}

func mustSetup(t testing.TB, c *plan.Clash, o clashrules.Options) *Setup {
	t.Helper()
	s, err := NewSetup(c, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// faces is a dice.Source giving fixed faces (and failing the test when it runs out).
type faces struct {
	t  testing.TB
	f  []int
	at int
}

func (d *faces) Roll(sides int) int {
	if d.at >= len(d.f) {
		d.t.Fatalf("dice ran out after %d rolls (a d%d asked)", d.at, sides)
	}
	v := d.f[d.at]
	d.at++
	if v > sides {
		d.t.Fatalf("roll %d: face %d on a d%d", d.at, v, sides)
	}
	return v
}

func script(t testing.TB, f ...int) *faces { return &faces{t: t, f: f} }

// logText renders the events of a log, one a line.
func logText(l *Log) string {
	var b strings.Builder
	for _, e := range l.Events {
		fmt.Fprintf(&b, "%s [%s]\n", e.Line(), e.Rule())
	}
	return b.String()
}

var _ dice.Source = (*faces)(nil)
