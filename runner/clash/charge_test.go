package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// minotaur: the SRD's numbers for the Gore and the Charge (2d8, DC 14, 10 ft), Large, Str save +4.
func minotaur() plan.Creature {
	return plan.Creature{ID: "minotaur", Name: "Minotaur", Size: plan.SizeLarge, AC: 14, HP: 76, Type: "monstrosity",
		Speed: plan.Speeds{Walk: 40}, Abilities: [6]int{4, 0, 3, -2, 3, -1}, Saves: [6]int{4, 0, 3, -2, 3, -1},
		Attacks: []plan.Attack{
			{Name: "Greataxe", ToHit: 6, Reach: 5, Damage: []plan.Damage{{Dice: "2d12+4", Type: "slashing"}}},
			{Name: "Gore", ToHit: 6, Reach: 5, Damage: []plan.Damage{{Dice: "2d8+4", Type: "piercing"}}},
		},
		Traits: []plan.Trait{{Name: plan.TraitCharge, Dice: "2d8", Attack: 1, DC: 14, Push: 10}}}
}

// chargeField: a minotaur stand (Large, 2x2) at 4,4 that ran from runX,runY this round; an ogre
// stand (Large, Str save +4, 59 hp) of the other side at 6,4, adjacent east; extra stands given.
func chargeField(t *testing.T, w int, runX, runY int32, extra []ub) (*Battle, *Log) {
	units := append([]ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 4}}},
		{id: "o", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{6, 4}}},
	}, extra...)
	cl := newClash(open(w, 10), []plan.Creature{minotaur(), ogre(), soldier()}, units, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	return b, l
}

func (b *Battle) ran(i int32, x, y int32) {
	b.round = 1
	b.turnUnit = b.st[i].unit
	b.st[i].runFrom, b.st[i].runRound = y*int32(b.w)+x, 1
}

// U-3 (the seed: 「ミノタウロスのスタンドは敵スタンドを2マスまで押しやることができる」), U-76: the
// minotaur stand ran 2 squares east (2,4 -> 4,4: 10 ft at 5 ft a square) and gores the ogre
// beyond: d20 15 + 6 = 21 vs AC 11, hit; 2d8+4 = 3 + 4 + 4 = 11 plus the Charge's 2d8 = 5 + 6 = 11:
// 22, 59 -> 37. Strength save DC 14: d20 2 + 4 = 6, failed: pushed 2 squares east (6,4 -> 8,4) and
// prone.
func TestChargePushesAndKnocksProneU3U76(t *testing.T) {
	b, l := chargeField(t, 12, 0, 0, nil)
	b.Reset(Config{Dice: script(t, 15, 3, 4, 5, 6, 2), Rec: l})
	b.ran(0, 2, 4)
	m := b.standActor(0)
	b.attack(&m, 1, Ref{RefStand, 1}, false)
	o := &b.st[1]
	if o.hp != 37 || o.x != 8 || o.y != 4 || o.cond&cProne == 0 {
		t.Errorf("ogre %d hp at %d,%d cond %b; want 37 hp at 8,4 prone\n%s", o.hp, o.x, o.y, o.cond, logText(l))
	}
	txt := logText(l)
	// U-76 [5E-CORE] prone: the line says what prone does, as the restrained and paralyzed lines do.
	for _, want := range []string{"attack, charge", "o 1 is pushed 2 squares", "o 1 is prone (charge by m 1): attacks against it " +
		"have advantage from an adjacent square (within 5 ft) and disadvantage from farther, its attacks have disadvantage, " +
		"standing up costs half its speed [U-76]"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}

// A run that is not straight toward the target (from 4,2 south to 4,4, the ogre east) is no
// charge: 3 + 4 + 4 = 11, 59 -> 48, no save, no push.
func TestChargeNeedsStraightRunU76(t *testing.T) {
	b, l := chargeField(t, 12, 0, 0, nil)
	b.Reset(Config{Dice: script(t, 15, 3, 4), Rec: l})
	b.ran(0, 4, 2)
	m := b.standActor(0)
	b.attack(&m, 1, Ref{RefStand, 1}, false)
	if o := &b.st[1]; o.hp != 48 || o.x != 6 || o.cond != 0 {
		t.Errorf("ogre %d hp at %d,%d cond %b; want 48 at 6,4, no condition\n%s", o.hp, o.x, o.y, o.cond, logText(l))
	}
}

// Default of push: an occupied square stops it. A soldier stand at 9,4 (the ogre's 2x2 would
// cover 8..9 after 2 squares): pushed 1 of 2 squares, to 7,4.
func TestPushBlockedU3(t *testing.T) {
	b, l := chargeField(t, 12, 0, 0, []ub{{id: "s", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{9, 4}}}})
	b.Reset(Config{Dice: script(t, 15, 3, 4, 5, 6, 2), Rec: l})
	b.ran(0, 2, 4)
	m := b.standActor(0)
	b.attack(&m, 1, Ref{RefStand, 1}, false)
	if o := &b.st[1]; o.x != 7 || !strings.Contains(logText(l), "pushed 1 of 2 squares, 6,4 -> 7,4 (charge by m 1), stopped by s 1") {
		t.Errorf("ogre at %d,%d; want 7,4 stopped by s 1\n%s", o.x, o.y, logText(l))
	}
}

// U-32: 「意図してにせよ、意図せずにせよ、グリッドで示されているエリアの外へ移動したなら…排除さ
// れる」: on a grid 9 wide the ogre (6..7) pushed 2 east would cover 8..9: off the grid after one
// square: fled, removed.
func TestPushOffGridFleesU32(t *testing.T) {
	b, l := chargeField(t, 9, 0, 0, nil)
	b.Reset(Config{Dice: script(t, 15, 3, 4, 5, 6, 2), Rec: l})
	b.ran(0, 2, 4)
	m := b.standActor(0)
	b.attack(&m, 1, Ref{RefStand, 1}, false)
	if b.st[1].on {
		t.Errorf("ogre still on the grid\n%s", logText(l))
	}
	if !strings.Contains(logText(l), "pushed off the grid") {
		t.Errorf("no push off the grid in\n%s", logText(l))
	}
}

// U-76 [5E-CORE] prone: an adjacent attacker has advantage (the minotaur's greataxe: d20s 3, 17),
// a distant one disadvantage; the prone stand's own attacks have disadvantage; standing up at the
// start of its turn costs half its speed: 40 ft = 8 squares (U-3), 8 - 4 = 4.
func TestProneU76(t *testing.T) {
	b, l := chargeField(t, 12, 0, 0, nil)
	b.Reset(Config{Dice: script(t, 3, 17, 1, 1), Rec: l})
	o := Ref{RefStand, 1}
	b.addEffect(effect{target: o, src: Ref{Kind: RefNone}, sp: -1, cond: cProne}, "charge by m 1")
	m := b.standActor(0)
	if adv, dis := b.attackMods(&m, o, true, false); !adv || dis {
		t.Errorf("adjacent attack on a prone stand: adv %v dis %v, want advantage", adv, dis)
	}
	b.attack(&m, 0, o, false) // d20s 3, 17 -> 17 + 6 = 23: hit, 2d12+4 = 1 + 1 + 4 = 6
	if b.st[1].hp != 53 {
		t.Errorf("ogre %d hp, want 59 - 6 = 53\n%s", b.st[1].hp, logText(l))
	}
	oa := b.standActor(1)
	if adv, dis := b.attackMods(&oa, Ref{RefStand, 0}, true, false); adv || !dis {
		t.Errorf("a prone stand's attack: adv %v dis %v, want disadvantage", adv, dis)
	}
	b.st[0].x = 0 // the minotaur away: 4 squares off
	far := b.standActor(0)
	if adv, dis := b.attackMods(&far, o, false, false); adv || !dis {
		t.Errorf("a distant attack on a prone stand: adv %v dis %v, want disadvantage", adv, dis)
	}
	rose, _, able := b.startOfTurn(o)
	b.st[1].rose = rose
	if !rose || !able || b.st[1].cond != 0 {
		t.Fatalf("standing up: rose %v able %v cond %b", rose, able, b.st[1].cond)
	}
	if s := b.speedOfStand(1, false); s != 4 {
		t.Errorf("speed after standing up %d, want 8 - 4 = 4", s)
	}
}

// The minotaur's Reckless [SRD] (U-76): from the start of its turn its melee attacks have
// advantage and attacks against it have advantage until its next turn.
func TestRecklessU76(t *testing.T) {
	cl := newClash(open(12, 10), []plan.Creature{minotaur(), ogre(), soldier()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 4}}},
		{id: "o", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{6, 4}}},
	}, nil)
	cl.Creatures[0].Traits = append(cl.Creatures[0].Traits, plan.Trait{Name: plan.TraitReckless})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t), Rec: &Log{}})
	b.round = 1
	b.standsStartTurn(0)
	m, o := b.standActor(0), b.standActor(1)
	if adv, _ := b.attackMods(&m, Ref{RefStand, 1}, true, false); !adv || !b.st[0].reck {
		t.Error("a reckless minotaur's melee attack without advantage")
	}
	if adv, _ := b.attackMods(&o, Ref{RefStand, 0}, true, false); !adv {
		t.Error("an attack on a reckless minotaur without advantage")
	}
}

// The bugbear's Surprise Attack [SRD] with U-79: in round 1, a hit on a surprised unit's stand
// takes 2d6 more: spear d20 15 + 3 = 18 vs AC 12, 1d6+1 = 3 + 1 = 4, plus 2 + 2: 8, 10 -> 2. In round 2
// the same hit is 4 only.
func TestSurpriseAttackU79(t *testing.T) {
	sneak := soldier()
	sneak.ID = "sneak"
	sneak.Traits = []plan.Trait{{Name: plan.TraitSurpriseAttack, Dice: "2d6"}}
	cl := newClash(open(10, 10), []plan.Creature{sneak, soldier()}, []ub{
		{id: "s", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 4}}},
		{id: "v", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 4}}},
	}, nil)
	cl.Units[1].Surprised = true
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t, 15, 3, 2, 2, 15, 3), Rec: l})
	b.round = 1
	s := b.standActor(0)
	b.attack(&s, 0, Ref{RefStand, 1}, false)
	if b.st[1].hp != 2 {
		t.Errorf("surprised soldier %d hp, want 10 - 8 = 2\n%s", b.st[1].hp, logText(l))
	}
	b.round = 2
	b.st[1].hp = 10
	b.attack(&s, 0, Ref{RefStand, 1}, false)
	if b.st[1].hp != 6 {
		t.Errorf("round 2: %d hp, want 10 - 4 = 6\n%s", b.st[1].hp, logText(l))
	}
}

// U-3, U-53: a stand pushed carries its joined solo, and the push line says so (it did not: the
// solo ended two squares away without a word). Soldier stand s 1 at 5,5 with hero h joined, pushed
// 2 squares from a space at 3,5 (west of it): east, 5,5 -> 7,5, the hero with it.
func TestPushCarriesJoinedSoloU3U53(t *testing.T) {
	cl := newClash(open(12, 10), []plan.Creature{soldier(), hero()}, []ub{
		{id: "s", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 5}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	b.push(Ref{RefStand, 0}, box{3, 5, 1}, 2, "test")
	if s, h := &b.st[0], &b.so[0]; s.x != 7 || s.y != 5 || h.x != 7 || h.y != 5 || h.stand != 0 {
		t.Errorf("s 1 at %d,%d, h at %d,%d joined to %d; want both at 7,5, h joined to s 1", s.x, s.y, h.x, h.y, h.stand)
	}
	if want := "s 1 is pushed 2 squares, 5,5 -> 7,5 (test), carrying h (joined) [U-3]"; !strings.Contains(logText(l), want) {
		t.Errorf("transcript lacks %q\n%s", want, logText(l))
	}
}
