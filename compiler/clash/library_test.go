package clash

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/schema/srd"
)

// The bundled SRD 5.1 library: its size, its shapes, its attribution, and numbers read off the
// SRD 5.1 text by hand.

func TestClashLibraryContents(t *testing.T) {
	lib, err := srdLibrary()
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.creatureIDs) < 12 || len(lib.spellIDs) < 8 {
		t.Errorf("%d creatures, %d spells; the issue asks for 12 and 8", len(lib.creatureIDs), len(lib.spellIDs))
	}
	shapes := map[string]bool{}
	for _, s := range lib.spells {
		if s.Area != nil {
			shapes[s.Area.Shape.V] = true
		}
	}
	for _, sh := range clashShapes {
		if !shapes[sh] {
			t.Errorf("no library spell with a %s area", sh)
		}
	}
	// Every library entry meets the standard of a battle's own stat blocks: no finding at all.
	var list diag.List
	p := &clashPass{b: &clashBattle{Pos: diag.Pos{File: "srd"}}, lib: lib, list: &list, check: clashStatBlockCheck,
		own: map[string]*clashCreature{}, ownSpells: map[string]*clashSpell{}}
	for _, id := range lib.creatureIDs {
		c := lib.creatures[id]
		p.checkCreature(c)
		if c.Casting != nil {
			for _, k := range c.Casting.Spells {
				if p.spell(k.Name) == nil {
					t.Errorf("library creature %s casts %q, which the library lacks", id, k.Name.V)
				}
			}
		}
	}
	for _, id := range lib.spellIDs {
		p.checkSpell(lib.spells[id])
	}
	for _, d := range list {
		if d.Code != codeClashTrait { // the library lists every SRD trait by name
			t.Errorf("library: %s", d)
		}
	}
}

// TestClashAttribution: the folder carries the attribution statement the SRD 5.1's licence
// asks for, word for word.
func TestClashAttribution(t *testing.T) {
	text := strings.Join(strings.Fields(srd.Attribution()), " ")
	want := `This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available at https://creativecommons.org/licenses/by/4.0/legalcode.`
	if !strings.Contains(text, want) {
		t.Errorf("ATTRIBUTION.md lacks the SRD 5.1 statement:\n%s", text)
	}
}

// libraryPlan compiles a battle that fields every library creature as a solo, so that the test
// can read each lowered stat block.
func libraryPlan(t *testing.T) *plan.Clash {
	t.Helper()
	lib, err := srdLibrary()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("kind: \"battle\"\nrules: \"clash\"\nid: \"library\"\nversion: 1\n")
	b.WriteString("battlefield: {width: 100, height: 10}\nsides: {a: {}, b: {}}\n")
	b.WriteString("units: u: {side: \"b\", type: \"skirmisher\", creature: \"goblin\", stands: [{at: [0, 9]}]}\n")
	b.WriteString("objectives: {x: {side: \"a\", attrition: 10}, y: {side: \"b\", when: round: 1, vp: 10}}\nsolos: {\n")
	for i, id := range lib.creatureIDs {
		fmt.Fprintf(&b, "\ts%d: {creature: %q, side: \"a\", at: [%d, 0]}\n", i, id, 4*i)
	}
	b.WriteString("}\n")
	dir := t.TempDir()
	f := filepath.Join(dir, "library.cue")
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	c, list, err := compiler.CompileClash([]string{f}, compiler.Options{WorkDir: dir})
	if err != nil || c == nil {
		t.Fatalf("CompileClash: %v %v", list, err)
	}
	return c
}

func planCreature(t *testing.T, c *plan.Clash, id string) plan.Creature {
	t.Helper()
	for _, cr := range c.Creatures {
		if cr.ID == id {
			return cr
		}
	}
	t.Fatalf("no creature %s in the plan", id)
	return plan.Creature{}
}

func planSpell(t *testing.T, c *plan.Clash, id string) plan.Spell {
	t.Helper()
	for _, s := range c.Spells {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no spell %s in the plan", id)
	return plan.Spell{}
}

// TestClashLibrarySRD compares lowered stat blocks with the SRD 5.1 text, typed from it by hand
// (ability modifiers as the SRD prints them beside the scores).
func TestClashLibrarySRD(t *testing.T) {
	c := libraryPlan(t)

	// Hobgoblin: Medium, AC 18, HP 11, Speed 30 ft; STR 13 (+1) DEX 12 (+1) CON 12 (+1) INT 10
	// (+0) WIS 10 (+0) CHA 9 (-1); Martial Advantage 2d6; Longsword +3, reach 5 ft, 1d8 + 1
	// slashing; Longbow +3, range 150/600 ft, 1d8 + 1 piercing.
	h := planCreature(t, c, "hobgoblin")
	wantH := plan.Creature{ID: "hobgoblin", Name: "Hobgoblin", Pos: h.Pos, Size: plan.SizeMedium, AC: 18, HP: 11,
		Speed: plan.Speeds{Walk: 30}, Abilities: [6]int{1, 1, 1, 0, 0, -1}, Saves: [6]int{1, 1, 1, 0, 0, -1},
		Skills: plan.Skills{Stealth: 1, Perception: 0, Intimidation: -1, Persuasion: -1},
		Attacks: []plan.Attack{
			{Name: "Longsword", ToHit: 3, Reach: 5, Damage: []plan.Damage{{Dice: "1d8+1", Type: "slashing"}}},
			{Name: "Longbow", ToHit: 3, Range: 150, LongRange: 600, Damage: []plan.Damage{{Dice: "1d8+1", Type: "piercing"}}},
		},
		Traits: []plan.Trait{{Name: plan.TraitMartialAdvantage, Dice: "2d6"}}, CR: "1/2", Type: "humanoid (goblinoid)"}
	if !reflect.DeepEqual(h, wantH) {
		t.Errorf("hobgoblin:\n got %+v\nwant %+v", h, wantH)
	}

	// Knight: AC 18, HP 52; STR 16 (+3) ... CHA 15 (+2); Saving Throws Con +4, Wis +2 (the
	// others are the modifiers); Multiattack: two melee attacks, Greatsword +5, 2d6 + 3; Brave
	// ("advantage on saving throws against being frightened") is played (U-76, fear), the only trait.
	k := planCreature(t, c, "knight")
	if k.AC != 18 || k.HP != 52 || k.Saves != [6]int{3, 0, 4, 0, 2, 2} || !reflect.DeepEqual(k.Multiattack, [][]int{{0, 0}}) ||
		k.Attacks[0].Damage[0].Dice != "2d6+3" || k.Skills.Persuasion != 2 ||
		!reflect.DeepEqual(k.Traits, []plan.Trait{{Name: plan.TraitBrave}}) {
		t.Errorf("knight: %+v", k)
	}

	// Scout: two melee attacks or two ranged attacks: routines [[0, 0], [1, 1]]; Stealth +6,
	// Perception +5.
	s := planCreature(t, c, "scout")
	if !reflect.DeepEqual(s.Multiattack, [][]int{{0, 0}, {1, 1}}) || s.Skills.Stealth != 6 || s.Skills.Perception != 5 {
		t.Errorf("scout: %+v", s)
	}

	// Mage: a 9th-level spellcaster, spell save DC 14, +6 to hit; fire bolt at 9th level deals
	// 2d10 (it grows by 1d10 at 5th); fireball 3 casts (3rd-level slots), cone of cold 1.
	m := planCreature(t, c, "mage")
	if m.Saves[plan.AbInt] != 6 || m.Saves[plan.AbWis] != 4 || m.Abilities[plan.AbInt] != 3 {
		t.Errorf("mage saves: %+v", m)
	}
	uses := map[string]plan.KnownSpell{}
	for _, ks := range m.Spells {
		uses[c.Spells[ks.Spell].ID] = ks
	}
	if fb := uses["fire-bolt"]; fb.Uses != 0 || fb.DC != 14 || fb.Attack != 6 || !reflect.DeepEqual(fb.Damage, []plan.Damage{{Dice: "2d10", Type: "fire"}}) {
		t.Errorf("mage fire bolt: %+v", fb)
	}
	if uses["fireball"].Uses != 3 || uses["cone-of-cold"].Uses != 1 || uses["magic-missile"].Uses != 4 || uses["ice-storm"].Uses != 3 {
		t.Errorf("mage uses: %+v", uses)
	}

	// Priest: Wisdom 16 (+3): cure wounds heals 1d8 + 3; sacred flame at 5th level 2d8.
	pr := planCreature(t, c, "priest")
	for _, ks := range pr.Spells {
		switch c.Spells[ks.Spell].ID {
		case "cure-wounds":
			if ks.Heal != "1d8+3" || ks.Uses != 2 {
				t.Errorf("priest cure wounds: %+v", ks)
			}
		case "sacred-flame":
			if !reflect.DeepEqual(ks.Damage, []plan.Damage{{Dice: "2d8", Type: "radiant"}}) {
				t.Errorf("priest sacred flame: %+v", ks)
			}
		}
	}

	// Hill Giant: Huge (3x3, U-5), Greatclub reach 10 ft (a reach weapon, U-36), 3d8 + 5.
	g := planCreature(t, c, "hill-giant")
	if g.Size.Space() != 3 || g.Attacks[0].Reach != 10 || g.Attacks[0].Damage[0].Dice != "3d8+5" || g.HP != 105 {
		t.Errorf("hill giant: %+v", g)
	}
	// Lizardfolk swim 30 ft; giant eagle fly 80 ft; skeleton vulnerable to bludgeoning, immune
	// to poison; zombie Undead Fortitude.
	if l := planCreature(t, c, "lizardfolk"); l.Speed != (plan.Speeds{Walk: 30, Swim: 30}) {
		t.Errorf("lizardfolk speed %+v", l.Speed)
	}
	if e := planCreature(t, c, "giant-eagle"); e.Speed != (plan.Speeds{Walk: 10, Fly: 80}) {
		t.Errorf("giant eagle speed %+v", e.Speed)
	}
	if sk := planCreature(t, c, "skeleton"); !reflect.DeepEqual(sk.Vulnerabilities, []string{"bludgeoning"}) || !reflect.DeepEqual(sk.Immunities, []string{"poison"}) {
		t.Errorf("skeleton: %+v", sk)
	}
	if z := planCreature(t, c, "zombie"); !reflect.DeepEqual(z.Traits, []plan.Trait{{Name: plan.TraitUndeadFortitude}}) || z.Saves[plan.AbWis] != 0 || z.Abilities[plan.AbWis] != -2 {
		t.Errorf("zombie: %+v", z)
	}

	// Spells: fireball 3rd level, 150 ft, a 20-ft-radius sphere, Dex save, 8d6 fire, half on a
	// success; cone of cold Self, a 60-ft cone, Con, 8d8 cold; ice storm 300 ft, 20-ft radius
	// cylinder, 2d8 bludgeoning and 4d6 cold; magic missile three darts of 1d4 + 1 force, no roll.
	if f := planSpell(t, c, "fireball"); !reflect.DeepEqual(f, plan.Spell{ID: "fireball", Name: "Fireball", Pos: f.Pos, Level: 3, Range: 150,
		Resolve: plan.ResolveSave, Save: "dex", HalfOnSave: true, Damage: []plan.Damage{{Dice: "8d6", Type: "fire"}},
		Area: &plan.Area{Shape: plan.AreaSphere, Size: 20}}) {
		t.Errorf("fireball: %+v", f)
	}
	if cc := planSpell(t, c, "cone-of-cold"); !cc.Self || cc.Range != 0 || cc.Save != "con" || *cc.Area != (plan.Area{Shape: plan.AreaCone, Size: 60}) {
		t.Errorf("cone of cold: %+v", cc)
	}
	if is := planSpell(t, c, "ice-storm"); len(is.Damage) != 2 || is.Damage[1] != (plan.Damage{Dice: "4d6", Type: "cold"}) || is.Range != 300 || is.Area.Shape != plan.AreaCylinder {
		t.Errorf("ice storm: %+v", is)
	}
	if mm := planSpell(t, c, "magic-missile"); mm.Resolve != plan.ResolveAuto || mm.Targets != 3 || mm.Damage[0].Dice != "1d4+1" {
		t.Errorf("magic missile: %+v", mm)
	}
	if cw := planSpell(t, c, "cure-wounds"); cw.Resolve != plan.ResolveHeal || cw.Range != 5 || cw.Heal != "1d8" {
		t.Errorf("cure wounds: %+v", cw)
	}
}
