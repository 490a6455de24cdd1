package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// U-15 [AI]: a regiment advances together. A (30 ft: 6 squares) at 0,2 and B (10 ft: 10 / 5 = 2
// squares) at 0,3 march on an enemy at 11,2. Running ahead to 6,2 would leave B isolated (B can
// come no nearer than 2,3, four squares from 6,2); the tactical policy stops A where B, moving
// second with 2 squares, can still come adjacent: within 2 + 1 = 3 of 0,3. B ends beside A.
func TestRegimentAdvancesTogetherU15(t *testing.T) {
	slow := soldier()
	slow.ID, slow.Speed.Walk = "slow", 10
	cl := newClash(open(12, 6), []plan.Creature{soldier(), slow}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 2}, {0, 3}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{11, 2}}},
	}, nil)
	cl.Units[0].Stands[1].Creature = 1
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.round, b.turnUnit = 1, 0
	b.moveUnit(0, ActAttack, 1)
	a, s := b.standBox(0), b.standBox(1)
	if d := Distance(clashrules.Manhattan, int(a.x), int(a.y), 0, 3); d > 3 || d < 1 {
		t.Errorf("A moved to %d,%d, %d from B's start 0,3: want 1..3", a.x, a.y, d)
	}
	if !adjacent(a, s) || b.isolatedStand(1) {
		t.Errorf("B at %d,%d is not beside A at %d,%d", s.x, s.y, a.x, a.y)
	}
}

// U-69 [AI]: a solo that is the nearest of its side to a zone objective goes for it, even away
// from its stands (isolation, U-15, is the price). Solo s (30 ft: 6 squares) at 1,0 beside its
// side's stand at 0,0; the zone is 10,5 on an open 12 x 6 field, 9 + 5 = 14 from s; the stand is
// 15 away. With no enemy within reach the solo dashes (U-49: 6 + 6 = 12 squares) towards it:
// 14 - 12 = 2 from the zone.
func TestSoloGoesForZoneU69(t *testing.T) {
	cl := newClash(open(12, 6), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{11, 0}}},
	}, []plan.ClashSolo{{ID: "s", Side: 0, Creature: 1, At: [2]int{1, 0}, Unit: -1, Stand: -1}})
	cl.Objectives = []plan.ClashObjective{
		{ID: "hold", Side: 0, Kind: plan.ObjCustom, VP: 1, Repeat: true,
			When: &plan.ClashCond{Op: plan.ClashIn, Side: 0, Unit: -1, Zone: [][2]int{{10, 5}}, Count: 1}},
		{ID: "kill", Side: 1, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 0, VP: 10}}},
	}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.round = 1
	b.soloTurn(0)
	so := &b.so[0]
	if d := Distance(clashrules.Manhattan, int(so.x), int(so.y), 10, 5); d != 2 {
		t.Errorf("solo at %d,%d, %d from the zone: want 14 - 12 = 2", so.x, so.y, d)
	}
}

// U-34, U-57 [AI]: a stand does not spend its Multiattack on a casualty (it falls at the end of
// the round anyway) when another attack has a live target. T (two maces or a crossbow) beside
// casualty z 1, with z 2 four squares off (crossbow 100 ft: (100 + 10) / 20 = 5 squares): the
// crossbow (routine 3: Multiattack, mace, crossbow).
func TestRoutineSkipsCasualtyU57(t *testing.T) {
	tough := soldier()
	tough.ID = "tough"
	tough.Attacks = []plan.Attack{
		{Name: "Mace", ToHit: 4, Reach: 5, Damage: []plan.Damage{{Dice: "1d6+2", Type: "bludgeoning"}}},
		{Name: "Crossbow", ToHit: 2, Range: 100, LongRange: 400, Damage: []plan.Damage{{Dice: "1d10", Type: "piercing"}}},
	}
	tough.Multiattack = [][]int{{0, 0}}
	cl := newClash(open(8, 3), []plan.Creature{tough, soldier()}, []ub{
		{id: "t", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "skirmisher", cr: 1, at: [][2]int{{1, 0}, {4, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.st[1].hp, b.st[1].cas = 0, true
	b.round, b.turnUnit = 1, 0
	if op := b.decideRoutine(0); op.Value != 2 {
		t.Errorf("routine %d, want 2 (the crossbow)", op.Value)
	}
}

// Issue 21's lapse: a solo joined a stand that was already a casualty (it leaves the grid at the
// end of the round, U-60, and the solo with it is left unattached again, U-54). The hero k at 1,1
// is isolated (U-15: no allied stand within 2 squares); a's stand at 1,4 (3 squares) is a
// casualty, b's at 4,4 (6 squares) is not: the tactical policy joins b's, and with only the
// casualty in reach it does not choose Join at all.
func TestTacticalJoinsNoCasualtyU51U60(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 4}}},
		{id: "b", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 4}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 9}}},
	}, []plan.ClashSolo{{ID: "k", Side: 0, Creature: 1, Unit: -1, At: [2]int{1, 1}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.round = 1
	b.st[0].cas, b.st[0].hp = true, 0
	if got := b.decideJoin(0); got != 1 {
		t.Errorf("k joins stand %d, want 1 (b 1; a 1 is a casualty)", got)
	}
	b.st[1].on = false
	b.fill(-1, 4, 4, 1)
	if b.anyJoinableStanding(0) {
		t.Error("only a casualty in reach, yet the policy would choose Join")
	}
}

// Issue 21's lapse: a casting regiment in Defend always reconfigured. Defend forbids the Attack
// action only (U-48; seed: 「"攻撃"アクションを使うことができない」), so mages in Defend at 1,1 with
// the soldiers' stand at 1,5 in Fire Bolt's range (120 ft, (120 + 10) / 20 = 6 squares, U-37) and
// out of their daggers' reach cast: the policy wants Cast, not Configure. Soldiers in Defend, with
// no spell, still reconfigure.
func TestTacticalDefendCastsU48(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "defend", cr: 1, at: [][2]int{{1, 1}}},
		{id: "s", side: 0, typ: "regiment", cfg: "defend", cr: 0, at: [][2]int{{3, 1}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 5}}},
	}, nil)
	cl.Spells = testSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.round = 1
	if got := b.tacWant(0, -1); got != ActCast {
		t.Errorf("mages in Defend want %s, want cast", got)
	}
	if got := b.tacWant(1, -1); got != ActConfigure {
		t.Errorf("soldiers in Defend want %s, want configure", got)
	}
}
