package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// U-76, U-3: the library's spells without damage and the minotaur's Charge lower to the plan with
// the SRD's numbers: hold person paralyzes humanoids on a failed Wisdom save, repeated at the end of
// each turn, concentration, 1 minute = 1 round (U-1); web restrains (Str escape) for 1 hour = 60
// rounds; bless gives +1d4 to allies; the Charge rides on the Gore (attack 1 of Greataxe, Gore),
// 2d8, DC 14, 10 ft; Reckless is played; Labyrinthine Recall says it does nothing (noEffect).
func TestClashEffectsLowerU76(t *testing.T) {
	top := `creatures: cleric: {name: "Cleric", size: "medium", ac: 13, hp: 27, speed: {walk: 30}
	abilities: {str: 10, dex: 10, con: 12, int: 10, wis: 16, cha: 10}
	attacks: [{name: "Mace", toHit: 2, reach: 5, damage: "1d6", type: "bludgeoning"}]
	spellcasting: {ability: "wis", level: 5, dc: 13, toHit: 5, spells: {bless: 2, "hold person": 2, web: 1}}
}
`
	src := sprintf(clashTiny, "", top)
	src = strings.Replace(src, `creature: "goblin"`, `creature: "cleric"`, 1)
	src = strings.Replace(src, `creature: "hobgoblin"`, `creature: "minotaur"`, 1)
	src = strings.Replace(src, `[{at: [9, 4]}]`, `[{at: [8, 3]}]`, 1)
	c, list := compileClashText(t, src)
	if c == nil {
		t.Fatalf("refused: %v", list)
	}
	byID := map[string]plan.Spell{}
	for _, s := range c.Spells {
		byID[s.ID] = s
	}
	hp := byID["hold-person"]
	if e := hp.Effect; e == nil || e.Condition != plan.CondParalyzed || !e.Repeat || !e.Concentration || e.CreatureType != "humanoid" ||
		e.Rounds != 1 || hp.Resolve != plan.ResolveSave || hp.Save != "wis" || hp.Targets != 1 {
		t.Errorf("hold person: %+v %+v", hp, hp.Effect)
	}
	if e := byID["web"].Effect; e == nil || e.Condition != plan.CondRestrained || e.Escape != "str" || e.Rounds != 60 || !e.EnterSave {
		t.Errorf("web: %+v", e)
	}
	if e := byID["bless"].Effect; e == nil || e.Attack != "1d4" || e.Save != "1d4" || !e.Ally || byID["bless"].Targets != 3 ||
		byID["bless"].Resolve != plan.ResolveAuto {
		t.Errorf("bless: %+v", byID["bless"])
	}
	m := planCreatureOf(c, "minotaur")
	if len(m.Traits) != 2 || m.Traits[0] != (plan.Trait{Name: plan.TraitCharge, Dice: "2d8", Attack: 1, DC: 14, Push: 10}) ||
		m.Traits[1].Name != plan.TraitReckless {
		t.Errorf("minotaur traits %+v", m.Traits)
	}
}

// A Charge without its numbers, or riding on an attack the stat block lacks, is refused at its
// line (U014, U012); an effect that does nothing is U014.
func TestClashEffectChecks(t *testing.T) {
	top := `creatures: brute: {name: "Brute", size: "medium", ac: 12, hp: 20, speed: {walk: 30}
	abilities: {str: 14, dex: 10, con: 12, int: 8, wis: 10, cha: 8}
	attacks: [{name: "Maul", toHit: 4, reach: 5, damage: "2d6+2", type: "bludgeoning"}]
	traits: [{name: "Charge", attack: "Gore", dice: "2d8", dc: 14}]
	spellcasting: {level: 1, dc: 12, spells: {glow: 1}}
}
spells: glow: {name: "Glow", level: 1, range: 30, effect: {rounds: 1}}
`
	src := strings.Replace(sprintf(clashTiny, "", top), `creature: "goblin"`, `creature: "brute"`, 1)
	_, list := compileClashText(t, src)
	var got []string
	for _, d := range list {
		got = append(got, d.Code+" "+d.Message)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{`U012 creature brute charge: no attack "Gore"`, "U014 spell glow: an effect with no condition"} {
		if !strings.Contains(all, want) {
			t.Errorf("findings lack %q:\n%s", want, all)
		}
	}
}

// U015 for the library (U-76: never silence): a library creature the battle uses with a trait the
// engine does not simulate and the library does not mark noEffect (the priest's Divine
// Eminence, a bonus action) is a warning at the line that names the creature; the knight's traits are marked
// noEffect and the scout's keen senses are played: neither warns.
func TestClashLibraryTraitWarnsU015(t *testing.T) {
	src := sprintf(clashTiny, "", "")
	src = strings.Replace(src, `creature: "goblin"`, `creature: "priest"`, 1)
	src = strings.Replace(src, `creature: "hobgoblin"`, `creature: "knight"`, 1)
	c, list := compileClashText(t, src)
	if c == nil {
		t.Fatalf("refused: %v", list)
	}
	if len(list) != 1 || list[0].Code != "U015" || list[0].Pos.Line != 8 || !strings.Contains(list[0].Message, `"Divine Eminence"`) {
		t.Errorf("findings %v, want one U015 at line 8 (the priest unit) naming Divine Eminence", list)
	}
}

// U-76: the library's sources of blinded, charmed and stunned lower with the SRD 5.1 numbers:
// Blindness/Deafness (2nd, 30 ft, Con save, blinded, the save repeated at the end of each turn, 1
// minute = 1 round, U-1), Charm Person (1st, 30 ft, Wis save with advantage, humanoids, ends on
// harm, 1 hour = 60 rounds), Power Word Stun (8th, 60 ft, no save, stunned at 150 hp or fewer, a
// Con save at the end of each turn). A repeatSave on a save spell, or advantage on a spell with no
// save, is U014.
func TestClashConditionSpellsLowerU76(t *testing.T) {
	top := `creatures: witch: {name: "Witch", size: "medium", ac: 12, hp: 40, speed: {walk: 30}
	abilities: {str: 9, dex: 14, con: 11, int: 17, wis: 12, cha: 11}
	attacks: [{name: "Dagger", toHit: 5, reach: 5, damage: "1d4+2", type: "piercing"}]
	spellcasting: {ability: "int", level: 17, dc: 17, toHit: 9, spells: {"blindness deafness": 2, "charm person": 2, "power word stun": 1}}
}
`
	src := strings.Replace(sprintf(clashTiny, "", top), `creature: "goblin"`, `creature: "witch"`, 1)
	c, list := compileClashText(t, src)
	if c == nil {
		t.Fatalf("refused: %v", list)
	}
	byID := map[string]plan.Spell{}
	for _, s := range c.Spells {
		byID[s.ID] = s
	}
	bd, cp, pws := byID["blindness-deafness"], byID["charm-person"], byID["power-word-stun"]
	if e := bd.Effect; e == nil || bd.Level != 2 || bd.Range != 30 || bd.Resolve != plan.ResolveSave || bd.Save != "con" ||
		e.Condition != plan.CondBlinded || !e.Repeat || e.Concentration || e.Rounds != 1 {
		t.Errorf("blindness/deafness: %+v %+v", bd, bd.Effect)
	}
	if e := cp.Effect; e == nil || cp.Level != 1 || cp.Save != "wis" || e.Condition != plan.CondCharmed || !e.Advantage ||
		e.CreatureType != "humanoid" || !e.EndsOnDamage || e.Rounds != 60 || e.Concentration {
		t.Errorf("charm person: %+v %+v", cp, cp.Effect)
	}
	if e := pws.Effect; e == nil || pws.Level != 8 || pws.Range != 60 || pws.Resolve != plan.ResolveAuto ||
		e.Condition != plan.CondStunned || e.RepeatSave != "con" || e.MaxHP != 150 || e.Repeat || e.Rounds != 0 {
		t.Errorf("power word stun: %+v %+v", pws, pws.Effect)
	}

	bad := strings.Replace(src, `spells: {"blindness deafness"`, `spells: {daze: 1, lure: 1, "blindness deafness"`, 1) +
		`spells: daze: {name: "Daze", level: 1, range: 30, save: "con", effect: {condition: "stunned", repeatSave: "con"}}
spells: lure: {name: "Lure", level: 1, range: 30, effect: {condition: "charmed", advantage: true}}
`
	_, list = compileClashText(t, bad)
	var got []string
	for _, d := range list {
		got = append(got, d.Code+" "+d.Message)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"U014 spell daze: repeatSave is for a spell with no save", "U014 spell lure: advantage: true gives advantage"} {
		if !strings.Contains(all, want) {
			t.Errorf("findings lack %q:\n%s", want, all)
		}
	}
}

// U-76 (never silence): U015's catalogue entry (sortie explain U015) names every trait the engine
// plays (clashTraits) and both places the warning is given: a battle's own stat block and a
// library creature's (checkLibraryTraits), with noEffect as the way to say a trait does nothing.
func TestClashTraitDocCurrentU76(t *testing.T) {
	info, ok := diag.Lookup(codeClashTrait)
	if !ok {
		t.Fatal("U015 is not in the catalogue")
	}
	doc := strings.Join(strings.Fields(info.Doc), " ")
	for _, name := range clashTraits {
		if !strings.Contains(doc, name) {
			t.Errorf("U015's text does not name the played trait %q:\n%s", name, info.Doc)
		}
	}
	for _, want := range []string{"library", "names the creature", "noEffect"} {
		if !strings.Contains(doc, want) {
			t.Errorf("U015's text lacks %q:\n%s", want, info.Doc)
		}
	}
}
