package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// sleepSpell is the library's sleep (schema/srd spells.cue, SRD 5.1: 1st level, 90 ft, a 20-ft
// radius sphere, 5d8 hit points of creatures, undead unaffected, 1 minute).
func sleepSpell() plan.Spell {
	return plan.Spell{ID: "sleep", Name: "Sleep", Level: 1, Range: 90, Resolve: plan.ResolveAuto,
		Area:   &plan.Area{Shape: plan.AreaSphere, Size: 20},
		Effect: &plan.SpellEffect{Condition: plan.CondUnconscious, Pool: "5d8", NotType: "undead", EndsOnDamage: true, Rounds: 1}}
}

// sleepField: the wizard (side 0) at 5,1; an allied soldier at 4,6; enemy stands (each a unit of
// one, never isolated, U-81) in the sleep area of origin 5,5 (a 20-ft radius: the squares within
// 1 of 5,5, U-46): soldier 5,5 (10 hp), soldier 5,6 (hurt to 4 hp), a skeleton 4,5 (undead, 13
// hp), a hero 6,5 (40 hp). As a solo (solo true) the wizard casts alone.
func sleepField(t *testing.T, solo bool) *Battle {
	wiz := mage()
	wiz.ID, wiz.Name = "wizard", "Wizard"
	wiz.Spells = []plan.KnownSpell{{Spell: 0, DC: 13, Uses: 1}}
	skel := soldier()
	skel.ID, skel.Name, skel.Type, skel.HP = "skeleton", "Skeleton", "undead", 13
	units := []ub{
		{id: "s", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 6}}},
		{id: "a", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 5}}},
		{id: "b", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 6}}},
		{id: "k", side: 1, typ: "regiment", cfg: "march", cr: 2, at: [][2]int{{4, 5}}},
		{id: "h", side: 1, typ: "regiment", cfg: "march", cr: 3, at: [][2]int{{6, 5}}},
	}
	var solos []plan.ClashSolo
	if solo {
		solos = []plan.ClashSolo{{ID: "w", Side: 0, Creature: 1, Unit: -1, At: [2]int{5, 1}}}
	} else {
		units = append(units, ub{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 1}}})
	}
	cl := newClash(open(10, 10), []plan.Creature{soldier(), wiz, skel, hero()}, units, solos)
	cl.Spells = []plan.Spell{sleepSpell()}
	return NewBattle(mustSetup(t, cl, clashrules.Options{}))
}

// U-43, U-76 (sortie's pool Default, pools.go): a stand of wizards casts sleep. 5d8 = 3 + 4 + 2 +
// 5 + 6 = 20, doubled for a stand (the seed's 「その呪文からは2倍のダメージを受ける」 read for a
// pool) = 40 hit points. The skeleton is undead (SRD: unaffected). Lowest first: soldier 5,6 (4
// hp): 40 - 4 = 36; soldier 5,5 (10): 26; the hero (40) is more than 26: awake. Then the allied
// soldier at 4,6 spears the sleeper at 5,6: advantage (unconscious, d20s 3, 12 -> 12) + 3 = 15 vs
// AC 12, a hit from an adjacent square is critical [5E-CORE]: 1d6+1 with the dice doubled, 1 + 1
// + 1 = 3, 4 -> 1 hp; the damage wakes it (SRD: "until ... the sleeper takes damage").
func TestSleepPoolByStandU43U76(t *testing.T) {
	b := sleepField(t, false)
	l := &Log{}
	b.Reset(Config{Dice: script(t, 3, 4, 2, 5, 6, 3, 12, 1, 1), Rec: l})
	b.round = 1
	b.st[2].hp = 4
	at := b.standActor(5)
	sp := &b.s.sp[0]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 0), sp, 13, true)
	asleep := func(i int) bool { return b.st[i].cond&cUnconscious != 0 }
	if !asleep(1) || !asleep(2) || asleep(3) || asleep(4) || asleep(0) {
		t.Fatalf("asleep: 5,5 %v 5,6 %v skeleton %v hero %v ally %v\n%s", asleep(1), asleep(2), asleep(3), asleep(4), asleep(0), logText(l))
	}
	txt := logText(l)
	for _, w := range []string{"5d8 = 20, x 2 for a stand = 40 hit points", "; 26 left, not enough for", "(40 hp)"} {
		if !strings.Contains(txt, w) {
			t.Errorf("the transcript lacks %q\n%s", w, txt)
		}
	}
	if b.speedOfStand(1, false) != 0 {
		t.Errorf("a sleeping stand moves")
	}
	s := b.standActor(0)
	b.attack(&s, 0, Ref{RefStand, 2}, false)
	if b.st[2].hp != 1 || asleep(2) {
		t.Errorf("after the critical spear: %d hp (want 1), asleep %v\n%s", b.st[2].hp, asleep(2), logText(l))
	}
	if !asleep(1) {
		t.Error("the other sleeper woke")
	}
}

// U-43, U-76: a solo wizard casts sleep alone (no doubling): 5d8 = 20 hit points. Lowest first:
// soldier 5,6 (4): 16 left; soldier 5,5 (10): 6 left; the hero (40) is more than 6. A sleeper
// fails Dexterity saves with no roll [5E-CORE: unconscious].
func TestSleepPoolBySoloU43U76(t *testing.T) {
	b := sleepField(t, true)
	l := &Log{}
	b.Reset(Config{Dice: script(t, 3, 4, 2, 5, 6), Rec: l})
	b.round = 1
	b.st[2].hp = 4
	at := b.soloActor(0)
	sp := &b.s.sp[0]
	op := Option{Square: 5*10 + 5}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 0), sp, 13, false)
	if b.st[1].cond&cUnconscious == 0 || b.st[2].cond&cUnconscious == 0 || b.st[4].cond != 0 {
		t.Fatalf("conds %b %b %b\n%s", b.st[1].cond, b.st[2].cond, b.st[4].cond, logText(l))
	}
	if !strings.Contains(logText(l), "5d8 = 20 hit points, lowest first: ") || !strings.Contains(logText(l), "6 left, not enough") {
		t.Errorf("transcript:\n%s", logText(l))
	}
	if b.save(Ref{RefStand, 1}, plan.AbDex, 5, false, false, "test") {
		t.Error("a sleeper made a Dexterity save")
	}
}

// U-43, U-76 (aura.go's Default): spirit guardians cast by a stand of clerics (its damage doubled)
// around the cleric at 5,2. The enemy soldier at 5,3 starts its turn next to it: Wisdom save d20
// 4 + 0 = 4 < 13, 3d8 = 2 + 3 + 4 = 9, x 2 = 18 radiant: 10 hp -> a casualty (U-57). The enemy
// soldier at 8,2 (3 away) is not in the aura and rolls nothing. The ally at 4,2 is unaffected.
func TestSpiritGuardiansU43U76(t *testing.T) {
	sg := plan.Spell{ID: "spirit guardians", Name: "Spirit Guardians", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
		HalfOnSave: true, Damage: []plan.Damage{{Dice: "3d8", Type: "radiant"}}, Area: &plan.Area{Shape: plan.AreaSphere, Size: 15},
		Effect: &plan.SpellEffect{Aura: true, Concentration: true, Rounds: 10}}
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 3}}},
		{id: "f", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{8, 2}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 2}}},
	}, nil)
	cl.Spells = append(fxSpells(), sg)
	cl.Creatures[1].Spells = append(cl.Creatures[1].Spells, plan.KnownSpell{Spell: 4, DC: 13, Uses: 1})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t, 4, 2, 3, 4), Rec: l})
	b.round = 1
	at := b.standActor(0)
	sp := &b.s.sp[4]
	op := Option{Square: 2*10 + 5, Value: 2}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 4), sp, 13, true)
	if !b.concentrating(Ref{RefStand, 0}) {
		t.Fatalf("the cleric holds no concentration\n%s", logText(l))
	}
	b.auraStart(Ref{RefStand, 3})
	b.auraStart(Ref{RefStand, 2})
	b.auraStart(Ref{RefStand, 1})
	if !b.st[1].cas || b.st[2].hp != 10 || b.st[3].hp != 10 {
		t.Errorf("5,3 casualty %v (hp %d), 8,2 %d hp, ally %d hp\n%s", b.st[1].cas, b.st[1].hp, b.st[2].hp, b.st[3].hp, logText(l))
	}
	if !strings.Contains(logText(l), "18") {
		t.Errorf("no 18 damage in the transcript\n%s", logText(l))
	}
}

// U-76, SRD 5.1 spirit guardians: "An affected creature's speed is halved in the area, and when the
// creature enters the area for the first time on a turn or starts its turn there, the creature
// must make a Wisdom saving throw." The cleric stand at 5,2 holds the aura (the squares next to
// it, aura.go). Speed: the soldiers (30 ft, 6 squares, U-3) of e at 5,3, in the aura, move 6 / 2 =
// 3; those of f at 8,2, outside, 6; the cleric's own ally w at 4,2, 6. f (given 40 hp) moves to 6,2,
// into the aura: Wisdom save d20 4 + 0 = 4 < 13, 3d8 = 2 + 3 + 4 = 9, doubled for a stand's spell
// (U-43) = 18: 40 -> 22 hp. Entering again in the same turn calls for no second save (no die left).
func TestSpiritGuardiansEnterAndSpeedU76(t *testing.T) {
	sg := plan.Spell{ID: "spirit guardians", Name: "Spirit Guardians", Level: 3, Self: true, Resolve: plan.ResolveSave, Save: "wis",
		HalfOnSave: true, Damage: []plan.Damage{{Dice: "3d8", Type: "radiant"}}, Area: &plan.Area{Shape: plan.AreaSphere, Size: 15},
		Effect: &plan.SpellEffect{Aura: true, Concentration: true, Rounds: 10}}
	cl := newClash(open(10, 10), []plan.Creature{humanSoldier(), cleric()}, []ub{
		{id: "c", side: 0, typ: "regiment", cfg: "march", cr: 1, at: [][2]int{{5, 2}}},
		{id: "e", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{5, 3}}},
		{id: "f", side: 1, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{8, 2}}},
		{id: "w", side: 0, typ: "regiment", cfg: "march", cr: 0, at: [][2]int{{4, 2}}},
	}, nil)
	cl.Spells = append(fxSpells(), sg)
	cl.Creatures[1].Spells = append(cl.Creatures[1].Spells, plan.KnownSpell{Spell: 4, DC: 13, Uses: 1})
	b := NewBattle(mustSetup(t, cl, clashrules.Options{}))
	l := &Log{}
	b.Reset(Config{Dice: script(t, 4, 2, 3, 4), Rec: l})
	b.round = 1
	at := b.standActor(0)
	sp := &b.s.sp[4]
	op := Option{Square: 2*10 + 5, Value: 2}
	b.placeArea(&at, sp, &op)
	b.castArea(&at, b.knownAt(&at, 4), sp, 13, true)
	for _, tc := range []struct {
		i    int32
		want int
	}{{1, 3}, {2, 6}, {3, 6}} {
		if got := b.speedOfStand(tc.i, false); got != tc.want {
			t.Errorf("stand %s: speed %d squares, want %d", b.standName(tc.i), got, tc.want)
		}
	}
	b.st[2].hp, b.st[2].max = 40, 40
	f := Ref{RefStand, 2}
	from := b.standBox(2)
	b.moveStand(2, 2*10+6)
	b.auraEnter(f, from)
	if b.st[2].hp != 22 {
		t.Errorf("f entering the aura: %d hp, want 40 - 2 x (2 + 3 + 4) = 22\n%s", b.st[2].hp, logText(l))
	}
	b.auraEnter(f, from)
	if !strings.Contains(logText(l), "f 1 WIS save (Spirit Guardians): d20 4 + 0 = 4 vs DC 13: fails") {
		t.Errorf("no save on entering\n%s", logText(l))
	}
}
