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

// U-76 fear (SRD: "must take the Dash action and move away from you by the safest available route
// on each of its turns, unless there is nowhere to move") for a joined solo, whose one move is
// U-53's (seed: 「移動の代わりに、スタンドから抜ける（隣接する誰にも占有されていないマス目に入る）」).
// The hero k is joined to the soldiers' stand e 1 at 5,5, 3 squares (U-2) from the cleric's stand at
// 5,2 that frightened it. Its turn: the Dash, and it leaves into the adjacent empty square farthest
// from the cleric: 5,4 is 2 away, 4,5, 6,5 and 5,6 are 1 + 3 = 4 away; the first of those in
// reading order, 4,5. With e's other stands on 4,5, 6,5 and 5,6, only 5,4 (2 < 3) is free: nowhere
// to move; it stays joined, and its action spent on the Dash it attacks no one (the script has no
// die to roll). Leaving, it rolls initiative for its own turns (U-26): one d20, 10.
func TestFearJoinedSoloDashesU53U76(t *testing.T) {
	for _, tc := range []struct {
		stands [][2]int
		joined bool
		x, y   int32
		dice   []int
	}{{[][2]int{{5, 5}}, false, 4, 5, []int{10}}, {[][2]int{{5, 5}, {4, 5}, {6, 5}, {5, 6}}, true, 5, 5, nil}} {
		cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric(), hero()}, []ub{
			{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
			{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: tc.stands},
		}, []plan.ClashSolo{{ID: "k", Side: 1, Creature: 2, Unit: 1, Stand: 0}})
		cl.Spells = append(fxSpells(), plan.Spell{ID: "fear", Name: "Fear", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
			Area: &plan.Area{Shape: plan.AreaCone, Size: 30}, Effect: &plan.SpellEffect{Condition: plan.CondFrightened, Concentration: true, Rounds: 10}})
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		l := &Log{}
		b.Reset(Config{Dice: script(t, tc.dice...), Rec: l})
		b.round = 1
		at := b.standActor(0)
		b.spellEffect(&at, &b.s.sp[4], Ref{RefSolo, 0}, 13)
		b.joinedSoloTurn(0)
		so := &b.so[0]
		x, y := so.x, so.y
		if so.stand >= 0 {
			x, y = b.st[so.stand].x, b.st[so.stand].y
		}
		if (so.stand >= 0) != tc.joined || x != tc.x || y != tc.y {
			t.Errorf("stands %v: k joined %v at %d,%d, want joined %v at %d,%d\n%s", tc.stands, so.stand >= 0, x, y, tc.joined, tc.x, tc.y, logText(l))
		}
		if !strings.Contains(logText(l), "k: dash") {
			t.Errorf("k's action is not the Dash:\n%s", logText(l))
		}
	}
}
