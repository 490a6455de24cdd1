package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// The P- rules no test cited before issue 24 (P-1, P-15, P-41, P-44, P-48, P-63), each with a hand
// derivation.

// P-1: an army's fields: size, unit type, hp, ACR, DV, OM (+ ranged flag), tactics, resources,
// special abilities, speed, Morale score, consumption, commander. 100 human warriors of CR 2, d8
// (Medium: ACR 2, P-2), masterwork weapons and bows, Defensive Wall, darkvision, 30 ft (24 miles:
// 2 hexes a day, P-6), Morale +1, a level 5 commander with Charisma +2:
// hp floor(2 x 4.5) = 9 (P-4); OM 2 + 1 = 3, ranged; DV 10 + 2 = 12 (P-5); morale check +1 + 2 = +3
// (P-8); Leadership 5 + 2 = 7 (P-9); consumption max(1, 2/2) = 1 + weapons 1 + ranged weapons 1 = 3
// BP a week (P-11, P-66, Medium x1); tactics limit ceil(2/2) = 1, one known.
func TestArmyFields(t *testing.T) {
	a := pfarmy.Army{Name: "Bowmen", Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(2), HitDie: pfarmy.D8, Morale: 1,
		Tactics:   []pfarmy.Tactic{pfarmy.TacDefensiveWall},
		Resources: pfarmy.Resources{Weapons: pfarmy.GradeImproved, Ranged: true},
		Abilities: []pfarmy.Ability{{Name: "darkvision"}},
		SpeedFeet: 30,
		Commander: &pfarmy.Commander{Name: "Captain", Level: 5, Charisma: 2}}
	st := stats(t, a, pfarmy.Options{})
	if st.Size != pfarmy.SizeMedium || st.ACR != pfarmy.CRInt(2) || st.HP != 9 || st.OM != 3 || !st.Ranged || st.DV != 12 ||
		st.Morale != 1 || st.MoraleMod != 3 || st.Leadership != 7 || st.Speed != 2 || st.Consumption != 3 ||
		!st.Tactics.Has(pfarmy.TacDefensiveWall) || st.Known != 1 || !st.Abil.Has(pfarmy.AbDarkvision) || !st.Commander {
		t.Errorf("stat block %+v", st)
	}
}

// P-15: Tactics Phase, then the Ranged Phase, then Melee Phases repeating. Two ACR 10 armies with no
// ranged attacks, 3 phases: tactics#0, ranged#1 (no checks), melee#2, melee#3; every check 2 + 10 =
// 12 misses DV 20.
func TestPhaseSequence(t *testing.T) {
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 3})
	_, _, log := fight(t, s, rolls(t, 2, 2, 2, 2), &chooser{})
	var got []string
	for _, e := range events(log, EvPhase, -1) {
		got = append(got, e.Phase.String())
	}
	want := []string{"tactics", "ranged", "melee", "melee"}
	if len(got) != len(want) {
		t.Fatalf("phases %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("phases %v, want %v", got, want)
		}
	}
}

// P-48: in the Ranged Phase only ranged-capable armies make an offense check. A has ranged weapons,
// B not: one check, A's 15 + 10 = 25 against DV 20 deals 5 (B hp 60); B makes none.
func TestRangedPhaseOnlyRanged(t *testing.T) {
	a := big("A")
	a.Resources.Ranged = true
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
	b, _, log := fight(t, s, rolls(t, 15), &chooser{})
	if off := events(log, EvOffense, -1); len(off) != 1 || off[0].Army != 0 || b.State(1).HP != 60 {
		dumpLog(t, log)
		t.Errorf("ranged phase: %d offense checks, B hp %d; want one by A, 60", len(off), b.State(1).HP)
	}
}

// P-41 Flexible Tactics (Leadership 6): +5 on tactic-change morale checks, +10 at Leadership 12.
// P-44 Loyalty (Leadership 6): +2 on all morale checks, +4 at 12. A (knows Defensive Wall) tries to
// change to it at the start of the Ranged Phase: DC 15 (P-23), morale modifier 0 otherwise.
func TestFlexibleTacticsAndLoyalty(t *testing.T) {
	for _, c := range []struct {
		boon  pfarmy.Boon
		level int
		die   int
		ok    bool
	}{
		{pfarmy.BoonFlexibleTactics, 6, 10, true}, // 10 + 5 = 15
		{pfarmy.BoonFlexibleTactics, 6, 9, false}, // 9 + 5 = 14
		{pfarmy.BoonFlexibleTactics, 12, 5, true}, // 5 + 10 = 15
		{pfarmy.BoonLoyalty, 6, 13, true},         // 13 + 2 = 15
		{pfarmy.BoonLoyalty, 6, 12, false},        // 12 + 2 = 14
		{pfarmy.BoonLoyalty, 12, 11, true},        // 11 + 4 = 15
		{pfarmy.BoonHoldTheLine, 6, 14, false},    // no bonus: 14 < 15
	} {
		a := big("A")
		a.Tactics = []pfarmy.Tactic{pfarmy.TacDefensiveWall}
		a.Commander = &pfarmy.Commander{Level: c.level, Boons: []pfarmy.Boon{c.boon}}
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
		b, _, log := fight(t, s, rolls(t, c.die), &chooser{change: map[key]pfarmy.Tactic{{1, 0}: pfarmy.TacDefensiveWall}})
		if got := b.State(0).Tactic == pfarmy.TacDefensiveWall; got != c.ok {
			dumpLog(t, log)
			t.Errorf("%s at Leadership %d, d20 %d: changed %t, want %t", c.boon, c.level, c.die, got, c.ok)
		}
	}
}

// P-63: without kingdom rules the Loyalty check is the commander's Will save and the Control DC the
// primary-ability DC of a monster of CR = the party's APL. A (Will +3) destroys B (hp 1: 15 + 10 -
// 20 = 5); against DC 15 its first check 12 + 3 = 15 succeeds (a new tactic, Morale 0 -> +1, P-61),
// the second 11 + 3 = 14 fails (no boon).
func TestAftermathWithoutKingdom(t *testing.T) {
	a := big("A")
	a.Commander = &pfarmy.Commander{Level: 5}
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[1].HP = 1
	d := rolls(t, 15, 2, 12, 11)
	b, err := New(s, d, &chooser{})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := b.Run(); err != nil || r.Winner != SideA {
		t.Fatalf("winner %s, %v", r.Winner, err)
	}
	am := b.Aftermath(AftermathInput{LoyaltyMod: [2]int{3, 0}, ControlDC: [2]int{15, 15}})
	d.done()
	x := am.Armies[0]
	if x.Checks != [2]int{15, 14} || !x.NewTactic || x.Morale != 1 || x.NewBoon {
		t.Errorf("aftermath %+v; want checks 15, 14, a new tactic, Morale +1, no boon", x)
	}
}
