package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

func withBoon(level int, boons ...pfarmy.Boon) pfarmy.Army {
	a := big("A")
	a.Commander = &pfarmy.Commander{Level: level, Boons: boons}
	return a
}

// P-38: Bloodied but Unbroken: OM +1 at hp <= half of full (65: 32 yes, 33 no), +2 at Leadership 10.
func TestBloodied(t *testing.T) {
	for _, c := range []struct{ level, hp, want int }{{4, 32, 23}, {4, 33, 22}, {10, 32, 24}} {
		s := duel(t, withBoon(c.level, pfarmy.BoonBloodiedButUnbroken), big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[0].HP = c.hp
		_, _, log := fight(t, s, rolls(t, 12, 2), &chooser{})
		if e := offenseIn(t, log, 2, 0); e.Roll.Total != c.want {
			t.Errorf("leadership %d hp %d: total %d, want %d", c.level, c.hp, e.Roll.Total, c.want)
		}
	}
}

// P-40: Defensive Tactics: DV +2.
func TestDefensiveTactics(t *testing.T) {
	_, _, log := fight(t, duel(t, withBoon(5, pfarmy.BoonDefensiveTactics), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 2, 12), &chooser{})
	if e := offenseIn(t, log, 2, 1); e.Against.Total != 22 || e.Damage != 0 {
		t.Errorf("A's DV %d, damage %d", e.Against.Total, e.Damage)
	}
}

// P-42: Hit and Run: "After attacks are resolved in the Ranged phase or the first Melee phase, the
// army may use the withdraw tactic with a +2 bonus on its opposed Morale checks" (+4 at Leadership
// 10). The withdrawal checks come after the phase's attacks; the army attacks first.
func TestHitAndRun(t *testing.T) {
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
	// Ranged Phase, no ranged armies: no attacks; then 10 + 2 (5: +2) or 8 + 4 (10: +4) = 12 beats 11.
	for _, c := range []struct{ level, aDie, bDie int }{{5, 10, 11}, {10, 8, 11}} {
		b, _, _ := fight(t, duel(t, withBoon(c.level, pfarmy.BoonHitAndRun), big("B"), pfarmy.Options{MaxPhases: 1}), rolls(t, c.aDie, c.bDie), ch)
		if b.State(0).Status != StatusWithdrawn {
			t.Errorf("leadership %d: %d+bonus against %d did not win", c.level, c.aDie, c.bDie)
		}
	}
	// The first Melee Phase (phase 2): the Ranged Phase's withdrawal 1 + 2 loses to 20. Then A
	// attacks: 15 + OM 10 - 2 (Withdraw) = 23 against B's DV 20: 3 damage; B: 12 + 10 = 22 against
	// A's DV 20 - 2 = 18: 4 damage. Only then A withdraws: 10 + 2 = 12 beats 11, and leaves.
	b, _, log := fight(t, duel(t, withBoon(5, pfarmy.BoonHitAndRun), big("B"), pfarmy.Options{MaxPhases: 2}), rolls(t, 1, 20, 15, 12, 10, 11), ch)
	if b.State(0).Status != StatusWithdrawn || b.State(1).HP != 62 || b.State(0).HP != 61 {
		dumpLog(t, log)
		t.Errorf("first melee: A %s hp %d, B hp %d; want withdrawn at 61, B at 62", b.State(0).Status, b.State(0).HP, b.State(1).HP)
	}
	if e := offenseIn(t, log, 2, 0); e.Damage != 3 {
		t.Errorf("A's attack before withdrawing: damage %d, want 3", e.Damage)
	}
	// Melee 2 is neither: its withdrawal comes first, without the bonus: 10 against 11 loses
	// (ranged: 1 vs 20; m1: attacks 2, 2, then 1 vs 20; m2: 10 vs 11, attacks 2, 2).
	b, _, _ = fight(t, duel(t, withBoon(5, pfarmy.BoonHitAndRun), big("B"), pfarmy.Options{MaxPhases: 3}), rolls(t, 1, 20, 2, 2, 1, 20, 10, 11, 2, 2), ch)
	if b.State(0).Status == StatusWithdrawn {
		t.Error("hit and run in melee 2")
	}
	// An army on another tactic is asked after the attacks (AskHitAndRun): yes switches it to
	// Withdraw at no check (P-23) and withdraws: Ranged Phase, 10 + 2 = 12 beats 11.
	yes := &chooser{answers: map[Question]bool{AskHitAndRun: true}}
	b, _, log = fight(t, duel(t, withBoon(5, pfarmy.BoonHitAndRun), big("B"), pfarmy.Options{MaxPhases: 1}), rolls(t, 10, 11), yes)
	if b.State(0).Status != StatusWithdrawn || b.State(0).Tactic != pfarmy.TacWithdraw || len(events(log, EvTactic, 0)) != 2 {
		t.Errorf("asked hit and run: %s, tactic %s", b.State(0).Status, b.State(0).Tactic)
	}
}

// P-65: fog gives +2 on Withdraw morale checks.
func TestFogWithdraw(t *testing.T) {
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 1})
	s.Field.Fog = true
	if b, _, _ := fight(t, s, rolls(t, 10, 11), ch); b.State(0).Status != StatusWithdrawn {
		t.Error("10+2 against 11 did not win in fog")
	}
}

// P-43: Hold the Line: a failed rout check is rerolled, and the reroll stands.
func TestHoldTheLine(t *testing.T) {
	for _, c := range []struct {
		name   string
		o      pfarmy.Options
		faces  []int
		routed bool
	}{
		// m1: A 2, B 11 (hp 10), rout 5 fails, reroll 16 holds.
		{"reroll holds", pfarmy.Options{MaxPhases: 2}, []int{2, 11, 5, 16}, false},
		// reroll 6 fails: A routs; B's parting shot 2.
		{"reroll fails", pfarmy.Options{MaxPhases: 2}, []int{2, 11, 5, 6, 2}, true},
		// m2: B 11 again (hp 9): rout 5 fails, reroll 16.
		{"every check", pfarmy.Options{MaxPhases: 3}, []int{2, 11, 5, 16, 2, 11, 5, 16}, false},
		// Once a battle: m2's failure stands; parting shot 2.
		{"once a battle", pfarmy.Options{MaxPhases: 3, HoldTheLine: pfarmy.HoldOncePerBattle}, []int{2, 11, 5, 16, 2, 11, 5, 2}, true},
	} {
		s := duel(t, withBoon(1, pfarmy.BoonHoldTheLine), big("B"), c.o)
		s.Armies[0].HP = 11
		b, _, log := fight(t, s, rolls(t, c.faces...), &chooser{})
		if got := b.State(0).Status == StatusRouted; got != c.routed {
			dumpLog(t, log)
			t.Errorf("%s: routed %t", c.name, got)
		}
		if rr := events(log, EvRoutCheck, 0); len(rr) < 2 || !rr[1].Reroll {
			t.Errorf("%s: no reroll: %v", c.name, rr)
		}
	}
}

// P-45: Merciless: +1 on parting shots (Default), not under MercilessWithdrawOnly.
func TestMerciless(t *testing.T) {
	for _, c := range []struct {
		rule pfarmy.MercilessRule
		hp   int
	}{{pfarmy.MercilessWithdrawAndParting, 6}, {pfarmy.MercilessWithdrawOnly, 7}} {
		bb := big("B")
		bb.Commander = &pfarmy.Commander{Level: 1, Boons: []pfarmy.Boon{pfarmy.BoonMerciless}}
		s := duel(t, big("A"), bb, pfarmy.Options{MaxPhases: 2, Merciless: c.rule})
		s.Armies[0].HP = 11
		// m1: A 2, B 11 (21: 1, hp 10; no bonus: A is not withdrawing), rout 14 fails, parting shot
		// 13: 24 (4) or 23 (3).
		b, _, _ := fight(t, s, rolls(t, 2, 11, 14, 13), &chooser{})
		if b.State(0).HP != c.hp {
			t.Errorf("rule %d: hp %d, want %d", c.rule, b.State(0).HP, c.hp)
		}
	}
	// +1 against a withdrawing army: A Withdraws and loses (5 against 15) in m1; B 11: 22 against 18.
	bb := big("B")
	bb.Commander = &pfarmy.Commander{Level: 1, Boons: []pfarmy.Boon{pfarmy.BoonMerciless}}
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
	_, _, log := fight(t, duel(t, big("A"), bb, pfarmy.Options{MaxPhases: 2}), rolls(t, 5, 15, 5, 15, 2, 11), ch)
	if e := offenseIn(t, log, 2, 1); e.Roll.Total != 22 || e.Against.Total != 18 {
		t.Errorf("against withdrawing: %s", e.String())
	}
}

// P-46: Sharpshooter: OM +2 against an army using fortifications; needs ranged attacks.
func TestSharpshooter(t *testing.T) {
	a := withBoon(1, pfarmy.BoonSharpshooter)
	a.Resources.Ranged = true
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
	s.Armies[1].Fortification = 4
	_, _, log := fight(t, s, rolls(t, 12), &chooser{})
	if e := offenseIn(t, log, 1, 0); e.Roll.Total != 24 || e.Against.Total != 24 {
		t.Errorf("sharpshooter: %s", e.String())
	}
}

// P-47: Triage: -4 on one check, heal floor(ACR/2) = 5.
func TestTriage(t *testing.T) {
	s := duel(t, withBoon(1, pfarmy.BoonTriage), big("B"), pfarmy.Options{MaxPhases: 3})
	s.Armies[0].HP = 50
	ch := &chooser{answers: map[Question]bool{AskTriage: true}}
	// m1: A 12-4: 18, nothing; B 12: 2. hp min(65, 50+5)-2 = 53. m2: used: A 12: 22; B 2.
	b, _, log := fight(t, s, rolls(t, 12, 12, 12, 2), ch)
	if e := offenseIn(t, log, 2, 0); e.Roll.Total != 18 || b.State(0).HP != 53 {
		t.Errorf("triage: %s, hp %d", e.String(), b.State(0).HP)
	}
	if e := offenseIn(t, log, 3, 0); e.Roll.Total != 22 {
		t.Errorf("second phase: %s", e.String())
	}
}

// P-65: battlefield conditions.
func TestConditions(t *testing.T) {
	dark := big("A")
	dark.Abilities = []pfarmy.Ability{{Name: "darkvision", Darkvision: true}}
	cases := []struct {
		name             string
		a                pfarmy.Army
		field            Field
		setup            func(*Combatant, *Combatant)
		aTotal, bDV, aDV int
	}{
		{"darkness: OM -2, DV -3", big("A"), Field{Darkness: true}, nil, 20, 17, 17},
		{"darkvision ignores it", dark, Field{Darkness: true}, nil, 22, 17, 20},
		{"dim light: OM -1", big("A"), Field{DimLight: true}, nil, 21, 20, 20},
		{"advantageous terrain: DV +2", big("A"), Field{}, func(a, _ *Combatant) { a.AdvantageousTerrain = true }, 22, 20, 22},
		{"battlefield advantage: +2/+2", big("A"), Field{}, func(a, _ *Combatant) { a.BattlefieldAdvantage = true }, 24, 20, 22},
		{"fortification: +8", big("A"), Field{}, func(_, b *Combatant) { b.Fortification = 8 }, 22, 28, 20},
		{"ruling (P-54): +4/+4", big("A"), Field{}, func(a, _ *Combatant) { a.Ruling = 4 }, 26, 20, 24},
	}
	for _, c := range cases {
		s := duel(t, c.a, big("B"), pfarmy.Options{MaxPhases: 2})
		s.Field = c.field
		if c.setup != nil {
			c.setup(&s.Armies[0], &s.Armies[1])
		}
		_, _, log := fight(t, s, rolls(t, 12, 2), &chooser{})
		ea, eb := offenseIn(t, log, 2, 0), offenseIn(t, log, 2, 1)
		if ea.Roll.Total != c.aTotal || ea.Against.Total != c.bDV || eb.Against.Total != c.aDV {
			t.Errorf("%s: A %d against %d, A's DV %d", c.name, ea.Roll.Total, ea.Against.Total, eb.Against.Total)
		}
	}
}

// P-65: fog halves damage (at least 1); a sandstorm does too, and deals 1 to every army each phase.
func TestFogAndSandstorm(t *testing.T) {
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Field.Fog = true
	// A 17: 27-20 = 7 -> 3; B 11: 1 -> still 1.
	b, _, _ := fight(t, s, rolls(t, 17, 11), &chooser{})
	if b.State(1).HP != 62 || b.State(0).HP != 64 {
		t.Errorf("fog: hp %d, %d", b.State(0).HP, b.State(1).HP)
	}
	s.Field = Field{Sandstorm: true}
	// Ranged Phase and Melee 1: 1 each; no hits (2 and 2).
	b, _, _ = fight(t, s, rolls(t, 2, 2), &chooser{})
	if b.State(0).HP != 63 || b.State(1).HP != 63 {
		t.Errorf("sandstorm: hp %d, %d", b.State(0).HP, b.State(1).HP)
	}
}

// P-65: ambush: beating the target's DV, the target skips the Tactics Phase.
func TestAmbush(t *testing.T) {
	bb := big("B")
	bb.Tactics = []pfarmy.Tactic{pfarmy.TacExpertFlankers}
	ch := &chooser{tactics: map[int]pfarmy.Tactic{1: pfarmy.TacExpertFlankers}}
	for _, c := range []struct {
		die  int
		want pfarmy.Tactic
	}{{12, pfarmy.TacStandard}, {10, pfarmy.TacExpertFlankers}} { // 22 > 20; 20 does not beat 20
		s := duel(t, big("A"), bb, pfarmy.Options{MaxPhases: 1})
		s.Armies[0].Ambusher = true
		b, _, _ := fight(t, s, rolls(t, c.die), ch)
		if b.State(1).Tactic != c.want {
			t.Errorf("ambush %d: B's tactic %s", c.die, b.State(1).Tactic)
		}
	}
}

// P-66: healing potions, twice a battle: no check that phase, heal 2 x ACR = 20.
func TestPotions(t *testing.T) {
	a := big("A")
	a.Resources.HealingPotions = true
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 4})
	s.Armies[0].HP = 40
	ch := &chooser{answers: map[Question]bool{AskPotion: true}}
	// Ranged Phase: drink (60); m1: drink (65 cap), B 12: 63; m2: none left: A 2, B 12: 61; m3: A 2, B 12: 59.
	b, _, log := fight(t, s, rolls(t, 12, 2, 12, 2, 12), ch)
	if p := events(log, EvPotion, 0); len(p) != 2 || p[0].Heal != 20 || b.State(0).HP != 59 || b.State(0).Potions != 0 {
		dumpLog(t, log)
		t.Errorf("potions: %v hp %d", p, b.State(0).HP)
	}
}

// P-66: siege engines: OM +2; each Melee Phase 1d4 per engine off the target's fortification.
func TestSiegeEngines(t *testing.T) {
	a := big("A")
	a.Resources.SiegeEngines = 1
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[1].Fortification = 8
	// m1: d4 3 (fortification 5); A 12: 24 against 25; B 2.
	b, _, log := fight(t, s, rolls(t, 3, 12, 2), &chooser{})
	f := events(log, EvFortification, 0)
	if len(f) != 1 || f[0].Damage != 3 || f[0].HP != 5 || b.State(1).Fortification != 5 {
		t.Errorf("fortification: %v", f)
	}
	if e := offenseIn(t, log, 2, 0); e.Roll.Total != 24 || e.Against.Total != 25 {
		t.Errorf("check: %s", e.String())
	}
}
