package pathfinder

import (
	"strings"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// abilityOf is what a file must give a published ability in of (the choice it takes), or nil.
var abilityOf = map[string][]string{
	"favored enemy": {"undead"}, "hex": {"healing"}, "hunter's bond": {"companions"}, "immunity": {"fear"},
	"mobility": {"swamp"}, "tactician": {"Cavalry Experts"}, "wild shape": {"flight"},
}

// Every published army special ability (P-1; Ultimate Campaign, Mass Combat, "Special Abilities":
// 96 entries from Ability Damage/Drain to Wild Shape, Ability Damage/Drain being two names, so 97)
// is a name sortie plays: AbilityOf knows it, vetting it alone gives no M010 ("is not a published
// army ability" is false of each), and sortie explain has its page (published text and sortie's
// reading). Every kind sortie has is some published name's (none invented), and has a reading.
// Order is left out of the vet: it warns on purpose without challenge (TestAbilityWarnings).
func TestEveryPublishedAbility(t *testing.T) {
	names := pfarmy.PublishedAbilityNames()
	if len(names) != 97 {
		t.Errorf("%d published names, want 97", len(names))
	}
	var kinds pfarmy.AbilitySet
	for _, n := range names {
		k := pfarmy.AbilityOf(n)
		if k == pfarmy.AbGeneric {
			t.Errorf("%s: not a published ability to sortie", n)
			continue
		}
		kinds = kinds.With(k)
		if pub, text, reading, ok := pfarmy.AbilityPage(strings.ToUpper(n)); !ok || pub != n || text == "" || reading == "" {
			t.Errorf("%s: page %q %q %q %t", n, pub, text, reading, ok)
		}
		if n == "order" {
			continue
		}
		ab := pfarmy.Ability{Name: n, Of: abilityOf[n]}
		if k.TakesValue() {
			ab.Value = 2
		}
		a := with(big("A"), ab)
		if n == "tactician" {
			a.Tactics = []pfarmy.Tactic{pfarmy.TacCavalryExperts}
			a.Abilities = append(a.Abilities, pfarmy.Ability{Name: "mount"})
		}
		for _, f := range pfarmy.Check(&a, pfarmy.Options{}) {
			if f.Code == pfarmy.CodeAbility {
				t.Errorf("%s: %s %s", n, f.Code, f.Message)
			}
		}
	}
	for k := pfarmy.AbBleed; k < pfarmy.NumAbilityKinds; k++ {
		if !kinds.Has(k) {
			t.Errorf("kind %s has no published name", k)
		}
	}
	if _, _, _, ok := pfarmy.AbilityPage("war drums"); ok {
		t.Errorf("an author's own ability has a published page")
	}
}
