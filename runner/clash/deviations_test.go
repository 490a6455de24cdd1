package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The eight deviations of issue 21, each against the seed's words.

// U-43: 「目標は通常通りにセーヴィング・スローを行なうが、その呪文からは2倍のダメージを受ける」: a
// stand's fireball doubles its damage to every target, an unattached solo too. An ogre solo (2 x 2 at
// 5,5..6,6, 59 hp, DEX save -1) is in the 20-ft sphere at 5,5 (5,5 6,5 5,6 are its squares inside:
// a solo is affected when any of its squares is). 8d6 all 3s = 24; its save 5 - 1 = 4 vs DC 14
// fails: 24 x 2 = 48; 59 - 48 = 11 hp. (Before issue 21: 24, 35 hp.)
func TestStandAreaSpellDoublesToSolosU43(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), mage(), ogre()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 5}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 0}}},
	}, []plan.ClashSolo{{ID: "o", Side: 1, Creature: 2, Unit: -1, At: [2]int{5, 5}}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 3, 3, 3, 3, 3, 3, 3, 3, 5), Rec: &l})
	at := b.standActor(0)
	sp := &b.s.sp[0]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, &at.cr.spells[0], sp, 14, true)
	if b.so[0].hp != 11 {
		t.Errorf("ogre solo %d hp, want 59 - 24 x 2 = 11\n%s", b.so[0].hp, logText(&l))
	}
}

// isoSoloField: a mage stand (side 0) at 0,5; an enemy hero solo (40 hp, DEX save +1) unattached at
// 3,5, isolated (its side's only stand is at 9,9, more than 2 squares off: U-15); 3 squares away,
// in a 120-ft spell's 6 squares (U-37).
func isoSoloField(t *testing.T) *Battle {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), mage(), hero()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{0, 5}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 9}}},
	}, []plan.ClashSolo{{ID: "h", Side: 1, Creature: 2, Unit: -1, At: [2]int{3, 5}}})
	return NewBattle(mustSetup(t, cl, clashrules.Options{}))
}

// U-41: 「ソロはそのセーヴィング・スローに"不利"を受け、セーヴィング・スローに失敗すると2倍のダメー
// ジを受ける」: a stand's save spell (fire bolt made a DEX save, half on a success, DC 14) against an
// isolated solo: the solo saves with disadvantage (two d20s, the lower); damage 2d10 = 5 + 5 = 10.
// A success (15, 14 -> 14 + 1 = 15 >= 14) takes half, 5, not doubled: 40 -> 35. A failure (3, 4 ->
// 3 + 1 = 4) takes double, 20: 40 -> 20. An automatic-hit spell (resolve auto) is never doubled:
// 10, 40 -> 30.
func TestStandSaveSpellOnIsolatedSoloU41(t *testing.T) {
	for _, tc := range []struct {
		name    string
		resolve plan.SpellResolve
		dice    []int
		want    int32
	}{
		{"save made: half, not doubled", plan.ResolveSave, []int{15, 14, 5, 5}, 35},
		{"save failed: doubled", plan.ResolveSave, []int{3, 4, 5, 5}, 20},
		{"automatic hit: not doubled", plan.ResolveAuto, []int{5, 5}, 30},
	} {
		b := isoSoloField(t)
		var l Log
		b.Reset(Config{Dice: script(t, tc.dice...), Rec: &l})
		if !b.soloIsolated(0) {
			t.Fatal("the hero is not isolated")
		}
		at := b.standActor(0)
		sp := b.s.sp[1]
		sp.resolve, sp.save, sp.half = tc.resolve, plan.AbDex, true
		kn := at.cr.spells[1]
		kn.dc = 14
		b.castTargeted(&at, &kn, &sp, Ref{RefSolo, 0})
		if b.so[0].hp != tc.want {
			t.Errorf("%s: hero %d hp, want %d\n%s", tc.name, b.so[0].hp, tc.want, logText(&l))
		}
	}
}

// actionOptions records the options of the non-casters' action question (U-39) and answers with
// the policy.
type actionOptions struct{ got []string }

func (c *actionOptions) Choose(b *Battle, q *Question) int {
	if q.Ask == AskAction && q.Part == PartNonCasters {
		for _, o := range q.Options {
			c.got = append(c.got, o.Name)
		}
	}
	return q.Policy
}

// mixedUnit: a regiment of a mage stand (0,5) and a soldier stand (0,4) in configuration cfg; an
// enemy soldier stand at 1,4, adjacent to the soldier.
func mixedUnit(t *testing.T, cfg string) *Battle {
	cl := newClash(open(10, 10), []plan.Creature{soldier(), mage()}, []ub{
		{id: "m", side: 0, typ: "regiment", cfg: cfg, cr: 1, at: [][2]int{{0, 5}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 4}}},
	}, nil)
	cl.Units[0].Stands = append(cl.Units[0].Stands, plan.ClashStand{Creature: 0, At: [2]int{0, 4}})
	return NewBattle(mustSetup(t, cl, clashrules.Options{}))
}

// U-48 Defend: 「この隊形を取っている間、ユニットは"攻撃"アクションを使うことができない」; U-39:
// 「呪文を発動できないスタンドは、代わりに彼らに選択することが通常許されている任意のアクションを
// 取ることができる」. After its Cast a Spell, the soldier stand (no spell) of a Defend regiment is not
// offered an attack (a regiment cannot Hide; Dodge is the solos' by Default, U-84: "none" alone,
// nothing asked) and makes no attack roll; in March it is asked "attack" or "none" and the policy
// attacks the adjacent enemy: one roll, d20 10 + 3 = 13 vs AC 12 hits, 1d6+1 = 3 + 1 = 4 damage.
func TestNonCastersU39U48(t *testing.T) {
	b := mixedUnit(t, "defend")
	var l Log
	ch := &actionOptions{}
	b.Reset(Config{Dice: script(t), Rec: &l, Chooser: ch})
	b.round, b.turnUnit = 1, 0
	b.st[0].caster = true // the mage stand cast
	b.nonCasters(0)
	if len(ch.got) != 0 || strings.Contains(logText(&l), "Spear") {
		t.Errorf("Defend: options %v, log:\n%s", ch.got, logText(&l))
	}

	b = mixedUnit(t, "march")
	l = Log{}
	ch = &actionOptions{}
	b.Reset(Config{Dice: script(t, 10, 3), Rec: &l, Chooser: ch})
	b.round, b.turnUnit = 1, 0
	b.st[0].caster = true
	b.nonCasters(0)
	if strings.Join(ch.got, " ") != "attack none" {
		t.Errorf("March: options %v, want attack none", ch.got)
	}
	if b.st[2].hp != 10-4 {
		t.Errorf("March: enemy %d hp, want 10 - 4 = 6\n%s", b.st[2].hp, logText(&l))
	}
}

// moveOptions records the squares offered to a move.
type moveOptions struct{ got []string }

func (c *moveOptions) Choose(b *Battle, q *Question) int {
	if q.Ask == AskMove {
		for _, o := range q.Options {
			c.got = append(c.got, o.Name)
		}
		return len(q.Options) - 1
	}
	return q.Policy
}

// U-63: 「ユニットの移動する場所はDMが決定するが、敵ユニットから離れる安全な道を探さなければならな
// い」: a broken unit's stand (soldier at 4,1, 6 squares of speed) 4 squares from the enemy at 8,1 is
// offered no square nearer the enemy than 4: not 5,1 (3 away) nor 6,0 (2 + 1 = 3); 5,0 (3 + 1 = 4) and 4,0 (4 + 1 = 5) are,
// and 3,1 (5 away) and 0,1 (8 away) are; a script or the terminal cannot walk it in.
func TestBrokenMovesAwayU63(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{8, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	ch := &moveOptions{}
	b.Reset(Config{Chooser: ch})
	b.un[0].broken = true
	b.turnUnit = 0
	b.moveUnit(0, ActRetreat, 1)
	got := " " + strings.Join(ch.got, " ") + " "
	for _, bad := range []string{"5,1", "6,1", "7,0", "6,0"} {
		if strings.Contains(got, " "+bad+" ") {
			t.Errorf("offered %s, nearer the enemy than 4:%s", bad, got)
		}
	}
	for _, ok := range []string{"4,1", "3,1", "0,1", "4,0"} {
		if !strings.Contains(got, " "+ok+" ") {
			t.Errorf("not offered %s:%s", ok, got)
		}
	}
}

// U-56, U-57 Default (RULES.md: 「a casualty counts as 1 HP: damage reaching it absorbs 1 and the rest
// overflows on」): soldier stands A 0,0, B 1,0 (a casualty), C 2,0 of one regiment. 15 damage to A
// (10 hp): 5 over to B, its one adjacent identical stand; B absorbs 1, the other 4 overflow on to
// C (adjacent to B, not yet hit): 10 - 4 = 6. (Before issue 21 the 4 were lost.)
func TestOneHopIntoCasualtyU56U57(t *testing.T) {
	cl := newClash(open(6, 2), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}, {2, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Rec: &l})
	b.st[1].hp, b.st[1].cas = 0, true
	b.damage(Ref{RefStand, 0}, 15, 1, false, "test")
	if !b.st[0].cas || b.st[2].hp != 6 {
		t.Errorf("A casualty %v, C %d hp; want a casualty, 10 - (15 - 10 - 1) = 6\n%s", b.st[0].cas, b.st[2].hp, logText(&l))
	}
}

// U-22: 「深い水域には、水泳移動速度を持つクリーチャーのスタンドか、水泳移動速度を持つソロしか入るこ
// とができない」: a flyer (fly 60 ft) is not a swimmer: it may not enter deep water, nor start in it;
// a swimmer may.
func TestDeepWaterSwimmersOnlyU22(t *testing.T) {
	flyer := soldier()
	flyer.ID, flyer.Speed = "griffon", plan.Speeds{Walk: 30, Fly: 80}
	swimmer := soldier()
	swimmer.ID, swimmer.Speed = "merfolk", plan.Speeds{Walk: 10, Swim: 40}
	rows := []string{"..~.", "...."}
	cl := newClash(rows, []plan.Creature{flyer, swimmer}, []ub{
		{id: "f", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "s", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{3, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	mf, ms := b.moverOfStand(0, false), b.moverOfStand(1, false)
	if pass, end := b.squareRule(&mf, 2); pass || end {
		t.Errorf("a flyer may enter deep water (pass %v, end %v)", pass, end)
	}
	if pass, end := b.squareRule(&ms, 2); !pass || !end {
		t.Errorf("a swimmer may not enter deep water")
	}
	b.reach(&mf, 0, 0, 16)
	for _, q := range b.mv.ends {
		if q == 2 {
			t.Errorf("the flyer's move may end at 2,0, deep water")
		}
	}
	cl.Units[0].Stands[0].At = [2]int{2, 0}
	if _, err := NewSetup(cl, clashrules.Options{}); err == nil || !strings.Contains(err.Error(), "deep water") {
		t.Errorf("a flyer starting in deep water: %v", err)
	}
}

// U-63: 「崩壊したユニットと共に移動することもできるし、あるいは任意のターンの開始時に即座にその
// ユニットを離れることもできる」: a solo joined to a broken unit's stand leaves it at the start of the
// unit's turn, before the unit retreats: its "left" comes before the stand's first move.
func TestJoinedSoloLeavesBrokenUnitFirstU63(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{8, 1}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	ch := &picker{t: t, answers: map[Ask][]string{AskCommand: {"none"}, AskSoloStep: {"leave 4,0"}, AskAction: {"none"}, AskMove: {"0,1"}}}
	b.Reset(Config{Dice: script(t, 1), Chooser: ch, Rec: &l}) // the leaving solo's initiative (U-26)
	b.round = 1
	b.un[0].broken = true
	b.unitTurn(0)
	text := logText(&l)
	left, moved := strings.Index(text, "h leaves"), strings.Index(text, "a 1: ")
	if left < 0 || moved < 0 || left > moved {
		t.Errorf("the solo did not leave before the retreat (left at %d, moved at %d):\n%s", left, moved, text)
	}
}

// U-14 Prepare: 「そのユニットは指揮官の次のターンの終了時まですべてのセーヴィング・スローに対して
// "優位"を得る」: the unit is its stands and its joined solos (PrepareSolos, Default yes): the hero
// joined to a prepared unit saves with two d20s (4, 17: 17); with prepareSolos: no, one (4).
func TestPrepareReachesJoinedSolosU14(t *testing.T) {
	for _, tc := range []struct {
		o    clashrules.Options
		face int
	}{{clashrules.Options{}, 17}, {clashrules.Options{PrepareSolos: clashrules.YesNoOff}, 4}} {
		cl := newClash(open(8, 3), []plan.Creature{soldier(), hero()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{7, 2}}},
		}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}})
		b := NewBattle(mustSetup(t, cl, tc.o))
		var l Log
		b.Reset(Config{Dice: script(t, 4, 17), Rec: &l})
		b.un[0].prep = 2
		b.save(Ref{RefSolo, 0}, plan.AbCon, 15, false, false, "test")
		var face int
		for _, e := range l.Events {
			if s, ok := e.(*SaveRollEvent); ok {
				face = s.Face
			}
		}
		if face != tc.face {
			t.Errorf("%+v: face %d, want %d\n%s", tc.o, face, tc.face, logText(&l))
		}
	}
}

// U-6, U-34: a stat block's attack damage may be a number (the schema: "dice as printed, or a
// number"): a spear doing a fixed "10" sets up and deals 10 on a hit (d20 12 + 3 = 15 vs AC 12), no
// damage die rolled; on a critical hit (a natural 20) still 10, the dice doubled being none
// [5E-CORE]. A negative number is refused at setup.
func TestFixedDamageU6U34(t *testing.T) {
	for _, face := range []int{12, 20} {
		c := soldier()
		c.Attacks[0].Damage[0].Dice = "10"
		cl := newClash(open(4, 1), []plan.Creature{c, soldier()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{1, 0}}},
		}, nil)
		cl.Creatures[1].HP = 30
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		var l Log
		b.Reset(Config{Dice: script(t, face), Rec: &l})
		b.round = 1
		at := b.standActor(0)
		b.attack(&at, 0, Ref{RefStand, 1}, false)
		if b.st[1].hp != 20 {
			t.Errorf("face %d: target %d hp, want 30 - 10 = 20\n%s", face, b.st[1].hp, logText(&l))
		}
	}
	c := soldier()
	c.Attacks[0].Damage[0].Dice = "-3"
	cl := newClash(open(4, 1), []plan.Creature{c}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}}},
	}, nil)
	if _, err := NewSetup(cl, clashrules.Options{}); err == nil {
		t.Errorf("damage -3 accepted")
	}
}
