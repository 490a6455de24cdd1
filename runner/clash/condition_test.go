package clash

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Fixtures of the condition model: the SRD spells' effects as the library writes them (schema/srd
// spells.cue), a cleric that knows them, humanoid soldiers.

func fxSpells() []plan.Spell {
	return []plan.Spell{
		{ID: "hold person", Name: "Hold Person", Level: 2, Range: 60, Resolve: plan.ResolveSave, Save: "wis", Targets: 1,
			Effect: &plan.SpellEffect{Condition: plan.CondParalyzed, Concentration: true, Repeat: true, CreatureType: "humanoid", Rounds: 1}},
		{ID: "bless", Name: "Bless", Level: 1, Range: 30, Resolve: plan.ResolveAuto, Targets: 3,
			Effect: &plan.SpellEffect{Attack: "1d4", Save: "1d4", Ally: true, Concentration: true, Rounds: 1}},
		{ID: "web", Name: "Web", Level: 2, Range: 60, Resolve: plan.ResolveSave, Save: "dex", Area: &plan.Area{Shape: plan.AreaCube, Size: 20},
			Effect: &plan.SpellEffect{Condition: plan.CondRestrained, Escape: "str", Concentration: true, Rounds: 60, Ground: true, EnterSave: true}},
		{ID: "shield of faith", Name: "Shield of Faith", Level: 1, Range: 60, Resolve: plan.ResolveAuto, Targets: 1,
			Effect: &plan.SpellEffect{AC: 2, Ally: true, Concentration: true, Rounds: 10}},
	}
}

func humanSoldier() plan.Creature {
	c := soldier()
	c.Type = "humanoid (any race)"
	return c
}

// cleric: Con save +1, DC 13, knows the four spells of fxSpells.
func cleric() plan.Creature {
	return plan.Creature{ID: "cleric", Name: "Cleric", Size: plan.SizeMedium, AC: 13, HP: 27, Type: "humanoid",
		Speed: plan.Speeds{Walk: 25}, Abilities: [6]int{0, 0, 1, 1, 3, 1}, Saves: [6]int{0, 0, 1, 1, 3, 1},
		Attacks: []plan.Attack{{Name: "Mace", ToHit: 2, Reach: 5, Damage: []plan.Damage{{Dice: "1d6", Type: "bludgeoning"}}}},
		Spells:  []plan.KnownSpell{{Spell: 0, DC: 13, Uses: 3}, {Spell: 1, Uses: 3}, {Spell: 2, DC: 13, Uses: 2}, {Spell: 3, Uses: 2}}}
}

// fxField: stand 0 the cleric (side 0) at 5,2; stand 1 a soldier of side 0 at 4,5; stand 2 a
// soldier of side 1 at 5,5, adjacent to stand 1 and 3 squares from the cleric (hold person's 60 ft
// is (60 + 10) / 20 = 3 squares, U-37). Each is a unit of one stand: never isolated (U-81).
func fxField(t *testing.T) (*Battle, *Log) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric(), ogre()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 5}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
	}, nil)
	cl.Spells = fxSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	return b, &Log{}
}

func (b *Battle) knownAt(at *actor, sp int) *knownSpell {
	for k := range at.cr.spells {
		if at.cr.spells[k].sp == sp {
			return &at.cr.spells[k]
		}
	}
	return nil
}

// U-40, U-76: hold person (Wisdom save DC 13) on the enemy soldier stand. Save d20 5 + 0 = 5 <
// 13: paralyzed. The allied soldier's spear: advantage (target paralyzed: d20s 4, 15 -> 15), 15 +
// 3 = 18 vs AC 12, a hit from an adjacent square is critical [5E-CORE]: 1d6+1 with doubled dice,
// 2 + 3 + 1 = 6, 10 -> 4 hp. A Dexterity save fails with no roll. At the end of its turn it saves
// again: 14 + 0 = 14 >= 13: no longer paralyzed.
func TestHoldPersonParalyzesU40U76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 5, 4, 15, 2, 3, 14), Rec: l})
	b.round = 1
	at := b.standActor(0)
	e := Ref{RefStand, 2}
	b.castTargeted(&at, b.knownAt(&at, 0), &b.s.sp[0], e)
	if b.st[2].cond&cParalyzed == 0 {
		t.Fatalf("not paralyzed after a failed save\n%s", logText(l))
	}
	w := b.standActor(1)
	b.attack(&w, 0, e, false)
	if b.st[2].hp != 4 {
		t.Errorf("paralyzed soldier %d hp, want 10 - (2 + 3 + 1) = 4 (critical)\n%s", b.st[2].hp, logText(l))
	}
	if b.save(e, plan.AbDex, 5, false, false, "test") {
		t.Error("a paralyzed stand made a Dexterity save")
	}
	b.repeatSaves(e)
	if b.st[2].cond != 0 {
		t.Errorf("still %b after a made repeat save\n%s", b.st[2].cond, logText(l))
	}
	txt := logText(l)
	for _, want := range []string{"e 1 is paralyzed (Hold Person by c 1)", "target paralyzed", "critical hit",
		"fails its dex save automatically (test): paralyzed", "e 1 is no longer paralyzed (Hold Person by c 1): saved at the end of its turn"} {
		if !strings.Contains(txt, want) {
			t.Errorf("transcript lacks %q\n%s", want, txt)
		}
	}
}

// U-76 [5E-CORE] concentration: the cleric holding hold person takes 20 damage: Constitution save
// DC max(10, 20 / 2) = 10, d20 9 + 1 = 10: kept. Then 4 damage: DC 10, d20 8 + 1 = 9: lost, and
// the soldier is free. Casting a second concentration spell (bless) ends the first.
func TestConcentrationU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 5, 9, 8, 5), Rec: l})
	b.round = 1
	at := b.standActor(0)
	e := Ref{RefStand, 2}
	b.castTargeted(&at, b.knownAt(&at, 0), &b.s.sp[0], e)
	b.damage(Ref{RefStand, 0}, 20, 1, false, "test")
	if b.st[2].cond&cParalyzed == 0 {
		t.Fatalf("concentration lost on a made save (DC 10, 9 + 1)\n%s", logText(l))
	}
	b.damage(Ref{RefStand, 0}, 4, 1, false, "test")
	if b.st[2].cond != 0 {
		t.Fatalf("concentration kept on a failed save (DC 10, 8 + 1)\n%s", logText(l))
	}
	// Hold person again (save 5: paralyzed), then bless on the allied soldier: one concentration.
	b.castTargeted(&at, b.knownAt(&at, 0), &b.s.sp[0], e)
	b.startConcentration(&at, &b.s.sp[1])
	b.castTargeted(&at, b.knownAt(&at, 1), &b.s.sp[1], Ref{RefStand, 1})
	if b.st[2].cond != 0 || b.st[1].cond&cMods == 0 {
		t.Errorf("after bless: enemy %b (want 0), ally %b (want blessed)\n%s", b.st[2].cond, b.st[1].cond, logText(l))
	}
	if !strings.Contains(logText(l), "concentration: c 1 casts Bless") {
		t.Errorf("the end of hold person does not say why\n%s", logText(l))
	}
}

// U-76: bless adds 1d4 to the blessed stand's attack rolls and saves. Spear: d20 10 + 3 + d4 2 =
// 15 vs AC 12: hit, 1d6+1 = 4 + 1 = 5, 10 -> 5 hp. A Dexterity save DC 15: d4 3, then d20 11 + 1 +
// 3 = 15: made. U-1: bless lasts 1 minute = 1 round: cast in round 1, it ends at the start of its
// caster's turn in round 2.
func TestBlessU76U1(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 10, 2, 4, 3, 11), Rec: l})
	b.round = 1
	at := b.standActor(0)
	w := Ref{RefStand, 1}
	b.castTargeted(&at, b.knownAt(&at, 1), &b.s.sp[1], w)
	wa := b.standActor(1)
	b.attack(&wa, 0, Ref{RefStand, 2}, false)
	if b.st[2].hp != 5 {
		t.Errorf("enemy %d hp, want 5\n%s", b.st[2].hp, logText(l))
	}
	if !b.save(w, plan.AbDex, 15, false, false, "test") {
		t.Errorf("blessed save 11 + 1 + 3 = 15 vs DC 15 failed\n%s", logText(l))
	}
	b.expire(Ref{RefStand, 0})
	if b.st[1].cond == 0 {
		t.Error("bless ended in the round it was cast")
	}
	b.round = 2
	b.expire(Ref{RefStand, 0})
	if b.st[1].cond != 0 {
		t.Errorf("bless still on in round 2 at its caster's turn\n%s", logText(l))
	}
	if txt := logText(l); !strings.Contains(txt, "d20 10 + 5 (bless +2) = 15") || !strings.Contains(txt, "bless +3") {
		t.Errorf("the rolls do not show bless's d4\n%s", txt)
	}
}

// U-43, U-76: web, a 20-ft cube (1 square, U-46) on the enemy soldier: Dexterity save d20 6 + 1 =
// 7 < 13: restrained. Its speed is 0; the allied spear has advantage (d20s 3, 12 -> 12 + 3 = 15 vs
// 12, 1d6+1 = 1 + 1 = 2: 10 -> 8); its Dexterity saves have disadvantage (18, 4 -> 4 + 1 = 5 < DC 6). At
// the start of its turn it spends its action on a Strength check, d20 13 + 1 = 14 >= 13: free,
// busy (no action), speed 6 again.
func TestWebRestrainsU43U76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 6, 3, 12, 1, 18, 4, 13), Rec: l})
	b.round = 1
	at := b.standActor(0)
	sp := &b.s.sp[2]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 2), sp, 13, true)
	e := Ref{RefStand, 2}
	if b.st[2].cond&cRestrained == 0 || b.st[1].cond != 0 {
		t.Fatalf("web: enemy %b, ally %b\n%s", b.st[2].cond, b.st[1].cond, logText(l))
	}
	if s := b.speedOfStand(2, true); s != 0 {
		t.Errorf("restrained speed %d, want 0", s)
	}
	w := b.standActor(1)
	b.attack(&w, 0, e, false)
	if b.st[2].hp != 8 {
		t.Errorf("restrained soldier %d hp, want 8\n%s", b.st[2].hp, logText(l))
	}
	if b.save(e, plan.AbDex, 6, false, false, "test") {
		t.Errorf("restrained Dex save with disadvantage (18, 4 -> 4 + 1 = 5) vs DC 6 made\n%s", logText(l))
	}
	_, busy, able := b.startOfTurn(e)
	if !busy || !able || b.st[2].cond != 0 || b.speedOfStand(2, false) != 6 {
		t.Errorf("escape: busy %v able %v cond %b speed %d\n%s", busy, able, b.st[2].cond, b.speedOfStand(2, false), logText(l))
	}
}

// U-76: shield of faith raises the ally's AC by 2 (12 -> 14): the enemy's spear, d20 10 + 3 = 13,
// would hit AC 12 and misses 14.
func TestShieldOfFaithU76(t *testing.T) {
	b, l := fxField(t)
	b.Reset(Config{Dice: script(t, 10), Rec: l})
	b.round = 1
	at := b.standActor(0)
	b.castTargeted(&at, b.knownAt(&at, 3), &b.s.sp[3], Ref{RefStand, 1})
	if ac := b.targetAC(Ref{RefStand, 1}); ac != 14 {
		t.Fatalf("AC %d, want 12 + 2", ac)
	}
	e := b.standActor(2)
	b.attack(&e, 0, Ref{RefStand, 1}, false)
	if b.st[1].hp != 10 {
		t.Errorf("13 vs AC 14 hit\n%s", logText(l))
	}
	if !strings.Contains(logText(l), "shield of faith +2") {
		t.Errorf("the AC does not say why\n%s", logText(l))
	}
}

// Hold person affects humanoids only (its SRD text): an ogre (giant) is no target.
func TestHoldPersonHumanoidsOnlyU76(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric(), ogre()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "o", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{5, 4}}},
	}, nil)
	cl.Creatures[2].Type = "giant"
	cl.Spells = fxSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	b.Reset(Config{Dice: script(t), Rec: &Log{}})
	at := b.standActor(0)
	if b.spellTargetable(&at, &b.s.sp[0], Ref{RefStand, 1}) {
		t.Error("hold person may target an ogre stand")
	}
}

// U-18, U-76: web makes its area difficult ground while its caster concentrates (SRD: "The webs
// are difficult terrain"). The cleric (side 0) webs the empty square 5,5 (a 20-ft cube: 1 square,
// U-46). The enemy soldier at 8,5 (speed 30 ft = 6 squares, U-3) walking west pays 1 for 7,5, 1
// for 6,5 and 2 for 5,5: 5,5 costs 4 (3 on open ground); 4,5 costs 5 through the web (around it,
// by 6,4 5,4 4,4, it is 6). A 30-damage hit calls for a concentration save, DC 15: d20 2 + 1 = 3,
// broken: the web is gone and 5,5 costs 3 again.
func TestWebDifficultGroundU18U76(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{1, 1}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{8, 5}}},
	}, nil)
	cl.Spells = fxSpells()
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t, 2), Rec: l})
	b.round = 1
	at := b.standActor(0)
	sp := &b.s.sp[2]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 2), sp, 13, true)
	costs := func() (int, int) {
		m := b.moverOfStand(1, false)
		b.reach(&m, 8, 5, 6)
		return int(b.mv.cost[5*10+5]), int(b.mv.cost[5*10+4])
	}
	if c55, c45 := costs(); c55 != 4 || c45 != 5 {
		t.Fatalf("webbed: 5,5 costs %d (want 4), 4,5 %d (want 5)\n%s", c55, c45, logText(l))
	}
	if !b.concentrating(Ref{RefStand, 0}) {
		t.Fatal("a web that caught no one holds no concentration")
	}
	b.damaged(Ref{RefStand, 0}, 30)
	if c55, _ := costs(); c55 != 3 {
		t.Errorf("after the broken concentration 5,5 costs %d, want 3\n%s", c55, logText(l))
	}
	if txt := logText(l); !strings.Contains(txt, "makes difficult ground") || !strings.Contains(txt, "no longer makes difficult ground on 5,5") {
		t.Errorf("the transcript does not say what the web did to the ground\n%s", txt)
	}
}

// U-76 [5E-CORE] and the SRD's fear: on the enemy soldier at 5,5, cast by the cleric at 5,2
// (distance 3, U-2: |5-5| + |5-2|). While the cleric is on the field the soldier's attacks have
// disadvantage and it "must take the Dash action and move away from you by the safest available
// route" (fear.go: the farthest it can reach). With 6 squares of orthogonal steps each step away
// adds 1, so the farthest is 3 + 6 = 9, reached only where every step went away: (y-5) + |x-5| = 6
// with y >= 5 on the 10x10 grid: 0,6; 1,7; 2,8; 3,9 on the left. The right's 9,7; 8,8; 7,9 would
// need a step onto a square next to the enemy w at 6,6 (x 5..7, y 5..7), where U-30's adjacency
// lock ends the move, so they are out of reach. 5,9 is 7 away, 5,4 is 2, its own 5,5 is 3: dropped. When the cleric leaves the fight its concentration ends and with it the fear.
func TestFearFrightensU76(t *testing.T) {
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{6, 6}}},
	}, nil)
	cl.Spells = append(fxSpells(), plan.Spell{ID: "fear", Name: "Fear", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
		Area: &plan.Area{Shape: plan.AreaCone, Size: 30}, Effect: &plan.SpellEffect{Condition: plan.CondFrightened, Concentration: true, Rounds: 1}})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t), Rec: l})
	b.round = 1
	at := b.standActor(0)
	e := Ref{RefStand, 1}
	b.spellEffect(&at, &b.s.sp[4], e, 13)
	ea := b.standActor(1)
	if adv, dis := b.attackModsWhy(&ea, Ref{RefStand, 2}, true, false, b.why()); adv || !dis {
		t.Fatalf("frightened attack: adv %v dis %v, want disadvantage\n%s", adv, dis, logText(l))
	}
	m := b.moverOfStand(1, false)
	b.reach(&m, 5, 5, 6)
	b.keepFromFear(e, 1)
	has := func(x, y int) bool {
		for _, q := range b.mv.ends {
			if int(q) == y*10+x {
				return true
			}
		}
		return false
	}
	var got []string
	for _, q := range b.mv.ends {
		got = append(got, fmt.Sprintf("%d,%d", q%10, q/10))
	}
	sort.Strings(got)
	if want := []string{"0,6", "1,7", "2,8", "3,9"}; !slices.Equal(got, want) {
		t.Errorf("frightened ends: %v, want %v (the farthest from the cleric, 9 away)", got, want)
	}
	if has(5, 5) || has(5, 9) || has(5, 4) {
		t.Errorf("frightened ends keep 5,5 %v, 5,9 %v or 5,4 %v", has(5, 5), has(5, 9), has(5, 4))
	}
	b.gone(Ref{RefStand, 0})
	if b.st[1].cond&cFrightened != 0 {
		t.Fatalf("still frightened after its source left the fight\n%s", logText(l))
	}
	if _, dis := b.attackModsWhy(&ea, Ref{RefStand, 2}, true, false, b.why()); dis {
		t.Error("disadvantage with no fear")
	}
}
