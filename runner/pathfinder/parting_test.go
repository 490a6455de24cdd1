package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// P-45, Options.Merciless = MercilessLastCheck ([PF-STD]: "+1 bonus ... on the last Offense check
// against a routed army or one using the withdraw tactic"): only the check in the phase the army
// leaves. A withdraws from B and C; Melee 1 (phase 2): A beats B (15 against 5) but not C (5
// against 15), and leaves: B may not attack it, C may, "as if in Melee": 12 + 10 + Merciless 1 = 23
// against A's DV 20 - 2 (Withdraw) = 18: 5 damage. In the Ranged Phase A lost both (1 against 20):
// no +1 then (it does not leave), where the default rule gives it (A uses Withdraw).
func TestMercilessLastCheck(t *testing.T) {
	c := big("C")
	c.Commander = &pfarmy.Commander{Level: 1, Boons: []pfarmy.Boon{pfarmy.BoonMerciless}}
	for _, rule := range []pfarmy.MercilessRule{pfarmy.MercilessLastCheck, pfarmy.MercilessWithdrawAndParting} {
		o := pfarmy.Options{MaxPhases: 2, Merciless: rule}
		s := &Setup{Options: o, Armies: []Combatant{
			{Stats: stats(t, big("A"), o), Side: SideA},
			{Stats: stats(t, big("B"), o), Side: SideB},
			{Stats: stats(t, c, o), Side: SideB},
		}}
		ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
		b, _, log := fight(t, s, rolls(t, 1, 20, 1, 20, 15, 5, 5, 15, 12), ch)
		e := offenseIn(t, log, 2, 2)
		if e.Roll.Total != 23 || e.Damage != 5 || b.State(0).Status != StatusWithdrawn {
			dumpLog(t, log)
			t.Errorf("rule %d: C's check %d (damage %d), A %s; want 23 (5), withdrawn", rule, e.Roll.Total, e.Damage, b.State(0).Status)
		}
		if len(events(log, EvOffense, 1)) != 0 {
			t.Errorf("rule %d: B attacked the army that beat it", rule)
		}
	}
	// The last check only: A withdrawing and losing to B (5 against 15) stays; B's 11 + 10 = 21
	// against 18, no +1 under MercilessLastCheck (22 under the default).
	bb := big("B")
	bb.Commander = &pfarmy.Commander{Level: 1, Boons: []pfarmy.Boon{pfarmy.BoonMerciless}}
	for rule, want := range map[pfarmy.MercilessRule]int{pfarmy.MercilessLastCheck: 21, pfarmy.MercilessWithdrawAndParting: 22} {
		ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
		_, _, log := fight(t, duel(t, big("A"), bb, pfarmy.Options{MaxPhases: 2, Merciless: rule}), rolls(t, 5, 15, 5, 15, 2, 11), ch)
		if e := offenseIn(t, log, 2, 1); e.Roll.Total != want {
			t.Errorf("rule %d: B's check %d against a withdrawing army that stays, want %d", rule, e.Roll.Total, want)
		}
	}
}

// P-65: a sandstorm "counts as fog": +2 on the Morale checks to withdraw. Ranged Phase: 10 + 2
// beats 11; the army leaves (and takes the storm's 1 on the way).
func TestSandstormWithdraw(t *testing.T) {
	ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 1})
	s.Field.Sandstorm = true
	if b, _, _ := fight(t, s, rolls(t, 10, 11), ch); b.State(0).Status != StatusWithdrawn {
		t.Error("10+2 against 11 did not win in a sandstorm")
	}
	s.Field = Field{}
	if b, _, _ := fight(t, s, rolls(t, 10, 11), ch); b.State(0).Status == StatusWithdrawn {
		t.Error("10 against 11 won without the storm")
	}
}

// P-56 defaults: parting shots at routing armies only (not at an army leaving by Withdraw), from
// enemies only (not allies), and not from an army that makes no check this phase after a natural 1.
func TestPartingShots(t *testing.T) {
	// Withdraw: A wins 10 against 5 in the Ranged Phase and leaves; no parting shot, unless
	// PartingRoutsAndWithdraw (B's shot: one die more).
	for when, faces := range map[pfarmy.PartingWhen][]int{pfarmy.PartingRoutsOnly: {10, 5}, pfarmy.PartingRoutsAndWithdraw: {10, 5, 12}} {
		ch := &chooser{tactics: map[int]pfarmy.Tactic{0: pfarmy.TacWithdraw}}
		_, _, log := fight(t, duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 1, PartingWhen: when}), rolls(t, faces...), ch)
		if n := len(events(log, EvPartingShot, -1)); n != len(faces)-2 {
			t.Errorf("when %d: %d parting shots at a withdrawing army", when, n)
		}
	}
	// Allies: A (hp 11) and C against B. Melee 1: A 2, B 11 (1 damage to A: hp 10), C 2; A's rout
	// check 5 fails: B's parting shot 3; C, A's ally, fires only under PartingAll (4).
	for who, faces := range map[pfarmy.PartingWho][]int{pfarmy.PartingEnemies: {2, 11, 2, 5, 3}, pfarmy.PartingAll: {2, 11, 2, 5, 3, 4}} {
		o := pfarmy.Options{MaxPhases: 2, PartingWho: who}
		s := &Setup{Options: o, Armies: []Combatant{
			{Stats: stats(t, big("A"), o), Side: SideA, HP: 11},
			{Stats: stats(t, big("B"), o), Side: SideB},
			{Stats: stats(t, big("C"), o), Side: SideA},
		}}
		_, _, log := fight(t, s, rolls(t, faces...), &chooser{})
		if n := len(events(log, EvPartingShot, -1)); n != len(faces)-4 {
			dumpLog(t, log)
			t.Errorf("who %d: %d parting shots, want %d", who, n, len(faces)-4)
		}
	}
	// A natural 1: B rolls 1 in Melee 1 and makes no check in Melee 2 (P-20), parting shots
	// included. In a sandstorm (1 damage a phase) A at 13 goes 12, 11, then 10 in Melee 2: its rout
	// check 5 fails, and B, skipping, fires no parting shot.
	s := duel(t, big("A"), big("B"), pfarmy.Options{MaxPhases: 3})
	s.Armies[0].HP = 13
	s.Field.Sandstorm = true
	b, _, log := fight(t, s, rolls(t, 2, 1, 2, 5), &chooser{})
	if b.State(0).Status != StatusRouted || len(events(log, EvPartingShot, -1)) != 0 {
		dumpLog(t, log)
		t.Errorf("A %s, %d parting shots; want routed, none", b.State(0).Status, len(events(log, EvPartingShot, -1)))
	}
}

// P-61: "its Morale increases by 1 (maximum of Morale +4)", and the second Loyalty check grants a
// boon at a total equal to the Control DC. A (Morale 3 or 4, a commander) destroys B (hp 1: A's 20)
// and makes its checks d20 + 0 against DC 12: 15 (a tactic, Morale 4 either way), then 12 (a boon)
// or 11 (none).
func TestVictoryChecks(t *testing.T) {
	for _, c := range []struct {
		morale, second int
		boon           bool
	}{{3, 12, true}, {4, 12, true}, {4, 11, false}} {
		a := big("A")
		a.Morale, a.Commander = c.morale, &pfarmy.Commander{Level: 1}
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
		s.Armies[1].HP = 1
		d := rolls(t, 20, 2, 15, c.second)
		b, err := New(s, d, &chooser{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Run(); err != nil {
			t.Fatal(err)
		}
		am := b.Aftermath(AftermathInput{ControlDC: [2]int{12, 12}})
		d.done()
		x := am.Armies[0]
		if !x.Won || !x.NewTactic || x.Morale != 4 || x.NewBoon != c.boon || x.Checks != [2]int{15, c.second} {
			t.Errorf("morale %d, second %d: %+v", c.morale, c.second, x)
		}
	}
}
