package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// picker answers questions of the kinds it knows by option name, in order; others go to the policy.
type picker struct {
	t       *testing.T
	answers map[Ask][]string
	asked   []string
}

func (p *picker) Choose(b *Battle, q *Question) int {
	p.asked = append(p.asked, q.Ask.String())
	list := p.answers[q.Ask]
	if len(list) == 0 {
		return q.Policy
	}
	name := list[0]
	p.answers[q.Ask] = list[1:]
	for i, o := range q.Options {
		if o.Name == name {
			return i
		}
	}
	names := make([]string, len(q.Options))
	for i, o := range q.Options {
		names[i] = o.Name
	}
	p.t.Fatalf("%s: no option %q in %v", q.Ask, name, names)
	return 0
}

// U-14 Prepare: the commander's DC 15 Charisma check (hero: +5; d20 10 = 15 succeeds) gives its
// unit's stands advantage on saves until the end of the commander's next turn: the unit's save in
// this turn and the next rolls two d20s, the one after that one.
func TestPrepareU14(t *testing.T) {
	cl := newClash(open(8, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {0, 1}}, cmd: 1},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{7, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0, PC: true}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	ch := &picker{t: t, answers: map[Ask][]string{AskCommand: {"prepare"}}}
	b.Reset(Config{Dice: script(t, 10, 4, 17, 6, 16, 9), Chooser: ch, Rec: &l})
	b.round, b.turnUnit = 1, 0
	b.commandBonus(0)
	if b.un[0].prep != 2 {
		t.Fatalf("prepare failed:\n%s", logText(&l))
	}
	b.save(Ref{RefStand, 0}, plan.AbCon, 15, false, false, "test") // adv [4, 17]
	b.endTurn(0)
	b.save(Ref{RefStand, 0}, plan.AbCon, 15, false, false, "test") // next turn still: adv [6, 16]
	b.endTurn(0)
	b.save(Ref{RefStand, 0}, plan.AbCon, 15, false, false, "test") // over: one die, 9
	var saves []*SaveRollEvent
	for _, e := range l.Events {
		if s, ok := e.(*SaveRollEvent); ok {
			saves = append(saves, s)
		}
	}
	if len(saves) != 3 || !saves[0].Adv || saves[0].Face != 17 || !saves[1].Adv || saves[1].Face != 16 || saves[2].Adv || saves[2].Face != 9 {
		t.Errorf("saves under Prepare:\n%s", logText(&l))
	}
}

// U-14 Incite: success gives advantage on the unit's attack rolls on its NEXT turn (Default), not
// the current one; InciteCurrent: the current one.
func TestInciteU14(t *testing.T) {
	for _, tc := range []struct {
		o       clashrules.Options
		now, on int32
	}{{clashrules.Options{}, 1, 2}, {clashrules.Options{Incite: clashrules.InciteCurrent}, 1, 1}} {
		cl := newClash(open(8, 3), []plan.Creature{soldier(), hero()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {0, 1}}, cmd: 1},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 0}, {1, 1}}},
		}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0, PC: true}})
		b := NewBattle(mustSetup(t, cl, tc.o))
		ch := &picker{t: t, answers: map[Ask][]string{AskCommand: {"incite"}}}
		b.Reset(Config{Dice: script(t, 12), Chooser: ch})
		b.round, b.turnUnit = 1, 0
		b.commandBonus(0)
		if b.un[0].incite != tc.on {
			t.Errorf("%+v: incite for round %d, want %d", tc.o, b.un[0].incite, tc.on)
		}
		at := b.standActor(0)
		adv, _ := b.attackMods(&at, Ref{RefStand, 2}, true, false)
		if adv != (tc.on == tc.now) {
			t.Errorf("%+v: advantage in round 1 %v", tc.o, adv)
		}
		b.round = 2
		if adv, _ := b.attackMods(&at, Ref{RefStand, 2}, true, false); adv != (tc.on == 2) {
			t.Errorf("%+v: advantage in round 2 %v", tc.o, adv)
		}
	}
}

// U-13: a joined solo of a unit without a commander takes command with a bonus action; the
// commander steps down with another; falling (0 hp) ends command; leaving the stand ends it
// (LeaveEndsCommand).
func TestCommandU13(t *testing.T) {
	cl := newClash(open(8, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {0, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{7, 2}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0, PC: true}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	ch := &picker{t: t, answers: map[Ask][]string{AskCommand: {"take h", "stepDown", "take h"}}}
	b.Reset(Config{Chooser: ch})
	b.round, b.turnUnit = 1, 0
	b.commandBonus(0)
	if b.un[0].cmd != 0 || b.so[0].cmd != 0 {
		t.Fatalf("h did not take command")
	}
	b.commandBonus(0)
	if b.un[0].cmd != -1 {
		t.Fatalf("h did not step down")
	}
	b.commandBonus(0)
	b.damage(Ref{RefSolo, 0}, 40, 1, false, "test")
	if b.un[0].cmd != -1 || b.so[0].state != soloDying {
		t.Errorf("a fallen commander still commands (state %d)", b.so[0].state)
	}
}

// U-36: a stand whose creatures have a melee reach of 10 ft or more makes one more attack, with
// the reach weapon, against an adjacent target.
func TestReachBonusU36(t *testing.T) {
	pike := soldier()
	pike.ID = "pike"
	pike.Attacks[0] = plan.Attack{Name: "Pike", ToHit: 3, Reach: 10, Damage: []plan.Damage{{Dice: "1d10+1"}}}
	for _, tc := range []struct {
		o    clashrules.Options
		want int
	}{{clashrules.Options{}, 2}, {clashrules.Options{Reach: clashrules.ReachNone}, 1}} {
		cl := newClash(open(6, 3), []plan.Creature{pike, soldier()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 1}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{3, 1}}},
		}, nil)
		cl.Creatures[1].HP = 50
		b := NewBattle(mustSetup(t, cl, tc.o))
		var l Log
		b.Reset(Config{Dice: script(t, 10, 1, 10, 1), Rec: &l})
		b.round, b.turnUnit = 1, 0
		b.unitAttack(0, false)
		n := 0
		for _, e := range l.Events {
			if a, ok := e.(*AttackRollEvent); ok {
				n++
				if n == 2 && !a.Reach {
					t.Errorf("the second attack is not marked as the reach bonus")
				}
			}
		}
		if n != tc.want {
			t.Errorf("%+v: %d attacks, want %d\n%s", tc.o, n, tc.want, logText(&l))
		}
	}
}

// U-48: Defend gives +2 AC and forbids the Attack action; Aid lets a stand forgo its attack to give
// an adjacent stand of its unit advantage on its melee rolls.
func TestConfigurationsU48(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier()}, []ub{
		{id: "d", side: 0, typ: "regiment", cfg: "defend", cr: 0, at: [][2]int{{0, 0}}},
		{id: "a", side: 0, typ: "regiment", cfg: "aid", cr: 0, at: [][2]int{{2, 1}, {1, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 1}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	// a 2 (1,1) has no enemy adjacent: it aids a 1; a 1 attacks z with advantage [3, 15] -> 15.
	ch := &picker{t: t, answers: map[Ask][]string{AskRoutine: {"Spear", "aid a 1"}}}
	b.Reset(Config{Dice: script(t, 3, 15, 2), Rec: &l, Chooser: ch})
	if got := b.targetAC(Ref{RefStand, 0}); got != 14 {
		t.Errorf("Defend AC %d, want 12 + 2 = 14", got)
	}
	if b.actionLegal(0, -1, ActAttack) {
		t.Errorf("a Defend regiment may Attack")
	}
	b.round, b.turnUnit = 1, 1
	b.unitAttack(1, false)
	if txt := logText(&l); !strings.Contains(txt, "a 2 aids a 1: advantage on its melee attacks this turn") ||
		!strings.Contains(txt, "a 1 -> z 1, Spear: d20 adv [3, 15] (aided) + 3 = 18 vs AC 12: hit") {
		t.Errorf("aided attack:\n%s", logText(&l))
	}
}

// U-50, U-80: a skirmisher stand in a forest square may Hide (Dex (Stealth) check); attacks against
// it have disadvantage, its attacks advantage, and attacking reveals it.
func TestHideU50U80(t *testing.T) {
	cl := newClash([]string{"..*...", "......"}, []plan.Creature{archer(), soldier()}, []ub{
		{id: "s", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{2, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{3, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 14, 18, 6, 9, 2, 1), Rec: &l})
	if !b.canHide(b.standBox(0), 0) {
		t.Fatalf("a stand in forest cannot hide")
	}
	b.hideStand(0) // d20 14 + 0 = 14
	z := b.standActor(1)
	b.attack(&z, 0, Ref{RefStand, 0}, false) // dis [18, 6] -> 6 + 3 = 9 vs 12 + 2 (forest): miss
	s := b.standActor(0)
	b.attack(&s, 0, Ref{RefStand, 1}, false) // adv [9, 2] -> 9 + 4 = 13 vs 12: hit, 1d4 1 + 2
	text := logText(&l)
	for _, want := range []string{"s 1 hides: d20 14 + 0 = 14", "z 1 -> s 1, Spear: d20 dis [18, 6] (target hidden) + 3 = 9 vs AC 14 (12, forest +2): miss",
		"s 1 is no longer hidden (attacked)", "s 1 -> z 1, Dagger: d20 adv [9, 2] (hidden) + 4 = 13 vs AC 12: hit"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q:\n%s", want, text)
		}
	}
}

// U-61 [5E-CORE]: a dying solo rolls death saves at the end of the round until settled: 5 15 12 15
// is 1 failure and 3 successes: stable; 20 is up with 1 hp; 1 then 5 is 2 + 1 failures: dead.
func TestDeathSavesU61(t *testing.T) {
	for _, tc := range []struct {
		faces []int
		state uint8
		hp    int32
	}{{[]int{5, 15, 12, 15}, soloStable, 0}, {[]int{20}, soloUp, 1}, {[]int{1, 5}, soloDead, 0}} {
		cl := newClash(open(6, 3), []plan.Creature{soldier(), hero()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 2}}},
		}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{1, 0}, PC: true}})
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		b.Reset(Config{Dice: script(t, tc.faces...)})
		b.damage(Ref{RefSolo, 0}, 45, 1, false, "test") // 40 hp, 5 over: dying (5 < 40)
		if b.so[0].state != soloDying {
			t.Fatalf("not dying: %d", b.so[0].state)
		}
		b.deathSaves()
		if b.so[0].state != tc.state || b.so[0].hp != tc.hp {
			t.Errorf("%v: state %d hp %d, want %d %d", tc.faces, b.so[0].state, b.so[0].hp, tc.state, tc.hp)
		}
	}
	// Massive damage [5E-CORE]: what remains after 0 hp reaching the maximum kills outright.
	cl := newClash(open(6, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{1, 0}, PC: true}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	b.damage(Ref{RefSolo, 0}, 80, 1, false, "test")
	if b.so[0].state != soloDead {
		t.Errorf("80 damage on 40 hp (40 over, = max) did not kill")
	}
}

// U-67: a ranged attack on a resource square rolls against ObjectiveAC (10): d20 6 + 4 = 10 hits;
// at 0 hp a road square becomes difficult terrain (U-20), and its VP go to the Destruction side.
func TestResourceSquareU67(t *testing.T) {
	cl := newClash([]string{"..=...", "......"}, []plan.Creature{archer(), soldier()}, []ub{
		{id: "s", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 1}}},
	}, nil)
	cl.Resources = []plan.ClashResource{{ID: "road", Squares: []plan.ResourceSquare{{At: [2]int{2, 0}, HP: 5, VP: 3}}}}
	cl.Objectives = []plan.ClashObjective{{ID: "cut", Side: 0, Kind: plan.ObjDestroy, Resource: 0}}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 6, 5), Rec: &l})
	at := b.standActor(0)
	b.attack(&at, 1, Ref{RefResource, 0}, false) // shortbow: 6 + 4 = 10 vs 10; 1d6 5 + 2 = 7
	if b.rhp[0] != 0 || b.vp[0] != 3 || b.terr[2] != plan.TerrRough {
		t.Errorf("resource hp %d, VP %d, terrain %q\n%s", b.rhp[0], b.vp[0], b.terr[2], logText(&l))
	}
}

// U-68: at the end of a round a side with two or more stands adjacent to its resource, above 0 hp,
// and no enemy stand or solo within 2 squares of it scores 1 VP; an enemy 2 squares away stops it.
func TestProtectionU68(t *testing.T) {
	for _, tc := range []struct {
		enemy [2]int
		want  int
	}{{[2]int{5, 2}, 1}, {[2]int{3, 1}, 0}} {
		cl := newClash(open(6, 3), []plan.Creature{soldier()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 1}, {1, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{tc.enemy}},
		}, nil)
		cl.Resources = []plan.ClashResource{{ID: "shrine", Squares: []plan.ResourceSquare{{At: [2]int{1, 1}, HP: 20, VP: 2}}}}
		cl.Objectives = []plan.ClashObjective{{ID: "hold", Side: 0, Kind: plan.ObjProtect, Resource: 0, VP: 1}}
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		b.Reset(Config{})
		b.scoreRound()
		if b.vp[0] != tc.want {
			t.Errorf("enemy at %v (distance %d): %d VP, want %d", tc.enemy, Distance(clashrules.Manhattan, 1, 1, tc.enemy[0], tc.enemy[1]), b.vp[0], tc.want)
		}
	}
}

// U-75: a side with nothing left on the grid ends the battle at the end of that round, the VP
// compared as they stand (U-72..U-74): 5 - 0 is a total victory.
func TestAnnihilationU75(t *testing.T) {
	cl := newClash(open(4, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{2, 0}}},
	}, nil)
	cl.Units[1].Stands[0].HP = 1
	cl.Objectives = []plan.ClashObjective{{ID: "kill", Side: 0, Kind: plan.ObjAttrition, Units: []plan.UnitVP{{Unit: 1, VP: 5}}}}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	// initiative a 20, z 1; a hits (15) for 1d6 1 + 1: z is a casualty, strikes back (miss: 2),
	// and is gone at the end of round 1.
	b.Reset(Config{Dice: script(t, 20, 1, 15, 1, 2)})
	r, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Rounds != 1 || r.Reason != EndAnnihilation || r.Outcome != Total || r.VP != [2]int{5, 0} {
		t.Errorf("result %+v", r)
	}
}

// U-79: a surprised unit neither moves nor acts on its first turn.
func TestSurpriseU79(t *testing.T) {
	cl := newClash(open(10, 1), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 0}}},
	}, nil)
	cl.Units[0].Surprised = true
	cl.Options = map[string]string{"maxRounds": "1"}
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	b.Reset(Config{Dice: script(t, 20, 1), Rec: &l})
	if _, err := b.Run(); err != nil {
		t.Fatal(err)
	}
	if b.st[0].x != 0 || !strings.Contains(logText(&l), "a does nothing: surprised (U-79)") {
		t.Errorf("surprised unit moved to %d:\n%s", b.st[0].x, logText(&l))
	}
}

// U-26: a skirmisher rolls initiative with the highest Dexterity modifier among its stands and
// joined solos, a regiment with the lowest. Soldiers Dex +1, archers +2, the hero +1.
func TestInitiativeModU26(t *testing.T) {
	cl := newClash(open(10, 3), []plan.Creature{soldier(), archer(), hero()}, []ub{
		{id: "r", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{0, 0}, {0, 1}}},
		{id: "s", side: 0, typ: "skirmisher", cr: 0, at: [][2]int{{2, 0}, {2, 1}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{9, 0}}},
	}, nil)
	cl.Units[0].Stands[1].Creature = 1 // r: soldier +1, archer +2 -> lowest +1
	cl.Units[1].Stands[1].Creature = 1 // s: highest +2
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{})
	if m := b.unitInitMod(0); m != 1 {
		t.Errorf("regiment initiative modifier %+d, want +1 (the lowest)", m)
	}
	if m := b.unitInitMod(1); m != 2 {
		t.Errorf("skirmisher initiative modifier %+d, want +2 (the highest)", m)
	}
}

// U-54, U-60: when a casualty is removed, its joined solo may join an adjacent stand of its unit
// (or stay in the vacated square), and an adjacent allied stand may move into the gap.
func TestEliminationU54U60(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier(), hero()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 1}, {0, 1}, {1, 2}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 0}}},
	}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: 0, Stand: 0}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var l Log
	ch := &picker{t: t, answers: map[Ask][]string{AskRejoin: {"join a 3"}, AskFill: {"a 2"}}}
	b.Reset(Config{Chooser: ch, Rec: &l})
	b.damage(Ref{RefStand, 0}, 10, 1, false, "test")
	b.eliminateCasualties()
	if b.so[0].stand != 2 {
		t.Errorf("h joined stand %d, want a 3 (index 2)", b.so[0].stand)
	}
	if b.st[1].x != 1 || b.st[1].y != 1 {
		t.Errorf("a 2 at %d,%d, want moved into the gap 1,1\n%s", b.st[1].x, b.st[1].y, logText(&l))
	}
}

// U-60 at the prompt: the question of who fills a removed stand's gap names that stand (it said
// "a's gap", the unit's, before). a 1 (10 hp) takes 10: a casualty, removed at the end of the
// round; a 2 and a 3 are adjacent to its square 1,1; the prompt's empty line takes the policy's.
func TestFillPromptNamesTheGapU60(t *testing.T) {
	cl := newClash(open(6, 3), []plan.Creature{soldier()}, []ub{
		{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{1, 1}, {0, 1}, {1, 2}}},
		{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 0}}},
	}, nil)
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	var out strings.Builder
	d := &decisions{b: b}
	d.ch.Reset(runner.NewPrompt(strings.NewReader("\n"), &out, false), nil, dice.NewSeeded(1))
	b.Reset(Config{Chooser: d})
	b.damage(Ref{RefStand, 0}, 10, 1, false, "test")
	b.eliminateCasualties()
	if want := "which stand moves into a 1's gap (U-60)?"; !strings.Contains(out.String(), want) {
		t.Errorf("prompt lacks %q:\n%s", want, out.String())
	}
}

// U-51 [AI]: an isolated unattached solo (the hero, 30 ft: 6 squares) joins an allied stand it
// can reach: it moves 3 squares into the stand's square and joins. With a Medium stand there is
// one square to enter; the move was taken for staying put (one destination left), and the
// solo stood still wanting to join round after round (a hill battle went to the round limit).
func TestSoloMovesToJoinU51(t *testing.T) {
	for _, c := range []struct {
		name string
		ch   Chooser
	}{{"policy", nil}, {"chooser", &picker{t: t, answers: map[Ask][]string{}}}} {
		cl := newClash(open(12, 3), []plan.Creature{soldier(), hero()}, []ub{
			{id: "a", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{3, 0}}},
			{id: "z", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{11, 2}}},
		}, []plan.ClashSolo{{ID: "h", Side: 0, Creature: 1, Unit: -1, At: [2]int{0, 0}}})
		b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
		var l Log
		b.Reset(Config{Chooser: c.ch, Rec: &l})
		b.soloTurn(0)
		if b.so[0].stand != 0 {
			t.Errorf("%s: h joined stand %d, want a 1 (index 0)\n%s", c.name, b.so[0].stand, logText(&l))
		}
	}
}
