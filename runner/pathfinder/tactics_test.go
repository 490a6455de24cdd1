package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// withTactic is big("A") knowing t (ACR 10 allows 5 tactics), choosing it in the Tactics Phase.
func withTactic(t pfarmy.Tactic) (pfarmy.Army, *chooser) {
	a := big("A")
	if t != pfarmy.TacStandard && t != pfarmy.TacWithdraw {
		a.Tactics = []pfarmy.Tactic{t}
	}
	return a, &chooser{tactics: map[int]pfarmy.Tactic{0: t}}
}

// P-24, P-26, P-28, P-30, P-32, P-33, P-34, P-27, P-36: the flat modifiers. A and B roll 12 in Melee 1:
// A's total 22 + OM modifier, B's 22 against A's DV 20 + DV modifier.
func TestTacticModifiers(t *testing.T) {
	cases := []struct {
		tac         pfarmy.Tactic
		aTotal, aDV int
	}{
		{pfarmy.TacStandard, 22, 20},            // P-24
		{pfarmy.TacCautiousCombat, 20, 20},      // P-26: OM -2
		{pfarmy.TacDefensiveWall, 20, 22},       // P-28: OM -2, DV +2
		{pfarmy.TacExpertFlankers, 24, 18},      // P-30: OM +2, DV -2
		{pfarmy.TacRelentlessBrutality, 26, 16}, // P-32: OM +4, DV -4
		{pfarmy.TacFullDefense, 18, 24},         // P-36: OM -4, DV +4
		{pfarmy.TacSiegebreaker, 22, 20},        // P-33: B has no siege engines
		{pfarmy.TacSpellbreaker, 22, 20},        // P-34: B casts no spells
		{pfarmy.TacCavalryExperts, 22, 20},      // P-27: A is not mounted
	}
	for _, c := range cases {
		a, ch := withTactic(c.tac)
		_, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 12, 12), ch)
		if ea, eb := offenseIn(t, log, 2, 0), offenseIn(t, log, 2, 1); ea.Roll.Total != c.aTotal || eb.Against.Total != c.aDV {
			t.Errorf("%s: A total %d, A DV %d; want %d, %d", c.tac, ea.Roll.Total, eb.Against.Total, c.aTotal, c.aDV)
		}
	}
}

// P-27: Cavalry Experts: OM +2 against unmounted armies, for a mounted army.
func TestCavalryExperts(t *testing.T) {
	a, ch := withTactic(pfarmy.TacCavalryExperts)
	a.MountCR = pfarmy.CR1 // cavalry (ACR stays 10)
	for _, c := range []struct {
		bMounted bool
		want     int
	}{{false, 24}, {true, 22}} {
		bb := big("B")
		if c.bMounted {
			bb.MountCR = pfarmy.CR1
		}
		_, _, log := fight(t, duel(t, a, bb, pfarmy.Options{MaxPhases: 2}), rolls(t, 12, 12), ch)
		if e := offenseIn(t, log, 2, 0); e.Roll.Total != c.want {
			t.Errorf("B mounted %t: A total %d, want %d", c.bMounted, e.Roll.Total, c.want)
		}
	}
}

// P-34: Spellbreaker against a spellcasting army: OM +4 (Seed) or DV +4 (Std).
func TestSpellbreaker(t *testing.T) {
	a, ch := withTactic(pfarmy.TacSpellbreaker)
	bb := big("B")
	bb.Abilities = []pfarmy.Ability{{Name: "battle mages", Spellcasting: true}}
	for _, c := range []struct {
		v           pfarmy.Variant
		aTotal, aDV int
	}{{pfarmy.Seed, 26, 20}, {pfarmy.Std, 22, 24}} {
		_, _, log := fight(t, duel(t, a, bb, pfarmy.Options{MaxPhases: 2, Spellbreaker: c.v}), rolls(t, 12, 12), ch)
		if ea, eb := offenseIn(t, log, 2, 0), offenseIn(t, log, 2, 1); ea.Roll.Total != c.aTotal || eb.Against.Total != c.aDV {
			t.Errorf("variant %d: A total %d, A DV %d", c.v, ea.Roll.Total, eb.Against.Total)
		}
	}
}

// P-29: Dirty Fighters: OM +6 in the first Melee Phase (Seed), or in the one Melee Phase the
// commander picks (Std).
func TestDirtyFighters(t *testing.T) {
	a, ch := withTactic(pfarmy.TacDirtyFighters)
	// Seed: m1 28, m2 22 (B rolls 2: no damage to A).
	_, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3}), rolls(t, 12, 2, 12, 2), ch)
	if m1, m2 := offenseIn(t, log, 2, 0), offenseIn(t, log, 3, 0); m1.Roll.Total != 28 || m2.Roll.Total != 22 {
		t.Errorf("seed: %d, %d", m1.Roll.Total, m2.Roll.Total)
	}
	// Std: not in m1, yes in m2, then used: 22, 28, 22.
	ch.answers = map[Question]bool{AskDirtyFighters: false}
	ch.perPhase = map[key]map[Question]bool{{3, 0}: {AskDirtyFighters: true}}
	_, _, log = fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 4, DirtyFighters: pfarmy.Std}), rolls(t, 12, 2, 12, 2, 12, 2), ch)
	if m1, m2, m3 := offenseIn(t, log, 2, 0), offenseIn(t, log, 3, 0), offenseIn(t, log, 4, 0); m1.Roll.Total != 22 || m2.Roll.Total != 28 || m3.Roll.Total != 22 {
		t.Errorf("std: %d, %d, %d", m1.Roll.Total, m2.Roll.Total, m3.Roll.Total)
	}
}

// P-31: False Retreat: no check in the phase used, OM +6 in the next (Seed); OM +6 and DV +6 against
// the target army (Std).
func TestFalseRetreat(t *testing.T) {
	a, ch := withTactic(pfarmy.TacFalseRetreat)
	// m1: A retreats, B 2; m2: A 12, B 12; m3: A 12, B 12.
	_, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 4}), rolls(t, 2, 12, 12, 12, 12), ch)
	if fr := events(log, EvFalseRetreat, 0); len(fr) != 1 || fr[0].PhaseNo != 2 {
		t.Errorf("false retreat events: %v", fr)
	}
	m2a, m2b, m3a := offenseIn(t, log, 3, 0), offenseIn(t, log, 3, 1), offenseIn(t, log, 4, 0)
	if m2a.Roll.Total != 28 || m2b.Against.Total != 20 || m3a.Roll.Total != 22 {
		t.Errorf("seed: m2 %d (A DV %d), m3 %d", m2a.Roll.Total, m2b.Against.Total, m3a.Roll.Total)
	}
	_, _, log = fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 4, FalseRetreat: pfarmy.Std}), rolls(t, 2, 12, 12, 12, 12), ch)
	if m2a, m2b := offenseIn(t, log, 3, 0), offenseIn(t, log, 3, 1); m2a.Roll.Total != 28 || m2b.Against.Total != 26 {
		t.Errorf("std: m2 %d (A DV %d)", m2a.Roll.Total, m2b.Against.Total)
	}
}

// P-35: Taunt: each Ranged/Melee Phase the enemy checks DC 10 + ACR (20); failure: its OM and DV -2
// against the taunter that phase; after two successes it is immune.
func TestTaunt(t *testing.T) {
	a, ch := withTactic(pfarmy.TacTaunt)
	// ranged: taunt 19 (fails; no attacks); m1: 20 (1st success), A 12, B 12; m2: 5 (fails), A 12,
	// B 12; m3: 20 (2nd success), A 12, B 12; m4: immune, A 12, B 12.
	d := rolls(t, 19, 20, 12, 12, 5, 12, 12, 20, 12, 12, 12, 12)
	b, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 5}), d, ch)
	tc := events(log, EvTaunt, 1)
	if len(tc) != 4 || tc[0].OK || !tc[1].OK || tc[2].OK || !tc[3].OK || tc[0].Roll.DC != 20 {
		t.Fatalf("taunt checks: %v", tc)
	}
	// m2: B 12+10-2 = 20 against A's 20: nothing; A 22 against B's 18: 4.
	if eb, ea := offenseIn(t, log, 3, 1), offenseIn(t, log, 3, 0); eb.Roll.Total != 20 || ea.Against.Total != 18 || ea.Damage != 4 {
		t.Errorf("m2: B total %d, B DV %d, damage %d", eb.Roll.Total, ea.Against.Total, ea.Damage)
	}
	// A dealt 2+4+2+2, took 2+0+2+2.
	if b.State(1).HP != 55 || b.State(0).HP != 59 {
		t.Errorf("hp A %d B %d", b.State(0).HP, b.State(1).HP)
	}
}

// P-33: Siegebreaker: after damaging, a second check; beating the DV (Default) destroys a siege engine.
func TestSiegebreaker(t *testing.T) {
	a, ch := withTactic(pfarmy.TacSiegebreaker)
	bb := big("B")
	bb.Resources.SiegeEngines = 2 // B's OM 12
	for _, c := range []struct {
		rule    pfarmy.SiegebreakerRule
		second  int
		ok      bool
		engines int
	}{
		{pfarmy.SiegeBeatDV, 10, false, 2}, // 20 against 20
		{pfarmy.SiegeMeetDV, 10, true, 1},
		{pfarmy.SiegeBeatDV, 11, true, 1}, // 21
		{pfarmy.SiegeBeatDV, 20, true, 1}, // natural 20
	} {
		// m1: A 12 (2 damage), second check, B 2 (14: nothing).
		b, _, log := fight(t, duel(t, a, bb, pfarmy.Options{MaxPhases: 2, Siegebreaker: c.rule}), rolls(t, 12, c.second, 2), ch)
		sb := events(log, EvSiegebreaker, 0)
		if len(sb) != 1 || sb[0].OK != c.ok || b.State(1).SiegeEngines != c.engines {
			t.Errorf("rule %d, second %d: %v, engines %d", c.rule, c.second, sb, b.State(1).SiegeEngines)
		}
		if eb := offenseIn(t, log, 2, 1); eb.Roll.Total != 14 {
			t.Errorf("B's siege engines OM: total %d, want 14", eb.Roll.Total)
		}
	}
}

// P-36: Sniper Support: +2 damage when it damages its target in a Melee Phase (not at range).
func TestSniperSupport(t *testing.T) {
	a, ch := withTactic(pfarmy.TacSniperSupport)
	a.Resources.Ranged = true
	// ranged: A 12: 2; m1: A 12: 2+2, B 2.
	_, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 12, 12, 2), ch)
	if r, m := offenseIn(t, log, 1, 0), offenseIn(t, log, 2, 0); r.Damage != 2 || m.Damage != 4 {
		t.Errorf("ranged %d, melee %d", r.Damage, m.Damage)
	}
}

// P-25: Withdraw: OM -2, DV -2, opposed morale checks; a win lets the army leave.
func TestWithdraw(t *testing.T) {
	a, ch := withTactic(pfarmy.TacWithdraw)
	// Ranged Phase: A 15 against B 10: A leaves; B wins the battle.
	b, r, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3}), rolls(t, 15, 10), ch)
	if b.State(0).Status != StatusWithdrawn || r.Winner != SideB || r.Phases != 1 {
		dumpLog(t, log)
		t.Errorf("withdraw: %+v %+v", b.State(0), r)
	}
	// A tie with equal modifiers is rerolled: 10-10, then 8-12 (lost); Melee 1: 15-10, A leaves
	// without a check, and B, beaten, cannot attack it.
	b, r, log = fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3}), rolls(t, 10, 10, 8, 12, 15, 10), ch)
	if w := events(log, EvWithdraw, 0); len(w) != 3 || w[0].OK || w[1].OK || !w[2].OK {
		t.Errorf("withdraw checks: %v", w)
	}
	if len(events(log, EvOffense, -1)) != 0 || b.State(0).Status != StatusWithdrawn || r.Phases != 2 {
		t.Errorf("after the tie: %+v", r)
	}
	// A tie of totals goes to the higher modifier: A Morale +1: 10+1 against 11+0.
	hi := a
	hi.Morale = 1
	b, _, _ = fight(t, duel(t, hi, big("B"), pfarmy.Options{MaxPhases: 1}), rolls(t, 10, 11), ch)
	if b.State(0).Status != StatusWithdrawn {
		t.Error("tie to the higher modifier")
	}
	// The enemy may choose to fail: no dice.
	ch2 := &chooser{tactics: ch.tactics, answers: map[Question]bool{AskOppose: false}}
	if b, _, _ := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1}), rolls(t), ch2); b.State(0).Status != StatusWithdrawn {
		t.Error("unopposed withdrawal")
	}
}

// P-25: beating some enemies but not all, and treating the phase as a Ranged Phase: the armies it beat
// cannot reach it, the ones it lost to attack as in melee, against its DV 20-2.
func TestWithdrawPartly(t *testing.T) {
	o := pfarmy.Options{MaxPhases: 2}
	s := &Setup{Options: o, Armies: []Combatant{
		{Stats: stats(t, big("A"), o), Side: SideA},
		{Stats: stats(t, big("B1"), o), Side: SideB},
		{Stats: stats(t, big("B2"), o), Side: SideB},
	}}
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}, answers: map[Question]bool{AskLeave: false}}
	// Each phase: A 15 against B1 10 (won), A 5 against B2 10 (lost). Melee 1: B2 12 at A.
	b, _, log := fight(t, s, rolls(t, 15, 10, 5, 10, 15, 10, 5, 10, 12), ch)
	off := events(log, EvOffense, -1)
	if len(off) != 1 || off[0].Army != 2 || off[0].Against.Total != 18 || off[0].Damage != 4 || b.State(0).HP != 61 {
		dumpLog(t, log)
		t.Errorf("offense: %v", off)
	}
}

// P-23: changing tactics: a DC 15 morale check (Flexible Tactics +5, +10 at Leadership 12);
// Withdraw needs none.
func TestTacticChange(t *testing.T) {
	a := big("A")
	a.Tactics = []pfarmy.Tactic{pfarmy.TacExpertFlankers}
	ch := &chooser{change: map[key]pfarmy.Tactic{{2, 0}: pfarmy.TacExpertFlankers, {3, 0}: pfarmy.TacExpertFlankers}}
	// m1: check 14 fails, A 2, B 2; m2: check 15 succeeds, A 2 (2+10+2 = 14), B 2.
	b, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3}), rolls(t, 14, 2, 2, 15, 2, 2), ch)
	tc := events(log, EvTactic, 0)
	if len(tc) != 3 || tc[1].OK || tc[1].Roll.DC != 15 || !tc[2].OK || b.State(0).Tactic != pfarmy.TacExpertFlankers {
		t.Errorf("changes: %v", tc)
	}
	if e := offenseIn(t, log, 3, 0); e.Roll.Total != 14 {
		t.Errorf("after the change: %d", e.Roll.Total)
	}
	// Flexible Tactics: Leadership 6: 10+5; Leadership 12: 5+10.
	for _, c := range []struct{ level, die int }{{6, 10}, {12, 5}} {
		f := a
		f.Commander = &pfarmy.Commander{Level: c.level, Boons: []pfarmy.Boon{pfarmy.BoonFlexibleTactics}}
		b, _, _ := fight(t, duel(t, f, big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, c.die, 2, 2), ch)
		if b.State(0).Tactic != pfarmy.TacExpertFlankers {
			t.Errorf("flexible tactics at leadership %d: %s", c.level, b.State(0).Tactic)
		}
	}
	// To Withdraw: no check; the opposed check 15-10 follows and A leaves.
	w := &chooser{change: map[key]pfarmy.Tactic{{2, 0}: pfarmy.TacWithdraw}}
	b, r, _ := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 3}), rolls(t, 15, 10), w)
	if b.State(0).Status != StatusWithdrawn || r.Winner != SideB {
		t.Errorf("to withdraw: %+v", b.State(0))
	}
}

// P-26: Cautious Combat adds +2 to morale checks: the rout check 13+2 = 15 holds.
func TestCautiousMorale(t *testing.T) {
	a, ch := withTactic(pfarmy.TacCautiousCombat)
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP = 11
	_, _, log := fight(t, s, rolls(t, 2, 11, 13), ch)
	if rc := events(log, EvRoutCheck, 0); len(rc) != 1 || rc[0].Roll.Total != 15 || !rc[0].OK {
		t.Errorf("rout check: %v", rc)
	}
}
