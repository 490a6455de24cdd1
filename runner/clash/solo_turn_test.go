package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-13, U-26, U-53 (the Default in canTakeCommand; seed: 「そのターンにおいて、ソロは通常通りに
// 自分のアクションを取る」, and the initiative counts 「そのターンの開始時にユニットの所属していた
// ソロ」): a solo that joined a unit on its own turn has had its turn this round. Within the
// unit's turn later that round it moves with its stand and takes neither the bonus action that
// takes command nor an action; in the next round's unit turn it takes command (its one bonus
// action) and acts. Unit a (two soldier stands at 0,0 and 1,0, no commander) and the hero h,
// joined to a's stand 2 as its own turn's action (marked done as soloTurn marks it); the enemy
// stand at 59,3 is 58 + 3 = 61 squares from 1,0: two Dashes of 12 squares (U-49) leave it 37
// away, beyond every melee reach: no dice are rolled.
func TestJoinedOnOwnTurnActsNextRoundU13U53(t *testing.T) {
	cl := newClash(open(60, 4), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}}},
		{id: "c", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{59, 3}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{2, 0}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	// h's own turn: it enters stand 2's square and joins (U-51); its turn is over.
	b.so[0].x, b.so[0].y = 1, 0
	b.join(0, 1)
	b.so[0].done = true
	b.unitTurn(0)
	text := logText(l)
	if strings.Contains(text, "h takes command") || b.un[0].cmd != -1 {
		t.Errorf("h took command within a's turn of the round it joined on its own turn (U-13, U-53):\n%s", text)
	}
	if strings.Contains(text, "h: ") {
		t.Errorf("h acted twice in round 1 (U-53: its turn was its own):\n%s", text)
	}
	if got, want := b.soloBox(0), b.standBox(1); got != want || want.x == 1 {
		t.Errorf("h's space %v, its stand's %v: h did not move with its moved stand (U-53)", got, want)
	}
	// Round 2: a new round, one turn for h, the unit's: its bonus action takes command.
	b.round = 2
	b.un[0].done, b.so[0].done = false, false
	l.Events = l.Events[:0]
	b.unitTurn(0)
	text = logText(l)
	if !strings.Contains(text, "h takes command of a") || b.un[0].cmd != 0 {
		t.Errorf("h did not take command in a's turn of round 2 (U-13):\n%s", text)
	}
	if !strings.Contains(text, "h: ") {
		t.Errorf("h took no turn within a's in round 2 (U-53):\n%s", text)
	}
}
