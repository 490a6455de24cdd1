package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Issue 24's abilities, each with its published words (Ultimate Campaign, Mass Combat, Special
// Abilities; P-1) and a hand-worked value. big armies: ACR 10, hp 65, OM +10, DV 20. MaxPhases 2 is
// one Ranged Phase (no army is ranged: no checks) and one Melee Phase: A's d20, any die of A's,
// then B's d20. MaxPhases 3 adds a second Melee Phase.

// yes answers q for every army in every phase.
func yes(qs ...Question) *chooser {
	m := map[Question]bool{}
	for _, q := range qs {
		m[q] = true
	}
	return &chooser{answers: m}
}

// playHP runs s with the dice and chooser and returns both armies' hp.
func playHP(t *testing.T, s *Setup, ch Chooser, dice ...int) (int, int, *Battle, []Event) {
	t.Helper()
	b, _, log := fight(t, s, rolls(t, dice...), ch)
	return b.State(0).HP, b.State(1).HP, b, log
}

// Aquatic: "The army increases its OM and DV by 1 against armies in the water or on ships. The
// army decreases its OM by 2 against armies on land (unless the army also has the amphibious
// special ability ...)". Both roll 15. On water: A 15 + 10 + 1 = 26 - 20 = 6 (B 59); B 25 against
// A's DV 21: 4 (A 61). On land: A 23 - 20 = 3 (B 62); B 25 - 20 = 5 (A 60). Amphibious too, on land:
// A 25 - 20 = 5 (B 60).
func TestAquatic(t *testing.T) {
	for _, c := range []struct {
		water, amph  bool
		wantA, wantB int
	}{{true, false, 61, 59}, {false, false, 60, 62}, {false, true, 60, 60}} {
		a := with(big("A"), pfarmy.Ability{Name: "aquatic"})
		if c.amph {
			a = with(a, pfarmy.Ability{Name: "amphibious"})
		}
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
		s.Field.Water = c.water
		ha, hb, _, log := playHP(t, s, &chooser{}, 15, 15)
		if ha != c.wantA || hb != c.wantB {
			dumpLog(t, log)
			t.Errorf("water %t amphibious %t: hp A %d B %d, want %d %d", c.water, c.amph, ha, hb, c.wantA, c.wantB)
		}
	}
}

// Amphibious: "ignore Defense from water barriers"; Climb: "25% lower ... doesn't apply if the
// fortification can't reasonably be climbed (such as a moat)". B behind a moat of Defense 8: A's
// 15 + 10 = 25 against DV 20 (amphibious: the moat counts for nothing) deals 5 (B 60); without
// amphibious, or with climb, against 28: nothing (65). Climb against a wall (no kind) of 8: 8 - 2 =
// 6, DV 26: A's 19 + 10 = 29 deals 3 (62).
func TestAmphibiousWaterBarrier(t *testing.T) {
	for _, c := range []struct {
		ab, kind string
		die      int
		want     int
	}{{"amphibious", "water", 15, 60}, {"darkvision", "water", 15, 65}, {"climb", "water", 15, 65}, {"climb", "", 19, 62}} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: c.ab}), big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[1].Fortification, s.Armies[1].FortKind = 8, c.kind
		_, hb, _, log := playHP(t, s, &chooser{}, c.die, 2)
		if hb != c.want {
			dumpLog(t, log)
			t.Errorf("%s against fortification %q: B hp %d, want %d", c.ab, c.kind, hb, c.want)
		}
	}
}

// Mobility: "If the units have a form of mobility that gives them an advantage in the
// battlefield's terrain (such as boggards in a swamp), increase the army's OM by 1 for that battle
// against armies without such mobility." A (mobility, of swamps) rolls 10: in a swamp 10 + 10 + 1 =
// 21 deals 1 (B 64); in a forest, or against a B as mobile in the swamp, 20 deals nothing (65).
func TestMobility(t *testing.T) {
	for _, c := range []struct {
		terrain string
		bMobile bool
		want    int
	}{{"swamp", false, 64}, {"Swamps", false, 64}, {"forest", false, 65}, {"swamp", true, 65}} {
		bb := big("B")
		if c.bMobile {
			bb = with(bb, pfarmy.Ability{Name: "mobility", Of: []string{"swamp"}})
		}
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "mobility", Of: []string{"swamps"}}), bb, pfarmy.Options{MaxPhases: 2})
		s.Field.Terrain = c.terrain
		_, hb, _, log := playHP(t, s, &chooser{}, 10, 2)
		if hb != c.want {
			dumpLog(t, log)
			t.Errorf("terrain %q, B mobile %t: B hp %d, want %d", c.terrain, c.bMobile, hb, c.want)
		}
	}
	a := with(big("A"), pfarmy.Ability{Name: "mobility"})
	if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 1 || fs[0].Code != pfarmy.CodeInvalid || fs[0].Field != "abilities[0].of" {
		t.Errorf("mobility without of: %v, want one M001 at abilities[0].of", fs)
	}
}

// Vortex: "This ability functions as paralysis, but only against targets on or in the water."
// A's 15 + 10 - 20 = 5 damages B: on water B's DV is 1 lower for the battle (paralysis: "reduce the
// enemy army's DV by 1"), on land not, nor on water against a B immune to paralysis.
func TestVortex(t *testing.T) {
	for _, c := range []struct {
		water, immune bool
		want          int8
	}{{true, false, 1}, {false, false, 0}, {true, true, 0}} {
		bb := big("B")
		if c.immune {
			bb = with(bb, pfarmy.Ability{Name: "immunity", Of: []string{"paralysis"}})
		}
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "vortex"}), bb, pfarmy.Options{MaxPhases: 2})
		s.Field.Water = c.water
		_, hb, b, _ := playHP(t, s, &chooser{}, 15, 2)
		if hb != 60 || b.u[1].s.paraDV != c.want {
			t.Errorf("water %t immune %t: B hp %d DV penalty %d, want 60 and %d", c.water, c.immune, hb, b.u[1].s.paraDV, c.want)
		}
	}
}

// Unnatural Aura: "This ability functions as fear, but applies only to animals (including animal
// mounts)." A's 15 + 10 - 20 = 5 damages B; an animal B checks DC 10 + 10 = 20 and its 5 fails:
// afraid next phase. A mounted humanoid B (mounts: DV 22) takes 25 - 22 = 3 and checks too; a
// humanoid on foot makes no check.
func TestUnnaturalAura(t *testing.T) {
	for _, c := range []struct {
		typ     string
		mounted bool
		dice    []int
		afraid  bool
	}{{"animal", false, []int{15, 2, 5}, true}, {"humanoid", true, []int{15, 2, 5}, true}, {"humanoid", false, []int{15, 2}, false}} {
		bb := big("B")
		bb.Type = c.typ
		bb.Resources.Mounts = c.mounted
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "unnatural aura"}), bb, pfarmy.Options{MaxPhases: 2})
		_, _, b, log := playHP(t, s, &chooser{}, c.dice...)
		if b.u[1].s.fearNext != c.afraid || len(events(log, EvFear, 1)) != len(c.dice)-2 {
			dumpLog(t, log)
			t.Errorf("%s mounted %t: afraid %t, want %t", c.typ, c.mounted, b.u[1].s.fearNext, c.afraid)
		}
	}
}

// Energy Drain: "If the army damages an enemy, it reduces the enemy's OM and DV by 1 for 24
// hours." A's 15 deals 5 (B 60); B's 15 + 10 - 1 = 24 then deals 4 (A 61), 5 without the drain or
// against a B immune to energy drain (A 60).
func TestEnergyDrain(t *testing.T) {
	for _, c := range []struct {
		drain, immune bool
		want          int
	}{{true, false, 61}, {false, false, 60}, {true, true, 60}} {
		a, bb := big("A"), big("B")
		if c.drain {
			a = with(a, pfarmy.Ability{Name: "energy drain"})
		}
		if c.immune {
			bb = with(bb, pfarmy.Ability{Name: "immunity", Of: []string{"energy drain"}})
		}
		ha, hb, _, log := playHP(t, duel(t, a, bb, pfarmy.Options{MaxPhases: 2}), &chooser{}, 15, 15)
		if ha != c.want || hb != 60 {
			dumpLog(t, log)
			t.Errorf("drain %t immune %t: hp A %d B %d, want %d 60", c.drain, c.immune, ha, hb, c.want)
		}
	}
}

// Disease: "If the army damages an enemy, the enemy becomes diseased and takes a cumulative -1
// penalty to its OM and DV each day after the battle." A's 15 damages B: diseased after the battle;
// an undead B ("immune to disease") is not; nor a B A does not damage (A rolls 2).
func TestDisease(t *testing.T) {
	undead := with(big("B"), pfarmy.Ability{Name: "undead"})
	for _, c := range []struct {
		b    pfarmy.Army
		die  int
		want bool
	}{{big("B"), 15, true}, {undead, 15, false}, {big("B"), 2, false}} {
		_, _, b, _ := playHP(t, duel(t, with(big("A"), pfarmy.Ability{Name: "disease"}), c.b, pfarmy.Options{MaxPhases: 2}), &chooser{}, c.die, 2)
		if b.State(1).Diseased != c.want {
			t.Errorf("%v, A rolls %d: diseased %t, want %t", c.b.Abilities, c.die, b.State(1).Diseased, c.want)
		}
	}
}

// Poison Resistance (Alchemist 2): "If the army takes poison damage, reduce the damage by half of
// the unit's poison resistance bonus." Poison "functions as bleed". MaxPhases 3: A's 15 deals 5 in
// the first Melee Phase; the next starts with the d6, 6: B with poison resistance 4 takes 6 - 2 = 4
// (hp 65 - 5 - 4 = 56), without it 6 (54), and bleed that is not poison is not cut (54). Both miss
// (2) after.
func TestPoisonResistance(t *testing.T) {
	for _, c := range []struct {
		ab   string
		res  int
		want int
	}{{"poison", 4, 56}, {"poison", 0, 54}, {"bleed", 4, 54}} {
		bb := big("B")
		if c.res > 0 {
			bb = with(bb, pfarmy.Ability{Name: "poison resistance", Value: c.res})
		}
		_, hb, _, log := playHP(t, duel(t, with(big("A"), pfarmy.Ability{Name: c.ab}), bb, pfarmy.Options{MaxPhases: 3}), &chooser{}, 15, 2, 6, 2, 2)
		if hb != c.want {
			dumpLog(t, log)
			t.Errorf("%s against resistance %d: B hp %d, want %d", c.ab, c.res, hb, c.want)
		}
	}
}

// Trap Sense (Rogue 3): "When using the siegebreaker tactic, the army adds half its ACR to the
// Offense check to determine if a siege engine is destroyed." A (Siegebreaker) deals 15 + 10 - 20 =
// 5 to B (one siege engine); the second check 8 + 10 + 5 = 23 beats DV 20: the engine is destroyed;
// without trap sense 18 does not.
func TestTrapSense(t *testing.T) {
	for _, c := range []struct {
		sense bool
		want  int
	}{{true, 0}, {false, 1}} {
		a, ch := withTactic(pfarmy.TacSiegebreaker)
		if c.sense {
			a = with(a, pfarmy.Ability{Name: "trap sense"})
		}
		bb := big("B")
		bb.Resources.SiegeEngines = 1
		_, _, b, log := playHP(t, duel(t, a, bb, pfarmy.Options{MaxPhases: 2}), ch, 15, 8, 2)
		if b.State(1).SiegeEngines != c.want {
			dumpLog(t, log)
			t.Errorf("trap sense %t: B has %d siege engines, want %d", c.sense, b.State(1).SiegeEngines, c.want)
		}
	}
}

// Favored Terrain (Ranger 3): "Reduce an enemy's bonuses from advantageous terrain and battlefield
// advantage by half." B on advantageous terrain with battlefield advantage: DV 24, OM 12. Against A
// with favored terrain DV 22 and OM 11: A's 25 deals 3 (B 62), B's 15 + 11 = 26 deals 6 (A 59);
// without it A deals 1 (64) and B 7 (58).
func TestFavoredTerrain(t *testing.T) {
	for _, c := range []struct {
		ft           bool
		wantA, wantB int
	}{{true, 59, 62}, {false, 58, 64}} {
		a := big("A")
		if c.ft {
			a = with(a, pfarmy.Ability{Name: "favored terrain"})
		}
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[1].AdvantageousTerrain, s.Armies[1].BattlefieldAdvantage = true, true
		ha, hb, _, log := playHP(t, s, &chooser{}, 15, 15)
		if ha != c.wantA || hb != c.wantB {
			dumpLog(t, log)
			t.Errorf("favored terrain %t: hp A %d B %d, want %d %d", c.ft, ha, hb, c.wantA, c.wantB)
		}
	}
}

// Burrow: "The army can dig under one fortification ... by spending a Ranged or Melee phase
// moving. In later phases, it ignores that fortification's Defense. During the phase the army uses
// burrow, it can attack or be attacked only by armies using burrow or earth glide." B behind a
// fortification of 8. MaxPhases 3: A digs in the first Melee Phase (no check by A, and B cannot
// reach it: no die; it is not asked to in the Ranged Phase), then 15 + 10 - 20 = 5 (B 60); B's 2
// misses. Without digging A's 15 is against
// 28 in both Melee Phases: B 65. Earth Glide: "ignores fortifications made of earth or stone": at
// once (MaxPhases 2: B 60).
func TestBurrow(t *testing.T) {
	s := duel(t, with(big("A"), pfarmy.Ability{Name: "burrow"}), big("B"), pfarmy.Options{MaxPhases: 3})
	s.Armies[1].Fortification = 8
	ch := yes(AskBurrow)
	ch.perPhase = map[key]map[Question]bool{{1, 0}: {AskBurrow: false}}
	_, hb, _, log := playHP(t, s, ch, 15, 2)
	if hb != 60 || len(events(log, EvOffense, -1)) != 2 {
		dumpLog(t, log)
		t.Errorf("burrow: B hp %d, want 60 with no check in the phase A digs", hb)
	}
	_, hb, _, log = playHP(t, s, &chooser{}, 15, 2, 15, 2)
	if hb != 65 {
		dumpLog(t, log)
		t.Errorf("no burrow: B hp %d, want 65", hb)
	}
	s = duel(t, with(big("A"), pfarmy.Ability{Name: "earth glide"}), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[1].Fortification, s.Armies[1].FortKind = 8, "stone"
	if _, hb, _, log = playHP(t, s, &chooser{}, 15, 2); hb != 60 {
		dumpLog(t, log)
		t.Errorf("earth glide against stone: B hp %d, want 60", hb)
	}
}

// Create Spawn: "If the army destroys a living army of equal or greater size, it may immediately
// recover a number of hit points equal to twice its ACR". A at hp 30 destroys B (hp 3) with 15 + 10
// - 20 = 5: A heals 2 x 10 = 20 (hp 50). A Small B (DV 18: 7), or an undead one (DV 22: 3), gives
// nothing (30).
func TestCreateSpawn(t *testing.T) {
	small := big("B")
	small.Size = pfarmy.SizeSmall // ACR 8
	for _, c := range []struct {
		b    pfarmy.Army
		want int
	}{{big("B"), 50}, {small, 30}, {with(big("B"), pfarmy.Ability{Name: "undead"}), 30}} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "create spawn"}), c.b, pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP, s.Armies[1].HP = 30, 3
		ha, _, b, log := playHP(t, s, &chooser{}, 15, 2)
		if ha != c.want || b.State(1).Status != StatusDestroyed {
			dumpLog(t, log)
			t.Errorf("%s %v: A hp %d, want %d (B %s)", c.b.Size, c.b.Abilities, ha, c.want, b.State(1).Status)
		}
	}
}

// Challenge (Cavalier 1): "increase its OM by 2 against a target army, but it also reduces its DV
// by 1 against attacks from any army that is not the target army ... for the rest of the battle";
// Order (Cavalier 1): "When using the challenge ability, increase the army's DV by 1 against the
// challenged army." A challenges B; C is on B's side. All roll 15: A 27 - 20 = 7 (B 58); B 25 against
// A's 21 with order: 4, C 25 against 19: 6 (A 55). Without order B deals 5 (A 54). Without a
// challenge: B 60, A 55.
func TestChallengeAndOrder(t *testing.T) {
	for _, c := range []struct {
		challenge, order bool
		wantA, wantB     int
	}{{true, true, 55, 58}, {true, false, 54, 58}, {false, false, 55, 60}} {
		a := with(big("A"), pfarmy.Ability{Name: "challenge"})
		if c.order {
			a = with(a, pfarmy.Ability{Name: "order"})
		}
		o := pfarmy.Options{MaxPhases: 2}
		s := &Setup{Options: o, Armies: []Combatant{{Stats: stats(t, a, o), Side: SideA},
			{Stats: stats(t, big("B"), o), Side: SideB}, {Stats: stats(t, big("C"), o), Side: SideB}}}
		ch := &chooser{answers: map[Question]bool{AskChallenge: c.challenge}}
		ha, hb, _, log := playHP(t, s, ch, 15, 15, 15)
		if ha != c.wantA || hb != c.wantB {
			dumpLog(t, log)
			t.Errorf("challenge %t order %t: hp A %d B %d, want %d %d", c.challenge, c.order, ha, hb, c.wantA, c.wantB)
		}
	}
}

// Combat Style (Ranger 2): "Once per battle, increase the army's OM for either ranged attacks or
// melee attacks by 1 for the rest of the battle"; Weapon Specialization (Fighter 4): "Once per
// battle, increase the army's OM for either ranged or melee attacks by 2" (one check: no "for the
// rest of the battle"); Hunter's Bond (Ranger 4), companions: "Once per battle, the army may
// increase its OM ... by 1 for the rest of the battle". MaxPhases 3, A rolls 10 in both Melee
// Phases: combat style 21, 21 (B 63); weapon specialization 22, 20 (63); companions 21, 21 (63);
// not used: 20, 20 (65).
func TestOnceABattleOM(t *testing.T) {
	for _, c := range []struct {
		ab   pfarmy.Ability
		q    Question
		use  bool
		want int
	}{
		{pfarmy.Ability{Name: "combat style"}, AskCombatStyle, true, 63},
		{pfarmy.Ability{Name: "weapon specialization"}, AskWeaponSpecialization, true, 63},
		{pfarmy.Ability{Name: "hunter's bond", Of: []string{"companions"}}, AskCompanions, true, 63},
		{pfarmy.Ability{Name: "combat style"}, AskCombatStyle, false, 65},
	} {
		ch := &chooser{answers: map[Question]bool{c.q: c.use}}
		_, hb, _, log := playHP(t, duel(t, with(big("A"), c.ab), big("B"), pfarmy.Options{MaxPhases: 3}), ch, 10, 2, 10, 2)
		if hb != c.want || (c.use && len(events(log, EvAbility, 0)) != 1) {
			dumpLog(t, log)
			t.Errorf("%s used %t: B hp %d, want %d, used once", c.ab.Name, c.use, hb, c.want)
		}
	}
	// Hunter's bond, animal: "functions as animal companion" (OM +1, in the stat block): OM 11.
	if st := stats(t, with(big("A"), pfarmy.Ability{Name: "hunter's bond", Of: []string{"animal"}}), pfarmy.Options{}); st.OM != 11 {
		t.Errorf("hunter's bond (animal): OM %d, want 11", st.OM)
	}
	a := with(big("A"), pfarmy.Ability{Name: "hunter's bond"})
	if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 1 || fs[0].Field != "abilities[0].of" {
		t.Errorf("hunter's bond without of: %v, want one M001 at abilities[0].of", fs)
	}
}

// Hex (Witch 1), healing: "Once per battle, the army can heal a number of hit points equal to half
// its ACR"; cauldron works as brew potion (nothing in battle). Alchemy (Alchemist 1): "Once per
// battle, the army can heal itself as if it had the healing potions resource" (skip the offense
// check, heal 2 x ACR, P-66). A at hp 30, both miss (2): hex healing 30 + 5 = 35, cauldron 30;
// alchemy 30 + 20 = 50 (drunk in the Ranged Phase, where A has no check anyway), asked once.
func TestHexAndAlchemy(t *testing.T) {
	for _, c := range []struct {
		ab   pfarmy.Ability
		dice []int
		want int
	}{
		{pfarmy.Ability{Name: "hex", Of: []string{"healing"}}, []int{2, 2}, 35},
		{pfarmy.Ability{Name: "hex", Of: []string{"cauldron"}}, []int{2, 2}, 30},
		{pfarmy.Ability{Name: "alchemy"}, []int{2, 2}, 50},
	} {
		s := duel(t, with(big("A"), c.ab), big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP = 30
		ha, _, b, log := playHP(t, s, yes(AskHexHealing, AskPotion), c.dice...)
		if ha != c.want || b.State(0).Potions != 0 {
			dumpLog(t, log)
			t.Errorf("%s %v: A hp %d, want %d", c.ab.Name, c.ab.Of, ha, c.want)
		}
	}
}

// Judgment (Inquisitor 1): "Once each Ranged or Melee phase, the army may choose to increase its
// damage by 1, increase its DV by 1, heal a number of hit points equal to half its ACR, or treat its
// attacks as magic weapons." Both roll 15 (A at hp 30): damage: 25 - 20 + 1 = 6 (B 59), A takes 5
// (25); DV: B's 25 against 21: 4 (A 26); heal, in the Ranged Phase and the Melee Phase: 30 + 5 + 5 -
// 5 = 35. Against an incorporeal B ("no
// damage from nonmagical attacks, and only half damage from magical attacks"): magic: 5 halved, 2
// (B 63); damage +1 instead: nothing (65).
func TestJudgment(t *testing.T) {
	incorporeal := with(big("B"), pfarmy.Ability{Name: "incorporeal"})
	for _, c := range []struct {
		name         string
		b            pfarmy.Army
		ch           *chooser
		wantA, wantB int
	}{
		{"damage", big("B"), &chooser{}, 25, 59},
		{"defense", big("B"), yes(AskJudgmentDefense), 26, 60},
		{"heal", big("B"), yes(AskJudgmentHeal), 35, 60},
		{"magic", incorporeal, yes(AskJudgmentMagic), 24, 63},
		{"no magic", incorporeal, &chooser{}, 24, 65},
	} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "judgment"}), c.b, pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP = 30
		ha, hb, _, log := playHP(t, s, c.ch, 15, 15)
		if ha != c.wantA || hb != c.wantB {
			dumpLog(t, log)
			t.Errorf("judgment %s: hp A %d B %d, want %d %d", c.name, ha, hb, c.wantA, c.wantB)
		}
	}
}

// Create Sandstorm: "Once per battle, the army can affect the field of battle with the sandstorm
// battlefield condition. The sandstorm lasts for the rest of the battle." Sandstorm (P-65): as fog
// (damage halved) and 1 damage to every army each phase. A raises it in the Ranged Phase (1 damage
// each: 64, 64), then in the Melee Phase A's 19 + 10 - 20 = 9 is halved to 4 (B 64 - 4 - 1 = 59); B's
// 2 misses (A 63). Without it: B 56, A 65.
func TestCreateSandstorm(t *testing.T) {
	for _, c := range []struct {
		use          bool
		wantA, wantB int
	}{{true, 63, 59}, {false, 65, 56}} {
		ch := &chooser{answers: map[Question]bool{AskSandstorm: c.use}}
		ha, hb, _, log := playHP(t, duel(t, with(big("A"), pfarmy.Ability{Name: "create sandstorm"}), big("B"), pfarmy.Options{MaxPhases: 2}), ch, 19, 2)
		if ha != c.wantA || hb != c.wantB {
			dumpLog(t, log)
			t.Errorf("sandstorm %t: hp A %d B %d, want %d %d", c.use, ha, hb, c.wantA, c.wantB)
		}
	}
}

// Wild Shape (Druid 4): "the army may gain the aquatic, amphibious, climb, darkvision, flight,
// low-light vision, or scent special abilities, but loses the spellcasting ability". A has
// spellcasting 2 (OM 12, DV 22); in darkness (OM -2, DV -3) its DV is 19 and B's is 17. Taking a
// form with darkvision in the Ranged Phase: OM 10, DV 20 and no darkness. Both roll 15: A's 25
// deals 8 (B 57) either way; B's 15 + 10 - 2 = 23 deals 3 against the shaped A (62), 4 against the
// caster (61). A second Run starts from the caster again (61).
func TestWildShape(t *testing.T) {
	for _, c := range []struct {
		use  bool
		want int
	}{{true, 62}, {false, 61}} {
		a := with(big("A"), pfarmy.Ability{Name: "spellcasting", Value: 2}, pfarmy.Ability{Name: "wild shape", Of: []string{"darkvision"}})
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
		s.Field.Darkness = true
		ch := &chooser{answers: map[Question]bool{AskWildShape: c.use}}
		ha, hb, b, log := playHP(t, s, ch, 15, 15)
		if ha != c.want || hb != 57 {
			dumpLog(t, log)
			t.Errorf("wild shape %t: hp A %d B %d, want %d 57", c.use, ha, hb, c.want)
		}
		if c.use {
			b.ch = &chooser{}
			b.src = rolls(t, 15, 15)
			if _, err := b.Run(); err != nil || b.State(0).HP != 61 || b.u[0].has(pfarmy.AbDarkvision) {
				t.Errorf("second Run after wild shape: A hp %d (want 61), darkvision %t, err %v", b.State(0).HP, b.u[0].has(pfarmy.AbDarkvision), err)
			}
		}
	}
	a := with(big("A"), pfarmy.Ability{Name: "wild shape", Of: []string{"rage"}})
	if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 1 || fs[0].Field != "abilities[0].of" {
		t.Errorf("wild shape of rage: %v, want one M001 at abilities[0].of", fs)
	}
}

// Wild Shape: "The army can end this ability in any later phase." As TestWildShape (darkness, A a
// caster of spellcasting 2 taking darkvision's form in the Ranged Phase), then ending it at the start
// of Melee Phase 2: A is the caster again, DV 22 - 3 = 19 and OM 12 - 2 = 10. Both roll 15: A's
// 25 against B's DV 17 deals 8 (B 57); B's 15 + 10 - 2 = 23 against 19 deals 4 (A 61, not the
// form's 62). The row says so; the form cannot be taken again (once a battle).
func TestWildShapeEnd(t *testing.T) {
	a := with(big("A"), pfarmy.Ability{Name: "spellcasting", Value: 2}, pfarmy.Ability{Name: "wild shape", Of: []string{"darkvision"}})
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
	s.Field.Darkness = true
	ch := &chooser{answers: map[Question]bool{AskWildShape: true}, perPhase: map[key]map[Question]bool{{2, 0}: {AskWildShapeEnd: true}}}
	ha, hb, b, log := playHP(t, s, ch, 15, 15)
	ends := 0
	for _, e := range events(log, EvAbility, 0) {
		if e.Ability == pfarmy.AbWildShape && abilityResult(&e) == "ends its wild shape, spellcasting back" {
			ends++
		}
	}
	if ha != 61 || hb != 57 || ends != 1 || b.u[0].has(pfarmy.AbDarkvision) || !b.u[0].casting() {
		dumpLog(t, log)
		t.Errorf("wild shape ended: hp A %d B %d, %d end rows, darkvision %t; want 61 57, 1, false", ha, hb, ends, b.u[0].has(pfarmy.AbDarkvision))
	}
}
