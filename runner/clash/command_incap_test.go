package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// incapBattle: unit a (west) led by the hero h (Wis save +1), a second hero g joined to a without
// command, and the cleric's stand c (east) that casts hold person (DC 13) on them.
func incapBattle(t *testing.T, dice ...int) (*Battle, *Log) {
	t.Helper()
	h := hero()
	h.Type = "humanoid"
	cl := newClash(open(8, 4), []plan.Creature{soldier(), h, cleric()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}}, cmd: 1},
		{id: "c", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{6, 3}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}, {ID: "g", Side: 0, Creature: 1, Unit: 0, Stand: 1}})
	cl.Spells = fxSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t, dice...), Rec: l})
	b.round = 1
	return b, l
}

// U-13 (seed: 「またアクションを取ることができなくなったなら、もはや指揮官としての役割を果たさなくなる」) and
// U-76 (5e: a paralyzed creature is incapacitated, and an incapacitated creature "can't take
// actions or reactions"; no bonus action either): the commander h fails hold person's save
// (d20 4 + 1 = 5 vs DC 13), so it stops commanding a at once; g, paralyzed too (d20 2 + 1 = 3),
// cannot take command, so a's commander's bonus action has no choice left (Prepare, Incite and
// Rally need a commander).
func TestIncapacitatedCommanderU13(t *testing.T) {
	b, l := incapBattle(t, 4, 2)
	if b.un[0].cmd != 0 || b.so[0].cmd != 0 {
		t.Fatalf("setup: h does not command a (unit cmd %d, solo cmd %d)", b.un[0].cmd, b.so[0].cmd)
	}
	at := b.standActor(2)
	b.spellEffect(&at, &b.s.sp[0], Ref{RefSolo, 0}, 13)
	if b.so[0].cond&cParalyzed == 0 {
		t.Fatalf("h not paralyzed by 4 + 1 = 5 vs DC 13\n%s", logText(l))
	}
	if b.un[0].cmd != -1 || b.so[0].cmd != -1 {
		t.Errorf("a paralyzed h still commands a: unit cmd %d, solo cmd %d\n%s", b.un[0].cmd, b.so[0].cmd, logText(l))
	}
	if !strings.Contains(logText(l), "h no longer commands a (can no longer act)") {
		t.Errorf("no command-ended line:\n%s", logText(l))
	}
	b.spellEffect(&at, &b.s.sp[0], Ref{RefSolo, 1}, 13)
	if b.so[1].cond&cParalyzed == 0 {
		t.Fatalf("g not paralyzed by 2 + 1 = 3 vs DC 13\n%s", logText(l))
	}
	if op := b.decideCommand(0); op.Cmd != CmdNone {
		t.Errorf("a's bonus action with both heroes paralyzed: %v, want none (no one may take command)", op.Cmd)
	}
}
