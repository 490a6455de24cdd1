package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The knight's Brave [SRD]: "The knight has advantage on saving throws against being frightened"
// (U-76 sends conditions to 5e). Knight k (Wis save +2) against fear (frightened, DC 13) rolls two
// d20 and keeps the higher: [5, 12] -> 12 + 2 = 14 vs DC 13, saved (one die: 5 + 2 = 7 would
// fail). Against hold person (paralyzed, not frightened) the same 5 is one die: 5 + 2 = 7, fails.
func TestBraveAgainstFearU76(t *testing.T) {
	k := hero()
	k.Saves[plan.AbWis] = 2
	k.Traits = []plan.Trait{{Name: plan.TraitBrave}}
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric(), k}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
	}, []plan.ClashSolo{{ID: "k", Side: 1, Creature: 2, Unit: -1, At: [2]int{7, 7}}})
	cl.Spells = append(fxSpells(), plan.Spell{ID: "fear", Name: "Fear", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
		Area: &plan.Area{Shape: plan.AreaCone, Size: 30}, Effect: &plan.SpellEffect{Condition: plan.CondFrightened, Concentration: true, Rounds: 1}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t, 5, 12, 5), Rec: l})
	b.round = 1
	if !b.save(Ref{RefSolo, 0}, plan.AbWis, 13, false, false, "Fear") {
		t.Errorf("brave knight failed fear's save with [5, 12] + 2 vs DC 13\n%s", logText(l))
	}
	if !strings.Contains(logText(l), "brave") {
		t.Errorf("the advantage does not say brave:\n%s", logText(l))
	}
	if b.save(Ref{RefSolo, 0}, plan.AbWis, 13, false, false, "Hold Person") {
		t.Errorf("brave gave advantage against hold person: 5 + 2 = 7 vs DC 13 saved\n%s", logText(l))
	}
}
