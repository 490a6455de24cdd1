package pathfinder

import (
	"errors"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Most tests fight two ACR 10 armies (big: hp 65, OM 10, DV 20, rout at hp <= 10, morale +0) with
// scripted dice. Phase 1 is the Ranged Phase (no attacks unless an army is ranged), Melee Phases
// follow; Options.MaxPhases stops the battle where the test ends.

// P-51, P-53: each strategy rung's DV, OM and damage modifiers. A uses the rung, B Standard; A rolls
// 15 (25 + OM), B rolls 16 (26 against 20 + DV).
func TestStrategyTrack(t *testing.T) {
	cases := []struct {
		s            Strategy
		aTotal, aDV  int // A's offense total, A's DV
		dealt, taken int
	}{
		{StratDefensive, 21, 24, 0, 2},   // 21-20 = 1, -6 -> 0; 26-24 = 2
		{StratCautious, 23, 22, 0, 4},    // 3-3 = 0; 26-22 = 4
		{StratStandard, 25, 20, 5, 6},    // 5; 6
		{StratAggressive, 27, 18, 10, 8}, // 7+3 = 10; 26-18 = 8
		{StratReckless, 29, 16, 15, 10},  // 9+6 = 15; 26-16 = 10
	}
	for _, c := range cases {
		d := rolls(t, 15, 16)
		ch := &chooser{strategies: map[key]Strategy{{1, 0}: c.s}}
		b, _, log := fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2}), d, ch)
		a := offenseIn(t, log, 2, 0)
		bb := offenseIn(t, log, 2, 1)
		if a.Roll.Total != c.aTotal || bb.Against.Total != c.aDV || a.Damage != c.dealt || bb.Damage != c.taken {
			t.Errorf("%s: A total %d, A DV %d, dealt %d, taken %d; want %d %d %d %d", c.s,
				a.Roll.Total, bb.Against.Total, a.Damage, bb.Damage, c.aTotal, c.aDV, c.dealt, c.taken)
		}
		if b.State(0).HP != 65-c.taken || b.State(1).HP != 65-c.dealt {
			t.Errorf("%s: hp %d, %d", c.s, b.State(0).HP, b.State(1).HP)
		}
	}
}

// P-53 Default switched: the defender's strategy damage modifier (damage taken).
func TestStrategyDamageTaken(t *testing.T) {
	cases := []struct {
		s            Strategy
		dealt, taken int
	}{
		{StratReckless, 9, 16}, // 29-20 = 9 (+ B's Standard 0); 26-16 = 10, +6 for A's Reckless
		{StratDefensive, 1, 0}, // 21-20 = 1; 26-24 = 2, -6 -> 0
	}
	for _, c := range cases {
		d := rolls(t, 15, 16)
		ch := &chooser{strategies: map[key]Strategy{{1, 0}: c.s}}
		_, _, log := fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2, StrategyDamage: pfarmy.DamageTaken}), d, ch)
		if a, b := offenseIn(t, log, 2, 0), offenseIn(t, log, 2, 1); a.Damage != c.dealt || b.Damage != c.taken {
			t.Errorf("%s: dealt %d taken %d, want %d %d", c.s, a.Damage, b.Damage, c.dealt, c.taken)
		}
	}
}

// P-18 (Default) and the MissStrategyDamage reading of P-53: Reckless A rolls 5: 5+10+4 = 19, not
// above DV 20; or 6: 20, equal, not above either.
func TestStrategyMiss(t *testing.T) {
	for _, c := range []struct {
		o         pfarmy.Options
		die, want int
	}{
		{pfarmy.Options{MaxPhases: 2}, 5, 0},
		{pfarmy.Options{MaxPhases: 2}, 6, 0},
		{pfarmy.Options{MaxPhases: 2, Miss: pfarmy.MissStrategyDamage}, 5, 5}, // 19-20+6
		{pfarmy.Options{MaxPhases: 2, Miss: pfarmy.MissStrategyDamage}, 6, 6}, // 20-20+6
	} {
		ch := &chooser{strategies: map[key]Strategy{{1, 0}: StratReckless}}
		_, _, log := fight(t, duel(t, big("A"), big("B"), c.o), rolls(t, c.die, 2), ch)
		if a := offenseIn(t, log, 2, 0); a.Damage != c.want {
			t.Errorf("miss rule %d, die %d: damage %d, want %d", c.o.Miss, c.die, a.Damage, c.want)
		}
	}
}

// P-52: first Melee Phase any rung; one rung freely; two or more with a DC 20 morale check, failure
// keeping the rung.
func TestStrategyChange(t *testing.T) {
	for _, c := range []struct {
		check int
		ok    bool
		after Strategy // after Melee 2
	}{{19, false, StratStandard}, {20, true, StratReckless}} {
		// m1: A 2, B 2; m2: A's check, A 2, B 2; m3 (one rung: Standard or Reckless -> Aggressive): A 2, B 2.
		d := rolls(t, 2, 2, c.check, 2, 2, 2, 2)
		ch := &chooser{strategies: map[key]Strategy{{1, 0}: StratStandard, {2, 0}: StratReckless, {3, 0}: StratAggressive}}
		b, _, log := fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 4}), d, ch)
		ev := events(log, EvStrategy, 0)
		if len(ev) != 3 {
			dumpLog(t, log)
			t.Fatalf("%d strategy events, want 3", len(ev))
		}
		if m2 := ev[1]; m2.Roll.Die != c.check || m2.Roll.Total != c.check || m2.Roll.DC != 20 || m2.OK != c.ok {
			t.Errorf("melee 2: %s", m2.String())
		}
		if m3 := ev[2]; m3.Roll.Die != 0 || !m3.OK || m3.FromStrategy != c.after || m3.Strategy != StratAggressive {
			t.Errorf("melee 3: %s", m3.String())
		}
		if b.State(0).Strategy != StratAggressive {
			t.Errorf("strategy %s", b.State(0).Strategy)
		}
	}
}

// P-50: no strategy at range. A (ranged) rolls 12 in the Ranged Phase: 22 against 20, 2 damage, with
// no strategy modifier.
func TestNoStrategyAtRange(t *testing.T) {
	a := big("A")
	a.Resources.Ranged = true
	ch := &chooser{strategies: map[key]Strategy{{0, 0}: StratReckless, {1, 0}: StratReckless}}
	b, _, log := fight(t, duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1}), rolls(t, 12), ch)
	e := offenseIn(t, log, 1, 0)
	if e.Roll.Total != 22 || e.Damage != 2 || hasMod(&e.Roll, ModStrategy) || b.State(0).Strategy != StratNone {
		t.Errorf("ranged check: %s", e.String())
	}
}

// P-55: the rout check comes at hp <= ACR, not at ACR + 1. B rolls 11: 21 against 20, 1 damage.
func TestRoutThreshold(t *testing.T) {
	// Start at 11: hp 10 = ACR: a DC 15 check (15 holds).
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP = 11
	b, _, log := fight(t, s, rolls(t, 2, 11, 15), &chooser{})
	rc := events(log, EvRoutCheck, 0)
	if len(rc) != 1 || !rc[0].OK || rc[0].Roll.DC != 15 || b.State(0).HP != 10 || b.State(0).Status != StatusActive {
		dumpLog(t, log)
		t.Errorf("at hp 10: %v", rc)
	}
	// Start at 12: hp 11 = ACR + 1: no check (no die).
	s.Armies[0].HP = 12
	b, _, log = fight(t, s, rolls(t, 2, 11), &chooser{})
	if len(events(log, EvRoutCheck, -1)) != 0 || b.State(0).HP != 11 {
		t.Error("rout check at hp 11")
	}
}

// P-55, P-56: a failed rout check: the army routs and takes a parting shot from the enemy.
func TestRoutAndPartingShot(t *testing.T) {
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 5})
	s.Armies[0].HP = 11
	// m1: A 2, B 11 (1 damage, hp 10), rout check 14 (fails), parting shot B 13: 23-20 = 3, hp 7.
	b, r, log := fight(t, s, rolls(t, 2, 11, 14, 13), &chooser{})
	ps := events(log, EvPartingShot, 1)
	if len(ps) != 1 || ps[0].Other != 0 || ps[0].Damage != 3 {
		dumpLog(t, log)
		t.Fatalf("parting shots: %v", ps)
	}
	if st := b.State(0); st.Status != StatusRouted || st.HP != 7 {
		t.Errorf("A: %+v", st)
	}
	if r.Winner != SideB || r.Phases != 2 || r.Melee != 1 {
		t.Errorf("result %+v", r)
	}
}

// P-19: a natural 20 deals at least 1 damage, even below the DV, and the strategy cannot take it away.
func TestNatural20(t *testing.T) {
	// B behind a fortification of 15: DV 35; A's 20+10 = 30.
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[1].Fortification = 15
	_, _, log := fight(t, s, rolls(t, 20, 2), &chooser{})
	if e := offenseIn(t, log, 2, 0); e.Damage != 1 || e.Natural != 20 || e.Against.Total != 35 {
		t.Errorf("below DV: %s", e.String())
	}
	// Defensive A: 20+10-4 = 26, 6 over DV 20, -6 = 0: still 1.
	ch := &chooser{strategies: map[key]Strategy{{1, 0}: StratDefensive}}
	_, _, log = fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 20, 2), ch)
	if e := offenseIn(t, log, 2, 0); e.Damage != 1 {
		t.Errorf("defensive: %s", e.String())
	}
	// Well above the DV it is the full difference: 30-20 = 10.
	_, _, log = fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 20, 2), &chooser{})
	if e := offenseIn(t, log, 2, 0); e.Damage != 10 {
		t.Errorf("above: %s", e.String())
	}
}

// P-20: a natural 1 means no offense check in the next phase (only).
func TestNatural1(t *testing.T) {
	// m1: A 1, B 2; m2: B 2 (A skips); m3: A 2, B 2.
	_, _, log := fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 4}), rolls(t, 1, 2, 2, 2, 2), &chooser{})
	sk := events(log, EvSkip, -1)
	if len(sk) != 1 || sk[0].Army != 0 || sk[0].PhaseNo != 3 {
		t.Errorf("skips: %v", sk)
	}
	if n := len(events(log, EvOffense, 0)); n != 2 {
		t.Errorf("A made %d checks, want 2", n)
	}
}

// P-16, P-57, P-58: damage is simultaneous, so both armies can be destroyed in one phase; each loses
// its kingdom Medium's -2/-2/-2; a present NPC commander's fate is a d100, a PC's the runner's.
func TestSimultaneousDestruction(t *testing.T) {
	a, bb := big("A"), big("B")
	a.Commander = &pfarmy.Commander{Name: "npc", Level: 1}
	bb.Commander = &pfarmy.Commander{Name: "pc", PC: true, Level: 1}
	s := duel(t, a, bb, pfarmy.Options{MaxPhases: 5})
	s.Armies[0].HP, s.Armies[1].HP = 3, 3
	// A 15 and B 15: 5 damage each; A's commander: d100 20 = killed.
	b, r, log := fight(t, s, rolls(t, 15, 15, 20), &chooser{})
	if r.Winner != NoSide {
		t.Errorf("winner %s", r.Winner)
	}
	for i, fate := range []Fate{FateKilled, FatePC} {
		st := b.State(i)
		if st.Status != StatusDestroyed || st.Fate != fate || st.Penalty != (pfarmy.KingdomPenalty{Economy: -2, Loyalty: -2, Stability: -2}) {
			t.Errorf("army %d: %+v", i, st)
		}
	}
	if n := len(events(log, EvDestroyed, -1)); n != 2 {
		t.Errorf("%d destroyed events", n)
	}
}

// P-58: d100 01-20 killed, 21-70 captured, 71-00 escapes.
func TestFateOf(t *testing.T) {
	for d, want := range map[int]Fate{1: FateKilled, 20: FateKilled, 21: FateCaptured, 70: FateCaptured, 71: FateEscaped, 100: FateEscaped} {
		if got := FateOf(d); got != want {
			t.Errorf("FateOf(%d) = %s, want %s", d, got, want)
		}
	}
}

// P-21: several armies per side, each picking its target; an invalid target is an error.
func TestSeveralArmies(t *testing.T) {
	s := &Setup{Options: pfarmy.Options{MaxPhases: 2}, Armies: []Combatant{
		{Stats: stats(t, big("A1"), pfarmy.Options{}), Side: SideA},
		{Stats: stats(t, big("A2"), pfarmy.Options{}), Side: SideA},
		{Stats: stats(t, big("B"), pfarmy.Options{}), Side: SideB},
	}}
	// m1: A1 12 and A2 12 at B (2 each), B 12 at A2 (its choice).
	ch := &chooser{targets: map[key]int{{2, 2}: 1}}
	b, _, _ := fight(t, s, rolls(t, 12, 12, 12), ch)
	if b.State(0).HP != 65 || b.State(1).HP != 63 || b.State(2).HP != 61 {
		t.Errorf("hp %d %d %d", b.State(0).HP, b.State(1).HP, b.State(2).HP)
	}
	bad := &chooser{targets: map[key]int{{2, 0}: 1}} // an ally
	bt, _ := New(s, rolls(t, 12, 12, 12), bad)
	if _, err := bt.Run(); !errors.Is(err, ErrChoice) {
		t.Errorf("targeting an ally: %v", err)
	}
}

// P-49: another Ranged Phase only if every army is ranged and every commander stays.
func TestStayAtRange(t *testing.T) {
	a, bb := big("A"), big("B")
	a.Resources.Ranged, bb.Resources.Ranged = true, true
	for _, c := range []struct {
		bStays bool
		phases []Phase
		faces  []int
	}{
		{true, []Phase{PhaseRanged, PhaseRanged, PhaseMelee}, []int{2, 2, 2, 2, 2, 2}},
		{false, []Phase{PhaseRanged, PhaseMelee, PhaseMelee}, []int{2, 2, 2, 2, 2, 2}},
	} {
		ch := &chooser{perPhase: map[key]map[Question]bool{
			{1, 0}: {AskStayAtRange: true}, {1, 1}: {AskStayAtRange: c.bStays}}}
		_, _, log := fight(t, duel(t, a, bb, pfarmy.Options{MaxPhases: 3}), rolls(t, c.faces...), ch)
		var got []Phase
		for _, e := range events(log, EvPhase, -1) {
			if e.Phase != PhaseTactics {
				got = append(got, e.Phase)
			}
		}
		if len(got) != 3 || got[0] != c.phases[0] || got[1] != c.phases[1] || got[2] != c.phases[2] {
			t.Errorf("B stays %t: phases %v", c.bStays, got)
		}
	}
}

// P-60: a routed army may only Withdraw (Seed); under Std it fights normally.
func TestRoutedAttacked(t *testing.T) {
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacExpertFlankers}}
	a := big("A")
	a.Tactics = []pfarmy.Tactic{pfarmy.TacExpertFlankers}
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
	s.Armies[0].Routed = true
	// Seed: Withdraw; the Ranged Phase's opposed check 15 against 10: A leaves.
	b, r, _ := fight(t, s, rolls(t, 15, 10), ch)
	if b.State(0).Status != StatusWithdrawn || r.Winner != SideB {
		t.Errorf("seed: %+v %+v", b.State(0), r)
	}
	s.Options.RoutedAttacked = pfarmy.Std
	b, _, _ = fight(t, s, rolls(t), ch)
	if b.State(0).Tactic != pfarmy.TacExpertFlankers {
		t.Errorf("std: tactic %s", b.State(0).Tactic)
	}
}

// P-59, P-61, P-11: the aftermath of a rout.
func TestAftermath(t *testing.T) {
	bb := big("B")
	bb.Commander = &pfarmy.Commander{Level: 1}
	s := duel(t, big("A"), bb, pfarmy.Options{MaxPhases: 5})
	s.Armies[0].HP = 11
	s.Armies[1].HP = 8 // B wins at hp <= ACR: raised to 10
	// m1: A 2 (no damage), B 11 (1 damage: hp 10), rout check 14 fails, parting shot 2 (no damage);
	// B's Loyalty checks: 12+3 = 15 against DC 15 (new tactic, Morale +1), 11+3 = 14 (no boon).
	b, r, _ := fight(t, s, rolls(t, 2, 11, 14, 2), &chooser{})
	if r.Winner != SideB {
		t.Fatalf("winner %s", r.Winner)
	}
	d := rolls(t, 12, 11)
	b.src = d
	am := b.Aftermath(AftermathInput{LoyaltyMod: [2]int{0, 3}, ControlDC: [2]int{0, 15}})
	d.done()
	a, w := am.Armies[0], am.Armies[1]
	if a.Status != StatusRouted || a.Morale != -1 || a.HP != 10 || !a.Routed || a.Disbanded {
		t.Errorf("routed A: %+v", a)
	}
	if !w.Won || w.HP != 10 || !w.NewTactic || w.Morale != 1 || w.NewBoon || w.Checks != [2]int{15, 14} {
		t.Errorf("winner B: %+v", w)
	}
	if am.XP[SideB] != 9600 || am.XP[SideA] != 0 {
		t.Errorf("XP %v", am.XP)
	}
	// P-7: a routed army at Morale -4 drops to -5 and disbands.
	low := big("A")
	low.Morale = -4
	s = duel(t, low, big("B"), pfarmy.Options{MaxPhases: 5})
	s.Armies[0].HP = 11
	// rout check: 10 - 4 = 6 fails.
	b, _, _ = fight(t, s, rolls(t, 2, 11, 10, 2), &chooser{})
	b.src = rolls(t, 1)
	if am := b.Aftermath(AftermathInput{}); !am.Armies[0].Disbanded || am.Armies[0].Morale != -5 {
		t.Errorf("disband: %+v", am.Armies[0])
	}
}

// Reset rejects unusable setups.
func TestSetupErrors(t *testing.T) {
	st := stats(t, big("A"), pfarmy.Options{})
	for name, s := range map[string]*Setup{
		"one army":   {Armies: []Combatant{{Stats: st}}},
		"one side":   {Armies: []Combatant{{Stats: st}, {Stats: st}}},
		"bad hp":     {Armies: []Combatant{{Stats: st, HP: 66}, {Stats: st, Side: SideB}}},
		"no stats":   {Armies: []Combatant{{}, {Stats: st, Side: SideB}}},
		"bad side":   {Armies: []Combatant{{Stats: st, Side: 2}, {Stats: st, Side: SideB}}},
		"negative f": {Armies: []Combatant{{Stats: st, Fortification: -1}, {Stats: st, Side: SideB}}},
	} {
		if _, err := New(s, rolls(t), nil); !errors.Is(err, ErrSetup) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A die face out of range is an error, not a panic.
func TestBadDice(t *testing.T) {
	b, _ := New(duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 21, 2), &chooser{})
	if _, err := b.Run(); !errors.Is(err, ErrDice) {
		t.Errorf("face 21 on a d20: %v", err)
	}
}
