package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Part U rules no test cited before issue 21, each worked by hand.

// U-4: 「ガルガンチュア・サイズのクリーチャーは常にソロ」: a stand of a gargantuan creature is refused
// at setup; the same creature as a solo sets up.
func TestGargantuanStandU4(t *testing.T) {
	g := ogre()
	g.ID, g.Size = "dragon", plan.SizeGargantuan
	cl := newClash(open(10, 10), []plan.Creature{soldier(), g}, []ub{
		{id: "d", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 9}}},
	}, nil)
	if _, err := NewSetup(cl, clashrules.Options{}); err == nil || !strings.Contains(err.Error(), "U-4") {
		t.Errorf("a gargantuan stand: %v", err)
	}
	cl = newClash(open(10, 10), []plan.Creature{soldier(), g}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 9}}},
	}, []plan.ClashSolo{{ID: "d", Side: 0, Creature: 1, Unit: -1, At: [2]int{0, 2}}})
	mustSetup(t, cl, clashrules.Options{})
}

// U-7 (types may mix in a unit) and U-24 (each unit's starting stand count is recorded): a unit of
// a mage stand and a soldier stand sets up with 2 stands of two creatures, start = alive = 2.
func TestMixedUnitAndStartU7U24(t *testing.T) {
	b := mixedUnit(t, "march")
	b.Reset(Config{})
	u := &b.un[0]
	if u.n != 2 || b.st[u.first].cr == b.st[u.first+1].cr || u.start != 2 || u.alive != 2 {
		t.Errorf("unit: %d stands, creatures %d %d, start %d alive %d; want 2 of two creatures, start 2", u.n,
			b.st[u.first].cr, b.st[u.first+1].cr, u.start, u.alive)
	}
}

// U-11: an unattached solo may pass through an allied skirmisher stand but not end there, and
// enter an allied regiment stand only to join it (U-51).
func TestUnattachedSoloMovementU11(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "sk", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{2, 1}}},
		{id: "rg", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{0, 1}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	m := b.moverOfSolo(0, -1)
	if pass, end := b.squareRule(&m, 1*10+2); !pass || end {
		t.Errorf("skirmisher stand: pass %v end %v, want pass, no end", pass, end)
	}
	if pass, end := b.squareRule(&m, 1*10+4); pass || end {
		t.Errorf("regiment stand, not joining: pass %v end %v, want neither", pass, end)
	}
	mj := b.moverOfSolo(0, 1)
	if pass, end := b.squareRule(&mj, 1*10+4); !pass || !end {
		t.Errorf("regiment stand, joining it: pass %v end %v, want both", pass, end)
	}
}

// U-12: a commander is always a solo joined to a stand of the unit it commands: a commander named
// for a unit while unattached is refused at setup.
func TestCommanderJoinedU12(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}, cmd: 1},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{0, 2}}})
	if _, err := NewSetup(cl, clashrules.Options{}); err == nil || !strings.Contains(err.Error(), "U-12") {
		t.Errorf("an unattached commander: %v", err)
	}
}

// U-17: isolation is not a movement restriction: a regiment stand at 0,1 (its fellow at 1,1) may
// end its 6-square move at 4,0 (round its fellow: 0,0 1,0 2,0 3,0 4,0, 5 squares), 3 + 1 = 4 from
// the fellow, isolated, under the Default; with integrity: required that end is dropped.
func TestIsolationNotARestrictionU17(t *testing.T) {
	for _, tc := range []struct {
		o        clashrules.Options
		farOffer bool
	}{{clashrules.Options{}, true}, {clashrules.Options{Integrity: clashrules.IntegrityRequired}, false}} {
		cl := newClash(open(10, 3), []plan.Creature{soldier()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 1}, {0, 1}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 2}}},
		}, nil)
		b := NewBattle(mustSetup(t, cl, tc.o))
		b.Reset(Config{})
		st := &b.st[1]
		m := b.moverOfStand(1, false)
		b.reach(&m, st.x, st.y, 6)
		b.keepIntegrity(1)
		far := false
		for _, q := range b.mv.ends {
			if q == 0*10+4 {
				far = true
			}
		}
		if far != tc.farOffer {
			t.Errorf("%+v: 4,0 (isolated, 4 from its fellow) offered %v, want %v", tc.o.Integrity, far, tc.farOffer)
		}
	}
}

// U-25: a solo placed joined counts as having joined already: on turn 1 its action is free (it
// is offered attack, not join), and it is part of its stand (no square of its own).
func TestPreJoinedSoloU25(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.round = 1
	if b.so[0].stand != 0 || b.occ[0] != 0 {
		t.Errorf("the solo is not part of stand 0 (stand %d, square 0,0 held by %d)", b.so[0].stand, b.occ[0])
	}
	if !b.actionLegal(-1, 0, ActAttack) || b.actionLegal(-1, 0, ActJoin) {
		t.Errorf("turn 1: attack %v join %v, want attack only", b.actionLegal(-1, 0, ActAttack), b.actionLegal(-1, 0, ActJoin))
	}
}

// U-28, U-57: a stand at 0 hp keeps acting until the end of the round: a casualty whose unit has
// not yet acted attacks (d20 15 + 3 = 18 vs AC 12: hit, 1d6+1 = 4 + 1 = 5) and is removed only at
// the end of the round.
func TestCasualtyActsU28(t *testing.T) {
	cl := newClash(open(4, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	ch := &picker{t: t, answers: map[Ask][]string{AskAction: {"attack"}}}
	b.Reset(Config{Dice: script(t, 15, 4), Rec: &l, Chooser: ch})
	b.round = 1
	b.st[0].hp, b.st[0].cas = 0, true
	b.unitTurn(0)
	if b.st[1].hp != 10-5 || !b.st[0].on {
		t.Errorf("enemy %d hp (want 5), casualty on the grid %v\n%s", b.st[1].hp, b.st[0].on, logText(&l))
	}
	b.eliminateCasualties()
	if b.st[0].on {
		t.Errorf("the casualty stays after the end of the round")
	}
}

// U-32: a stand moved off the grid has fled and is eliminated: off the grid, its unit's alive
// count 1 -> 0, its squares empty.
func TestLeavingTheGridU32(t *testing.T) {
	cl := newClash(open(4, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Rec: &l})
	b.moveStand(0, Flee)
	if b.st[0].on || b.un[0].alive != 0 || b.occ[0] >= 0 {
		t.Errorf("fled stand: on %v, alive %d, square 0,0 held by %d\n%s", b.st[0].on, b.un[0].alive, b.occ[0], logText(&l))
	}
}

// U-35: a melee attack needs a target in an adjacent square: the spear (reach 5 ft, no range)
// reaches the enemy at 1,0 (distance 1), not one at 2,0 (distance 2).
func TestMeleeAdjacentU35(t *testing.T) {
	for _, tc := range []struct {
		x  int
		ok bool
	}{{1, true}, {2, false}} {
		cl := newClash(open(4, 1), []plan.Creature{soldier()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{tc.x, 0}}},
		}, nil)
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		b.Reset(Config{})
		at := b.standActor(0)
		ok, melee, _ := b.canTarget(&at, &at.cr.attacks[0], Ref{RefStand, 1})
		if ok != tc.ok || ok && !melee {
			t.Errorf("enemy at %d,0: ok %v melee %v, want %v", tc.x, ok, melee, tc.ok)
		}
	}
}

// U-38, U-37: a spell's range is measured as a weapon's: fire bolt's 120 ft is floor((120 + 10) /
// 20) = 6 squares; a mage stand at 0,0 may target an enemy stand at 6,0 (6 away), not at 7,0.
func TestSpellRangeU38(t *testing.T) {
	for _, tc := range []struct {
		x  int
		ok bool
	}{{6, true}, {7, false}} {
		cl := newClash(open(10, 1), []plan.Creature{soldier(), mage()}, []ub{
			{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{tc.x, 0}}},
		}, nil)
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		b.Reset(Config{})
		at := b.standActor(0)
		if got := b.spellTargetable(&at, &b.s.sp[1], Ref{RefStand, 1}); got != tc.ok {
			t.Errorf("enemy at %d,0: targetable %v, want %v", tc.x, got, tc.ok)
		}
	}
}

// U-76: a stand is one creature of the standard rules for resistances: a soldier stand resistant
// to fire takes half of a fire bolt's 2d10 = 7 + 6 = 13: floor(13 / 2) = 6; 10 -> 4 hp.
func TestStandResistanceU76(t *testing.T) {
	fireproof := soldier()
	fireproof.Resistances = []string{"fire"}
	cl := newClash(open(10, 1), []plan.Creature{fireproof, mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 15, 7, 6), Rec: &l}) // attack 15 + 6 = 21 vs AC 12: hit
	at := b.standActor(0)
	b.castTargeted(&at, &at.cr.spells[1], &b.s.sp[1], Ref{RefStand, 1})
	if b.st[1].hp != 4 {
		t.Errorf("resistant stand %d hp, want 10 - 13 / 2 = 4\n%s", b.st[1].hp, logText(&l))
	}
}

// U-77: a solo's speed in squares is its speed ÷ 5 like a stand's: the hero's 30 ft is 6 squares,
// 12 when it dashes.
func TestSoloSpeedU77(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{0, 0}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	if a, d := b.speedOfSolo(0, false), b.speedOfSolo(0, true); a != 6 || d != 12 {
		t.Errorf("solo speed %d, dashing %d; want 30 / 5 = 6 and 12", a, d)
	}
}

// U-83: a regiment that Configures uses the new configuration's speed from its next turn on: it
// switched to Defend this turn (cfg) but moves at March speed (6) until its next turn starts, then
// at half (3).
func TestConfigureTimingU83(t *testing.T) {
	b := oneUnit(t, open(10, 10), soldier(), "march", clashrules.Options{})
	b.un[0].cfg = cfgDefend
	if got := b.speedOfStand(0, false); got != 6 {
		t.Errorf("the turn it configured: speed %d, want 6", got)
	}
	b.un[0].speedCfg = b.un[0].cfg // what unitTurn does at the start of its next turn
	if got := b.speedOfStand(0, false); got != 3 {
		t.Errorf("the next turn: speed %d, want 6 / 2 = 3", got)
	}
}

// U-85: a joined solo's action is its own: a Defend regiment may not Attack (U-48), its joined
// hero may.
func TestJoinedSoloNotBoundByDefendU85(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "defend", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 0}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	if b.actionLegal(0, -1, ActAttack) || !b.actionLegal(-1, 0, ActAttack) {
		t.Errorf("unit attack %v (want false), joined solo attack %v (want true)", b.actionLegal(0, -1, ActAttack), b.actionLegal(-1, 0, ActAttack))
	}
}

// U-86: several stands of a unit may attack the same target: soldier stands at 1,0 and 1,2 both
// spear the enemy stand at 1,1 (hits: 15 + 3 = 18 and 14 + 3 = 17 vs AC 12; damage 1d6+1 = 2 + 1
// and 3 + 1): 10 - 3 - 4 = 3 hp.
func TestFocusFireU86(t *testing.T) {
	cl := newClash(open(3, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{1, 0}, {1, 2}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 15, 2, 14, 3), Rec: &l})
	b.round, b.turnUnit = 1, 0
	b.unitAttack(0, false)
	if b.st[2].hp != 3 {
		t.Errorf("target %d hp, want 10 - 3 - 4 = 3\n%s", b.st[2].hp, logText(&l))
	}
}

// U-59: the end of the round runs in order: casualties eliminated (1) before the morale check (3):
// a unit of two stands, one a casualty, loses half its stands when the casualty is removed and then
// checks morale (DC 10 Wisdom: d20 12 + 0 = 12, holds).
func TestEndOfRoundOrderU59(t *testing.T) {
	cl := newClash(open(6, 2), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 12), Rec: &l})
	b.round = 1
	b.st[1].hp, b.st[1].cas = 0, true
	b.endOfRound()
	text := logText(&l)
	removed, morale := strings.Index(text, "a 2 is eliminated"), strings.Index(text, "(morale)")
	if removed < 0 || morale < 0 || removed > morale || b.un[0].broken {
		t.Errorf("removal at %d, morale at %d (want removal first), broken %v\n%s", removed, morale, b.un[0].broken, text)
	}
}
