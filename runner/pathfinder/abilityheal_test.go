package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Channel Positive Energy (Cleric 1, Paladin 4), Lay on Hands ("functions as channel positive
// energy") and Channel Negative Energy in an undead army (P-1; Special Abilities): "Instead of
// dealing extra damage to an enemy army, the army can use this ability to heal itself; if it takes
// an OM penalty equal to half its ACR for one Ranged or Melee phase, it heals a number of hit points
// equal to its ACR." big armies (ACR 10, hp 65, OM +10, DV 20), A at hp 30, one Melee Phase: A's
// d20 18, then any d4 of A's, then B's d20 2 (12 misses DV 20 and 22).
//   - heal, living B: A's check 18 + 10 - 5 = 23 deals 3 (B 62); A heals 10: 40;
//   - heal, undead B (DV 22): 23 - 22 = 1 (B 64), and no channel d4: "instead of" it;
//   - no heal, undead B: 28 - 22 = 6 + d4 4 = 10 (B 55); A stays 30;
//   - channel negative in an undead A (DV 22): heals as above, 40, B 62;
//   - channel negative in a living A: never asked ("If the army with this ability is undead"),
//     28 - 20 = 8 + d4 3 against living B = 11 (B 54), A 30;
//   - at full hp A is not asked: 28 - 20 = 8 (B 57), A 65.
func TestChannelHeal(t *testing.T) {
	undeadOf := func(a pfarmy.Army) pfarmy.Army {
		a = with(a, pfarmy.Ability{Name: "undead"})
		a.Type = "undead"
		return a
	}
	heal := yes(AskChannelHeal)
	for _, c := range []struct {
		name         string
		a, b         pfarmy.Army
		hp           int
		ch           *chooser
		dice         []int
		wantA, wantB int
		total        int // A's offense check
	}{
		{"positive, living B", with(big("A"), pfarmy.Ability{Name: "channel positive energy"}), big("B"), 30, heal, []int{18, 2}, 40, 62, 23},
		{"positive, undead B", with(big("A"), pfarmy.Ability{Name: "channel positive energy"}), undeadOf(big("B")), 30, heal, []int{18, 2}, 40, 64, 23},
		{"positive, undead B, no heal", with(big("A"), pfarmy.Ability{Name: "channel positive energy"}), undeadOf(big("B")), 30, &chooser{}, []int{18, 4, 2}, 30, 55, 28},
		{"lay on hands", with(big("A"), pfarmy.Ability{Name: "lay on hands"}), big("B"), 30, heal, []int{18, 2}, 40, 62, 23},
		{"negative, undead A", undeadOf(with(big("A"), pfarmy.Ability{Name: "channel negative energy"})), big("B"), 30, heal, []int{18, 2}, 40, 62, 23},
		{"negative, living A", with(big("A"), pfarmy.Ability{Name: "channel negative energy"}), big("B"), 30, heal, []int{18, 3, 2}, 30, 54, 28},
		{"positive, full hp", with(big("A"), pfarmy.Ability{Name: "channel positive energy"}), big("B"), 65, heal, []int{18, 2}, 65, 57, 28},
	} {
		s := duel(t, c.a, c.b, pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP = c.hp
		ha, hb, _, log := playHP(t, s, c.ch, c.dice...)
		if e := offenseIn(t, log, 2, 0); ha != c.wantA || hb != c.wantB || e.Roll.Total != c.total {
			dumpLog(t, log)
			t.Errorf("%s: hp A %d B %d, A's check %d; want %d %d, %d", c.name, ha, hb, e.Roll.Total, c.wantA, c.wantB, c.total)
		}
	}
}

// The Policy heals with channel energy at half hp or less (as potions and Triage, P-47): at hp 32
// of 65 it heals, at 33 it does not.
func TestChannelHealPolicy(t *testing.T) {
	for _, c := range []struct {
		hp   int
		want bool
	}{{32, true}, {33, false}} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "channel positive energy"}), big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP = c.hp
		_, _, log := fight(t, s, rolls(t, 18, 2), Policy{})
		got := false
		for _, e := range events(log, EvAbility, 0) {
			got = got || (e.Ability == pfarmy.AbChannelPositive && e.Heal == 10)
		}
		if got != c.want {
			dumpLog(t, log)
			t.Errorf("hp %d: channel heal %t, want %t", c.hp, got, c.want)
		}
	}
}

// Divine Health (Paladin 3): "The army is immune to disease." A (disease) rolls 15 and damages B
// (25 against DV 20): B is diseased after the battle without divine health, not with it.
func TestDivineHealth(t *testing.T) {
	for _, c := range []struct {
		b    pfarmy.Army
		want bool
	}{{big("B"), true}, {with(big("B"), pfarmy.Ability{Name: "divine health"}), false}} {
		_, _, b, log := playHP(t, duel(t, with(big("A"), pfarmy.Ability{Name: "disease"}), c.b, pfarmy.Options{MaxPhases: 2}), &chooser{}, 15, 2)
		if b.State(1).Diseased != c.want {
			dumpLog(t, log)
			t.Errorf("B %v: diseased %t, want %t", c.b.Abilities, b.State(1).Diseased, c.want)
		}
	}
}

// Mercy (Paladin 3): "At the end of a battle, the army can cure a disease on one allied army";
// "you count as your own ally". A (disease, hp 5) and B both roll 15 in the Melee Phase: B takes
// 25 - 20 = 5 and is diseased, A takes 5 and is destroyed (hp 0), so the battle ends with B on the
// field: with mercy B cures itself, without it B stays diseased. Three armies: A attacks B2 (the
// lowest-numbered enemy), which takes 5 and is diseased; B2's 15 destroys A (B1's 2 misses); B1's
// mercy cures its ally B2. Cut off at the phase limit (A at full hp), the battle has not ended:
// no cure.
func TestMercy(t *testing.T) {
	disease := func() pfarmy.Army { return with(big("A"), pfarmy.Ability{Name: "disease"}) }
	mercy := pfarmy.Ability{Name: "mercy"}
	for _, c := range []struct {
		name  string
		b     pfarmy.Army
		hpA   int
		want  bool
		cures int // mercy events
	}{
		{"mercy", with(big("B"), mercy), 5, false, 1},
		{"no mercy", big("B"), 5, true, 0},
		{"at the limit", with(big("B"), mercy), 65, true, 0},
	} {
		s := duel(t, disease(), c.b, pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP = c.hpA
		_, _, b, log := playHP(t, s, &chooser{}, 15, 15)
		if got := len(events(log, EvAbility, 1)); b.State(1).Diseased != c.want || got != c.cures {
			dumpLog(t, log)
			t.Errorf("%s: B diseased %t, %d cures; want %t, %d", c.name, b.State(1).Diseased, got, c.want, c.cures)
		}
	}
	o := pfarmy.Options{MaxPhases: 2}
	s := &Setup{Options: o, Armies: []Combatant{
		{Stats: stats(t, disease(), o), Side: SideA, HP: 5},
		{Stats: stats(t, big("B2"), o), Side: SideB},
		{Stats: stats(t, with(big("B1"), mercy), o), Side: SideB},
	}}
	b, _, log := fight(t, s, rolls(t, 15, 15, 2), &chooser{})
	if ev := events(log, EvAbility, 2); b.State(1).Diseased || b.State(0).Status != StatusDestroyed || len(ev) != 1 || ev[0].Other != 1 {
		dumpLog(t, log)
		t.Errorf("ally: B2 diseased %t, A %s; want cured, destroyed", b.State(1).Diseased, b.State(0).Status)
	}
}

// Inspire Courage (Bard 1): "The army increases its OM by 1 and gains a +2 bonus on Morale checks
// against fear and routs. Alternatively, the army may apply these bonuses to an allied army in the
// same battle." A1 (inspire courage: OM 11 in its stat block) and A2 (OM 10) against B (DV 20), one
// Melee Phase, both attacking B with d20 10 (B's 2 misses). Kept: A1 10 + 11 = 21 (B takes 1), A2
// 20 (nothing): B 64. Given to A2 (at the end of the Tactics Phase): A1 10 + 11 - 1 = 20, A2 10 + 10
// + 1 = 21: B 64 again, from A2; the +2 on fear and rout checks moves with the OM.
func TestInspireAlly(t *testing.T) {
	for _, c := range []struct {
		name           string
		ch             *chooser
		om1, om2       int
		morale1, more2 bool
	}{
		{"kept", &chooser{}, 21, 20, true, false},
		{"given", yes(AskInspireAlly), 20, 21, false, true},
	} {
		o := pfarmy.Options{MaxPhases: 2}
		s := &Setup{Options: o, Armies: []Combatant{
			{Stats: stats(t, with(big("A1"), pfarmy.Ability{Name: "inspire courage"}), o), Side: SideA},
			{Stats: stats(t, big("A2"), o), Side: SideA},
			{Stats: stats(t, big("B"), o), Side: SideB},
		}}
		b, _, log := fight(t, s, rolls(t, 10, 10, 2), c.ch)
		e1, e2 := offenseIn(t, log, 2, 0), offenseIn(t, log, 2, 1)
		if e1.Roll.Total != c.om1 || e2.Roll.Total != c.om2 || b.State(2).HP != 64 ||
			b.u[0].inspiredMorale() != c.morale1 || b.u[1].inspiredMorale() != c.more2 {
			dumpLog(t, log)
			t.Errorf("%s: checks %d %d, B hp %d, +2 morale %t %t; want %d %d, 64, %t %t", c.name, e1.Roll.Total, e2.Roll.Total,
				b.State(2).HP, b.u[0].inspiredMorale(), b.u[1].inspiredMorale(), c.om1, c.om2, c.morale1, c.more2)
		}
	}
}

// Hunter's Bond (Ranger 4), companions: "Once per battle, the army may increase its OM or an allied
// army's OM by 1 for the rest of the battle." A1 (companions) and A2 against B, one Melee Phase,
// both d20 10 against DV 20 (B's 2 misses); A1 uses the bond when it picks its target. Kept: A1 10 +
// 10 + 1 = 21 (B takes 1), A2 20. Given to A2: A1 20, A2 21: B 64 either way, from the other army.
func TestCompanionsAlly(t *testing.T) {
	for _, c := range []struct {
		name     string
		ch       *chooser
		om1, om2 int
	}{
		{"kept", yes(AskCompanions), 21, 20},
		{"given", yes(AskCompanions, AskCompanionsAlly), 20, 21},
	} {
		o := pfarmy.Options{MaxPhases: 2}
		s := &Setup{Options: o, Armies: []Combatant{
			{Stats: stats(t, with(big("A1"), pfarmy.Ability{Name: "hunter's bond", Of: []string{"companions"}}), o), Side: SideA},
			{Stats: stats(t, big("A2"), o), Side: SideA},
			{Stats: stats(t, big("B"), o), Side: SideB},
		}}
		b, _, log := fight(t, s, rolls(t, 10, 10, 2), c.ch)
		e1, e2 := offenseIn(t, log, 2, 0), offenseIn(t, log, 2, 1)
		if e1.Roll.Total != c.om1 || e2.Roll.Total != c.om2 || b.State(2).HP != 64 {
			dumpLog(t, log)
			t.Errorf("%s: checks %d %d, B hp %d; want %d %d, 64", c.name, e1.Roll.Total, e2.Roll.Total, b.State(2).HP, c.om1, c.om2)
		}
	}
}
