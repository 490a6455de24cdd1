package clash

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// U-76: the SRD 5.1 quasit in the library, a source of the poisoned condition. Its Claws are
// "+4 to hit, reach 5 ft. ... Hit: 5 (1d4 + 3) piercing damage, and the target must succeed on a
// DC 10 Constitution saving throw or take 5 (2d4) poison damage and become poisoned for 1 minute.
// The target can repeat the saving throw at the end of each of its turns": onHit save con DC 10,
// 2d4 poison, poisoned for 1 round (U-1: a minute is a round), repeated. "Condition Immunities
// poisoned": its own, the skeleton's and the zombie's.
func TestLibraryQuasitOnHitU76(t *testing.T) {
	src := strings.Replace(sprintf(clashTiny, "", ""), `creature: "goblin"`, `creature: "quasit"`, 1)
	src = strings.Replace(src, `creature: "hobgoblin"`, `creature: "zombie"`, 1)
	c, list := compileClashText(t, src)
	if c == nil {
		t.Fatalf("refused: %v", list)
	}
	q := planCreature(t, c, "quasit")
	want := &plan.OnHit{Save: "con", DC: 10, Damage: []plan.Damage{{Dice: "2d4", Type: "poison"}},
		Effect: &plan.SpellEffect{Condition: plan.CondPoisoned, Rounds: 1, Repeat: true}}
	if len(q.Attacks) != 1 || q.Attacks[0].Name != "Claws" || q.Attacks[0].ToHit != 4 || !reflect.DeepEqual(q.Attacks[0].OnHit, want) {
		t.Errorf("quasit attacks %+v, want Claws +4 with onHit %+v", q.Attacks, want)
	}
	if q.Size != plan.SizeTiny || q.AC != 13 || q.HP != 7 || !reflect.DeepEqual(q.CondImmune, []string{"poisoned"}) {
		t.Errorf("quasit size %s AC %d hp %d condition immunities %v, want tiny 13 7 [poisoned]", q.Size, q.AC, q.HP, q.CondImmune)
	}
	if z := planCreature(t, c, "zombie"); !reflect.DeepEqual(z.CondImmune, []string{"poisoned"}) {
		t.Errorf("zombie condition immunities %v, want [poisoned]", z.CondImmune)
	}
	for _, d := range list {
		if d.Code == "U015" && strings.Contains(d.Message, "quasit") {
			t.Errorf("a quasit trait is not simulated: %v", d)
		}
	}
}

// U014 for an attack's onHit (U-76): dice that do not parse, a rider that does nothing, and a
// rider's effect that cannot land on the one hit (a boon, ground) are errors at their lines.
func TestClashOnHitChecksU014U76(t *testing.T) {
	for _, tc := range []struct{ name, onHit, want string }{
		{"dice", `{save: "con", dc: 10, damage: "2x4", type: "poison"}`, "do not parse"},
		{"nothing", `{save: "con", dc: 10}`, "neither damage nor an effect"},
		{"boon", `{save: "con", dc: 10, effect: {attack: "1d4", ally: true}}`, "lands on the one hit"},
		{"ground", `{save: "con", dc: 10, effect: {condition: "restrained", ground: true}}`, "lands on the one hit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := `creatures: imp: {name: "Imp", size: "small", ac: 12, hp: 10, speed: {walk: 30}
	abilities: {str: 8, dex: 14, con: 10, int: 8, wis: 10, cha: 8}
	attacks: [{name: "Sting", toHit: 4, reach: 5, damage: "1d4+2", type: "piercing",
		onHit: ` + tc.onHit + `}]
}
`
			src := strings.Replace(sprintf(clashTiny, "", top), `creature: "goblin"`, `creature: "imp"`, 1)
			c, list := compileClashText(t, src)
			line := strings.Count(src[:strings.Index(src, "onHit:")], "\n") + 1
			found := false
			for _, d := range list {
				if d.Code == "U014" && strings.Contains(d.Message, tc.want) && d.Pos.Line >= line && d.Pos.Line <= line+1 {
					found = true
				}
			}
			if c != nil || !found {
				t.Errorf("plan %v, findings %v: want a U014 %q at line %d", c != nil, list, tc.want, line)
			}
		})
	}
}
