package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The kobold's Sunlight Sensitivity [SRD]: "While in sunlight, the kobold has disadvantage on
// attack rolls, as well as on Wisdom (Perception) checks that rely on sight." A battle in bright
// light (U-50, U-80: the default) is in sunlight: its attacks have disadvantage, and its passive
// Perception is 5 lower (disadvantage on a passive check [5E-CORE]); in dim light neither.
func TestSunlightSensitivity(t *testing.T) {
	kobold := soldier()
	kobold.ID = "kobold"
	kobold.Traits = []plan.Trait{{Name: plan.TraitSunlightSensitivity}}
	cl := newClash(open(10, 10), []plan.Creature{kobold, soldier()}, []ub{
		{id: "k", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 4}}},
		{id: "s", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 4}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t), Rec: &Log{}})
	b.round = 1
	k, s := b.standActor(0), b.standActor(1)
	if _, dis := b.attackMods(&k, Ref{RefStand, 1}, true, false); !dis {
		t.Error("a kobold's attack in bright light without disadvantage")
	}
	if _, dis := b.attackMods(&s, Ref{RefStand, 0}, true, false); dis {
		t.Error("the soldier's attack on it with disadvantage")
	}
	if got := b.senses(&b.s.cr[0]); got != -5 {
		t.Errorf("its passive Perception %+d in bright light, want -5", got)
	}
	b.s.dark = lightDim
	if _, dis := b.attackMods(&k, Ref{RefStand, 1}, true, false); dis {
		t.Error("a kobold's attack in dim light with disadvantage")
	}
	if got := b.senses(&b.s.cr[0]); got != 0 {
		t.Errorf("its passive Perception %+d in dim light, want 0", got)
	}
}
