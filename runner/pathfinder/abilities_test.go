package pathfinder

import (
	"errors"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// The special abilities as Ultimate Campaign, Mass Combat, "Special Abilities" publishes them. Every
// army is big(): ACR 10, hp 65, OM +10, DV 20, rout checks at hp <= 10, morale +0. Phase 1 is the
// Ranged Phase (no one shoots unless ranged), phase 2 the first Melee Phase.

func with(a pfarmy.Army, abs ...pfarmy.Ability) pfarmy.Army {
	a.Abilities = append(a.Abilities, abs...)
	return a
}

// Bravery: "Apply the unit's bravery bonus on Morale checks against fear and routs" only. A at hp
// 11: B's 11 + 10 = 21 against DV 20 deals 1 (hp 10 <= ACR 10); the rout check 13 + bravery 2 = 15
// holds (DC 15). In phase 3 A's tactic change is 13 + 0 (no bravery) = 13 < 15: it fails.
func TestBravery(t *testing.T) {
	a := with(big("A"), pfarmy.Ability{Name: "bravery", Value: 2})
	a.Tactics = []pfarmy.Tactic{pfarmy.TacDefensiveWall}
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3})
	s.Armies[0].HP = 11
	b, _, log := fight(t, s, rolls(t, 2, 11, 13, 13, 2, 2), &chooser{change: map[key]pfarmy.Tactic{{3, 0}: pfarmy.TacDefensiveWall}})
	if b.State(0).Status != StatusActive {
		t.Fatalf("A %s: 13 + bravery 2 holds a rout check", b.State(0).Status)
	}
	rc := events(log, EvRoutCheck, 0)
	tc := events(log, EvTactic, 0)
	if len(rc) != 1 || rc[0].Roll.Total != 15 || len(tc) != 2 || tc[1].OK || tc[1].Roll.Total != 13 {
		dumpLog(t, log)
		t.Errorf("rout check %v; tactic change %v", rc, tc)
	}
}

// Fear: "If the army damages an enemy army, that army must attempt a Morale check (DC = 10 + your
// army's ACR). Failure means the enemy army is afraid and can't attempt an Offense check to attack
// during the next phase. If an army fails a Morale check during a phase in which it is already afraid,
// it routs." Phase 2: B's 15 + 10 = 25 deals 5; A's fear check 5 < DC 20: afraid. Phase 3: A makes no
// check; B deals 5 again; A fails 5 < 20 while afraid: it routs; B's parting shot 2 misses.
func TestFear(t *testing.T) {
	s := duel(t, big("A"), with(big("B"), pfarmy.Ability{Name: "fear"}), pfarmy.Options{MaxPhases: 3})
	b, _, log := fight(t, s, rolls(t, 2, 15, 5, 15, 5, 2), &chooser{})
	if b.State(0).Status != StatusRouted || b.State(0).HP != 55 {
		dumpLog(t, log)
		t.Fatalf("A %s at %d; want routed at 65 - 5 - 5 = 55", b.State(0).Status, b.State(0).HP)
	}
	if len(events(log, EvAfraid, 0)) != 1 || len(events(log, EvFear, 0)) != 2 {
		t.Errorf("afraid %d times, fear checks %d; want 1, 2", len(events(log, EvAfraid, 0)), len(events(log, EvFear, 0)))
	}
	for _, e := range events(log, EvOffense, 0) {
		if e.PhaseNo == 3 {
			t.Error("an afraid army attacked")
		}
	}
	// Undead are immune to fear: no checks (B's 15 against DV 20 + 2 deals 3 each phase).
	s = duel(t, with(big("A"), pfarmy.Ability{Name: "undead"}), with(big("B"), pfarmy.Ability{Name: "fear"}), pfarmy.Options{MaxPhases: 3})
	b, _, log = fight(t, s, rolls(t, 2, 15, 2, 15), &chooser{})
	if len(events(log, EvFear, 0)) != 0 || b.State(0).HP != 59 {
		t.Errorf("undead: %d fear checks, hp %d; want 0, 59", len(events(log, EvFear, 0)), b.State(0).HP)
	}
}

// Bleed: "When this army deals damage in melee, the target army takes an automatic 1d6 points of
// damage at the start of the next phase." Phase 2: B deals 5; phase 3 begins with 1d6 = 4: A at
// 65 - 5 - 4 = 56. Poison "functions as bleed", but undead are immune to poison: no 1d6 (B's 25
// against DV 22 deals 3).
func TestBleed(t *testing.T) {
	s := duel(t, big("A"), with(big("B"), pfarmy.Ability{Name: "bleed"}), pfarmy.Options{MaxPhases: 3})
	b, _, log := fight(t, s, rolls(t, 2, 15, 4, 2, 2), &chooser{})
	if b.State(0).HP != 56 || len(events(log, EvBleed, 0)) != 1 {
		dumpLog(t, log)
		t.Errorf("bleed: hp %d, want 56", b.State(0).HP)
	}
	s = duel(t, with(big("A"), pfarmy.Ability{Name: "undead"}), with(big("B"), pfarmy.Ability{Name: "poison"}), pfarmy.Options{MaxPhases: 3})
	if b, _, _ := fight(t, s, rolls(t, 2, 15, 2, 2), &chooser{}); b.State(0).HP != 62 {
		t.Errorf("poison against undead: hp %d, want 62", b.State(0).HP)
	}
}

// Breath weapon: "The army can make ranged attacks. In the Ranged and Melee phases, it deals +1d4
// points of damage." Ranged Phase: 15 + 10 = 25 against 20: 5 + 1d4 (3) = 8. Evasion halves it:
// 5 + 3/2 = 6.
func TestBreathWeapon(t *testing.T) {
	for _, c := range []struct {
		evasion bool
		hp      int
	}{{false, 57}, {true, 59}} {
		a := big("A")
		if c.evasion {
			a = with(a, pfarmy.Ability{Name: "evasion"})
		}
		s := duel(t, a, with(big("B"), pfarmy.Ability{Name: "breath weapon"}), pfarmy.Options{MaxPhases: 1})
		if b, _, _ := fight(t, s, rolls(t, 15, 3), &chooser{}); b.State(0).HP != c.hp {
			t.Errorf("evasion %t: hp %d, want %d", c.evasion, b.State(0).HP, c.hp)
		}
	}
}

// Ferocity: "If the army is defeated or routed, it may continue to act for one more Melee phase, and
// its OM and DV are reduced by 4 for that phase." A at hp 5 takes 5 in phase 2 (0 hp) and fights
// phase 3: 15 + 10 - 4 = 21 against 20 deals 1; B's 2 + 10 = 12 against 20 - 4 = 16 misses. Then A
// is destroyed.
func TestFerocity(t *testing.T) {
	s := duel(t, with(big("A"), pfarmy.Ability{Name: "ferocity"}), big("B"), pfarmy.Options{MaxPhases: 4})
	s.Armies[0].HP = 5
	b, r, log := fight(t, s, rolls(t, 2, 15, 15, 2), &chooser{})
	if b.State(0).Status != StatusDestroyed || b.State(1).HP != 64 || r.Winner != SideB {
		dumpLog(t, log)
		t.Fatalf("A %s, B hp %d, winner %s", b.State(0).Status, b.State(1).HP, r.Winner)
	}
	if e := offenseIn(t, log, 3, 0); e.Roll.Total != 21 {
		t.Errorf("the extra phase: A's total %d, want 21", e.Roll.Total)
	}
}

// Fast healing: "Each Ranged or Melee phase, this army regains a number of hit points equal to half
// its fast healing value": 10 heals 5 (50 -> 55). Regeneration 2 heals 1; "When an army with
// regeneration is reduced to 0 hp, it is defeated only if at least one enemy army survives at the end
// of that phase": A at 3 heals to 4 (Ranged Phase), then takes 5 while B (at 5) takes 5: A at 0
// stays, B is destroyed; with B at full hp A is destroyed.
func TestFastHealingAndRegeneration(t *testing.T) {
	s := duel(t, with(big("A"), pfarmy.Ability{Name: "fast healing", Value: 10}), big("B"), pfarmy.Options{MaxPhases: 1})
	s.Armies[0].HP = 50
	if b, _, _ := fight(t, s, rolls(t), &chooser{}); b.State(0).HP != 55 {
		t.Errorf("fast healing: hp %d, want 55", b.State(0).HP)
	}
	s = duel(t, with(big("A"), pfarmy.Ability{Name: "regeneration", Value: 2}), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP, s.Armies[1].HP = 3, 5
	b, r, log := fight(t, s, rolls(t, 15, 15), &chooser{})
	if b.State(0).Status != StatusActive || b.State(1).Status != StatusDestroyed || r.Winner != SideA || len(events(log, EvRegenerate, 0)) != 1 {
		dumpLog(t, log)
		t.Errorf("no enemy left: A %s, B %s, winner %s", b.State(0).Status, b.State(1).Status, r.Winner)
	}
	s = duel(t, with(big("A"), pfarmy.Ability{Name: "regeneration", Value: 2}), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP = 3
	if b, _, _ := fight(t, s, rolls(t, 2, 15), &chooser{}); b.State(0).Status != StatusDestroyed {
		t.Errorf("enemy left: A %s, want destroyed", b.State(0).Status)
	}
}

// Incorporeal: "takes no damage from nonmagical attacks, and only half damage from magical attacks.
// It ignores enemy DV bonuses from armor resources ... It has a mobility advantage" (OM +1, as
// Mobility). A: 12 + 10 + 1 = 23 against B's DV 21 - 1 (armor ignored) = 20: 3. B: 15 + 10 = 25
// against 20 would deal 5, but nonmagical: 0; with magic weapons 15 + 12 = 27: 7, halved: 3.
// Swarm: "takes half damage from nonmagical attacks, but 1-1/2 times as much damage from magical
// attacks": 5 -> 2, 7 -> 10; and "can't harm an army with the incorporeal ... ability".
func TestIncorporealAndSwarm(t *testing.T) {
	for _, c := range []struct {
		ab         string
		magic      bool
		aHP, bHP   int
		armoredB   bool
		incorpB    bool
		dice       []int
		wantDamage int
	}{
		{"incorporeal", false, 65, 62, true, false, []int{12, 15}, 3},
		{"incorporeal", true, 62, 62, true, false, []int{12, 15}, 3},
		{"swarm", false, 63, 63, false, false, []int{12, 15}, 2},
		{"swarm", true, 55, 63, false, false, []int{12, 15}, 2},
		{"swarm", false, 65, 65, false, true, []int{20, 2}, 0},
	} {
		bb := big("B")
		if c.armoredB {
			bb.Resources.Armor = pfarmy.GradeImproved
		}
		if c.magic {
			bb.Resources.Weapons = pfarmy.GradeMagic
		}
		if c.incorpB {
			bb = with(bb, pfarmy.Ability{Name: "incorporeal"})
		}
		s := duel(t, with(big("A"), pfarmy.Ability{Name: c.ab}), bb, pfarmy.Options{MaxPhases: 2})
		b, _, log := fight(t, s, rolls(t, c.dice...), &chooser{})
		if b.State(0).HP != c.aHP || b.State(1).HP != c.bHP {
			dumpLog(t, log)
			t.Errorf("%s, B magic %t: A hp %d, B hp %d; want %d, %d", c.ab, c.magic, b.State(0).HP, b.State(1).HP, c.aHP, c.bHP)
		}
	}
}

// Mindless: "The army never fails Morale checks, but must always use standard tactics and strategy."
// At hp 10 after B's 1 damage, a rout check of 1 holds. Taunt is not Standard: ErrChoice. "An army
// of mindless creatures kills all captured NPC commanders": d100 50 (captured) -> killed.
func TestMindless(t *testing.T) {
	s := duel(t, with(big("A"), pfarmy.Ability{Name: "mindless"}), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP = 11
	if b, _, _ := fight(t, s, rolls(t, 2, 11, 1), &chooser{}); b.State(0).Status != StatusActive {
		t.Errorf("mindless: %s after a rout check of 1", b.State(0).Status)
	}
	bb, err := New(duel(t, with(big("A"), pfarmy.Ability{Name: "mindless"}), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t), &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacTaunt}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bb.Run(); !errors.Is(err, ErrChoice) {
		t.Errorf("a mindless army taunting: %v", err)
	}
	a := big("A")
	a.Commander = &pfarmy.Commander{Name: "Sir Anselm", Level: 5}
	s = duel(t, a, with(big("B"), pfarmy.Ability{Name: "mindless"}), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP = 5
	if b, _, _ := fight(t, s, rolls(t, 2, 15, 50), &chooser{}); b.State(0).Fate != FateKilled {
		t.Errorf("captured by the mindless: %s", b.State(0).Fate)
	}
}

// Paralysis: "Each time the army damages an enemy army, reduce the enemy army's DV by 1": B's 15 + 10
// = 25 against 20 deals 5, then against 19 deals 6 (65 - 11 = 54). Trip: "Each Melee phase, the
// target enemy army reduces its DV by 1 until the end of the phase": 25 against 19 deals 6 each
// Melee Phase (65 - 12 = 53).
func TestParalysisAndTrip(t *testing.T) {
	for _, c := range []struct {
		ab string
		hp int
	}{{"paralysis", 54}, {"trip", 53}} {
		s := duel(t, big("A"), with(big("B"), pfarmy.Ability{Name: c.ab}), pfarmy.Options{MaxPhases: 3})
		if b, _, _ := fight(t, s, rolls(t, 2, 15, 2, 15), &chooser{}); b.State(0).HP != c.hp {
			t.Errorf("%s: hp %d, want %d", c.ab, b.State(0).HP, c.hp)
		}
	}
}

// Significant defense: "Increase its DV by 10, but only against armies that can't overcome those
// defenses" (here: magic): B's 25 against 30 misses; with magic weapons 27 against 20 deals 7. Spell
// resistance: "The army increases its DV by 6 against armies with the spellcasting ability": B with
// spellcasting 2 (OM +12) hits 15 + 12 = 27 against 26: 1.
func TestSignificantDefenseAndSpellResistance(t *testing.T) {
	sd := pfarmy.Ability{Name: "significant defense", Of: []string{"magic"}}
	for _, c := range []struct {
		a  pfarmy.Ability
		b  pfarmy.Army
		hp int
	}{
		{sd, big("B"), 65},
		{sd, pfarmy.Army{Name: "B", Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(10), HitDie: pfarmy.D12, Resources: pfarmy.Resources{Weapons: pfarmy.GradeMagic}}, 58},
		{pfarmy.Ability{Name: "spell resistance"}, with(big("B"), pfarmy.Ability{Name: "spellcasting", Value: 2}), 64},
		{pfarmy.Ability{Name: "spell resistance"}, big("B"), 60},
	} {
		s := duel(t, with(big("A"), c.a), c.b, pfarmy.Options{MaxPhases: 2})
		if b, _, _ := fight(t, s, rolls(t, 2, 15), &chooser{}); b.State(0).HP != c.hp {
			t.Errorf("%s against %v: hp %d, want %d", c.a.Name, c.b.Abilities, b.State(0).HP, c.hp)
		}
	}
}

// Rage: "Increase the army's OM by 2, decrease its DV by 1 ... the army can't use the tactics ...
// defensive wall ... If using such a tactic or strategy, you immediately switch to the standard
// tactic." A raging from the first Melee Phase drops Defensive Wall: 12 + 10 + 2 = 24 against 20
// deals 4; B's 15 + 10 = 25 against 20 - 1 = 19 deals 6.
func TestRage(t *testing.T) {
	a := with(big("A"), pfarmy.Ability{Name: "rage"})
	a.Tactics = []pfarmy.Tactic{pfarmy.TacDefensiveWall}
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacDefensiveWall}, perPhase: map[key]map[Question]bool{{2, 0}: {AskRage: true}}}
	b, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 12, 15), ch)
	if b.State(0).Tactic != pfarmy.TacStandard || b.State(1).HP != 61 || b.State(0).HP != 59 || len(events(log, EvRage, 0)) != 1 {
		dumpLog(t, log)
		t.Errorf("rage: tactic %s, B hp %d, A hp %d", b.State(0).Tactic, b.State(1).HP, b.State(0).HP)
	}
}

// Smite evil: "In one Melee phase per battle, the army may increase its OM by 2 against an evil army.
// If the target army is undead or evil outsiders, the OM increases by 4 instead." Against a CE army:
// 12 + 10 + 2 = 24 (4), then 12 + 10 = 22 (2): 59. Against undead (DV 22): 12 + 14 = 26 (4), then 22
// (0): 61.
func TestSmiteEvil(t *testing.T) {
	ce := big("B")
	ce.Alignment = "CE"
	for _, c := range []struct {
		b  pfarmy.Army
		hp int
	}{{ce, 59}, {with(big("B"), pfarmy.Ability{Name: "undead"}), 61}} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "smite evil"}), c.b, pfarmy.Options{MaxPhases: 3})
		if b, _, _ := fight(t, s, rolls(t, 12, 2, 12, 2), &chooser{answers: map[Question]bool{AskSmite: true}}); b.State(1).HP != c.hp {
			t.Errorf("smite against %v: B hp %d, want %d", c.b.Abilities, b.State(1).HP, c.hp)
		}
	}
}

// Flight: "If the army doesn't attack in the Melee phase, it can't be attacked with melee attacks
// except by an army with flight." Held aloft, A makes no check and B, on foot, none either. A ranged
// B still shoots, at range: no strategy (Aggressive would add +2 OM and +3 damage): 15 + 10 = 25
// against 20, 5 in each phase (65 - 10 = 55).
func TestFlight(t *testing.T) {
	aloft := &chooser{answers: map[Question]bool{AskAloft: true}}
	_, _, log := fight(t, duel(t, with(big("A"), pfarmy.Ability{Name: "flight"}), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t), aloft)
	if len(events(log, EvOffense, -1)) != 0 || len(events(log, EvAloft, 0)) != 1 {
		t.Errorf("held aloft: %d offense checks", len(events(log, EvOffense, -1)))
	}
	archers := big("B")
	archers.Resources.Ranged = true
	aloft.strategies = map[key]Strategy{{1, 1}: StratAggressive}
	b, _, log := fight(t, duel(t, with(big("A"), pfarmy.Ability{Name: "flight"}), archers, pfarmy.Options{MaxPhases: 2}), rolls(t, 15, 15), aloft)
	if e := offenseIn(t, log, 2, 1); e.Roll.Total != 25 || b.State(0).HP != 55 {
		t.Errorf("shot at aloft: total %d, hp %d; want 25, 55", e.Roll.Total, b.State(0).HP)
	}
}

// A generic ability's modifiers under when: OM +2 in the first Melee Phase only, +1 damage always.
// Phase 2: 12 + 12 = 24 against 20: 4 + 1; phase 3: 12 + 10 = 22: 2 + 1 (65 - 8 = 57). The stat
// block's OM leaves the situational +2 out.
func TestGenericAbility(t *testing.T) {
	a := with(big("A"), pfarmy.Ability{Name: "war drums", OM: 2, When: pfarmy.WhenFirstMelee}, pfarmy.Ability{Name: "spiked shields", Damage: 1})
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3})
	if s.Armies[0].Stats.OM != 10 {
		t.Errorf("stat block OM %d, want 10", s.Armies[0].Stats.OM)
	}
	if b, _, _ := fight(t, s, rolls(t, 12, 2, 12, 2), &chooser{}); b.State(1).HP != 57 {
		t.Errorf("B hp %d, want 57", b.State(1).HP)
	}
}

// Battlefield conditions: rain "affects modifiers to OM in the Ranged phase as if it were severe
// wind" (-4): an archer's 15 + 10 - 4 = 21 against 20 deals 1; scent halves weather's penalty (-2):
// 23, 3; blindsight ignores it: 25, 5. A windstorm makes ranged attacks impossible. Snow: ranged as
// rain, damage as fog: 19 + 10 - 4 = 25: 5, halved 2.
func TestWeather(t *testing.T) {
	archer := big("A")
	archer.Resources.Ranged = true
	for _, c := range []struct {
		name  string
		f     Field
		sense string
		die   []int
		bHP   int
	}{
		{"rain", Field{Rain: true}, "", []int{15}, 64},
		{"rain, scent", Field{Rain: true}, "scent", []int{15}, 62},
		{"rain, blindsight", Field{Rain: true}, "blindsight", []int{15}, 60},
		{"strong wind", Field{Wind: WindStrong}, "", []int{15}, 62},
		{"windstorm", Field{Wind: WindWindstorm}, "", nil, 65},
		{"snow", Field{Snow: true}, "", []int{19}, 63},
	} {
		a := archer
		if c.sense != "" {
			a = with(archer, pfarmy.Ability{Name: c.sense})
		}
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
		s.Field = c.f
		if b, _, _ := fight(t, s, rolls(t, c.die...), &chooser{}); b.State(1).HP != c.bHP {
			t.Errorf("%s: B hp %d, want %d", c.name, b.State(1).HP, c.bHP)
		}
	}
}

// Senses: low-light vision "takes no penalties for dim light" (A: 12 + 10 = 22, 2 damage; B: 12 + 10
// - 1 = 21, 1); scent "reduces its OM and DV penalties from darkness ... by half" (A: OM -1, DV -1;
// B: OM -2, DV -3: A's 12 + 9 = 21 against 17 deals 4, B's 12 + 8 = 20 against 19 deals 1); light
// sensitivity: OM -1 in bright light (21 against 20: 1). In fog, scent cuts damage by a quarter, not
// half: 18 + 10 = 28 against 20 is 8: A deals 8 - 2 = 6, B 8 / 2 = 4.
func TestSenses(t *testing.T) {
	for _, c := range []struct {
		name     string
		f        Field
		ab       string
		die      []int
		aHP, bHP int
	}{
		{"dim light, low-light vision", Field{DimLight: true}, "low-light vision", []int{12, 12}, 64, 63},
		{"darkness, scent", Field{Darkness: true}, "scent", []int{12, 12}, 64, 61},
		{"bright light, light sensitivity", Field{BrightLight: true}, "light sensitivity", []int{12, 2}, 65, 64},
		{"fog, scent", Field{Fog: true}, "scent", []int{18, 18}, 61, 59},
	} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: c.ab}), big("B"), pfarmy.Options{MaxPhases: 2})
		s.Field = c.f
		b, _, log := fight(t, s, rolls(t, c.die...), &chooser{})
		if b.State(0).HP != c.aHP || b.State(1).HP != c.bHP {
			dumpLog(t, log)
			t.Errorf("%s: A hp %d, B hp %d; want %d, %d", c.name, b.State(0).HP, b.State(1).HP, c.aHP, c.bHP)
		}
	}
}

// Derived statistics: undead add DV +2 ("Its DV increases by 2"), spellcasting its spell level to OM
// and DV, pounce OM +1; a situational bonus stays out of the stat block; a mindless army with tactics
// or siege engines is M008; bravery needs its value (M001).
func TestAbilityStats(t *testing.T) {
	a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1_3, HitDie: pfarmy.D8, Abilities: []pfarmy.Ability{{Name: "undead"}, {Name: "Mindless"}, {Name: "darkvision"}}}
	st := stats(t, a, pfarmy.Options{})
	if st.DV != 12 || st.OM != 0 || !st.Abil.Has(pfarmy.AbMindless) || !st.Darkvision {
		t.Errorf("skeletons (Medium): DV %d OM %d; want 12, 0", st.DV, st.OM)
	}
	a = pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D10, Abilities: []pfarmy.Ability{{Name: "spellcasting", Value: 2}, {Name: "pounce"}, {Name: "x", OM: 3, When: pfarmy.WhenVsUndead}}}
	if st := stats(t, a, pfarmy.Options{}); st.OM != 4 || st.DV != 13 || !st.Spellcasting {
		t.Errorf("spellcasting 2, pounce: OM %d DV %d; want 1 + 2 + 1 = 4, 11 + 2 = 13", st.OM, st.DV)
	}
	for _, c := range []struct {
		a     pfarmy.Army
		code  string
		field string
	}{
		{pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Tactics: []pfarmy.Tactic{pfarmy.TacTaunt}, Abilities: []pfarmy.Ability{{Name: "mindless"}}}, pfarmy.CodePrereq, "tactics"},
		{pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Resources: pfarmy.Resources{SiegeEngines: 1}, Abilities: []pfarmy.Ability{{Name: "mindless"}}}, pfarmy.CodePrereq, "resources.siegeEngines"},
		{pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Abilities: []pfarmy.Ability{{Name: "bravery"}}}, pfarmy.CodeInvalid, "abilities[0].value"},
		{pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Abilities: []pfarmy.Ability{{Name: "fear", Value: 2}}}, pfarmy.CodeInvalid, "abilities[0].value"},
		{pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Abilities: []pfarmy.Ability{{Name: "war cry"}}}, pfarmy.CodeAbility, "abilities[0]"},
	} {
		fs := pfarmy.Check(&c.a, pfarmy.Options{})
		if len(fs) != 1 || fs[0].Code != c.code || fs[0].Field != c.field {
			t.Errorf("%v: %v, want %s at %s", c.a.Abilities, fs, c.code, c.field)
		}
	}
}

// Kingdom Leader Commanders: "use either one-fifth your ranks in Profession (soldier) or one-sixth your
// character level, whichever is higher (minimum 1)" for the morale bonus and the boons known, and the
// role's boon "even if you don't meet the Leadership requirements". A Marshal of level 12 with 3
// ranks: max(1, 3/5 = 0, 12/6 = 2) = 2, boons 1 + 2 = 3; level 1 (Leadership 1): still 1, and its Hit
// and Run (Leadership 5) needs no Leadership. A role with several boons names one; a Consort (one
// boon, Loyalty) need not.
func TestLeaderCommanders(t *testing.T) {
	for _, c := range []struct {
		level, ranks, soldier int
	}{{12, 3, 2}, {1, 0, 1}, {5, 15, 3}} {
		a := big("A")
		a.Commander = &pfarmy.Commander{Level: c.level, SoldierRanks: c.ranks, Role: pfarmy.RoleMarshal, RoleBoon: pfarmy.BoonHitAndRun}
		if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 0 {
			t.Errorf("level %d: %v", c.level, fs)
		}
		st := stats(t, a, pfarmy.Options{})
		if st.Parts.Soldier != c.soldier || st.BoonsLimit != 1+c.soldier || !st.Boons.Has(pfarmy.BoonHitAndRun) || st.MoraleMod != c.soldier {
			t.Errorf("level %d ranks %d: soldier %d, boons limit %d, boons %b", c.level, c.ranks, st.Parts.Soldier, st.BoonsLimit, st.Boons)
		}
	}
	a := big("A")
	a.Commander = &pfarmy.Commander{Level: 6, Role: pfarmy.RoleMarshal}
	if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 1 || fs[0].Code != pfarmy.CodeInvalid || fs[0].Field != "commander.role" {
		t.Errorf("a Marshal without its role boon: %v", fs)
	}
	a.Commander = &pfarmy.Commander{Level: 6, Charisma: 0, Role: pfarmy.RoleConsort}
	if st := stats(t, a, pfarmy.Options{}); !st.Boons.Has(pfarmy.BoonLoyalty) || st.Parts.Loyalty != 2 {
		t.Errorf("a Consort knows Loyalty: %b", st.Boons)
	}
	a.Commander = &pfarmy.Commander{Level: 6, Role: pfarmy.RoleConsort, RoleBoon: pfarmy.BoonMerciless}
	if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 1 || fs[0].Field != "commander.roleBoon" {
		t.Errorf("a Consort with Merciless: %v", fs)
	}
}

// Consumption (P-11; Army Resources, Resource Scaling): max(1, floor(ACR/2)) plus each resource's
// increase scaled by size (x2 Large, x1/2 Small, at least 1 BP), siege engines 3 each unscaled, and
// healing potions 3 (scaled) a use. Large CR 1 (ACR 3): 1 + armor 1x2 + magic weapons 2x2 + mounts
// 1x2 + ranged 1x2 + two engines 3+3 = 17; a use of potions 3x2 = 6. Small CR 1 (ACR 1/2): 1 +
// 1/2 -> 1, 2 x 1/2 = 1, 1, 1 = 5; potions 3/2 -> 1.
func TestConsumption(t *testing.T) {
	r := pfarmy.Resources{Armor: pfarmy.GradeImproved, Weapons: pfarmy.GradeMagic, Mounts: true, Ranged: true, HealingPotions: true}
	for _, c := range []struct {
		size      pfarmy.Size
		engines   int
		want, use int
	}{{pfarmy.SizeLarge, 2, 17, 6}, {pfarmy.SizeSmall, 0, 5, 1}} {
		res := r
		res.SiegeEngines = c.engines
		st := stats(t, pfarmy.Army{Size: c.size, CR: pfarmy.CR1, HitDie: pfarmy.D10, Resources: res}, pfarmy.Options{})
		if st.Consumption != c.want || st.PotionUse != c.use {
			t.Errorf("%s: consumption %d, a potion use %d; want %d, %d (%+v)", c.size, st.Consumption, st.PotionUse, c.want, c.use, st.Parts)
		}
	}
}
