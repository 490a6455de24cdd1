package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Fear (SRD): "While frightened by this spell, a creature must take the Dash action and move away
// from you by the safest available route on each of its turns" (U-76 sends conditions to 5e;
// fear.go plays the safest route as the farthest). The solo k (speed 30 ft = 6 squares, U-3;
// Dash doubles it to 12) at 7,7 is frightened by the cleric's stand at 5,2 (U-2 distance
// 2 + 5 = 7). On its turn it takes no chosen action: it dashes, to the one square of the 10x10
// grid farthest from 5,2 that 12 orthogonal steps reach: 0,9 (5 + 7 = 12 away; 9,9 is 4 + 7 = 11;
// from 7,7 it is 7 + 2 = 9 steps).
func TestFearDashesAwayU76(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric(), hero()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 0}}},
	}, []plan.ClashSolo{{ID: "k", Side: 1, Creature: 2, Unit: -1, At: [2]int{7, 7}}})
	cl.Spells = append(fxSpells(), plan.Spell{ID: "fear", Name: "Fear", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
		Area: &plan.Area{Shape: plan.AreaCone, Size: 30}, Effect: &plan.SpellEffect{Condition: plan.CondFrightened, Concentration: true, Rounds: 10}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	at := b.standActor(0)
	b.spellEffect(&at, &b.s.sp[4], Ref{RefSolo, 0}, 13)
	if !b.afraid(Ref{RefSolo, 0}) {
		t.Fatalf("k not frightened\n%s", logText(l))
	}
	b.soloTurn(0)
	so := &b.so[0]
	if so.x != 0 || so.y != 9 {
		t.Errorf("frightened k ended at %d,%d, want 0,9 (12 from the cleric)\n%s", so.x, so.y, logText(l))
	}
	if !strings.Contains(logText(l), "k: dash") {
		t.Errorf("k's action is not the Dash:\n%s", logText(l))
	}
}

// Fear (SRD): "must take the Dash action and move away from you ... unless there is nowhere to
// move". The soldiers' stand e at 5,5 is frightened by the cleric's stand at 5,4, next to it, so
// U-30's adjacency lock holds it: nowhere to move. Its action went to the Dash, so it does not
// attack the cleric beside it whatever its unit chose (no die is rolled: the script has none), and
// it stays at 5,5.
func TestFearStandCannotFleeU76(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 4}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
	}, nil)
	cl.Spells = append(fxSpells(), plan.Spell{ID: "fear", Name: "Fear", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
		Area: &plan.Area{Shape: plan.AreaCone, Size: 30}, Effect: &plan.SpellEffect{Condition: plan.CondFrightened, Concentration: true, Rounds: 10}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	at := b.standActor(0)
	b.spellEffect(&at, &b.s.sp[4], Ref{RefStand, 1}, 13)
	b.unitTurn(1)
	if st := &b.st[1]; !st.busy || st.x != 5 || st.y != 5 {
		t.Errorf("frightened stand: busy %v at %d,%d, want busy at 5,5\n%s", st.busy, st.x, st.y, logText(l))
	}
	if strings.Contains(logText(l), "e 1 ->") {
		t.Errorf("the frightened stand attacked:\n%s", logText(l))
	}
}
