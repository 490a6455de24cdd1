package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

func hpOf(b *Battle, i int) int { return int(b.st[i].hp) }

// U-56: damage beyond a stand's hp passes to ONE adjacent stand of its unit with identical
// statistics (the attacker picks; the tactical policy the weakest), and the rest is lost. Row 0:
// F(0,0) B(1,0) A(2,0) C(3,0), soldiers, B at 6 hp; an archer stand D below A (2,1) is adjacent
// but not identical. 25 damage on A (10 hp): A is a casualty, 25 - 10 = 15 go to B (6 hp, the
// weaker neighbour), B is a casualty, the remaining 15 - 6 = 9 are lost: F, C and D untouched.
// OverflowChain: those 9 go on from B to F (10 -> 1).
func TestOverflowU56(t *testing.T) {
	for _, tc := range []struct {
		o              clashrules.Options
		f, c, d        int
		bCas, overflow bool
	}{
		{clashrules.Options{}, 10, 10, 8, true, true},
		{clashrules.Options{Overflow: clashrules.OverflowChain}, 1, 10, 8, true, true},
		{clashrules.Options{Overflow: clashrules.OverflowNone}, 10, 10, 8, false, false},
	} {
		cl := newClash(open(6, 3), []plan.Creature{soldier(), archer()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
			{id: "d", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{2, 1}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
		}, nil)
		cl.Units[0].Stands[1].HP = 6
		b := NewBattle(mustSetup(t, cl, tc.o))
		var l Log
		b.Reset(Config{Rec: &l})
		b.damage(Ref{RefStand, 2}, 25, 1, false, "test")
		if !b.st[2].cas || hpOf(b, 2) != 0 {
			t.Errorf("%+v: A hp %d casualty %v, want 0 and a casualty", tc.o, hpOf(b, 2), b.st[2].cas)
		}
		if b.st[1].cas != tc.bCas {
			t.Errorf("%+v: B casualty %v, want %v", tc.o, b.st[1].cas, tc.bCas)
		}
		if hpOf(b, 0) != tc.f || hpOf(b, 3) != tc.c || hpOf(b, 4) != tc.d {
			t.Errorf("%+v: F %d C %d D %d, want %d %d %d", tc.o, hpOf(b, 0), hpOf(b, 3), hpOf(b, 4), tc.f, tc.c, tc.d)
		}
		if got := strings.Contains(logText(&l), "15 damage overflows from a 3 to a 2"); got != tc.overflow {
			t.Errorf("%+v: overflow line %v, want %v:\n%s", tc.o, got, tc.overflow, logText(&l))
		}
	}
}

// U-56, U-57: a casualty counts as 1 hp: 5 more damage on it absorbs 1 and 4 overflow on.
func TestCasualtyAbsorbsOneU57(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.damage(Ref{RefStand, 0}, 10, 1, false, "test") // exactly 10: a casualty, nothing over
	if !b.st[0].cas || hpOf(b, 1) != 10 {
		t.Fatalf("after 10: casualty %v, neighbour %d hp", b.st[0].cas, hpOf(b, 1))
	}
	b.damage(Ref{RefStand, 0}, 5, 1, false, "test") // 5 - 1 = 4 overflow
	if hpOf(b, 1) != 6 {
		t.Errorf("neighbour %d hp, want 10 - 4 = 6", hpOf(b, 1))
	}
	// U-57 Default: healing a casualty before the end of the round saves it, from its treated
	// 1 hp: 3 healing -> 4 hp.
	b.heal(Ref{RefStand, 0}, 3)
	if b.st[0].cas || hpOf(b, 0) != 4 {
		t.Errorf("healed casualty: casualty %v hp %d, want no and 4", b.st[0].cas, hpOf(b, 0))
	}
}

// U-57 in the transcript: damage reaching a stand that is already a casualty is said to be
// absorbed (1 of it, the casualty's treated hp), not "taken: 0 -> 0 hp". Soldiers have 10 hp:
// 10 on a 1 makes it a casualty; 5 more: it absorbs 1, 5 - 1 = 4 overflow to a 2 (10 -> 6); 7
// on a 2: 6 -> 0, a casualty, 7 - 6 = 1 overflows back to a 1, which absorbs it.
func TestCasualtyLinesU57(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Rec: &l})
	b.damage(Ref{RefStand, 0}, 10, 1, false, "test")
	b.damage(Ref{RefStand, 0}, 5, 1, false, "test")
	b.damage(Ref{RefStand, 1}, 7, 1, false, "test")
	want := []string{
		"a 1 takes 10 damage: 10 -> 0 hp (test), a casualty [U-57]",
		"a 1, already a casualty, absorbs 1 of 5 damage (test) [U-57]",
		"4 damage overflows from a 1 to a 2 [U-56]",
		"a 2 takes 4 damage: 10 -> 6 hp (overflow) [U-34]",
		"a 2 takes 7 damage: 6 -> 0 hp (test), a casualty [U-57]",
		"1 damage overflows from a 2 to a 1 [U-56]",
		"a 1, already a casualty, absorbs 1 of 1 damage (overflow) [U-57]",
	}
	if got := logText(&l); got != strings.Join(want, "\n")+"\n" {
		t.Errorf("lines:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// U-57, U-60: a stand brought to 0 hp before its unit's turn still moves and attacks in that
// turn, and is removed at the end of the round. Unit z (initiative 19 + 1) hits stand a (5 hp)
// first: d20 15 + 3 = 18 vs AC 12, 1d6 6 + 1 = 7 >= 5: a casualty. Unit a (2 + 1) then attacks:
// d20 15 + 3 hits, 1d6 3 + 1 = 4: z 10 -> 6. At the end of round 1 a is eliminated.
func TestCasualtyActsU57(t *testing.T) {
	cl := newClash(open(4, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 0}}},
	}, nil)
	cl.Units[0].Stands[0].HP = 5
	cl.Objectives = []plan.ClashObjective{{ID: "zwin", Side: 1, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 0, VP: 10}}}}
	cl.Options = map[string]string{"maxRounds": "1"}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	// initiative a 2, z 19; z's attack 15, damage 6; a's attack 15, damage 3; then the desertion
	// roll is not made (a is gone).
	b.Reset(Config{Dice: script(t, 2, 19, 15, 6, 15, 3), Rec: &l})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	text := logText(&l)
	for _, want := range []string{
		"z 1 -> a 1, Spear: d20 15 + 3 = 18 vs AC 12: hit",
		"a 1 takes 7 damage: 5 -> 0 hp, a casualty",
		"a 1 -> z 1, Spear: d20 15 + 3 = 18 vs AC 12: hit",
		"z 1 takes 4 damage: 10 -> 6 hp",
		"a 1 is eliminated [U-60]",
		"east scores 10 VP",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	if strings.Index(text, "a 1 -> z 1") < strings.Index(text, "a 1 takes 7") {
		t.Errorf("the casualty attacked before it was hit:\n%s", text)
	}
	if r.Rounds != 1 || r.Winner != 1 || r.VP != [2]int{0, 10} {
		t.Errorf("result %+v", r)
	}
}

// U-15, U-16: attacks against an isolated stand have advantage and deal double damage. Unit z's
// two stands are 4 squares apart (a regiment stand with no adjacent stand of its unit is
// isolated): a's spear attack on z 1 rolls two d20s [4, 17] keeping 17 (+3 = 20 vs AC 12, a hit)
// and 1d6 3 + 1 = 4 damage, doubled: 8 (10 -> 2). Against a z whose stands touch: one d20 17, and
// 4 damage (10 -> 6).
func TestIsolationDoublesU16(t *testing.T) {
	for _, tc := range []struct {
		zAt    [][2]int
		dice   []int
		hp     int
		adv    bool
		isoLog bool
	}{
		{[][2]int{{3, 0}, {3, 4}}, []int{4, 17, 3}, 2, true, true},
		{[][2]int{{3, 0}, {3, 1}}, []int{17, 3}, 6, false, false},
	} {
		cl := newClash(open(6, 5), []plan.Creature{soldier()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: tc.zAt},
		}, nil)
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		var l Log
		b.Reset(Config{Dice: script(t, tc.dice...), Rec: &l})
		at := b.standActor(0)
		b.attack(&at, 0, Ref{RefStand, 1}, false)
		if hpOf(b, 1) != tc.hp {
			t.Errorf("z at %v: target hp %d, want %d\n%s", tc.zAt, hpOf(b, 1), tc.hp, logText(&l))
		}
		ev := l.Events[0].(*AttackRollEvent)
		if ev.Adv != tc.adv || ev.Isolated != tc.isoLog {
			t.Errorf("z at %v: adv %v isolated %v, want %v %v", tc.zAt, ev.Adv, ev.Isolated, tc.adv, tc.isoLog)
		}
	}
}

// U-16: an isolated stand attacks with disadvantage.
func TestIsolatedAttackerU16(t *testing.T) {
	cl := newClash(open(6, 5), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 0}, {0, 4}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}, {3, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 18, 2), Rec: &l})
	at := b.standActor(0)
	b.attack(&at, 0, Ref{RefStand, 2}, false) // d20 dis [18, 2] keeps 2: 2 + 3 = 5, a miss
	if ev := l.Events[0].(*AttackRollEvent); !ev.Dis || ev.Face != 2 || ev.Hit {
		t.Errorf("isolated attacker: %s", ev.Line())
	}
}

// U-62: a surviving unit that lost at least half its starting stands checks morale (the seed);
// MoraleMoreThanHalf needs more than half: they differ at 2 stands losing 1 and 4 losing 2.
func TestMoraleThresholdU62(t *testing.T) {
	for _, tc := range []struct {
		start, lost int
		o           clashrules.Options
		want        bool
	}{
		{4, 1, clashrules.Options{}, false}, // 2 x 1 = 2 < 4
		{4, 2, clashrules.Options{}, true},  // 2 x 2 = 4 >= 4: half
		{4, 3, clashrules.Options{}, true},
		{2, 1, clashrules.Options{}, true}, // 1 of 2 is half
		{5, 2, clashrules.Options{}, false},
		{5, 3, clashrules.Options{}, true},
		{4, 2, clashrules.Options{MoraleThreshold: clashrules.MoraleMoreThanHalf}, false}, // 4 > 4 is false
		{4, 3, clashrules.Options{MoraleThreshold: clashrules.MoraleMoreThanHalf}, true},
		{2, 1, clashrules.Options{MoraleThreshold: clashrules.MoraleMoreThanHalf}, false},
	} {
		if got := MoraleCheckDue(tc.o, tc.start, tc.lost); got != tc.want {
			t.Errorf("%d of %d lost (%d): check %v, want %v", tc.lost, tc.start, tc.o.MoraleThreshold, got, tc.want)
		}
	}
}

// U-62, U-63 in play: a 4-stand unit down to 2 makes a DC 10 Wisdom save with its best Wisdom
// modifier among stands and joined solos: archers (Wis +1) and soldiers (+0) -> +1; d20 8 + 1 = 9
// fails: broken. Down to 3 stands it makes none (no die is rolled).
func TestMoraleCheckU62(t *testing.T) {
	mk := func(lost int, faces ...int) (*Battle, *Log) {
		cl := newClash(open(6, 3), []plan.Creature{soldier(), archer()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
		}, nil)
		cl.Units[0].Stands[3].Creature = 1
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		var l Log
		b.Reset(Config{Dice: script(t, faces...), Rec: &l})
		for i := 0; i < lost; i++ {
			b.removeStand(int32(i), false)
		}
		b.morale()
		return b, &l
	}
	b, l := mk(2, 8)
	if !b.un[0].broken {
		t.Errorf("2 of 4 lost, 8 + 1 = 9 < 10: not broken\n%s", logText(l))
	}
	if !strings.Contains(logText(l), "a WIS save (morale): d20 8 + 1 = 9 vs DC 10: fails") {
		t.Errorf("morale line:\n%s", logText(l))
	}
	b, _ = mk(2, 9) // 9 + 1 = 10 succeeds
	if b.un[0].broken {
		t.Errorf("10 vs DC 10 broke the unit")
	}
	b, _ = mk(1)
	if b.un[0].broken {
		t.Errorf("1 of 4 lost broke the unit")
	}
}

// U-64: a broken unit with a commander rallies at the start of its turn on a DC 10 Wisdom save +
// the commander's Charisma modifier: hero (Cha +3, Wis +1 the best Wisdom) d20 6 + 1 + 3 = 10.
func TestRallyU64(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}}, cmd: 1},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0, PC: true}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 6), Rec: &l})
	b.un[0].broken = true
	b.rally(0)
	if b.un[0].broken {
		t.Errorf("6 + 1 + 3 = 10 vs DC 10 did not rally\n%s", logText(&l))
	}
	if !strings.Contains(logText(&l), "h rallies a: d20 6 + 4 = 10 vs DC 10: succeeds") {
		t.Errorf("rally line:\n%s", logText(&l))
	}
}

// objectiveBattle: two units far apart, so nothing but initiative rolls dice in round 1, and
// custom objectives scoring at the end of round 1.
func objectiveBattle(t *testing.T, vp0, vp1 int, o map[string]string) *Setup {
	cl := newClash(open(30, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{29, 2}}},
	}, nil)
	round1 := &plan.ClashCond{Op: plan.ClashRound, Round: 1, Unit: -1}
	cl.Objectives = []plan.ClashObjective{
		{ID: "west", Side: 0, Kind: plan.ObjCustom, VP: vp0, When: round1},
		{ID: "east", Side: 1, Kind: plan.ObjCustom, VP: vp1, When: round1},
	}
	cl.Options = o
	return mustSetup(t, cl, clashrules.Options{})
}

// U-71, U-72: 10 VP at the end of a round ends the battle; a lead of 3 or more (10 - 0) is a total
// victory: each surviving unit of the loser rolls a d20 and deserts on 10 or more (here 10: z
// deserts).
func TestTotalVictoryU72(t *testing.T) {
	s := objectiveBattle(t, 10, 0, nil)
	b := NewBattle(s)
	var l Log
	b.Reset(Config{Dice: script(t, 5, 5, 10), Rec: &l})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Rounds != 1 || r.Winner != 0 || r.Outcome != Total || r.Reason != EndVP || len(r.DesertedEvent) != 1 {
		t.Errorf("result %+v\n%s", r, logText(&l))
	}
	if want := "the battle ends after 1 round (10 VP): total victory for west, 10 - 0 VP"; !strings.Contains(logText(&l), want) {
		t.Errorf("end line %q missing:\n%s", want, logText(&l))
	}
	if !strings.Contains(logText(&l), "z: d20 10: its survivors desert") {
		t.Errorf("desertion line missing:\n%s", logText(&l))
	}
}

// U-73: a lead of 1 or 2 (10 - 8) is a tactical victory: no desertion rolls (the script has no
// die left for one).
func TestTacticalVictoryU73(t *testing.T) {
	b := NewBattle(objectiveBattle(t, 10, 8, nil))
	b.Reset(Config{Dice: script(t, 5, 5)})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != Tactical || r.Winner != 0 || r.VP != [2]int{10, 8} {
		t.Errorf("result %+v", r)
	}
	for lead, want := range map[int]Outcome{0: Draw, 1: Tactical, 2: Tactical, 3: Total, 7: Total} {
		if got := VictoryKind(lead); got != want {
			t.Errorf("VictoryKind(%d) = %s, want %s", lead, got, want)
		}
	}
}

// U-74: a tie at 10 - 10 plays one more round (TieExtraRound), then a draw if still tied; with
// TieDraw it is a draw at once.
func TestTieU74(t *testing.T) {
	b := NewBattle(objectiveBattle(t, 10, 10, nil))
	b.Reset(Config{Seed: 1})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Rounds != 2 || r.Outcome != Draw || r.Winner != -1 {
		t.Errorf("TieExtraRound: %+v", r)
	}
	b = NewBattle(objectiveBattle(t, 10, 10, map[string]string{"tie": "draw"}))
	b.Reset(Config{Seed: 1})
	if r, _ = b.Run(); r.Rounds != 1 || r.Outcome != Draw {
		t.Errorf("TieDraw: %+v", r)
	}
}

// U-71: VP scored during a round do not end it at once: a destroyed 10-VP square in the first
// unit's turn leaves the other unit its turn; the end comes at the end of the round.
func TestEndOnlyAtEndOfRoundU71(t *testing.T) {
	cl := newClash(open(8, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{7, 0}}},
	}, nil)
	cl.Resources = []plan.ClashResource{{ID: "gate", Squares: []plan.ResourceSquare{{At: [2]int{1, 0}, HP: 5, VP: 10}}}}
	cl.Objectives = []plan.ClashObjective{{ID: "smash", Side: 0, Kind: plan.ObjDestroy, Resource: 0}}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	// initiative a 20, z 1; a hits the gate automatically in melee (U-67): 1d6 4 + 1 = 5: 0 hp,
	// 10 VP; z still moves up and attacks: d20 19 hits, 1d6 2; at the end of the round the battle
	// ends (10 - 0: total) and z rolls for desertion (3: it holds).
	b.Reset(Config{Dice: script(t, 20, 1, 4, 19, 2, 3), Rec: &l})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	text := logText(&l)
	if r.Rounds != 1 || r.VP[0] != 10 || !strings.Contains(text, "hits the objective automatically") {
		t.Errorf("result %+v\n%s", r, text)
	}
	if strings.Index(text, "turn: z") < strings.Index(text, "west scores 10 VP") {
		t.Errorf("z lost its turn after the VP were scored:\n%s", text)
	}
}

// U-56, U-57 [AI]: the attacker does not pour excess damage into a casualty (it would absorb it:
// a casualty counts as 1 hp) when a live neighbour can take it. Soldiers A(0,0) B(1,0) C(2,0), A
// already a casualty: 25 damage on B (10 hp) leaves 25 - 10 = 15 over; into C (10 hp) it makes a
// second casualty, 15 - 10 = 5 lost; into A it would have done nothing.
func TestOverflowSkipsCasualtyU56(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {1, 0}, {2, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Rec: &l})
	b.st[0].hp, b.st[0].cas = 0, true
	b.damage(Ref{RefStand, 1}, 25, 1, false, "test")
	if !b.st[2].cas || hpOf(b, 2) != 0 {
		t.Errorf("C hp %d casualty %v, want 0 and a casualty:\n%s", hpOf(b, 2), b.st[2].cas, logText(&l))
	}
	if !strings.Contains(logText(&l), "15 damage overflows from a 2 to a 3") {
		t.Errorf("no overflow into C:\n%s", logText(&l))
	}
}
